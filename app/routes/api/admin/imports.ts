import { importsQuerySchema } from "#app/lib/admin/admin-imports";
import { adminJson, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { parseQuery } from "#app/server/platform/api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { importHistoryApiPage } from "#app/server/import/import-history.server";
import type { Route } from "./+types/imports";

/**
 * GET /api/admin/imports[?before={id}&limit] → `{imports, next}`: every import, newest first, with file
 * name, size, who, when, status, duration and imported / duplicates / errors; `next` is
 * the `before` of the older page, null at the end.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  return adminJson(await importHistoryApiPage(app.db, parseQuery(request, importsQuerySchema)));
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("GET");
}
