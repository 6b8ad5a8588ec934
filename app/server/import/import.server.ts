/**
 * Spreadsheet import: refuse a bad file whole, keep the original in R2 and a row in
 * `imports`, then read, map and write the rows in slices (docs/decisions/0008-import-slices.md).
 * The upload streams into R2 as it arrives and is validated there (import-upload.server.ts); the
 * rows come from import-source.server.ts. Small files finish inside the upload request; large ones
 * run as a Workflow (import-workflow.server.ts, docs/decisions/0016-workflows.md), one durable step
 * per slice, with no browser needed. The status call only reads.
 */
import { IMPORT_SLICE_MS, INLINE_IMPORT_ROWS, MAX_REPORTED_ERRORS, WRITE_BATCH_ROWS } from "#app/lib/import/import-plan";
import {
  IMPORT_MODE_REFUSAL,
  type ImportJobStatus,
  type ImportMode,
  importModeSchema,
  type ImportResult,
  mapHeader,
  mapRow,
  type RowError,
  usedColumns,
} from "#app/lib/import/import-mapping";
import { SpreadsheetError } from "#app/lib/sheets/xlsx-reader";
import type { ValidBusinessInput } from "#app/lib/business/business";
import type { imports, SqlRow } from "#db/schema";
import { finishWrites, INSERTED_IN_BATCH_SQL, insertBatch } from "#app/server/write/business-writer.server";
import type { AppContext } from "#app/server/platform/context.server";
import type { Db } from "#app/server/platform/db.server";
import { errorValue, IMPORT_ERRORS_KEPT, importErrorStatements, type StoredRowError } from "#app/server/import/import-errors.server";
import { openSource, r2Source } from "#app/server/import/import-source.server";
import { ImportRefused, receiveUpload, type StoredUpload, validateUpload } from "#app/server/import/import-upload.server";

export { ImportRefused, validateUpload } from "#app/server/import/import-upload.server";

/** An imports row as `SELECT *` gives it (db/schema.ts). */
type ImportRow = SqlRow<typeof imports>;

/** Records the stored, validated file in `imports`; the import then runs chunk by chunk. */
async function createImport(
  app: AppContext,
  stored: StoredUpload,
  upload: Awaited<ReturnType<typeof validateUpload>>,
  uploadedBy: string,
  mode: ImportMode = "skip",
): Promise<number> {
  const row = await app.db.first<{ id: number }>(
    `INSERT INTO imports (r2_key, file_name, file_size, uploaded_by, status, message, total_rows, format, header_row, next_row, mode)
     VALUES (?1, ?2, ?3, ?4, 'running', 'Importing…', ?5, ?6, ?7, ?8, ?9) RETURNING id`,
    [stored.key, stored.fileName, upload.size, uploadedBy, upload.total, upload.format, upload.headerRow, upload.headerRow + 1, mode],
  );
  if (!row) throw new Error("the import could not be recorded");
  return row.id;
}

async function loadImport(db: Db, id: number): Promise<ImportRow | null> {
  return db.first<ImportRow>("SELECT * FROM imports WHERE id = ?1", [id]);
}

/** The spec's three counts; an update-mode import adds `updated` (a skip-mode answer stays as SPEC §3 has it). */
function statsOf(row: ImportRow): ImportResult["stats"] {
  const stats = { imported: row.imported, duplicatesSkipped: row.duplicates_skipped, totalErrors: row.total_errors };
  return row.mode === "update" ? { ...stats, updated: row.updated } : stats;
}

function summaryMessage(row: Pick<ImportRow, "file_name" | "imported" | "duplicates_skipped" | "total_errors" | "updated">): string {
  const spec = `Imported ${row.imported} businesses from ${row.file_name}: ${row.duplicates_skipped} duplicates skipped, ${row.total_errors} errors.`;
  return row.updated > 0 ? `${spec} Updated ${row.updated} businesses already listed.` : spec;
}

function jobStatus(row: ImportRow): ImportJobStatus {
  return {
    status: row.status === "pending" ? "running" : row.status,
    mode: row.mode,
    progress: { processed: row.processed_rows, total: row.total_rows },
    message: row.message ?? "",
    stats: statsOf(row),
    errors: JSON.parse(row.errors) as RowError[],
  };
}

/** Seconds a slice may hold the import before another call may take it over (renewed per batch). */
const LEASE_SECONDS = 60;

/**
 * How an import is cut up. A slice (one invocation: the upload request's for a small file, or one
 * workflow step) reads the stored file in ONE streamed pass from where the import stands and writes
 * it in batches, until the sheet ends or its budget is spent; tests shrink the sizes to watch a job
 * part-way.
 */
export type ImportPlan = {
  /** Rows per writer batch: one atomic D1 batch that also saves the import's position and counts. */
  batchRows: number;
  /** Files with at most this many data rows import inside the upload request (200 answer). */
  inlineRows: number;
  /** Most rows one slice processes. */
  sliceRows: number;
  /** Wall time after which a slice stops at the next batch boundary (a workflow step may use 30 s of CPU). */
  sliceMs: number;
};

/**
 * Rows one workflow step imports: every step re-opens the file and inflates the sheet from its start
 * (a deflate stream cannot resume), so steps of a few batches keep that repeated work small (a 200,000-row
 * file: 8 steps) while a failed step redoes at most its own uncommitted batch. IMPORT_STEP_ROWS (a var)
 * overrides it; the test suite sets one batch per step.
 */
const IMPORT_STEP_ROWS = 25_000;

const DEFAULT_PLAN: ImportPlan = {
  batchRows: WRITE_BATCH_ROWS,
  inlineRows: INLINE_IMPORT_ROWS,
  sliceRows: IMPORT_STEP_ROWS,
  sliceMs: IMPORT_SLICE_MS,
};

/** The plan a workflow step runs with: the job's own (tests), else the default with IMPORT_STEP_ROWS from the environment when set. */
export function stepPlan(env: Env, params: ImportJobParams): ImportPlan {
  if (params.plan) return { ...DEFAULT_PLAN, ...params.plan };
  const rows = Number((env as { IMPORT_STEP_ROWS?: string }).IMPORT_STEP_ROWS);
  return Number.isInteger(rows) && rows > 0 ? { ...DEFAULT_PLAN, sliceRows: rows } : DEFAULT_PLAN;
}

/** Thrown when another invocation holds the import's lease: the workflow step retries after a backoff. */
class ImportBusy extends Error {}

/**
 * Runs one slice of an import if no one else is; returns the import's row after. Each batch commits
 * its businesses together with the import's new position and counts, so a failure part-way loses
 * nothing written and counts nothing twice: the next slice resumes after the last committed batch
 * (docs/decisions/0008-import-slices.md).
 */
export async function advanceImport(
  app: AppContext,
  id: number,
  plan: ImportPlan = DEFAULT_PLAN,
  options: { throwIfBusy?: boolean } = {},
): Promise<ImportRow | null> {
  const { db } = app;
  const claimed = await db.first<ImportRow>(
    `UPDATE imports SET lease_until = unixepoch() + ?2
     WHERE id = ?1 AND status IN ('pending', 'running') AND (lease_until IS NULL OR lease_until < unixepoch())
     RETURNING *`,
    [id, LEASE_SECONDS],
  );
  if (!claimed) {
    const row = await loadImport(db, id);
    if (options.throwIfBusy && row && (row.status === "running" || row.status === "pending")) {
      throw new ImportBusy(`import ${id} is held by another slice until ${row.lease_until}`);
    }
    return row;
  }
  const started = Date.now();
  try {
    const source = await openSource(claimed.format, r2Source(app.env.UPLOADS, claimed.r2_key, claimed.file_size));
    const header = await source.header();
    if (!header) throw new SpreadsheetError("The stored file has no header row.");
    const map = mapHeader(header.cells);
    const errors = JSON.parse(claimed.errors) as RowError[];
    /** Row errors so far (all counted; the first IMPORT_ERRORS_KEPT stored in import_errors). */
    let errorCount = claimed.total_errors;
    let processed = 0;
    let stoppedAt: number | null = null;
    let writing: Promise<unknown> = Promise.resolve();
    for await (const batch of source.batches(claimed.next_row, usedColumns(map), plan.batchRows)) {
      const valid: ValidBusinessInput[] = [];
      const kept: StoredRowError[] = [];
      let bad = 0;
      for (const row of batch.rows) {
        const mapped = mapRow(row.cells, map, row.rowNumber);
        if (mapped.ok) valid.push(mapped.input);
        else {
          bad += 1;
          if (errors.length < MAX_REPORTED_ERRORS) errors.push(mapped.error);
          if (errorCount < IMPORT_ERRORS_KEPT)
            kept.push({ ...mapped.error, value: errorValue(header.cells, row.cells, mapped.error.column) });
          errorCount += 1;
        }
      }
      const nextRow = (batch.rows.at(-1)?.rowNumber ?? claimed.next_row) + 1;
      const progress = (updated: number) =>
        db.statement(
          `UPDATE imports SET next_row = ?2, processed_rows = processed_rows + ?3,
             imported = imported + ${INSERTED_IN_BATCH_SQL}, updated = updated + ?8,
             duplicates_skipped = duplicates_skipped + ?4 - ?8 - ${INSERTED_IN_BATCH_SQL},
             total_errors = total_errors + ?5, errors = ?6, lease_until = unixepoch() + ?7
           WHERE id = ?1`,
          [id, nextRow, batch.rows.length, valid.length, bad, JSON.stringify(errors), LEASE_SECONDS, updated],
        );
      const errorRows = importErrorStatements(db, id, kept);
      // One batch in flight: the next batch is read and mapped while D1 commits this one; batches
      // still commit in file order, each after the one before it.
      await writing;
      writing = insertBatch(db, valid, {
        importId: id,
        refresh: claimed.mode === "update",
        alongside: (updated) => [progress(updated), ...errorRows],
      });
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

export function statusUrl(id: number): string {
  return `/api/admin/import/${id}`;
}

/** A workflow's input: the import, and (tests) a smaller plan than the default's batches and steps. */
export type ImportJobParams = { importId: number; plan?: { batchRows: number; sliceRows: number } };

/**
 * Starts the workflow that carries an import to its end (import-workflow.server.ts). Its id names the
 * import (`import-7`, a retry `import-7-retry-…`), so the same start cannot run twice and
 * `wrangler workflows instances describe` finds it. If the workflow cannot be started, the import is
 * marked failed with the reason, so the history shows it and offers a retry.
 */
async function startImportWorkflow(app: AppContext, id: number, options: { attempt?: string; plan?: ImportPlan } = {}): Promise<string> {
  const { attempt, plan } = options;
  let instanceId = attempt ? `import-${id}-retry-${attempt}` : `import-${id}`;
  const params: ImportJobParams = { importId: id };
  if (plan && plan !== DEFAULT_PLAN && Number.isFinite(plan.sliceRows))
    params.plan = { batchRows: plan.batchRows, sliceRows: plan.sliceRows };
  try {
    try {
      await app.env.IMPORT_WORKFLOW.create({ id: instanceId, params });
    } catch {
      // The id is taken by an instance kept from an earlier database (a recreated D1 numbers imports
      // from 1 again, while Workflows keep finished instances for days): a unique one instead.
      instanceId = `${instanceId}-${Date.now()}`;
      await app.env.IMPORT_WORKFLOW.create({ id: instanceId, params });
    }
  } catch (error) {
    await markImportFailed(app.db, id, `the background job could not start (${error instanceof Error ? error.message : String(error)})`);
    throw error;
  }
  return instanceId;
}

/** Ends an import as failed (a file that cannot be read, or a step that failed after its retries); what was written stays. */
export async function markImportFailed(db: Db, id: number, reason: string): Promise<void> {
  await db.run(
    `UPDATE imports SET status = 'failed', message = ?2, finished_at = unixepoch(), lease_until = NULL
     WHERE id = ?1 AND status IN ('pending', 'running')`,
    [id, `Import failed: ${reason}`],
  );
}

/**
 * What an upload came to: imported inside the request (a small file: done, or failed part-way), or
 * running as a job (a workflow). A refusal is thrown (ImportRefused) instead.
 */
export type ImportOutcome =
  | { state: "done" | "failed"; id: number; message: string; stats: ImportResult["stats"]; errors: RowError[] }
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
    const mode = importModeSchema.safeParse(stored.fields.mode ?? undefined);
    if (!mode.success) throw new ImportRefused(400, IMPORT_MODE_REFUSAL);
    upload = await validateUpload(r2Source(bucket, stored.key, stored.size), stored.fileName);
    id = await createImport(app, stored, upload, uploadedBy, mode.data);
  } catch (error) {
    // A refused (or unrecorded) file is not kept: no `imports` row points at it.
    await bucket.delete(stored.key);
    throw error;
  }
  const running = { state: "running", jobId: id, fileName: stored.fileName, total: upload.total } as const;
  if (upload.total <= plan.inlineRows) {
    let row: ImportRow | null;
    try {
      row = await advanceImport(app, id, { ...plan, sliceRows: Number.POSITIVE_INFINITY });
    } catch {
      // A transient failure (D1, R2) part-way: the batches written stay, the workflow carries on from there.
      await startImportWorkflow(app, id, { plan });
      return running;
    }
    if (!row) throw new Error("the import disappeared");
    if (row.status === "running") {
      await startImportWorkflow(app, id, { plan });
      return running;
    }
    const errors = JSON.parse(row.errors) as RowError[];
    if (row.status === "failed") return { state: "failed", id, message: row.message ?? "Import failed", stats: statsOf(row), errors };
    return { state: "done", id, message: row.message ?? summaryMessage(row), stats: statsOf(row), errors };
  }
  // Large file: a workflow imports it slice by slice, whether or not anyone watches.
  await startImportWorkflow(app, id, { plan });
  return running;
}

/** GET /api/admin/import/:jobId's work: the import as D1 has it (null: no such import). It starts nothing. */
export async function importStatus(app: AppContext, id: number): Promise<ImportJobStatus | null> {
  const row = await loadImport(app.db, id);
  return row ? jobStatus(row) : null;
}

export type RetryOutcome =
  { state: "started"; instanceId: string; row: ImportRow } | { state: "not-found" } | { state: "refused"; message: string };

/**
 * POST /api/admin/imports/:id/retry's work: a failed import resumes after its last committed batch in
 * a new workflow; rows already written are not written again, nothing is counted twice. A running
 * import needs no retry: its workflow retries a failed step itself, and marks the import failed once
 * the retries are spent.
 */
export async function retryImport(app: AppContext, id: number): Promise<RetryOutcome> {
  const row = await app.db.first<ImportRow>(
    `UPDATE imports SET status = 'running', message = 'Resuming…', finished_at = NULL, lease_until = NULL
     WHERE id = ?1 AND status = 'failed' RETURNING *`,
    [id],
  );
  if (!row) {
    const current = await loadImport(app.db, id);
    if (!current) return { state: "not-found" };
    return {
      state: "refused",
      message: current.status === "done" ? "This import is already done." : "This import is running; it retries by itself after an error.",
    };
  }
  const instanceId = await startImportWorkflow(app, id, { attempt: String(Date.now()) });
  return { state: "started", instanceId, row };
}
