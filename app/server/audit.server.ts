/**
 * The audit log of admin actions (issue 18): who did what, when. Every admin write records one
 * row next to its own work; the panel shows them newest first, paged.
 */
import { desc, lt, or, and, eq } from "drizzle-orm";
import { auditLog } from "../../db/schema";
import type { Db } from "./db.server";

export type AuditAction = "login" | "logout" | "edit" | "verify" | "unverify" | "delete" | "import" | "export" | "seo" | "delete-all";

export type AuditEntry = { actor: string; action: AuditAction; detail?: string; targetId?: number | null };

/** The row insert as a statement, so a caller can put it in its own atomic batch. */
export function auditStatement(db: Db, entry: AuditEntry) {
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

export type AuditRow = typeof auditLog.$inferSelect;

/** A page of the log, newest first, after the cursor (the last row of the previous page). */
export async function auditPage(db: Db, options: { limit: number; before?: { at: number; id: number } }): Promise<AuditRow[]> {
  const { before } = options;
  return db.orm
    .select()
    .from(auditLog)
    .where(before ? or(lt(auditLog.at, before.at), and(eq(auditLog.at, before.at), lt(auditLog.id, before.id))) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(options.limit);
}
