/**
 * The Import History tab's read of the `imports` table (issue 18): newest first, a page at a time by
 * id (the primary key, so a page reads its own rows). The history API (GET /api/admin/imports) gives
 * external clients the same list; the tab reads D1 directly so it does not depend on a call to itself.
 */
import { desc, lt } from "drizzle-orm";
import type { ImportHistoryPage, ImportsQuery } from "~/lib/admin-imports";
import { imports } from "#db/schema";
import type { Db } from "./db.server";

export async function importHistoryPage(db: Db, query: ImportsQuery): Promise<ImportHistoryPage> {
  const rows = await db.orm
    .select({
      id: imports.id,
      fileName: imports.fileName,
      fileSize: imports.fileSize,
      uploadedBy: imports.uploadedBy,
      status: imports.status,
      message: imports.message,
      totalRows: imports.totalRows,
      processedRows: imports.processedRows,
      imported: imports.imported,
      duplicatesSkipped: imports.duplicatesSkipped,
      totalErrors: imports.totalErrors,
      createdAt: imports.createdAt,
      finishedAt: imports.finishedAt,
    })
    .from(imports)
    .where(query.before ? lt(imports.id, query.before) : undefined)
    .orderBy(desc(imports.id))
    // One more than the page says whether an older page exists.
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit).map((r) => ({ ...r, message: r.message ?? "" }));
  return { imports: page, next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}
