import { adminJson, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { getAdminSummary } from "#app/server/admin/admin-businesses.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
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
