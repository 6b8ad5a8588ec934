import { auditQuerySchema } from "~/lib/admin-audit";
import { adminJson, methodNotAllowed } from "~/server/admin-api.server";
import { parseQuery } from "~/server/api.server";
import { auditLogPage } from "~/server/audit.server";
import { requireAdminApi } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
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
