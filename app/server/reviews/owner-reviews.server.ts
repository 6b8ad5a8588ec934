/**
 * A verified owner's side of their business's reviews (docs/reviews.md): the published reviews, a
 * page at a time (a seek on reviews_business_newest_idx), one reply per review (editable; it replaces
 * the operator's reply if there was one), and a report. An owner can reply to or report a review,
 * never hide it. The caller checks ownsBusiness; every write here is limited to that business's
 * published reviews.
 */
import { REVIEWS_PAGE_SIZE } from "#app/lib/reviews/review";
import type { Db } from "#app/server/platform/db.server";
import { businessLabel } from "#app/server/write/audit.server";

type OwnerReview = {
  id: number;
  name: string;
  rating: number;
  title: string;
  body: string;
  visitMonth: string | null;
  publishedAt: number;
  replyBody: string | null;
  replyBy: string | null;
  replyAt: number | null;
  reportedByOwner: boolean;
};

export type OwnerReviewsPage = { items: OwnerReview[]; next: string | null };

/** `before` is "publishedAt.id" of the last review of the page before. */
export function parseOwnerCursor(value: string | null): { at: number; id: number } | null {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(value ?? "");
  return match ? { at: Number(match[1]), id: Number(match[2]) } : null;
}

/** One page of the business's published reviews, newest first. */
export async function ownerReviewsPage(db: Db, businessId: number, before: { at: number; id: number } | null): Promise<OwnerReviewsPage> {
  const cursor = before ?? { at: Number.MAX_SAFE_INTEGER, id: Number.MAX_SAFE_INTEGER };
  const rows = await db.all<Omit<OwnerReview, "reportedByOwner"> & { reportedByOwner: number }>(
    `SELECT r.id, r.name, r.rating, r.title, r.body, r.visit_month AS visitMonth, r.published_at AS publishedAt,
       r.reply_body AS replyBody, r.reply_by AS replyBy, r.reply_at AS replyAt,
       EXISTS (SELECT 1 FROM review_reports AS p WHERE p.review_id = r.id AND p.by_owner = 1) AS reportedByOwner
     FROM reviews AS r INDEXED BY reviews_business_newest_idx
     WHERE r.business_id = ?1 AND r.status = 'published' AND (r.published_at < ?2 OR (r.published_at = ?2 AND r.id < ?3))
     ORDER BY r.published_at DESC, r.id DESC LIMIT ${REVIEWS_PAGE_SIZE + 1}`,
    [businessId, cursor.at, cursor.id],
  );
  const items = rows.slice(0, REVIEWS_PAGE_SIZE).map((r) => ({ ...r, reportedByOwner: Boolean(r.reportedByOwner) }));
  const last = items[items.length - 1];
  return { items, next: rows.length > items.length && last ? `${last.publishedAt}.${last.id}` : null };
}

type Owner = { ownerId: number; email: string };

/** The owner's reply (new or edited) to a published review of their business, audited; false when there is no such review. */
export async function saveOwnerReply(db: Db, owner: Owner, businessId: number, reviewId: number, body: string): Promise<boolean> {
  const business = await db.first<{ name: string }>("SELECT name FROM businesses WHERE id = ?1", [businessId]);
  const [update] = await db.batch([
    db.statement(
      `UPDATE reviews SET reply_body = ?3, reply_by = 'owner', reply_at = unixepoch(), updated_at = unixepoch()
       WHERE id = ?1 AND business_id = ?2 AND status = 'published'`,
      [reviewId, businessId, body],
    ),
    db.statement("INSERT INTO audit_log (actor, action, detail, target_id) SELECT ?1, 'review-reply', ?2, ?3 WHERE changes() = 1", [
      `owner:${owner.email}`,
      `Owner replied to review ${reviewId} on ${businessLabel(businessId, business?.name)}`,
      businessId,
    ]),
  ]);
  return Boolean(update.meta.changes);
}

/**
 * The owner's report of a published review of their business (once per review): it goes back to the
 * admin's queue with the reason. The review stays published; only the admin can hide it.
 */
export async function reportAsOwner(
  db: Db,
  owner: Owner,
  businessId: number,
  reviewId: number,
  report: { reason: string; note: string },
): Promise<boolean> {
  const [insert] = await db.batch([
    db.statement(
      `INSERT INTO review_reports (review_id, reason, note, sender, by_owner)
       SELECT r.id, ?3, ?4, ?5, 1 FROM reviews AS r
       WHERE r.id = ?1 AND r.business_id = ?2 AND r.status = 'published'
         AND NOT EXISTS (SELECT 1 FROM review_reports AS p WHERE p.review_id = r.id AND p.by_owner = 1)`,
      [reviewId, businessId, report.reason, report.note, `owner:${owner.ownerId}`],
    ),
    db.statement("UPDATE reviews SET report_count = report_count + 1 WHERE id = ?1 AND changes() = 1", [reviewId]),
  ]);
  return Boolean(insert.meta.changes);
}
