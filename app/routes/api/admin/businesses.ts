import { adminListQuerySchema } from "#app/lib/admin/admin-businesses";
import { adminJson, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { listAdminBusinesses } from "#app/server/admin/admin-businesses.server";
import { parseQuery } from "#app/server/platform/api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/businesses";

/**
 * GET /api/admin/businesses?page&search&category&status=all|verified|pending&country
 * → `{businesses, totalCount, totalPages, page}`, 50 per page, newest first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  const query = parseQuery(request, adminListQuerySchema);
  return adminJson(await listAdminBusinesses(app.db, query));
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("GET");
}
