import { adminListQuerySchema } from "~/lib/admin-businesses";
import { adminJson, methodNotAllowed } from "~/server/admin-api.server";
import { listAdminBusinesses } from "~/server/admin-businesses.server";
import { parseQuery } from "~/server/api.server";
import { requireAdminApi } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
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
