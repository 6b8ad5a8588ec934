import { auditQuerySchema } from "#app/lib/admin/admin-audit";
import { adminJson, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { parseQuery } from "#app/server/platform/api.server";
import { auditLogPage } from "#app/server/write/audit.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/audit";

/** GET /api/admin/audit[?before={at}-{id}&limit] → `{entries, next}`: admin actions, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  return adminJson(await auditLogPage(app.db, parseQuery(request, auditQuerySchema)));
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("GET");
}
