/**
 * The Import History tab's read of the `imports` table: newest first, a page at a time by
 * id (the primary key, so a page reads its own rows). The history API (GET /api/admin/imports) gives
 * external clients the same list; the tab reads D1 directly so it does not depend on a call to itself.
 */
import { desc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { ImportHistoryPage, ImportsQuery } from "#app/lib/admin/admin-imports";
import { imports } from "#db/schema";
import type { Db } from "#app/server/platform/db.server";

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
      mode: imports.mode,
      updated: imports.updated,
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

/** GET /api/admin/imports: the same page, each import with its duration in seconds (null while it runs). */
export async function importHistoryApiPage(db: Db, query: ImportsQuery) {
  const page = await importHistoryPage(db, query);
  return {
    imports: page.imports.map((i) => ({ ...i, durationSeconds: i.finishedAt === null ? null : Math.max(0, i.finishedAt - i.createdAt) })),
    next: page.next,
  };
}

const importIdParams = z.object({ id: z.coerce.number().int().positive() });

/** The import id an admin API URL names (`/api/admin/imports/:id/…`), or null when it names none. */
export function importIdOf(params: { id?: string }): number | null {
  const parsed = importIdParams.safeParse(params);
  return parsed.success ? parsed.data.id : null;
}

/** What the error report and the file download need of the import a URL names (null: no such import). */
export async function importRecordOf(db: Db, params: { id?: string }) {
  const id = importIdOf(params);
  return id === null ? null : importRecord(db, id);
}

async function importRecord(db: Db, id: number) {
  const [row] = await db.orm
    .select({ id: imports.id, fileName: imports.fileName, r2Key: imports.r2Key, totalErrors: imports.totalErrors, status: imports.status })
    .from(imports)
    .where(eq(imports.id, id))
    .limit(1);
  return row ?? null;
}
