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
import type { CellValue } from "./import-mapping";

/** Random access to the file's bytes (an R2 object by range, or a buffer in memory). */
export type ByteSource = {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
  stream(offset: number, length: number): Promise<ReadableStream<Uint8Array>>;
};

/** The file cannot be read, or breaks a ceiling; the message is meant for the operator. */
export class SpreadsheetError extends Error {}

/**
 * Ceilings on what a file may make the reader hold or do. Where Excel has a limit it is Excel's;
 * the others are far above what Excel, LibreOffice or Outscraper write, and low enough that the
 * reader's memory stays within a Worker's 128 MB.
 */
export const SHEET_LIMITS = {
  /** Characters in one cell (Excel's limit). */
  cellChars: 32_767,
  /** Columns, A to XFD (Excel's limit). */
  columns: 16_384,
  /** Rows (Excel's limit). */
  rows: 1_048_576,
  /** One element's opening tag (`<row …>`, `<c …>`, `<si>`); real ones are under 200 characters. */
  tagChars: 8_192,
  /** One row's XML: room for 60 cells at Excel's cell limit; a real Outscraper row is under 20,000. */
  rowChars: 2 * 1024 * 1024,
  /** One shared string's XML: its text at the cell limit, escaped and cut into rich-text runs. */
  sharedStringChars: 256 * 1024,
  /** Any part of the zip, inflated. */
  inflatedBytes: 1024 * 1024 * 1024,
  /**
   * Inflated bytes per compressed byte of a part, beyond the first MB (Apache POI refuses beyond
   * 100 too). Spreadsheet XML compresses 3-20 times; a zip bomb 1,000 times.
   */
  inflateRatio: 100,
  /** Parts read whole: the workbook and its relationships. */
  smallPartBytes: 1024 * 1024,
  /** The zip's central directory. */
  directoryBytes: 4 * 1024 * 1024,
} as const;

const INFLATE_GRACE_BYTES = 1024 * 1024;

const formatCount = (n: number) => n.toLocaleString("en-US");
function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${formatCount(n)} bytes`;
}

export function bufferSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.byteLength,
    read: async (offset, length) => bytes.subarray(offset, offset + length),
    stream: async (offset, length) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          // Hand the slice over in pieces, as a network body would arrive.
          const end = Math.min(bytes.byteLength, offset + length);
          for (let at = offset; at < end; at += 65536) controller.enqueue(bytes.subarray(at, Math.min(end, at + 65536)));
          controller.close();
        },
      }),
  };
}

/** A Blob (an uploaded File) read by slices, so the upload is never copied whole. */
export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
    stream: async (offset, length) => blob.slice(offset, offset + length).stream() as ReadableStream<Uint8Array>,
  };
}

/** Lets the isolate serve other requests: a long pass over a sheet must not hold the event loop. */
/** Inflated bytes between two yields to other work. */
const YIELD_EVERY_BYTES = 1024 * 1024;

function yieldToOtherWork(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

type ZipEntry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000;
const u64 = (b: Uint8Array, o: number) => u32(b, o) + u32(b, o + 4) * 0x100000000;

export const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
export const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

async function readDirectory(src: ByteSource): Promise<Map<string, ZipEntry>> {
  const tailLength = Math.min(src.size, 65557);
  const tail = await src.read(src.size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (u32(tail, i) === END_OF_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new SpreadsheetError("The file is corrupt or truncated: its zip directory is missing.");
  let count = u16(tail, eocd + 10);
  let dirSize = u32(tail, eocd + 12);
  let dirOffset = u32(tail, eocd + 16);
  if (dirOffset === 0xffffffff || count === 0xffff) {
    const locator = eocd - 20;
    if (locator < 0 || u32(tail, locator) !== ZIP64_LOCATOR) throw new SpreadsheetError("The file is corrupt: bad zip64 directory.");
    const at = u64(tail, locator + 8);
    const z64 = at + 56 <= src.size ? await src.read(at, 56) : new Uint8Array(0);
    if (z64.length < 56 || u32(z64, 0) !== ZIP64_END_OF_DIRECTORY) throw new SpreadsheetError("The file is corrupt: bad zip64 directory.");
    count = u64(z64, 32);
    dirSize = u64(z64, 40);
    dirOffset = u64(z64, 48);
  }
  if (dirOffset + dirSize > src.size) throw new SpreadsheetError("The file is corrupt or truncated: its zip directory points past the end.");
  if (dirSize > SHEET_LIMITS.directoryBytes || count * 46 > dirSize) {
    throw new SpreadsheetError(`The file is not a workbook Excel would write: its zip directory lists ${formatCount(count)} parts in ${formatBytes(dirSize)}.`);
  }
  const dir = await src.read(dirOffset, dirSize);
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dir.length || u32(dir, p) !== DIRECTORY_ENTRY) throw new SpreadsheetError("The file is corrupt: bad zip directory entry.");
    const nameLength = u16(dir, p + 28);
    const extraLength = u16(dir, p + 30);
    const commentLength = u16(dir, p + 32);
    const entry: ZipEntry = {
      name: decoder.decode(dir.subarray(p + 46, p + 46 + nameLength)),
      method: u16(dir, p + 10),
      compressedSize: u32(dir, p + 20),
      size: u32(dir, p + 24),
      localOffset: u32(dir, p + 42),
    };
    // Zip64 extra field: the 0xffffffff sizes and offset follow in that order.
    let e = p + 46 + nameLength;
    const extraEnd = Math.min(dir.length, e + extraLength);
    while (e + 4 <= extraEnd) {
      const id = u16(dir, e);
      const len = u16(dir, e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        const field = () => {
          if (q + 8 > extraEnd) throw new SpreadsheetError("The file is corrupt: bad zip64 directory entry.");
          const value = u64(dir, q);
          q += 8;
          return value;
        };
        if (entry.size === 0xffffffff) entry.size = field();
        if (entry.compressedSize === 0xffffffff) entry.compressedSize = field();
        if (entry.localOffset === 0xffffffff) entry.localOffset = field();
      }
      e += 4 + len;
    }
    entries.set(entry.name.replace(/^\//, ""), entry);
    p = p + 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Refuses a part before inflating it when its declared size breaks a ceiling; while it inflates,
 * the reader holds it to that declared size (a directory that lies is caught at the first byte past).
 */
function checkDeclaredSize(entry: ZipEntry) {
  if (entry.size > SHEET_LIMITS.inflatedBytes) {
    throw new SpreadsheetError(
      `Its part ${entry.name} would decompress to ${formatBytes(entry.size)}; the largest a part may be is ${formatBytes(SHEET_LIMITS.inflatedBytes)}.`,
    );
  }
  if (entry.size > INFLATE_GRACE_BYTES && entry.size > entry.compressedSize * SHEET_LIMITS.inflateRatio) {
    throw new SpreadsheetError(
      `Its part ${entry.name} would decompress to ${formatBytes(entry.size)}, more than ${SHEET_LIMITS.inflateRatio} times its compressed size: no real spreadsheet compresses that well (a zip bomb?).`,
    );
  }
}

/** Index of `pattern` in `bytes`, or -1. Scans for its rarest-looking byte ('w' of "<row") natively. */
function findPattern(bytes: Uint8Array, pattern: Uint8Array): number {
  const anchor = 3; // "<row": the 'w' is rare in sheet XML, '<' is everywhere
  for (let at = bytes.indexOf(pattern[anchor], anchor); at >= 0; at = bytes.indexOf(pattern[anchor], at + 1)) {
    const start = at - anchor;
    if (start + pattern.length > bytes.length) return -1;
    let match = true;
    for (let i = 0; i < pattern.length; i++) {
      if (bytes[start + i] !== pattern[i]) {
        match = false;
        break;
      }
    }
    if (match) return start;
  }
  return -1;
}

const ENTITY = /&(?:#x([0-9a-f]{1,8})|#(\d{1,10})|(amp|lt|gt|quot|apos));/gi;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** A character reference's text; one that names no Unicode character reads as U+FFFD. */
function fromCodePoint(code: number): string {
  return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
}

export function unescapeXml(s: string): string {
  if (s.indexOf("&") < 0 && s.indexOf("_x") < 0) return s;
  return s
    .replace(ENTITY, (_, hex: string, dec: string, name: string) =>
      hex ? fromCodePoint(parseInt(hex, 16)) : dec ? fromCodePoint(Number(dec)) : NAMED[name.toLowerCase()],
    )
    .replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Whether a character ends an element name: white space, '/' or '>' (so `<row` is not `<rowBreaks`). */
function isNameEnd(char: string): boolean {
  return char === " " || char === "/" || char === ">" || char === "\t" || char === "\n" || char === "\r";
}

/**
 * Where the next element opening with `open` (such as "<row") starts in `xml` at or after `from`:
 * its index, -1 when there is none, or `undecided` when `open` stands at the very end (the next
 * piece tells whether it is `<row` or `<rowBreaks`).
 */
function nextElement(xml: string, open: string, from: number): number {
  for (let at = xml.indexOf(open, from); at >= 0; at = xml.indexOf(open, at + 1)) {
    if (at + open.length >= xml.length) return UNDECIDED;
    if (isNameEnd(xml[at + open.length])) return at;
  }
  return -1;
}
const UNDECIDED = -2;

/**
 * The end ('>') of the opening tag that starts at `start`, or -1 when it has not arrived yet. A
 * tag may not run on past SHEET_LIMITS.tagChars: without that, one unclosed `<row` would be kept
 * and searched again with every piece of a gigabyte sheet.
 */
function tagEnd(xml: string, start: number, name: string): number {
  const end = xml.indexOf(">", start);
  if (end >= 0 ? end - start > SHEET_LIMITS.tagChars : xml.length - start > SHEET_LIMITS.tagChars) {
    throw new SpreadsheetError(`A <${name}> tag runs on for more than ${formatCount(SHEET_LIMITS.tagChars)} characters.`);
  }
  return end;
}

/** The value of attribute `name` in an opening tag's text; null when absent. */
function attribute(tag: string, name: string): string | null {
  for (const quote of ['"', "'"]) {
    const key = `${name}=${quote}`;
    for (let at = tag.indexOf(key); at >= 0; at = tag.indexOf(key, at + 1)) {
      // The name must stand alone (`t=` is not the end of `ht=`).
      if (at > 0 && !isNameEnd(tag[at - 1])) continue;
      const end = tag.indexOf(quote, at + key.length);
      return end < 0 ? null : tag.slice(at + key.length, end);
    }
  }
  return null;
}

/**
 * Every opening tag of the elements named `localName` (any namespace prefix) in a small part read
 * whole, in order. A plain scan: a regex such as /<sheet\b[^>]*?r:id="…"/ backtracks
 * quadratically over a hostile part.
 */
function* openingTags(xml: string, localName: string): Generator<string> {
  for (let at = xml.indexOf("<"); at >= 0; at = xml.indexOf("<", at + 1)) {
    // Names are short: stop at 64 characters (or the next '<') so "<a<a<a…" costs one pass.
    let nameEnd = at + 1;
    while (nameEnd < xml.length && nameEnd - at < 64 && xml[nameEnd] !== "<" && !isNameEnd(xml[nameEnd])) nameEnd += 1;
    const name = xml.slice(at + 1, nameEnd);
    if (name !== localName && !name.endsWith(`:${localName}`)) continue;
    const end = tagEnd(xml, at, localName);
    if (end < 0) return;
    yield xml.slice(at, end + 1);
    at = end;
  }
}

/**
 * Text of the <t> runs of a string item, leaving out phonetic (<rPh>) runs. One forward scan:
 * each search starts where the last one ended, so a thousand unclosed `<t>` cost one pass, not a
 * thousand.
 */
function runsText(xml: string): string {
  let out = "";
  let phonetic = nextElement(xml, "<rPh", 0);
  for (let at = 0; ; ) {
    const run = nextElement(xml, "<t", at);
    if (run < 0) break;
    if (phonetic >= 0 && phonetic < run) {
      const phoneticEnd = xml.indexOf("</rPh>", phonetic);
      if (phoneticEnd < 0) break;
      at = phoneticEnd + 6;
      phonetic = nextElement(xml, "<rPh", at);
      continue;
    }
    const open = tagEnd(xml, run, "t");
    if (open < 0) break;
    if (xml[open - 1] === "/") {
      at = open + 1;
      continue;
    }
    const close = xml.indexOf("</t>", open);
    if (close < 0) break;
    out += xml.slice(open + 1, close);
    at = close + 4;
  }
  return unescapeXml(out);
}

/** A column's index (A → 0) from a cell reference such as "AB12"; -1 when it is not one. */
function columnIndex(ref: string): number {
  const letters = /^([A-Z]{1,4})\d{0,7}$/.exec(ref)?.[1];
  if (!letters) return -1;
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n - 1;
}

/** A column's letters (0 → A), for messages. */
function columnLetters(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
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

/**
 * The inner text of each `<tag …>…</tag>` element of streamed XML text ("" when self-closing), in
 * order, a piece's worth at a time: a shared-strings part holds a hundred thousand of them, and one
 * await each would cost more than reading them. Only a partial element is kept between pieces, at
 * most `maxChars` of it, and the search for its end resumes where it stopped.
 */
async function* innerTexts(pieces: AsyncIterable<string>, tag: string, maxChars: number): AsyncGenerator<string[]> {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let buffer = "";
  // Where the search for the pending element's close resumes (it is not in the text before).
  let closeFrom = 0;
  for await (const piece of pieces) {
    buffer = buffer ? buffer + piece : piece;
    const found: string[] = [];
    let at = 0;
    for (;;) {
      const start = nextElement(buffer, open, at);
      if (start === UNDECIDED) {
        at = buffer.length - open.length;
        break;
      }
      if (start < 0) {
        at = Math.max(at, buffer.length - open.length);
        break;
      }
      const openEnd = tagEnd(buffer, start, tag);
      if (openEnd < 0) {
        at = start;
        break;
      }
      if (buffer[openEnd - 1] === "/") {
        found.push("");
        at = openEnd + 1;
        continue;
      }
      const end = buffer.indexOf(close, Math.max(openEnd, closeFrom));
      if (end < 0) {
        if (buffer.length - start > maxChars) {
          throw new SpreadsheetError(`A <${tag}> element holds more than ${formatCount(maxChars)} characters.`);
        }
        closeFrom = buffer.length - close.length;
        at = start;
        break;
      }
      closeFrom = 0;
      if (end - start > maxChars) throw new SpreadsheetError(`A <${tag}> element holds more than ${formatCount(maxChars)} characters.`);
      found.push(buffer.slice(openEnd + 1, end));
      at = end + close.length;
    }
    buffer = buffer.slice(at);
    closeFrom = Math.max(0, closeFrom - at);
    if (found.length) yield found;
  }
}

/**
 * A sheet's `<row>` elements found in place: `xml` holds the row between `openEnd` and `end` (its
 * cells) and stays valid until the next row is asked for. Nothing is sliced out: an import reads every
 * row of a sheet twice (validation, then the slice), and copying each would copy the sheet again.
 */
type RowSpan = { xml: string; openEnd: number; end: number; rowNumber: number; hasValue: boolean };

function rowNumberOf(tag: string, previous: number): number {
  const r = attribute(tag, "r");
  const rowNumber = r !== null && /^\d{1,8}$/.test(r) ? Number(r) : previous + 1;
  if (rowNumber > SHEET_LIMITS.rows) {
    throw new SpreadsheetError(`Row ${formatCount(rowNumber)} is beyond Excel's last row (${formatCount(SHEET_LIMITS.rows)}).`);
  }
  return rowNumber;
}

async function* rowSpans(pieces: AsyncIterable<string>): AsyncGenerator<RowSpan> {
  let previousRow = 0;
  let buffer = "";
  // Where the search for the pending row's "</row>" resumes (it is not in the text before).
  let closeFrom = 0;
  for await (const piece of pieces) {
    buffer = buffer ? buffer + piece : piece;
    let at = 0;
    // Next "<v>" and "<t" at or after the row being looked at (-1: none left in the buffer): found
    // once and reused while rows pass, so a row's "has a value" costs no search of its own.
    let value = -2;
    let text = -2;
    for (;;) {
      const start = nextElement(buffer, "<row", at);
      if (start < 0) {
        at = start === UNDECIDED ? buffer.length - 4 : Math.max(at, buffer.length - 4);
        break;
      }
      const openEnd = tagEnd(buffer, start, "row");
      if (openEnd < 0) {
        at = start;
        break;
      }
      const tag = buffer.slice(start, openEnd + 1);
      const selfClosing = tag.endsWith("/>");
      const end = selfClosing ? openEnd : buffer.indexOf("</row>", Math.max(openEnd, closeFrom));
      if (end < 0) {
        if (buffer.length - start > SHEET_LIMITS.rowChars) {
          throw new SpreadsheetError(
            `Row ${formatCount(rowNumberOf(tag, previousRow))} holds more than ${formatBytes(SHEET_LIMITS.rowChars)} of XML; a real spreadsheet row is a few kB.`,
          );
        }
        closeFrom = buffer.length - 5;
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
        if (value !== -1 && value < openEnd) value = buffer.indexOf("<v>", openEnd);
        if (text !== -1 && text < openEnd) text = buffer.indexOf("<t", openEnd);
        hasValue = (value >= 0 && value < end) || (text >= 0 && text < end);
      }
      yield { xml: buffer, openEnd, end, rowNumber, hasValue };
      at = selfClosing ? openEnd + 1 : end + 6;
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
type RawRow = { rowNumber: number; cells: CellValue[]; refs: number[] };

/**
 * Cells of one row (`xml` is the row's inner XML), keeping the columns in `keep` (all when null) up
 * to `maxColumn`. A shared-string cell stays null here and its (column, index) pair goes to `refs`.
 * Every search stays inside the row; a column past XFD and a text past Excel's cell limit are refused.
 */
function parseCells(xml: string, rowNumber: number, keep: Set<number> | null, maxColumn: number, refs: number[]): CellValue[] {
  const cells: CellValue[] = [];
  let previousColumn = -1;
  for (let at = 0; ; ) {
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
    at = close + 4;
    if (keep && !keep.has(col)) continue;
    const body = xml.slice(end + 1, close);
    const type = attribute(tag, "t") ?? "n";
    let value: CellValue = null;
    if (type === "inlineStr") value = runsText(body);
    else {
      const open = body.indexOf("<v>");
      if (open < 0) continue;
      const valueEnd = body.indexOf("</v>", open);
      const v = body.slice(open + 3, valueEnd < 0 ? body.length : valueEnd);
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

/** Characters of shared strings remembered for repeated use: two generations of up to 1M each (~4 MB). */
const MEMO_CHARS = 1_000_000;

/**
 * Shared strings by index, read forward through ONE stream as the rows ask for them, so a pass over
 * the sheet reads `sharedStrings.xml` once. Writers number strings in order of first use, so a row
 * asks for strings at or after the cursor, or for repeats (a category, a city), which a bounded memo
 * keeps. Anything else behind the cursor is found by one more pass from the start: slower, still exact.
 */
class SharedStrings {
  private cursor: AsyncIterator<string[]> | null = null;
  // The piece of string items the cursor last gave, and how far into it the reader is.
  private piece: string[] = [];
  private pieceAt = 0;
  private next = 0;
  // Two generations: a hit moves to `young`; when `young` is full it becomes `old` and the previous
  // `old` is dropped, so recently used strings stay at O(1) per lookup and memory stays bounded.
  private young = new Map<number, string>();
  private old = new Map<number, string>();
  private youngChars = 0;

  constructor(private readonly items: () => AsyncIterable<string[]>) {}

  async resolve(indexes: Set<number>): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const ahead = new Set<number>();
    const behind = new Set<number>();
    let lastAhead = -1;
    let lastBehind = -1;
    for (const i of indexes) {
      const known = this.young.get(i) ?? this.old.get(i);
      if (known !== undefined) out.set(i, known);
      else if (i >= this.next) {
        ahead.add(i);
        if (i > lastAhead) lastAhead = i;
      } else {
        behind.add(i);
        if (i > lastBehind) lastBehind = i;
      }
    }
    if (behind.size) {
      let index = 0;
      pass: for await (const piece of this.items()) {
        for (const inner of piece) {
          if (behind.has(index)) out.set(index, runsText(inner));
          if (++index > lastBehind) break pass;
        }
      }
    }
    if (ahead.size) {
      this.cursor ??= this.items()[Symbol.asyncIterator]();
      while (this.next <= lastAhead) {
        if (this.pieceAt === this.piece.length) {
          const piece = await this.cursor.next();
          if (piece.done) break;
          this.piece = piece.value;
          this.pieceAt = 0;
          continue;
        }
        const inner = this.piece[this.pieceAt++];
        if (ahead.has(this.next)) out.set(this.next, runsText(inner));
        this.next += 1;
      }
    }
    for (const [i, text] of out) this.remember(i, text);
    return out;
  }

  private remember(index: number, text: string) {
    if (this.young.has(index) || text.length > MEMO_CHARS / 100) return;
    if (this.youngChars + text.length > MEMO_CHARS) {
      this.old = this.young;
      this.young = new Map();
      this.youngChars = 0;
    }
    this.young.set(index, text);
    this.youngChars += text.length;
  }

  async close() {
    await this.cursor?.return?.();
  }
}

/**
 * Raw deflate data inflated as the reader asks for it: one compressed piece is written to the
 * decompressor only when no output is waiting. workerd's `pipeThrough(new DecompressionStream())`
 * inflates an R2 body far ahead of a reader that pauses — measured +170 to +280 MB of resident
 * memory while a reader of a 419 MB part waited 4 s, against +0 to +37 MB this way — and a Worker
 * has 128 MB. The price is a round of promises per piece (docs/decisions/0009-hostile-spreadsheets.md).
 */
function inflateOnDemand(raw: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const inflater = new DecompressionStream("deflate-raw");
  const input = raw.getReader();
  const writer = inflater.writable.getWriter();
  const output = (inflater.readable as ReadableStream<Uint8Array>).getReader();
  let reading: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  let writing: Promise<void> | null = null;
  let inputDone = false;
  const feed = async () => {
    const next = await input.read();
    if (next.done) {
      inputDone = true;
      await writer.close();
    } else await writer.write(next.value as Uint8Array<ArrayBuffer>);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (!reading) {
          reading = output.read();
          // Observed here so a failure met while the other promise settles first is not "unhandled";
          // it still reaches the reader through the await below.
          reading.catch(() => {});
        }
        if (!writing && !inputDone) {
          writing = feed();
          writing.catch(() => {});
        }
        const read = reading;
        // Output first if it comes; a finished write only means the next piece may go in.
        const settled = writing ? await Promise.race([read.then(() => "read" as const), writing.then(() => "written" as const)]) : "read";
        if (settled === "written") {
          writing = null;
          continue;
        }
        reading = null;
        const { done, value } = await read;
        if (done) controller.close();
        else controller.enqueue(value);
        return;
      }
    },
    async cancel(reason) {
      // Not awaited: an abort waits for a write in flight, which waits for output no one will read.
      input.cancel(reason).catch(() => {});
      writer.abort(reason).catch(() => {});
      output.releaseLock();
    },
  });
}

export class XlsxReader {
  private constructor(
    private readonly src: ByteSource,
    private readonly entries: Map<string, ZipEntry>,
    readonly sheetPath: string,
  ) {}

  static async open(src: ByteSource): Promise<XlsxReader> {
    const head = await src.read(0, Math.min(4, src.size));
    if (!startsWith(head, ZIP_SIGNATURE)) throw new SpreadsheetError("The file is not an .xlsx spreadsheet.");
    const entries = await readDirectory(src);
    if (!entries.has("xl/workbook.xml")) throw new SpreadsheetError("The file is a zip archive but not an Excel workbook.");
    const reader = new XlsxReader(src, entries, "");
    const sheetPath = await reader.firstSheetPath();
    if (!entries.has(sheetPath)) throw new SpreadsheetError("The workbook has no worksheet.");
    return new XlsxReader(src, entries, sheetPath);
  }

  private async firstSheetPath(): Promise<string> {
    const workbook = await this.text("xl/workbook.xml");
    const sheet = openingTags(workbook, "sheet").next();
    const sheetId = sheet.done ? null : (attribute(sheet.value, "r:id") ?? attribute(sheet.value, "id"));
    if (sheetId === null) throw new SpreadsheetError("The workbook has no worksheet.");
    const rels = this.entries.has("xl/_rels/workbook.xml.rels") ? await this.text("xl/_rels/workbook.xml.rels") : "";
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

  /** The inflated bytes of an entry, as a stream; a corrupt or truncated entry errors the stream. */
  private async entryStream(name: string): Promise<ReadableStream<Uint8Array>> {
    const entry = this.entries.get(name);
    if (!entry) throw new SpreadsheetError(`The workbook lacks ${name}.`);
    const local = await this.src.read(entry.localOffset, 30);
    if (local.length < 30 || u32(local, 0) !== 0x04034b50) throw new SpreadsheetError("The file is corrupt: bad zip entry header.");
    const dataOffset = entry.localOffset + 30 + u16(local, 26) + u16(local, 28);
    if (dataOffset + entry.compressedSize > this.src.size) throw new SpreadsheetError("The file is truncated.");
    checkDeclaredSize(entry);
    const raw = await this.src.stream(dataOffset, entry.compressedSize);
    if (entry.method === 0) return raw;
    if (entry.method !== 8) throw new SpreadsheetError("The file uses an unsupported zip compression.");
    return inflateOnDemand(raw);
  }

  /** A small part (the workbook, its relationships) read whole, at most SHEET_LIMITS.smallPartBytes. */
  private async text(name: string): Promise<string> {
    const entry = this.entries.get(name);
    if (entry && entry.size > SHEET_LIMITS.smallPartBytes) {
      throw new SpreadsheetError(`Its part ${name} is ${formatBytes(entry.size)}; a workbook's ${name} is a few kB.`);
    }
    let out = "";
    for await (const piece of this.pieces(name)) out += piece;
    return out;
  }

  /**
   * The decoded text of an entry, piece by piece as it inflates. With `startAt`, the bytes before
   * the first occurrence of that ASCII pattern are skipped without being decoded (a later part of a
   * sheet need not decode the rows before it); nothing is yielded when the pattern never occurs.
   * Only as much is inflated as is read; stopping the iteration early cancels the stream.
   */
  private async *pieces(name: string, { startAt }: { startAt?: string } = {}): AsyncGenerator<string> {
    const declaredSize = this.entries.get(name)?.size ?? 0;
    const stream = await this.entryStream(name);
    const reader = stream.getReader();
    let inflated = 0;
    let sinceYield = 0;
    const decoder = new TextDecoder();
    const pattern = startAt ? new TextEncoder().encode(startAt) : null;
    let skipping = pattern !== null;
    let carry = new Uint8Array(0);
    let finished = false;
    try {
      for (;;) {
        let done: boolean;
        let value: Uint8Array | undefined;
        try {
          ({ done, value } = await reader.read());
        } catch {
          throw new SpreadsheetError("The file is corrupt or truncated: a part of it cannot be decompressed.");
        }
        if (done) {
          finished = true;
          if (skipping) return;
          const rest = decoder.decode();
          if (rest) yield rest;
          return;
        }
        let bytes = value as Uint8Array;
        // The directory's size was checked against the ceilings; a part that inflates past it lies.
        inflated += bytes.length;
        if (inflated > declaredSize) {
          throw new SpreadsheetError(`The file is corrupt: its part ${name} decompresses to more than the ${formatBytes(declaredSize)} its zip directory declares.`);
        }
        sinceYield += bytes.length;
        if (sinceYield >= YIELD_EVERY_BYTES) {
          sinceYield = 0;
          await yieldToOtherWork();
        }
        let head = "";
        if (skipping && pattern) {
          // A match may straddle two pieces: look at the seam in a small buffer, never copy the piece.
          if (carry.length) {
            const seam = new Uint8Array(carry.length + Math.min(bytes.length, pattern.length));
            seam.set(carry);
            seam.set(bytes.subarray(0, seam.length - carry.length), carry.length);
            const at = findPattern(seam, pattern);
            if (at >= 0) {
              skipping = false;
              head = decoder.decode(seam.subarray(at, carry.length), { stream: true });
            }
          }
          if (skipping) {
            const at = findPattern(bytes, pattern);
            if (at < 0) {
              carry = bytes.slice(Math.max(0, bytes.length - pattern.length + 1));
              continue;
            }
            skipping = false;
            bytes = bytes.subarray(at);
          }
        }
        yield head + decoder.decode(bytes, { stream: true });
      }
    } finally {
      if (!finished) await reader.cancel().catch(() => {});
      reader.releaseLock();
    }
  }

  /** Raw rows with values from row `from` on, in one streamed pass over the sheet. */
  private async *rawRows(from: number, keep: Set<number> | null, maxColumn: number): AsyncGenerator<RawRow> {
    // Sheets written by Excel and SheetJS number their rows: jump straight to the first wanted one.
    let sawAny = false;
    if (from > 1) {
      for await (const row of this.rowsOf(this.pieces(this.sheetPath, { startAt: `<row r="${from}"` }), from, keep, maxColumn, () => (sawAny = true))) {
        yield row;
      }
      if (sawAny) return;
    }
    yield* this.rowsOf(this.pieces(this.sheetPath), from, keep, maxColumn, () => {});
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
      yield { rowNumber: row.rowNumber, cells: parseCells(row.xml.slice(row.openEnd + 1, row.end), row.rowNumber, keep, maxColumn, refs), refs };
    }
  }

  private sharedStringsPath(): string | undefined {
    return [...this.entries.keys()].find((k) => k.toLowerCase() === "xl/sharedstrings.xml");
  }

  private sharedStrings(): SharedStrings {
    const path = this.sharedStringsPath();
    return new SharedStrings(() => (path ? innerTexts(this.pieces(path), "si", SHEET_LIMITS.sharedStringChars) : (async function* () {})()));
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
    for await (const row of rowSpans(this.pieces(this.sheetPath))) {
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
    for await (const items of innerTexts(this.pieces(path), "si", SHEET_LIMITS.sharedStringChars)) {
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
