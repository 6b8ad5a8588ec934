import { adminJson, methodNotAllowed } from "~/server/admin-api.server";
import { requireAdminApi } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
import { ImportRefused } from "~/server/import-upload.server";
import { previewUpload } from "~/server/import-preview.server";
import type { Route } from "./+types/import-preview";

/**
 * POST /api/admin/import/preview (multipart, field excelFile, as the import) → 200 `{layout, rowCount,
 * mapping, rows, …}`: what the import would do, writing nothing; or the import's refusal and status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    return adminJson(await previewUpload(app.db, request));
  } catch (error) {
    if (error instanceof ImportRefused) return adminJson({ message: error.message }, error.status);
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("POST");
}
