/**
 * The audit log of admin actions: who did what, when. Every admin write records one
 * row next to its own work; the panel shows them newest first, paged.
 */
import { desc, lt, or, and, eq } from "drizzle-orm";
import type { AuditPageView, AuditQuery } from "#app/lib/admin/admin-audit";
import { auditLog } from "#db/schema";
import type { Db } from "#app/server/platform/db.server";

type AuditAction =
  | "login"
  | "logout"
  | "edit"
  | "verify"
  | "unverify"
  | "delete"
  | "import"
  | "export"
  | "seo"
  | "delete-all"
  // The Duplicates tab.
  | "merge"
  | "dismiss-duplicate"
  | "duplicate-scan"
  | "filter-backfill"
  // People who take part (docs/people.md): the moderation queue, claims, owners' edits, featuring.
  | "submission-approve"
  | "submission-reject"
  | "claim-verify"
  | "claim-revoke"
  | "owner-sign-in"
  | "owner-edit"
  | "feature"
  | "unfeature"
  // Reviews written here (docs/reviews.md).
  | "review-publish"
  | "review-hide"
  | "review-restore"
  | "review-reply"
  | "review-delete";

export type AuditEntry = { actor: string; action: AuditAction; detail?: string; targetId?: number | null };

/** The row insert as a statement, so a caller can put it in its own atomic batch. */
function auditStatement(db: Db, entry: AuditEntry) {
  return db.orm.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    detail: entry.detail ?? "",
    targetId: entry.targetId ?? null,
  });
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await auditStatement(db, entry);
}

/** The same insert as a raw D1 statement, for callers that batch raw statements (db.batch): the login's session batch. */
export function auditD1Statement(db: Db, entry: AuditEntry): D1PreparedStatement {
  return db.statement("INSERT INTO audit_log (actor, action, detail, target_id) VALUES (?1, ?2, ?3, ?4)", [
    entry.actor,
    entry.action,
    entry.detail ?? "",
    entry.targetId ?? null,
  ]);
}

/** A business named in a detail line: its id and name, quoted (names may hold anything; the panel prints text only). */
export function businessLabel(id: number, name: string | null | undefined): string {
  return name ? `business ${id} "${name.slice(0, 120)}"` : `business ${id}`;
}

type AuditRow = typeof auditLog.$inferSelect;

/** A page of the log, newest first, after the cursor (the last row of the previous page). */
async function auditPage(db: Db, options: { limit: number; before?: { at: number; id: number } }): Promise<AuditRow[]> {
  const { before } = options;
  return db.orm
    .select()
    .from(auditLog)
    .where(before ? or(lt(auditLog.at, before.at), and(eq(auditLog.at, before.at), lt(auditLog.id, before.id))) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(options.limit);
}

/** One page for the API and the panel: the entries and the cursor of the next (older) page, or null at the end. */
export async function auditLogPage(db: Db, query: AuditQuery): Promise<AuditPageView> {
  // One row more than the page tells whether an older page exists.
  const rows = await auditPage(db, { limit: query.limit + 1, before: query.before });
  const entries = rows.slice(0, query.limit).map((r) => ({
    id: r.id,
    at: r.at,
    actor: r.actor,
    action: r.action,
    detail: r.detail,
    targetId: r.targetId,
  }));
  const last = entries.at(-1);
  return { entries, next: rows.length > query.limit && last ? `${last.at}-${last.id}` : null };
}
