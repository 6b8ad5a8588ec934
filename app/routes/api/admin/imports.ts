import { importsQuerySchema } from "~/lib/admin-imports";
import { adminJson, methodNotAllowed } from "~/server/admin-api.server";
import { parseQuery } from "~/server/api.server";
import { requireAdminApi } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
import { importHistoryApiPage } from "~/server/import-history.server";
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
