/**
 * The rows of a stored spreadsheet, whatever its format: .xlsx through the streaming reader
 * (app/lib/sheets/xlsx-reader.ts), .xls whole through SheetJS; and the stored file itself, read from R2 by
 * range (docs/decisions/0008-import-slices.md, 0009-hostile-spreadsheets.md).
 */
import * as XLSX from "@e965/xlsx";
import type { CellValue } from "#app/lib/import/import-mapping";
import { type ByteSource, type RowBatch, SHEET_LIMITS, SpreadsheetError, type SheetRow, XlsxReader } from "#app/lib/sheets/xlsx-reader";

export type ImportFormat = "xlsx" | "xls";

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

/** The stored upload, read from R2 by range. */
export function r2Source(bucket: R2Bucket, key: string, size: number): ByteSource {
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
