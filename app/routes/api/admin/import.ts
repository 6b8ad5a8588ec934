import { adminJson, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { recordAudit } from "#app/server/write/audit.server";
import { getApp } from "#app/server/platform/context.server";
import { ImportRefused, importUpload, statusUrl } from "#app/server/import/import.server";
import type { Route } from "./+types/import";

/**
 * POST /api/admin/import (multipart: field excelFile, and optionally mode = skip | update, ADR 0018)
 * → 200 imported, 422 failed part-way, 202 running as a job (a workflow that finishes by itself;
 * statusUrl reports it), or a refusal with its status (400/411/413/415/422) that wrote nothing.
 * One audit row per accepted upload.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  if (request.method !== "POST") return adminJson({ message: "Method not allowed" }, 405);
  try {
    // The body is read by importUpload as a stream, straight into R2 (never request.formData()).
    const outcome = await importUpload(app, request, session.username);
    if (outcome.state === "running") {
      const { jobId, total, fileName } = outcome;
      await recordAudit(app.db, {
        actor: session.username,
        action: "import",
        targetId: jobId,
        detail: `Import ${jobId}: ${fileName} (${total} rows) started`,
      });
      return adminJson({ message: `Importing ${total} rows from ${fileName} in the background…`, jobId, statusUrl: statusUrl(jobId) }, 202);
    }
    const { state, id, ...result } = outcome;
    await recordAudit(app.db, { actor: session.username, action: "import", targetId: id, detail: `Import ${id}: ${result.message}` });
    return adminJson(result, state === "failed" ? 422 : 200);
  } catch (error) {
    if (error instanceof ImportRefused) return adminJson({ message: error.message }, error.status);
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("POST");
}
