import { deleteAllSchema } from "#app/lib/admin/admin-data-schemas";
import { adminJson, jobStatusAnswer, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { deleteAllStatus, startDeleteAll } from "#app/server/admin/delete-all-workflow.server";
import type { Route } from "./+types/delete-all";

/**
 * DELETE /api/admin/delete-all `{"confirm":"DELETE"}` (SPEC §5's typed word): businesses, FTS and
 * summaries go; import history and R2 files stay, so the data can be re-imported. A small directory
 * goes at once (200 `{message, deleted}`); a larger one as a workflow (202 `{message, deleted: 0,
 * jobId, statusUrl, total}`), which finishes with no browser open (ADR 0016).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const parsed = deleteAllSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return adminJson({ message: 'Nothing was deleted. Send {"confirm":"DELETE"} to delete all data.' }, 400);
  const { state, ...answer } = await startDeleteAll(app, session.username);
  return adminJson(answer, state === "running" ? 202 : 200);
}

/** GET /api/admin/delete-all?job={jobId} → `{status: running|done|failed, message, deleted, remaining}`; it only reads. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  return jobStatusAnswer(request, app, deleteAllStatus);
}
