import { reviewDecisionSchema, reviewQueueQuerySchema } from "#app/lib/admin/admin-reviews";
import { adminJson, methodNotAllowed, readJsonBody } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import { decideReview, reviewQueuePage } from "#app/server/reviews/review-queue.server";
import type { Route } from "./+types/reviews";

/**
 * GET /api/admin/reviews[?view=held|reported&before=…] → `{view, items, next}`: the reviews the checks
 * held (newest first) or the published ones visitors reported (most reported first), with their
 * reports (docs/reviews.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  return adminJson(await reviewQueuePage(app.db, parseQuery(request, reviewQueueQuerySchema)));
}

/**
 * POST `{action: "publish"|"hide"|"restore", id}` or `{action: "reply", id, body}`: the admin's
 * decision, audited; 404 for no such review, 409 when the review is not in a state that allows it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const parsed = reviewDecisionSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    return adminJson(
      { message: "Invalid request: expected publish, hide, restore or reply with a review id", issues: parsed.error.issues },
      400,
    );
  }
  const { status, ...result } = await decideReview(app.db, parsed.data, session.username);
  return adminJson(result, status);
}
