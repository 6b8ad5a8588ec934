import { adminJson, methodNotAllowed } from "~/server/admin-api.server";
import { getAdminSummary } from "~/server/admin-businesses.server";
import { requireAdminApi } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
import type { Route } from "./+types/summary";

/** GET /api/admin/summary → `{statistics, countries, categories}` for the Dashboard and the filters. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  return adminJson(await getAdminSummary(app.db));
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("GET");
}
