import { data } from "react-router";
import { ModerationTab } from "#app/components/admin/moderation-tab";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { bulkRejectSchema, decisionFromForm, decisionSchema, queueQuerySchema, type DecisionResult } from "#app/lib/admin/admin-moderation";
import { SUBMISSION_KINDS, type SubmissionKind } from "#app/lib/moderation/submission";
import { requireAdminPage } from "#app/server/auth/auth.server";
import { bulkReject, decide } from "#app/server/moderation/decisions.server";
import { queuePage, submissionRow } from "#app/server/moderation/queue.server";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/moderation";

/** /admin-panel/moderation[?status&kind&before]: the moderation queue, the same pages as GET /api/admin/submissions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminPage(request, app);
  const query = parseQuery(request, queueQuerySchema);
  return { page: await queuePage(app.db, query), query };
}

/** A request's Approve (with the values as edited in its form) or Reject, or "Reject selected" (requireAdminPage checks the Origin). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminPage(request, app);
  const form = await request.formData();
  const fields = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  if (fields.intent === "bulk-reject") {
    const parsed = bulkRejectSchema.safeParse({ ids: form.getAll("ids").map(Number), note: fields.note ?? "" });
    if (!parsed.success)
      return data<DecisionResult>({ ok: false, message: parsed.error.issues[0]?.message ?? "Select requests" }, { status: 400 });
    const rejected = await bulkReject(app.db, parsed.data, session.username);
    return data<DecisionResult>({ ok: true, message: `Rejected ${rejected} request${rejected === 1 ? "" : "s"}` });
  }
  const row = /^\d{1,15}$/.test(fields.id ?? "") ? await submissionRow(app.db, Number(fields.id)) : null;
  const kind = row && (SUBMISSION_KINDS as readonly string[]).includes(row.kind) ? (row.kind as SubmissionKind) : undefined;
  const parsed = decisionSchema.safeParse(decisionFromForm(fields, kind));
  if (!parsed.success)
    return data<DecisionResult>(
      { ok: false, message: parsed.error.issues[0]?.message ?? "The request was not understood" },
      { status: 400 },
    );
  const result = await decide(app, parsed.data, session.username);
  return data<DecisionResult>(result, { status: result.ok ? 200 : 409 });
}

export default function ModerationRoute({ loaderData }: Route.ComponentProps) {
  return <ModerationTab page={loaderData.page} query={loaderData.query} />;
}

// Any failure (a thrown status or an error) reads the same: the tab has nothing else to offer.
export function ErrorBoundary() {
  const failed = () => <p className="text-red-700">Unable to load the moderation queue. Please try again later.</p>;
  return <GeneralErrorBoundary defaultStatusHandler={failed} unexpectedErrorHandler={failed} />;
}
