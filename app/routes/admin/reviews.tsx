import { data } from "react-router";
import { ReviewsTab } from "#app/components/admin/reviews-tab";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { reviewDecisionSchema, reviewQueueQuerySchema, type ReviewDecisionResult } from "#app/lib/admin/admin-reviews";
import { requireAdminPage } from "#app/server/auth/auth.server";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import { decideReview, reviewQueuePage } from "#app/server/reviews/review-queue.server";
import type { Route } from "./+types/reviews";

/** /admin-panel/reviews[?view&before]: held and reported reviews, the same pages as GET /api/admin/reviews. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminPage(request, app);
  const query = parseQuery(request, reviewQueueQuerySchema);
  return { page: await reviewQueuePage(app.db, query), query };
}

/** Publish, Hide, Restore or Reply (requireAdminPage checks the Origin). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminPage(request, app);
  const form = await request.formData();
  const parsed = reviewDecisionSchema.safeParse({ action: form.get("intent"), id: form.get("id"), body: form.get("body") ?? undefined });
  if (!parsed.success) {
    return data<ReviewDecisionResult>(
      { ok: false, message: parsed.error.issues[0]?.message ?? "The request was not understood" },
      { status: 400 },
    );
  }
  const { status, ...result } = await decideReview(app.db, parsed.data, session.username);
  return data<ReviewDecisionResult>(result, { status });
}

export default function ReviewsRoute({ loaderData }: Route.ComponentProps) {
  return <ReviewsTab page={loaderData.page} query={loaderData.query} />;
}

export function ErrorBoundary() {
  const failed = () => <p className="text-red-700">Unable to load the reviews. Please try again later.</p>;
  return <GeneralErrorBoundary defaultStatusHandler={failed} unexpectedErrorHandler={failed} />;
}
