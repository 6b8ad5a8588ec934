import { exportQuerySchema } from "~/lib/admin-data-schemas";
import { parseQuery } from "~/server/api.server";
import { requireAdminApi } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
import { exportResponse } from "~/server/export.server";
import type { Route } from "./+types/export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  const { country } = parseQuery(request, exportQuerySchema);
  return exportResponse(app.db, country ?? null);
}
