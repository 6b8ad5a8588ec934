import { adminJson } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/not-found";

/**
 * Any other /api/admin/* path: the session is checked first, so an unknown admin path tells a
 * stranger nothing (401), and an admin gets 404 JSON.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, getApp(context));
  return adminJson({ message: "No such admin API endpoint" }, 404);
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminApi(request, getApp(context));
  return adminJson({ message: "No such admin API endpoint" }, 404);
}
