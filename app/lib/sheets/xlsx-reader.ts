/**
 * A streaming .xlsx reader for large imports (docs/decisions/0005-chunked-import.md). A Worker has
 * 128 MB; a 50,000-row Outscraper sheet is ~65 MB zipped and several hundred MB of XML, which a
 * whole-workbook parser cannot hold. This reads the zip's central directory with range reads,
 * inflates the sheet with DecompressionStream as it arrives and keeps only the rows and columns a
 * chunk asks for; shared strings are looked up in a second streamed pass that keeps only the
 * indexes those rows use. Pure: Web platform APIs only (runs in workerd and Node 22).
 *
 * Nothing here trusts the file's shape (docs/decisions/0009-hostile-spreadsheets.md): every buffer
 * has a ceiling from SHEET_LIMITS, every search is bounded by the element it looks in, and a
 * breach throws a SpreadsheetError naming what was too large.
 */
import { formatCount } from "#app/lib/format";
import { SHEET_LIMITS, SpreadsheetError } from "#app/lib/sheets/sheet-limits";
import type { CellValue } from "#app/lib/sheets/sheet-rows";
import { SharedStrings } from "#app/lib/sheets/shared-strings";
import { parseCells, type RawRow, rowSpans } from "#app/lib/sheets/sheet-rows";
import { attribute, innerTexts, openingTags, runsText } from "#app/lib/sheets/xml-scan";
import { type ByteSource, startsWith, ZIP_SIGNATURE, ZipArchive } from "#app/lib/sheets/zip-container";

export { SHEET_LIMITS, SpreadsheetError } from "#app/lib/sheets/sheet-limits";
export { bufferSource, type ByteSource, OLE2_SIGNATURE, startsWith, ZIP_SIGNATURE } from "#app/lib/sheets/zip-container";

export type SheetRow = { rowNumber: number; cells: CellValue[] };

export type ReadRowsOptions = {
  /** First and last sheet row numbers (1-based, inclusive) to return. */
  from: number;
  to: number;
  /** Column indexes to keep; all when omitted. */
  columns?: ReadonlyArray<number>;
};

export type BatchOptions = {
  /** First sheet row number (1-based) to return. */
  from: number;
  /** Rows with values per batch. */
  size: number;
  /** Column indexes to keep; all when omitted. */
  columns?: ReadonlyArray<number>;
};

/** A batch of rows; `last` when no row with values follows it in the sheet. */
export type RowBatch = { rows: SheetRow[]; last: boolean };

/** The path of the workbook's first sheet, from workbook.xml and its relationships. */
async function firstSheetPath(zip: ZipArchive): Promise<string> {
  const workbook = await zip.text("xl/workbook.xml");
  const sheet = openingTags(workbook, "sheet").next();
  const sheetId = sheet.done ? null : (attribute(sheet.value, "r:id") ?? attribute(sheet.value, "id"));
  if (sheetId === null) throw new SpreadsheetError("The workbook has no worksheet.");
  const rels = zip.has("xl/_rels/workbook.xml.rels") ? await zip.text("xl/_rels/workbook.xml.rels") : "";
  let target: string | null = null;
  for (const rel of openingTags(rels, "Relationship")) {
    if (attribute(rel, "Id") === sheetId) {
      target = attribute(rel, "Target");
      break;
    }
  }
  if (!target) return "xl/worksheets/sheet1.xml";
  return target.startsWith("/") ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, "/");
}

export class XlsxReader {
  private constructor(
    private readonly zip: ZipArchive,
    readonly sheetPath: string,
  ) {}

  static async open(src: ByteSource): Promise<XlsxReader> {
    const head = await src.read(0, Math.min(4, src.size));
    if (!startsWith(head, ZIP_SIGNATURE)) throw new SpreadsheetError("The file is not an .xlsx spreadsheet.");
    const zip = await ZipArchive.open(src);
    if (!zip.has("xl/workbook.xml")) throw new SpreadsheetError("The file is a zip archive but not an Excel workbook.");
    const sheetPath = await firstSheetPath(zip);
    if (!zip.has(sheetPath)) throw new SpreadsheetError("The workbook has no worksheet.");
    return new XlsxReader(zip, sheetPath);
  }

  /** The sheet's decoded text, piece by piece (see ZipArchive.pieces). */
  private pieces(options?: { startAt?: string }): AsyncGenerator<string> {
    return this.zip.pieces(this.sheetPath, options);
  }

  /** Raw rows with values from row `from` on, in one streamed pass over the sheet. */
  private async *rawRows(from: number, keep: Set<number> | null, maxColumn: number): AsyncGenerator<RawRow> {
    // Sheets written by Excel and SheetJS number their rows: jump straight to the first wanted one.
    let sawAny = false;
    if (from > 1) {
      for await (const row of this.rowsOf(this.pieces({ startAt: `<row r="${from}"` }), from, keep, maxColumn, () => (sawAny = true))) {
        yield row;
      }
      if (sawAny) return;
    }
    yield* this.rowsOf(this.pieces(), from, keep, maxColumn, () => {});
  }

  private async *rowsOf(
    pieces: AsyncIterable<string>,
    from: number,
    keep: Set<number> | null,
    maxColumn: number,
    seen: () => void,
  ): AsyncGenerator<RawRow> {
    for await (const row of rowSpans(pieces)) {
      seen();
      // A row without any value is no row (the same test counts them in countDataRows).
      if (row.rowNumber < from || !row.hasValue) continue;
      const refs: number[] = [];
      yield {
        rowNumber: row.rowNumber,
        cells: parseCells(row.xml.slice(row.openEnd + 1, row.end), row.rowNumber, keep, maxColumn, refs),
        refs,
      };
    }
  }

  private sharedStringsPath(): string | undefined {
    return this.zip.names().find((k) => k.toLowerCase() === "xl/sharedstrings.xml");
  }

  private sharedStrings(): SharedStrings {
    const path = this.sharedStringsPath();
    return new SharedStrings(() =>
      path ? innerTexts(this.zip.pieces(path), "si", SHEET_LIMITS.sharedStringChars) : (async function* () {})(),
    );
  }

  /** Rows with at least one value between `from` and `to`, keeping only the asked-for columns. */
  async readRows(options: ReadRowsOptions): Promise<{ rows: SheetRow[]; lastRowNumber: number; reachedEnd: boolean }> {
    const keep = options.columns ? new Set(options.columns) : null;
    const maxColumn = options.columns ? Math.max(-1, ...options.columns) : Infinity;
    const raw: RawRow[] = [];
    let reachedEnd = true;
    // A range of rows (a header) reads no further than it must: the part inflates as it is read.
    for await (const row of this.rawRows(options.from, keep, maxColumn)) {
      if (row.rowNumber > options.to) {
        reachedEnd = false;
        break;
      }
      raw.push(row);
    }
    const rows = await this.resolveRows(raw, this.sharedStrings());
    return { rows, lastRowNumber: raw.at(-1)?.rowNumber ?? 0, reachedEnd };
  }

  /**
   * Every row with values from `from` to the end, in batches of `size`, from ONE pass over the sheet
   * and one over the shared strings: an import slice reads each byte of the file once.
   */
  async *batches(options: BatchOptions): AsyncGenerator<RowBatch> {
    const keep = options.columns ? new Set(options.columns) : null;
    const maxColumn = options.columns ? Math.max(-1, ...options.columns) : Infinity;
    const strings = this.sharedStrings();
    let raw: RawRow[] = [];
    let held: RawRow | null = null;
    try {
      // One row is held back so that a full batch knows whether it is the last.
      for await (const row of this.rawRows(options.from, keep, maxColumn)) {
        if (held) raw.push(held);
        held = row;
        if (raw.length === options.size) {
          yield { rows: await this.resolveRows(raw, strings), last: false };
          raw = [];
        }
      }
      if (held) raw.push(held);
      if (raw.length) yield { rows: await this.resolveRows(raw, strings), last: true };
    } finally {
      await strings.close();
    }
  }

  private async resolveRows(raw: RawRow[], strings: SharedStrings): Promise<SheetRow[]> {
    const needed = new Set<number>();
    for (const r of raw) for (let k = 1; k < r.refs.length; k += 2) needed.add(r.refs[k]);
    const found = needed.size ? await strings.resolve(needed) : new Map<number, string>();
    return raw.map((r) => {
      for (let k = 0; k < r.refs.length; k += 2) r.cells[r.refs[k]] = found.get(r.refs[k + 1]) ?? "";
      return { rowNumber: r.rowNumber, cells: r.cells };
    });
  }

  /**
   * One full pass over the sheet: the number of rows holding values after the header, proving on
   * the way that the whole sheet decompresses (a corrupt file is refused before anything is written).
   */
  async countDataRows(headerRowNumber: number): Promise<number> {
    let count = 0;
    for await (const row of rowSpans(this.pieces())) {
      if (row.hasValue && row.rowNumber > headerRowNumber) count += 1;
      // Only a row whose XML is longer than a cell may hold can break the cell or column limits:
      // those few are read whole here, so the import's pass cannot meet a breach after writing.
      if (row.end - row.openEnd > SHEET_LIMITS.cellChars) {
        parseCells(row.xml.slice(row.openEnd + 1, row.end), row.rowNumber, null, Infinity, []);
      }
    }
    await this.checkSharedStrings();
    return count;
  }

  /** One pass over the shared strings: each within the element and cell ceilings. */
  private async checkSharedStrings() {
    const path = this.sharedStringsPath();
    if (!path) return;
    let index = 0;
    for await (const items of innerTexts(this.zip.pieces(path), "si", SHEET_LIMITS.sharedStringChars)) {
      for (const item of items) {
        // Decoding every item would double the pass; only one longer than a cell may be too long.
        if (item.length > SHEET_LIMITS.cellChars && runsText(item).length > SHEET_LIMITS.cellChars) {
          throw new SpreadsheetError(
            `Shared string ${formatCount(index)} holds more than ${formatCount(SHEET_LIMITS.cellChars)} characters, the most a cell can hold (Excel's limit).`,
          );
        }
        index += 1;
      }
    }
  }
}
