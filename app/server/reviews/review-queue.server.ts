/**
 * The admin's review queue and decisions (docs/reviews.md). The queue is O(page) at any count: held
 * reviews are a seek on reviews_status_idx (status, id), reported ones on the partial
 * reviews_reported_idx (report_count, id), each with its business joined by primary key and its
 * latest REPORTS_PER_REVIEW reports read through review_reports_review_idx: ≤ 25 × 7 rows a page.
 * A decision is one atomic batch: the review's update and its audit row (written only when the update
 * changed the review). The own rating follows by the triggers on reviews; nothing here writes it.
 */
import {
  REPORTS_PER_REVIEW,
  REVIEW_QUEUE_PAGE_SIZE,
  type ReviewDecision,
  type ReviewDecisionResult,
  type ReviewQueueItem,
  type ReviewQueuePage,
  type ReviewQueueQuery,
  type ReviewReportView,
} from "#app/lib/admin/admin-reviews";
import type { Db } from "#app/server/platform/db.server";
import { businessLabel } from "#app/server/write/audit.server";

type QueueRow = Omit<ReviewQueueItem, "reports"> & { reports: string | null };

const COLUMNS = `r.id, r.business_id AS businessId, b.name AS businessName, b.slug AS businessSlug, r.name, r.email, r.rating,
  r.title, r.body, r.visit_month AS visitMonth, r.status, r.held_reason AS heldReason, r.report_count AS reportCount,
  r.reply_body AS replyBody, r.reply_by AS replyBy, r.reply_at AS replyAt, r.created_at AS createdAt, r.published_at AS publishedAt,
  CASE WHEN r.report_count > 0 THEN (SELECT json_group_array(json_object('reason', p.reason, 'note', p.note, 'byOwner', p.by_owner,
    'createdAt', p.created_at)) FROM (SELECT reason, note, by_owner, created_at FROM review_reports
    WHERE review_id = r.id ORDER BY id DESC LIMIT ${REPORTS_PER_REVIEW}) AS p) END AS reports`;

function parseReports(text: string | null): ReviewReportView[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.map((v: { reason?: unknown; note?: unknown; byOwner?: unknown; createdAt?: unknown }) => ({
      reason: String(v.reason ?? ""),
      note: String(v.note ?? ""),
      byOwner: Boolean(v.byOwner),
      createdAt: Number(v.createdAt ?? 0),
    }));
  } catch {
    return [];
  }
}

/**
 * One page of the queue: held (or hidden, to restore one) reviews newest first, or reported ones most
 * reported first, then newest.
 */
export async function reviewQueuePage(db: Db, query: ReviewQueueQuery): Promise<ReviewQueuePage> {
  const limit = REVIEW_QUEUE_PAGE_SIZE + 1;
  let rows: QueueRow[];
  if (query.view !== "reported") {
    const before = query.before ? Number(query.before.split(".").pop()) : Number.MAX_SAFE_INTEGER;
    rows = await db.all<QueueRow>(
      `SELECT ${COLUMNS} FROM reviews AS r LEFT JOIN businesses AS b ON b.id = r.business_id
       WHERE r.status = ?2 AND r.id < ?1 ORDER BY r.id DESC LIMIT ${limit}`,
      [before, query.view],
    );
  } else {
    const [count, id] = query.before?.includes(".") ? query.before.split(".").map(Number) : [Number.MAX_SAFE_INTEGER, 0];
    rows = await db.all<QueueRow>(
      `SELECT ${COLUMNS} FROM reviews AS r INDEXED BY reviews_reported_idx LEFT JOIN businesses AS b ON b.id = r.business_id
       WHERE r.report_count > 0 AND r.status = 'published' AND (r.report_count, r.id) < (?1, ?2)
       ORDER BY r.report_count DESC, r.id DESC LIMIT ${limit}`,
      [count, id || Number.MAX_SAFE_INTEGER],
    );
  }
  const shown = rows.slice(0, REVIEW_QUEUE_PAGE_SIZE);
  const last = shown[shown.length - 1];
  const next = rows.length > shown.length && last ? (query.view !== "reported" ? String(last.id) : `${last.reportCount}.${last.id}`) : null;
  return { view: query.view, items: shown.map((r) => ({ ...r, reports: parseReports(r.reports) })), next };
}

type ReviewFacts = { id: number; businessId: number; businessName: string | null; status: string; replyBy: string | null };

async function reviewFacts(db: Db, id: number): Promise<ReviewFacts | null> {
  return db.first<ReviewFacts>(
    `SELECT r.id, r.business_id AS businessId, b.name AS businessName, r.status, r.reply_by AS replyBy
     FROM reviews AS r LEFT JOIN businesses AS b ON b.id = r.business_id WHERE r.id = ?1`,
    [id],
  );
}

/** The audit row of a decision, written only when the statement before it changed the review (changes() = 1). */
function auditIfChanged(db: Db, actor: string, action: string, targetId: number, detail: string): D1PreparedStatement {
  return db.statement("INSERT INTO audit_log (actor, action, detail, target_id) SELECT ?1, ?2, ?3, ?4 WHERE changes() = 1", [
    actor,
    action,
    detail,
    targetId,
  ]);
}

/**
 * The admin's decision on a review, checked here whatever the caller sent:
 * - publish: a held (or hidden) review is published now;
 * - hide: a published or held review is hidden (its stars leave the own rating);
 * - restore: a published or hidden review is published with its reports dismissed (report_count 0; the reports are kept);
 * - reply: the operator's one reply to a published review (replaces the operator's earlier reply, never the owner's).
 */
export async function decideReview(db: Db, decision: ReviewDecision, actor: string): Promise<ReviewDecisionResult & { status: number }> {
  const review = await reviewFacts(db, decision.id);
  if (!review) return { ok: false, status: 404, message: "No such review" };
  const label = `review ${review.id} on ${businessLabel(review.businessId, review.businessName)}`;
  let update: D1PreparedStatement;
  let action: string;
  let done: string;
  switch (decision.action) {
    case "publish":
      update = db.statement(
        `UPDATE reviews SET status = 'published', published_at = unixepoch(), held_reason = NULL, updated_at = unixepoch()
         WHERE id = ?1 AND status IN ('held', 'hidden')`,
        [review.id],
      );
      action = "review-publish";
      done = `Published ${label}`;
      break;
    case "hide":
      update = db.statement(
        "UPDATE reviews SET status = 'hidden', updated_at = unixepoch() WHERE id = ?1 AND status IN ('published', 'held')",
        [review.id],
      );
      action = "review-hide";
      done = `Hid ${label}`;
      break;
    case "restore":
      update = db.statement(
        `UPDATE reviews SET status = 'published', report_count = 0, published_at = coalesce(published_at, unixepoch()),
           updated_at = unixepoch() WHERE id = ?1 AND (status = 'hidden' OR (status = 'published' AND report_count > 0))`,
        [review.id],
      );
      action = "review-restore";
      done = `Restored ${label} (reports dismissed)`;
      break;
    case "reply":
      if (review.replyBy === "owner") return { ok: false, status: 409, message: "The owner has replied to this review" };
      update = db.statement(
        `UPDATE reviews SET reply_body = ?2, reply_by = 'admin', reply_at = unixepoch(), updated_at = unixepoch()
         WHERE id = ?1 AND status = 'published' AND (reply_by IS NULL OR reply_by = 'admin')`,
        [review.id, decision.body],
      );
      action = "review-reply";
      done = `Replied to ${label} as the operator`;
      break;
  }
  const [changed] = await db.batch([
    update,
    auditIfChanged(db, actor, action, review.businessId, done),
    // The public pages show the change at once: cached pages are keyed by the data version (the audit row just above was written only on a change).
    db.statement("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1 AND changes() = 1"),
  ]);
  if (!changed.meta.changes) {
    return { ok: false, status: 409, message: `This review cannot be changed that way now (it is ${review.status})` };
  }
  return { ok: true, status: 200, message: done };
}
