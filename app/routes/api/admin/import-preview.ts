import { adminJson, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { ImportRefused } from "#app/server/import/import-upload.server";
import { previewUpload } from "#app/server/import/import-preview.server";
import type { Route } from "./+types/import-preview";

/**
 * POST /api/admin/import/preview (multipart, field excelFile, as the import) → 200 `{layout, rowCount,
 * mapping, rows, …}`: what the import would do, read from the upload stored in R2 for the look and
 * deleted again (nothing stays); or the import's refusal and status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    return adminJson(await previewUpload(app, request, session.username));
  } catch (error) {
    if (error instanceof ImportRefused) return adminJson({ message: error.message }, error.status);
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("POST");
}
