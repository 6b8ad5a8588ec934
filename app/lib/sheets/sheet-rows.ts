/**
 * A worksheet's rows, scanned in place: `rowSpans` finds each `<row>` in the streamed sheet XML
 * without copying it, `parseCells` reads a row's cells into values (shared strings left as
 * references for the shared-strings pass). Column, row, tag and cell ceilings: SHEET_LIMITS.
 */
import { formatCount } from "#app/lib/format";
import { formatBytes, SHEET_LIMITS, SpreadsheetError } from "#app/lib/sheets/sheet-limits";
import { attribute, nextElement, runsText, tagEnd, UNDECIDED, unescapeXml } from "#app/lib/sheets/xml-scan";

/** One cell as a reader hands it on: text, a number, a boolean, or empty. */
export type CellValue = string | number | boolean | null;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * A column's index (A → 0, Z → 25, AA → 26) from a cell reference such as "AB12"; -1 when it is not
 * one. Column letters count in base 26 with digits A = 1 … Z = 26 (there is no zero digit).
 */
function columnIndex(ref: string): number {
  const letters = /^([A-Z]{1,4})\d{0,7}$/.exec(ref)?.[1];
  if (!letters) return -1;
  let n = 0;
  for (const letter of letters) n = n * 26 + (ALPHABET.indexOf(letter) + 1);
  return n - 1;
}

/** A column's letters (0 → A), for messages. */
function columnLetters(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = ALPHABET[(n - 1) % 26] + name;
  return name;
}

/** A shared-string index; -1 (no string) when the text is not one. */
function stringIndex(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : -1;
}

function checkCellText(text: string, rowNumber: number, column: number) {
  if (text.length > SHEET_LIMITS.cellChars) {
    throw new SpreadsheetError(
      `Row ${rowNumber}, column ${columnLetters(column)} holds ${formatCount(text.length)} characters; a cell can hold at most ${formatCount(SHEET_LIMITS.cellChars)} (Excel's limit).`,
    );
  }
}

/** Puts a cell's value at its column, the columns before it null where nothing stands. */
function setCell(cells: CellValue[], col: number, value: CellValue) {
  while (cells.length < col) cells.push(null);
  cells[col] = value;
}

/**
 * A sheet's `<row>` elements found in place: `xml` holds the row between `openEnd` and `end` (its
 * cells) and stays valid until the next row is asked for. Nothing is sliced out: an import reads every
 * row of a sheet twice (validation, then the slice), and copying each would copy the sheet again.
 */
export type RowSpan = { xml: string; openEnd: number; end: number; rowNumber: number; hasValue: boolean };

function rowNumberOf(tag: string, previous: number): number {
  const r = attribute(tag, "r");
  const rowNumber = r !== null && /^\d{1,8}$/.test(r) ? Number(r) : previous + 1;
  if (rowNumber > SHEET_LIMITS.rows) {
    throw new SpreadsheetError(`Row ${formatCount(rowNumber)} is beyond Excel's last row (${formatCount(SHEET_LIMITS.rows)}).`);
  }
  return rowNumber;
}

const ROW_OPEN = "<row";
const ROW_CLOSE = "</row>";
/** indexOf's answer when nothing is left to find, and a position not yet searched for (before any). */
const NONE_LEFT = -1;
const NOT_SEARCHED = -2;

export async function* rowSpans(pieces: AsyncIterable<string>): AsyncGenerator<RowSpan> {
  let previousRow = 0;
  let buffer = "";
  // Where the search for the pending row's "</row>" resumes (it is not in the text before).
  let closeFrom = 0;
  for await (const piece of pieces) {
    buffer = buffer ? buffer + piece : piece;
    let at = 0;
    // Next "<v>" and "<t" at or after the row being looked at (-1: none left in the buffer): found
    // once and reused while rows pass, so a row's "has a value" costs no search of its own.
    let value = NOT_SEARCHED;
    let text = NOT_SEARCHED;
    for (;;) {
      const start = nextElement(buffer, ROW_OPEN, at);
      if (start < 0) {
        // Keep a tail that may be the start of the next "<row".
        at = start === UNDECIDED ? buffer.length - ROW_OPEN.length : Math.max(at, buffer.length - ROW_OPEN.length);
        break;
      }
      const openEnd = tagEnd(buffer, start, "row");
      if (openEnd < 0) {
        at = start;
        break;
      }
      const tag = buffer.slice(start, openEnd + 1);
      const selfClosing = tag.endsWith("/>");
      const end = selfClosing ? openEnd : buffer.indexOf(ROW_CLOSE, Math.max(openEnd, closeFrom));
      if (end < 0) {
        if (buffer.length - start > SHEET_LIMITS.rowChars) {
          throw new SpreadsheetError(
            `Row ${formatCount(rowNumberOf(tag, previousRow))} holds more than ${formatBytes(SHEET_LIMITS.rowChars)} of XML; a real spreadsheet row is a few kB.`,
          );
        }
        // A "</row>" may already have begun at the end of the buffer.
        closeFrom = buffer.length - (ROW_CLOSE.length - 1);
        at = start;
        break;
      }
      closeFrom = 0;
      if (end - start > SHEET_LIMITS.rowChars) {
        throw new SpreadsheetError(
          `Row ${formatCount(rowNumberOf(tag, previousRow))} holds more than ${formatBytes(SHEET_LIMITS.rowChars)} of XML; a real spreadsheet row is a few kB.`,
        );
      }
      const rowNumber = rowNumberOf(tag, previousRow);
      previousRow = rowNumber;
      let hasValue = false;
      if (!selfClosing) {
        if (value !== NONE_LEFT && value < openEnd) value = buffer.indexOf("<v>", openEnd);
        if (text !== NONE_LEFT && text < openEnd) text = buffer.indexOf("<t", openEnd);
        hasValue = (value >= 0 && value < end) || (text >= 0 && text < end);
      }
      yield { xml: buffer, openEnd, end, rowNumber, hasValue };
      at = selfClosing ? openEnd + 1 : end + ROW_CLOSE.length;
    }
    buffer = buffer.slice(at);
    closeFrom = Math.max(0, closeFrom - at);
  }
}

/**
 * A row with values, its shared strings not yet looked up: `refs` holds (column, string index)
 * pairs, and those cells are null until the strings pass fills them in (no object per cell: an
 * import reads about 25 cells of 50,000 rows).
 */
export type RawRow = { rowNumber: number; cells: CellValue[]; refs: number[] };

/**
 * Cells of one row (`xml` is the row's inner XML), keeping the columns in `keep` (all when null) up
 * to `maxColumn`. A shared-string cell stays null here and its (column, index) pair goes to `refs`.
 * Every search stays inside the row; a column past XFD and a text past Excel's cell limit are refused.
 */
export function parseCells(xml: string, rowNumber: number, keep: Set<number> | null, maxColumn: number, refs: number[]): CellValue[] {
  const cells: CellValue[] = [];
  let previousColumn = -1;
  for (let at = 0; ;) {
    const start = nextElement(xml, "<c", at);
    if (start < 0) break;
    const end = tagEnd(xml, start, "c");
    if (end < 0) break;
    const tag = xml.slice(start, end + 1);
    const ref = attribute(tag, "r");
    const refColumn = ref === null ? -1 : columnIndex(ref);
    // A cell without a (readable) reference follows the one before it, as Excel reads it.
    const col = refColumn >= 0 ? refColumn : previousColumn + 1;
    previousColumn = col;
    if (col > maxColumn) break;
    if (col >= SHEET_LIMITS.columns || (ref !== null && refColumn < 0 && /^[A-Z]{5,}/.test(ref))) {
      throw new SpreadsheetError(
        `Row ${rowNumber} has a cell${ref ? ` at ${ref.slice(0, 12)}` : ""} beyond column XFD, Excel's last (${formatCount(SHEET_LIMITS.columns)} columns).`,
      );
    }
    if (tag.endsWith("/>")) {
      at = end + 1;
      continue;
    }
    const close = xml.indexOf("</c>", end);
    if (close < 0) break;
    at = close + "</c>".length;
    if (keep && !keep.has(col)) continue;
    const body = xml.slice(end + 1, close);
    const type = attribute(tag, "t") ?? "n";
    let value: CellValue = null;
    if (type === "inlineStr") value = runsText(body);
    else {
      const open = body.indexOf("<v>");
      if (open < 0) continue;
      const valueEnd = body.indexOf("</v>", open);
      const v = body.slice(open + "<v>".length, valueEnd < 0 ? body.length : valueEnd);
      if (type === "s") {
        setCell(cells, col, null);
        refs.push(col, stringIndex(v));
        continue;
      }
      if (type === "b") value = v === "1";
      else if (type === "str" || type === "e" || type === "d") value = unescapeXml(v);
      else {
        const n = Number(v);
        value = Number.isFinite(n) && v !== "" ? n : unescapeXml(v);
      }
    }
    if (typeof value === "string") checkCellText(value, rowNumber, col);
    if (value !== "" && value !== null) setCell(cells, col, value);
  }
  return cells;
}
