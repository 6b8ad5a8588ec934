import { adminJson, jobStatusAnswer, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { seoJobStatus, startSeoGeneration } from "#app/server/seo/seo-workflow.server";
import type { Route } from "./+types/generate-seo";

/**
 * POST /api/admin/generate-seo → `{message, updated, remaining}` (SPEC §7; only empty uniqueContent is filled): the
 * call fills one chunk itself (`updated`); when more remain it starts a workflow for all of them and
 * answers 202 with `jobId` and `statusUrl` as well (ADR 0016). One click, no browser needed after.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const answer = await startSeoGeneration(app, session.username);
  return adminJson(answer, answer.jobId ? 202 : 200);
}

/** GET /api/admin/generate-seo?job={jobId} → `{status: running|done|failed, message, updated, remaining}`; it only reads. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  return jobStatusAnswer(request, app, seoJobStatus);
}
