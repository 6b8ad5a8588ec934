/**
 * A visitor's report of a published review (docs/reviews.md): the review's page with the form, and its
 * POST behind the public forms' walls. A report is one row in review_reports and the review's
 * report_count one higher, both in one batch; the review stays published (reported reviews are listed
 * in the admin's queue, and only the admin hides one). A trapped bot is told it worked and nothing is stored.
 */
import type { MessageId } from "@lingui/core";
import type { FormOutcome } from "#app/lib/moderation/public-form";
import { reviewReportSchema } from "#app/lib/reviews/review";
import { FormRefused, readPublicForm } from "#app/server/moderation/form-guard.server";
import type { AppContext } from "#app/server/platform/context.server";
import type { Db } from "#app/server/platform/db.server";

/** What a report form shows of its review: a published review of that business, with its business's name. */
export type ReportedReview = { id: number; businessId: number; businessName: string; title: string; name: string };

/** The published review `reviewId` of business `businessId`, or null (held, hidden, unverified, elsewhere): one read by primary key. */
export async function reportableReview(db: Db, businessId: number, reviewId: number): Promise<ReportedReview | null> {
  return db.first<ReportedReview>(
    `SELECT r.id, r.business_id AS businessId, b.name AS businessName, r.title, r.name
     FROM reviews AS r JOIN businesses AS b ON b.id = r.business_id
     WHERE r.id = ?1 AND r.business_id = ?2 AND r.status = 'published'`,
    [reviewId, businessId],
  );
}

export type ReportAnswer = { outcome: FormOutcome; status: 200 | 400 | 403 | 404 | 413 | 429 | 503 };

/** The report form's POST: the walls (per client address and per review), the reason and note, then the report stored. */
export async function receiveReport(request: Request, app: AppContext, businessId: number, reviewId: number): Promise<ReportAnswer> {
  let guarded;
  try {
    guarded = await readPublicForm(request, app, { target: `report:${reviewId}` });
  } catch (error) {
    if (error instanceof FormRefused) return { outcome: { state: "refused", message: error.messageId }, status: error.status };
    throw error;
  }
  if (guarded.trapped) return { outcome: { state: "sent" }, status: 200 };
  const { form, sender } = guarded;
  const values = { reason: String(form.get("reason") ?? ""), note: String(form.get("note") ?? "") };
  const parsed = reviewReportSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, MessageId> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= field === "reason" ? "reviewReport.errorReason" : "forms.errorTooLong";
    }
    return { outcome: { state: "invalid", message: "forms.invalid", errors, values }, status: 400 };
  }
  const [insert] = await app.db.batch([
    app.db.statement(
      `INSERT INTO review_reports (review_id, reason, note, sender)
       SELECT id, ?3, ?4, ?5 FROM reviews WHERE id = ?1 AND business_id = ?2 AND status = 'published'`,
      [reviewId, businessId, parsed.data.reason, parsed.data.note, sender],
    ),
    // changes(): the insert just above, on the same connection inside the batch's transaction.
    app.db.statement("UPDATE reviews SET report_count = report_count + 1 WHERE id = ?1 AND changes() = 1", [reviewId]),
  ]);
  if (!insert.meta.changes) return { outcome: { state: "refused", message: "reviewReport.gone" }, status: 404 };
  return { outcome: { state: "sent" }, status: 200 };
}
