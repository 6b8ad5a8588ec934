import { adminJson, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/check-auth";

/** GET /api/admin/check-auth → 200 `{authenticated: true, username}` or 401 (which just means "logged out"; no redirect). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdminApi(request, getApp(context));
  return adminJson({ authenticated: true, username: session.username });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("GET");
}
