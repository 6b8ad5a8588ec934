import { importJobParamsSchema } from "~/lib/admin-data-schemas";
import { requireAdminApi } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
import { json } from "~/server/http.server";
import { handleImportStatus } from "~/server/import.server";
import type { Route } from "./+types/import-status";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  const parsed = importJobParamsSchema.safeParse(params);
  if (!parsed.success) return json({ message: "Import not found" }, { status: 404, cache: "no-store" });
  return handleImportStatus(app, parsed.data.jobId);
}
