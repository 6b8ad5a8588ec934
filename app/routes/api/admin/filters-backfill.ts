import { adminJson, jobStatusAnswer, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { filterBackfillStatus, startFilterBackfill } from "#app/server/admin/filter-backfill-workflow.server";
import type { Route } from "./+types/filters-backfill";

/**
 * POST /api/admin/filters/backfill → `{message, updated}`: recomputes the filter terms (attributes and
 * opening times) of the businesses stored before they existed, and of any whose terms are out of
 * date. The call does one chunk itself; when more remain it starts a workflow and answers 202 with
 * `jobId` and `statusUrl` as well (ADR 0016). Running it again changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const answer = await startFilterBackfill(app, session.username);
  return adminJson(answer, answer.jobId ? 202 : 200);
}

/** GET /api/admin/filters/backfill?job={jobId} → `{status: running|done|failed, message, updated}`; it only reads. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  return jobStatusAnswer(request, app, filterBackfillStatus);
}
