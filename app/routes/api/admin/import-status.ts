import { importJobParamsSchema } from "~/lib/admin-data-schemas";
import { adminJson } from "~/server/admin-api.server";
import { requireAdminApi } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
import { importStatus } from "~/server/import.server";
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
