/**
 * Every row error of an import, kept in `import_errors` for the error report: row,
 * column, the cell's value and the reason. The rows go in with the batch that skipped them (the
 * same atomic D1 batch as the batch's businesses and the import's counts), so a retried batch never
 * stores them twice. A hostile file can hold 100 MB of bad rows: at most IMPORT_ERRORS_KEPT are kept
 * per import, each value and reason cut to a length a report can show.
 */
import type { CellValue, RowError } from "#app/lib/import/import-mapping";
import { normalizeHeader } from "#app/lib/import/import-mapping";
import type { Db } from "#app/server/platform/db.server";

/** Row errors stored per import; `imports.total_errors` still counts them all. */
export const IMPORT_ERRORS_KEPT = 10_000;
/** Characters kept of a bad cell's value (a cell may hold 32,767). */
const VALUE_CHARS = 200;
const REASON_CHARS = 500;
/** Bytes of one statement's JSON parameter: D1 takes at most 1,000,000 per string. */
const PAYLOAD_BYTES = 900_000;

export type StoredRowError = RowError & { value: string };

/**
 * The cell a row error is about: the sheet column whose header is the error's column name (the
 * mapping names the spec's columns: place_id, rating, working_hours…); empty when there is none.
 */
export function errorValue(header: ReadonlyArray<CellValue>, cells: ReadonlyArray<CellValue>, column: string): string {
  const at = header.findIndex((h) => normalizeHeader(h) === column);
  const value = at < 0 ? null : cells[at];
  return value === null || value === undefined ? "" : String(value).slice(0, VALUE_CHARS);
}

/** INSERT statements for a batch's errors (none when the list is empty), each under D1's string limit. */
export function importErrorStatements(db: Db, importId: number, errors: ReadonlyArray<StoredRowError>): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  let part: string[] = [];
  let bytes = 2;
  const flush = () => {
    if (!part.length) return;
    statements.push(
      db.statement(
        `INSERT INTO import_errors (import_id, row, "column", value, reason)
         SELECT ?1, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3 FROM json_each(?2) AS j`,
        [importId, `[${part.join(",")}]`],
      ),
    );
    part = [];
    bytes = 2;
  };
  for (const e of errors) {
    const json = JSON.stringify([e.row, e.column, e.value, e.reason.slice(0, REASON_CHARS)]);
    // UTF-8 bytes at most 3 a UTF-16 unit: a safe bound without encoding.
    const size = json.length * 3 + 1;
    if (bytes + size > PAYLOAD_BYTES) flush();
    part.push(json);
    bytes += size;
  }
  flush();
  return statements;
}

export type ErrorReportPage = { errors: StoredRowError[]; next: number | null };

/** One page of an import's stored errors in row order, after the row `after` (keyset on the (import_id, row) index). */
export async function importErrorPage(db: Db, importId: number, options: { after?: number; limit: number }): Promise<ErrorReportPage> {
  const rows = await db.all<{ id: number; row: number; column: string; value: string; reason: string }>(
    `SELECT id, row, "column", value, reason FROM import_errors WHERE import_id = ?1 AND row > ?2 ORDER BY row LIMIT ?3`,
    [importId, options.after ?? 0, options.limit + 1],
  );
  const errors = rows.slice(0, options.limit).map(({ row, column, value, reason }) => ({ row, column, value, reason }));
  return { errors, next: rows.length > options.limit ? (errors.at(-1)?.row ?? null) : null };
}

/** Every stored error of an import, a page at a time (at most IMPORT_ERRORS_KEPT in all). */
export async function* allImportErrors(db: Db, importId: number): AsyncGenerator<StoredRowError> {
  let after = 0;
  for (;;) {
    const page = await importErrorPage(db, importId, { after, limit: 1000 });
    yield* page.errors;
    if (page.next === null) return;
    after = page.next;
  }
}

/** A CSV field: quoted when it holds a separator, a quote or a line break; a leading =+-@ is defused for spreadsheets. */
function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The error report as CSV (row, column, value, reason), streamed page by page. */
export function errorReportCsv(db: Db, importId: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = allImportErrors(db, importId);
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode("row,column,value,reason\r\n"));
        return;
      }
      const next = await rows.next();
      if (next.done) return controller.close();
      const e = next.value;
      controller.enqueue(encoder.encode(`${[e.row, e.column, e.value, e.reason].map(csvField).join(",")}\r\n`));
    },
  });
}
