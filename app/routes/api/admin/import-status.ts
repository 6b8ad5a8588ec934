import { importJobParamsSchema } from "#app/lib/admin/admin-data-schemas";
import { adminJson } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { importStatus } from "#app/server/import/import.server";
import type { Route } from "./+types/import-status";

const NOT_FOUND = { message: "Import not found" };

/** GET /api/admin/import/:jobId → the job's status, progress, counts and first row errors (it only reads; the workflow does the work); 404 for no such job. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  const parsed = importJobParamsSchema.safeParse(params);
  if (!parsed.success) return adminJson(NOT_FOUND, 404);
  const status = await importStatus(app, parsed.data.jobId);
  return status ? adminJson(status) : adminJson(NOT_FOUND, 404);
}
