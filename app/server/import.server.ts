/**
 * Spreadsheet import (issue 5): refuse a bad file whole, keep the original in R2 and a row in
 * `imports`, then read, map and write the rows in slices (docs/decisions/0008-import-slices.md).
 * The upload streams into R2 as it arrives and is validated there (import-upload.server.ts); the
 * rows come from import-source.server.ts. Small files finish inside the upload request; large ones
 * run in the background (ctx.waitUntil), a status poll starting the next slice when none runs.
 */
import { IMPORT_SLICE_MS, INLINE_IMPORT_ROWS, MAX_REPORTED_ERRORS, WRITE_BATCH_ROWS } from "~/lib/import-plan";
import { type ImportJobStatus, type ImportResult, mapHeader, mapRow, type RowError, usedColumns } from "~/lib/import-mapping";
import { SpreadsheetError } from "~/lib/xlsx-reader";
import type { ValidBusinessInput } from "~/lib/business";
import type { imports, SqlRow } from "#db/schema";
import { finishWrites, INSERTED_IN_BATCH_SQL, insertBatch } from "./business-writer.server";
import type { AppContext } from "./context.server";
import type { Db } from "./db.server";
import { openSource, r2Source } from "./import-source.server";
import { receiveUpload, type StoredUpload, validateUpload } from "./import-upload.server";

export { ImportRefused, validateUpload } from "./import-upload.server";

/** An imports row as `SELECT *` gives it (db/schema.ts). */
type ImportRow = SqlRow<typeof imports>;

/** Records the stored, validated file in `imports`; the import then runs chunk by chunk. */
export async function createImport(
  app: AppContext,
  stored: StoredUpload,
  upload: Awaited<ReturnType<typeof validateUpload>>,
  uploadedBy: string,
): Promise<number> {
  const row = await app.db.first<{ id: number }>(
    `INSERT INTO imports (r2_key, file_name, file_size, uploaded_by, status, message, total_rows, format, header_row, next_row)
     VALUES (?1, ?2, ?3, ?4, 'running', 'Importing…', ?5, ?6, ?7, ?8) RETURNING id`,
    [stored.key, stored.fileName, upload.size, uploadedBy, upload.total, upload.format, upload.headerRow, upload.headerRow + 1],
  );
  if (!row) throw new Error("the import could not be recorded");
  return row.id;
}

async function loadImport(db: Db, id: number): Promise<ImportRow | null> {
  return db.first<ImportRow>("SELECT * FROM imports WHERE id = ?1", [id]);
}

function statsOf(row: ImportRow): ImportResult["stats"] {
  return { imported: row.imported, duplicatesSkipped: row.duplicates_skipped, totalErrors: row.total_errors };
}

export function summaryMessage(row: Pick<ImportRow, "file_name" | "imported" | "duplicates_skipped" | "total_errors">): string {
  return `Imported ${row.imported} businesses from ${row.file_name}: ${row.duplicates_skipped} duplicates skipped, ${row.total_errors} errors.`;
}

export function jobStatus(row: ImportRow): ImportJobStatus {
  return {
    status: row.status === "pending" ? "running" : row.status,
    progress: { processed: row.processed_rows, total: row.total_rows },
    message: row.message ?? "",
    stats: statsOf(row),
    errors: JSON.parse(row.errors) as RowError[],
  };
}

/** Seconds a slice may hold the import before another call may take it over (renewed per batch). */
const LEASE_SECONDS = 60;

/**
 * How an import is cut up. A slice (one invocation: the upload's background, or one status poll's)
 * reads the stored file in ONE streamed pass from where the import stands and writes it in batches,
 * until the sheet ends or its budget is spent; tests shrink the sizes to watch a job part-way.
 */
export type ImportPlan = {
  /** Rows per writer batch: one atomic D1 batch that also saves the import's position and counts. */
  batchRows: number;
  /** Files with at most this many data rows import inside the upload request (200 answer). */
  inlineRows: number;
  /** Most rows one slice processes. */
  sliceRows: number;
  /** Wall time after which a slice stops at the next batch boundary (a Worker's waitUntil allows 30 s). */
  sliceMs: number;
};
const DEFAULT_PLAN: ImportPlan = {
  batchRows: WRITE_BATCH_ROWS,
  inlineRows: INLINE_IMPORT_ROWS,
  sliceRows: Number.POSITIVE_INFINITY,
  sliceMs: IMPORT_SLICE_MS,
};

/**
 * Runs one slice of an import if no one else is; returns the import's row after. Each batch commits
 * its businesses together with the import's new position and counts, so a failure part-way loses
 * nothing written and counts nothing twice: the next slice resumes after the last committed batch
 * (docs/decisions/0008-import-slices.md).
 */
export async function advanceImport(app: AppContext, id: number, plan: ImportPlan = DEFAULT_PLAN): Promise<ImportRow | null> {
  const { db } = app;
  const claimed = await db.first<ImportRow>(
    `UPDATE imports SET lease_until = unixepoch() + ?2
     WHERE id = ?1 AND status IN ('pending', 'running') AND (lease_until IS NULL OR lease_until < unixepoch())
     RETURNING *`,
    [id, LEASE_SECONDS],
  );
  if (!claimed) return loadImport(db, id);
  const started = Date.now();
  try {
    const source = await openSource(claimed.format, r2Source(app.env.UPLOADS, claimed.r2_key, claimed.file_size));
    const header = await source.header();
    if (!header) throw new SpreadsheetError("The stored file has no header row.");
    const map = mapHeader(header.cells);
    const errors = JSON.parse(claimed.errors) as RowError[];
    let processed = 0;
    let stoppedAt: number | null = null;
    let writing: Promise<unknown> = Promise.resolve();
    for await (const batch of source.batches(claimed.next_row, usedColumns(map), plan.batchRows)) {
      const valid: ValidBusinessInput[] = [];
      let bad = 0;
      for (const row of batch.rows) {
        const mapped = mapRow(row.cells, map, row.rowNumber);
        if (mapped.ok) valid.push(mapped.input);
        else {
          bad += 1;
          if (errors.length < MAX_REPORTED_ERRORS) errors.push(mapped.error);
        }
      }
      const nextRow = (batch.rows.at(-1)?.rowNumber ?? claimed.next_row) + 1;
      const progress = db.statement(
        `UPDATE imports SET next_row = ?2, processed_rows = processed_rows + ?3,
           imported = imported + ${INSERTED_IN_BATCH_SQL},
           duplicates_skipped = duplicates_skipped + ?4 - ${INSERTED_IN_BATCH_SQL},
           total_errors = total_errors + ?5, errors = ?6, lease_until = unixepoch() + ?7
         WHERE id = ?1`,
        [id, nextRow, batch.rows.length, valid.length, bad, JSON.stringify(errors), LEASE_SECONDS],
      );
      // One batch in flight: the next batch is read and mapped while D1 commits this one; batches
      // still commit in file order, each after the one before it.
      await writing;
      writing = insertBatch(db, valid, { importId: id, alongside: [progress] });
      writing.catch(() => {}); // awaited (and thrown) at the next batch or after the loop
      processed += batch.rows.length;
      if (batch.last) break;
      if (processed >= plan.sliceRows || Date.now() - started >= plan.sliceMs) {
        stoppedAt = nextRow;
        break;
      }
      // Let the isolate serve other requests (status polls) between batches: local D1 and R2 answer
      // without a trip through the network, so a slice could otherwise hold the event loop.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await writing;
    if (stoppedAt === null) {
      await finishWrites(db);
      const done = await loadImport(db, id);
      await db.run(
        `UPDATE imports SET status = 'done', message = ?2, total_rows = max(total_rows, processed_rows),
           finished_at = unixepoch(), lease_until = NULL WHERE id = ?1`,
        [id, summaryMessage(done ?? claimed)],
      );
    } else {
      await db.run("UPDATE imports SET lease_until = NULL, message = ?2 WHERE id = ?1", [
        id,
        `Imported rows up to ${stoppedAt - 1} of ${claimed.total_rows + claimed.header_row}…`,
      ]);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof SpreadsheetError) {
      await db.run("UPDATE imports SET status = 'failed', message = ?2, finished_at = unixepoch(), lease_until = NULL WHERE id = ?1", [
        id,
        `Import failed: ${message}`,
      ]);
      await finishWrites(db);
    } else {
      // A transient failure (D1, R2): release the lease so the next poll resumes where this stopped.
      await db.run("UPDATE imports SET lease_until = NULL, message = ?2 WHERE id = ?1", [id, `Retrying after an error: ${message}`]);
      throw error;
    }
  }
  return loadImport(db, id);
}

/** Whether a running import has no live slice (none started, or its lease ran out). */
function idle(row: ImportRow): boolean {
  return (row.status === "pending" || row.status === "running") && (row.lease_until === null || row.lease_until * 1000 < Date.now());
}

export function statusUrl(id: number): string {
  return `/api/admin/import/${id}`;
}

/**
 * What an upload came to: imported inside the request (a small file: done, or failed part-way), or
 * running as a job that status polls carry on. A refusal is thrown (ImportRefused) instead.
 */
export type ImportOutcome =
  | { state: "done" | "failed"; message: string; stats: ImportResult["stats"]; errors: RowError[] }
  | { state: "running"; jobId: number; fileName: string; total: number };

/** POST /api/admin/import's work: store the upload, check it, record it, and import it or start the job. */
export async function importUpload(
  app: AppContext,
  request: Request,
  uploadedBy: string,
  plan: ImportPlan = DEFAULT_PLAN,
): Promise<ImportOutcome> {
  const bucket = app.env.UPLOADS;
  const stored = await receiveUpload(app, request, uploadedBy);
  let upload: Awaited<ReturnType<typeof validateUpload>>;
  let id: number;
  try {
    upload = await validateUpload(r2Source(bucket, stored.key, stored.size), stored.fileName);
    id = await createImport(app, stored, upload, uploadedBy);
  } catch (error) {
    // A refused (or unrecorded) file is not kept: no `imports` row points at it.
    await bucket.delete(stored.key);
    throw error;
  }
  if (upload.total <= plan.inlineRows) {
    let row = await advanceImport(app, id, plan);
    while (row && row.status === "running") row = await advanceImport(app, id, plan);
    if (!row) throw new Error("the import disappeared");
    const errors = JSON.parse(row.errors) as RowError[];
    if (row.status === "failed") return { state: "failed", message: row.message ?? "Import failed", stats: statsOf(row), errors };
    return { state: "done", message: row.message ?? summaryMessage(row), stats: statsOf(row), errors };
  }
  // Large file: the upload's background carries it, and a status poll starts another slice when none runs.
  app.ctx.waitUntil(advanceImport(app, id, plan).catch(() => undefined));
  return { state: "running", jobId: id, fileName: stored.fileName, total: upload.total };
}

/**
 * GET /api/admin/import/:jobId's work: reports at once (null: no such import); when no slice is running
 * (the previous one spent its budget, or died), starts the next one in the background.
 */
export async function importStatus(app: AppContext, id: number, plan: ImportPlan = DEFAULT_PLAN): Promise<ImportJobStatus | null> {
  const row = await loadImport(app.db, id);
  if (!row) return null;
  if (idle(row)) app.ctx.waitUntil(advanceImport(app, id, plan).catch(() => undefined));
  return jobStatus(row);
}
