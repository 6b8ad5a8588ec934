import { duplicateActionSchema, duplicatesQuerySchema } from "#app/lib/admin/admin-duplicates";
import { adminJson, jobStatusAnswer, methodNotAllowed, readJsonBody } from "#app/server/admin/admin-api.server";
import { parseQuery } from "#app/server/platform/api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { duplicateScanStatus, startDuplicateScan } from "#app/server/admin/duplicate-scan-workflow.server";
import { dismissDuplicates, duplicatePage, mergeDuplicates } from "#app/server/admin/duplicates.server";
import type { Route } from "./+types/duplicates";

/**
 * GET /api/admin/duplicates[?before={highId}-{lowId}] → `{pairs, next}`: open candidate pairs, newest
 * first (ADR 0019); `?job={jobId}` → a duplicate scan's `{status, message, scanned}`. Both only read.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  if (new URL(request.url).searchParams.has("job")) {
    return jobStatusAnswer(request, app, duplicateScanStatus);
  }
  return adminJson(await duplicatePage(app.db, parseQuery(request, duplicatesQuerySchema)));
}

/**
 * POST `{action: "merge", keepId, removeId}` keeps one business and removes the other (its URLs then
 * 301 to the one kept); `{action: "dismiss", ids: [a, b]}` marks the pair "not a duplicate" for good;
 * `{action: "scan"}` compares the businesses stored before duplicate keys existed (202 with a job
 * when it runs on in the background).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const parsed = duplicateActionSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    return adminJson(
      { message: "Invalid request: expected a merge or dismiss of two business ids, or a scan", issues: parsed.error.issues },
      400,
    );
  }
  const input = parsed.data;
  if (input.action === "scan") {
    const answer = await startDuplicateScan(app, session.username);
    return adminJson(answer, answer.jobId ? 202 : 200);
  }
  if (input.action === "merge") {
    return (await mergeDuplicates(app.db, input, session.username))
      ? adminJson({ message: "Businesses merged", keptId: input.keepId, removedId: input.removeId })
      : adminJson({ message: "No such duplicate pair" }, 404);
  }
  return (await dismissDuplicates(app.db, input, session.username))
    ? adminJson({ message: "Marked as not a duplicate" })
    : adminJson({ message: "No such duplicate pair" }, 404);
}
