import { adminJson, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { recordAudit } from "#app/server/write/audit.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { retryImport, statusUrl } from "#app/server/import/import.server";
import { importIdOf } from "#app/server/import/import-history.server";
import type { Route } from "./+types/imports-retry";

/**
 * POST /api/admin/imports/:id/retry → 202 `{message, jobId, statusUrl}`: a failed import resumes after
 * its last committed batch as a new workflow (rows already stored are not written or counted again);
 * 409 for an import that is done or still running, 404 for none.
 */
export async function action({ request, context, params: raw }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const id = importIdOf(raw);
  if (id === null) return adminJson({ message: "Import not found" }, 404);
  const outcome = await retryImport(app, id);
  if (outcome.state === "not-found") return adminJson({ message: "Import not found" }, 404);
  if (outcome.state === "refused") return adminJson({ message: outcome.message }, 409);
  const { row } = outcome;
  await recordAudit(app.db, {
    actor: session.username,
    action: "import",
    targetId: row.id,
    detail: `Import ${row.id}: ${row.file_name} retried`,
  });
  return adminJson(
    {
      message: `Resuming the import of ${row.file_name} after row ${row.next_row - 1}.`,
      jobId: row.id,
      statusUrl: statusUrl(row.id),
    },
    202,
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("POST");
}
