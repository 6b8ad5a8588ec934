/**
 * The moderation queue's store (docs/people.md): a public form's request becomes one pending row of
 * submissions; the counts per status and kind are kept by triggers (submission_counts).
 */
import type { SubmissionKind, SubmissionPayload } from "#app/lib/moderation/submission";
import type { Db } from "#app/server/platform/db.server";

export type NewSubmission<K extends SubmissionKind = SubmissionKind> = {
  kind: K;
  payload: SubmissionPayload[K];
  businessId?: number | null;
  ownerId?: number | null;
  contactEmail?: string | null;
  sender: string;
  /** The language of the page it was sent from (GuardedForm.locale). */
  locale: string;
};

/** Stores a pending submission; returns its id. */
export async function createSubmission(db: Db, submission: NewSubmission): Promise<number> {
  const row = await db.first<{ id: number }>(
    `INSERT INTO submissions (kind, business_id, owner_id, payload, contact_email, sender, locale)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id`,
    [
      submission.kind,
      submission.businessId ?? null,
      submission.ownerId ?? null,
      JSON.stringify(submission.payload),
      submission.contactEmail ?? null,
      submission.sender,
      submission.locale,
    ],
  );
  if (!row) throw new Error("submission not stored");
  return row.id;
}
