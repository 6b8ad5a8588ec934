/**
 * Spreadsheet import (issue 5): refuse a bad file whole, keep the original in R2 and a row in
 * `imports`, then read, map and write the rows in chunks (docs/decisions/0005-chunked-import.md).
 * The upload streams into R2 as it arrives and is validated there (issue 13: it never sits whole in
 * memory). Small files finish inside the upload request; large ones answer 202 and advance one chunk
 * per status poll (and in the background through ctx.waitUntil), re-reading the stored file by range.
 */
import * as XLSX from "@e965/xlsx";
import {
  IMPORT_SLICE_MS,
  INLINE_IMPORT_ROWS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_LABEL,
  MAX_REPORTED_ERRORS,
  MAX_XLS_BYTES,
  MAX_XLS_LABEL,
} from "~/lib/import-plan";
import {
  type CellValue,
  type ImportJobStatus,
  type ImportResult,
  mapHeader,
  mapRow,
  missingColumns,
  type RowError,
  usedColumns,
} from "~/lib/import-mapping";
import {
  type ByteSource,
  OLE2_SIGNATURE,
  type RowBatch,
  SHEET_LIMITS,
  SpreadsheetError,
  type SheetRow,
  startsWith,
  XlsxReader,
  ZIP_SIGNATURE,
} from "~/lib/xlsx-reader";
import type { ValidBusinessInput } from "~/lib/business";
import { boundaryOf, type PartHeaders } from "~/lib/multipart";
import { finishWrites, INSERTED_IN_BATCH_SQL, insertBatch, WRITE_BATCH_ROWS } from "./business-writer.server";
import type { AppContext } from "./context.server";
import type { Db } from "./db.server";
import { R2ObjectWriter, receiveFile, UploadError } from "./upload.server";

export type ImportFormat = "xlsx" | "xls";

/** A refusal: nothing has been written when one is thrown. */
export class ImportRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Rows of a stored spreadsheet: the header, a count, and batches from a row on. */
export type RowSource = {
  header(): Promise<SheetRow | null>;
  countDataRows(headerRow: number): Promise<number>;
  batches(from: number, columns: number[], size: number): AsyncIterable<RowBatch>;
};

function xlsxSource(reader: XlsxReader): RowSource {
  return {
    async header() {
      // The header is the first row holding values; look a few rows down for sheets with a title row.
      const { rows } = await reader.readRows({ from: 1, to: 10 });
      return rows.find((r) => r.cells.some((c) => c !== null && c !== "")) ?? null;
    },
    countDataRows: (headerRow) => reader.countDataRows(headerRow),
    batches: (from, columns, size) => reader.batches({ from, columns, size }),
  };
}

/**
 * .xls (BIFF, at most 65,536 rows) is read whole by @e965/xlsx, which needs about 20 MB of memory per
 * MB of file: MAX_XLS_BYTES keeps that within a Worker's 128 MB (docs/decisions/0009). Rows come
 * from the cells the file holds (dense mode), never from the range it declares: a DIMENSIONS record
 * may claim 65,536 rows by 256 columns for a single cell.
 */
function xlsSource(bytes: Uint8Array): RowSource {
  let rows: CellValue[][];
  try {
    const book = XLSX.read(bytes, { type: "array", dense: true, cellHTML: false, cellText: false, cellStyles: false });
    const sheet = book.Sheets[book.SheetNames[0]] as XLSX.DenseWorkSheet | undefined;
    if (!sheet) throw new SpreadsheetError("The workbook has no worksheet.");
    rows = (sheet["!data"] ?? []).map((row, r) =>
      (row ?? []).map((cell, c) => {
        const value = cell && cell.t !== "z" && cell.t !== "e" ? (cell.v as CellValue) : null;
        if (typeof value === "string" && value.length > SHEET_LIMITS.cellChars) {
          throw new SpreadsheetError(
            `Row ${r + 1}, column ${XLSX.utils.encode_col(c)} holds ${value.length} characters; a cell can hold at most ${SHEET_LIMITS.cellChars} (Excel's limit).`,
          );
        }
        return value ?? null;
      }),
    );
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw new SpreadsheetError("The file is corrupt or truncated: it cannot be read as an .xls workbook.");
  }
  const hasValue = (r: CellValue[] | undefined) => Boolean(r && r.some((c) => c !== null && c !== ""));
  return {
    async header() {
      const at = rows.findIndex((r) => hasValue(r));
      return at < 0 ? null : { rowNumber: at + 1, cells: rows[at] };
    },
    async countDataRows(headerRow) {
      return rows.slice(headerRow).filter(hasValue).length;
    },
    async *batches(from, columns, size) {
      const keep = new Set(columns);
      let batch: SheetRow[] = [];
      for (let n = Math.max(1, from); n <= rows.length; n++) {
        const row = rows[n - 1];
        if (!hasValue(row)) continue;
        if (batch.length === size) {
          yield { rows: batch, last: false };
          batch = [];
        }
        batch.push({ rowNumber: n, cells: row.map((c, i) => (keep.has(i) ? c : null)) });
      }
      if (batch.length) yield { rows: batch, last: true };
    },
  };
}

/** The rows of a stored file (exported for `npm run bench:import:memory`, which reads as an import does). */
export async function openSource(format: ImportFormat, src: ByteSource): Promise<RowSource> {
  if (format === "xls") return xlsSource(await src.read(0, src.size));
  return xlsxSource(await XlsxReader.open(src));
}

function r2Source(bucket: R2Bucket, key: string, size: number): ByteSource {
  const get = async (offset: number, length: number) => {
    const object = await bucket.get(key, { range: { offset, length } });
    if (!object) throw new SpreadsheetError("The stored import file is missing from storage.");
    return object;
  };
  return {
    size,
    read: async (offset, length) => new Uint8Array(await (await get(offset, length)).arrayBuffer()),
    stream: async (offset, length) => (await get(offset, length)).body,
  };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The form field the spec names for the upload. */
const FILE_FIELD = "excelFile";
/**
 * What a multipart body may add to the file: boundaries, the part's headers, a stray small field.
 * A Content-Length over MAX_IMPORT_BYTES plus this is refused before a byte is read.
 */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const NOT_MULTIPART = "Send the file as multipart/form-data in the field excelFile.";

/** The checks a file name allows, made as soon as the upload's part headers arrive. */
function checkFileName(fileName: string | null): asserts fileName is string {
  if (!fileName) {
    throw new ImportRefused(400, "No file was uploaded. Choose an .xlsx or .xls file in the field excelFile.");
  }
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension !== "xlsx" && extension !== "xls") {
    throw new ImportRefused(415, `"${fileName}" is not an Excel file. Only .xlsx and .xls files can be imported.`);
  }
}

/**
 * Checks everything that can be checked before a single row is written: name, size, signature, that
 * the sheet decompresses to the end, a header with the required columns, at least one data row. The
 * file is read by range from where it is stored (R2), never copied whole.
 */
export async function validateUpload(
  source: ByteSource,
  fileName: string,
  limits: { maxBytes: number; maxLabel: string } = { maxBytes: MAX_IMPORT_BYTES, maxLabel: MAX_IMPORT_LABEL },
): Promise<{ format: ImportFormat; size: number; headerRow: number; total: number }> {
  checkFileName(fileName);
  if (source.size === 0) throw new ImportRefused(400, `"${fileName}" is empty (0 bytes).`);
  if (source.size > limits.maxBytes) {
    throw new ImportRefused(413, `"${fileName}" is ${megabytes(source.size)}; the largest file that can be imported is ${limits.maxLabel}.`);
  }
  const bytes = await source.read(0, Math.min(8, source.size));
  let format: ImportFormat;
  // The content decides, not the name: a workbook saved as .xls by some tools is really a zip.
  if (startsWith(bytes, ZIP_SIGNATURE)) format = "xlsx";
  else if (startsWith(bytes, OLE2_SIGNATURE)) format = "xls";
  else {
    throw new ImportRefused(
      415,
      `"${fileName}" is not a spreadsheet: its content is neither an .xlsx (zip) nor an .xls (OLE2) workbook. Export it from Excel again and retry.`,
    );
  }
  if (format === "xls" && source.size > MAX_XLS_BYTES) {
    throw new ImportRefused(413, `"${fileName}" is ${megabytes(source.size)}; .xls files can be at most ${MAX_XLS_LABEL}. Save it as .xlsx (up to ${MAX_IMPORT_LABEL}).`);
  }
  try {
    const rows = await openSource(format, source);
    const header = await rows.header();
    if (!header) throw new ImportRefused(422, `"${fileName}" has an empty sheet: there is no header row and no data.`);
    const missing = missingColumns(mapHeader(header.cells));
    if (missing.length) {
      throw new ImportRefused(
        422,
        `"${fileName}" lacks required column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}. The first row must name the columns (name, category, full_address, postal_code, country, phone, rating, reviews, photo, working_hours, about, place_id, location_link).`,
      );
    }
    const total = await rows.countDataRows(header.rowNumber);
    if (total === 0) throw new ImportRefused(422, `"${fileName}" has a header row but no data rows.`);
    return { format, size: source.size, headerRow: header.rowNumber, total };
  } catch (error) {
    if (error instanceof SpreadsheetError) throw new ImportRefused(422, `"${fileName}" cannot be read. ${error.message}`);
    throw error;
  }
}

function safeFileName(name: string): string {
  return name.replace(/[^\w.-]+/g, "_").slice(-120);
}

/** An upload stored in R2, not yet validated. */
export type StoredUpload = { key: string; fileName: string; size: number };

/**
 * Receives POST /api/admin/import's body into R2 under a new key: refuses by its headers before
 * reading (type, Content-Length), by the file part's headers before storing (name, extension), and
 * while reading (framing, size). A refusal leaves nothing in R2.
 */
export async function receiveUpload(app: AppContext, request: Request, uploadedBy: string): Promise<StoredUpload> {
  const boundary = boundaryOf(request.headers.get("Content-Type"));
  if (!boundary) throw new ImportRefused(400, NOT_MULTIPART);
  const declared = request.headers.get("Content-Length");
  if (declared === null || !/^\d+$/.test(declared.trim())) {
    throw new ImportRefused(411, `Send the upload with a Content-Length header: its size is checked before it is read (at most ${MAX_IMPORT_LABEL}).`);
  }
  const declaredLength = Number(declared);
  if (declaredLength > MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw new ImportRefused(413, `The upload is ${megabytes(declaredLength)}; the largest file that can be imported is ${MAX_IMPORT_LABEL}.`);
  }
  const day = new Date().toISOString().slice(0, 10);
  try {
    const received = await receiveFile(request.body, {
      boundary,
      declaredLength,
      field: FILE_FIELD,
      maxFileBytes: MAX_IMPORT_BYTES,
      open(part: PartHeaders) {
        checkFileName(part.fileName);
        return new R2ObjectWriter(app.env.UPLOADS, `imports/${day}/${crypto.randomUUID()}-${safeFileName(part.fileName)}`, {
          httpMetadata: { contentType: part.contentType || "application/octet-stream" },
          customMetadata: { fileName: part.fileName, uploadedBy },
        });
      },
    });
    if (!received) throw new ImportRefused(400, "No file was uploaded. Choose an .xlsx or .xls file in the field excelFile.");
    return { key: received.key, fileName: received.part.fileName ?? "", size: received.size };
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    const { fault } = error;
    if (fault.kind === "file-too-large") {
      throw new ImportRefused(413, `"${fault.part.fileName}" is over ${MAX_IMPORT_LABEL}; the largest file that can be imported is ${MAX_IMPORT_LABEL}.`);
    }
    if (fault.kind === "longer-than-declared") {
      throw new ImportRefused(400, "The upload is longer than its Content-Length header says. Send the file again.");
    }
    throw new ImportRefused(400, `The upload is incomplete or not valid multipart/form-data. ${NOT_MULTIPART}`);
  }
}

type ImportRow = {
  id: number;
  r2_key: string;
  file_name: string;
  file_size: number;
  status: "pending" | "running" | "done" | "failed";
  message: string | null;
  total_rows: number;
  processed_rows: number;
  imported: number;
  duplicates_skipped: number;
  total_errors: number;
  errors: string;
  format: ImportFormat;
  header_row: number;
  next_row: number;
  lease_until: number | null;
};

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
export async function advanceImport(
  app: AppContext,
  id: number,
  plan: ImportPlan = DEFAULT_PLAN,
): Promise<ImportRow | null> {
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
export async function importUpload(app: AppContext, request: Request, uploadedBy: string, plan: ImportPlan = DEFAULT_PLAN): Promise<ImportOutcome> {
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
