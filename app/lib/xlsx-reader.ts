/**
 * A streaming .xlsx reader for large imports (docs/decisions/0005-chunked-import.md). A Worker has
 * 128 MB; a 50,000-row Outscraper sheet is ~65 MB zipped and several hundred MB of XML, which a
 * whole-workbook parser cannot hold. This reads the zip's central directory with range reads,
 * inflates the sheet with DecompressionStream as it arrives and keeps only the rows and columns a
 * chunk asks for; shared strings are looked up in a second streamed pass that keeps only the
 * indexes those rows use. Pure: Web platform APIs only (runs in workerd and Node 22).
 */
import type { CellValue } from "./import-mapping";

/** Random access to the file's bytes (an R2 object by range, or a buffer in memory). */
export type ByteSource = {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
  stream(offset: number, length: number): Promise<ReadableStream<Uint8Array>>;
};

export class SpreadsheetError extends Error {}

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

type ZipEntry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000;
const u64 = (b: Uint8Array, o: number) => u32(b, o) + u32(b, o + 4) * 0x100000000;

export const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
export const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

async function readDirectory(src: ByteSource): Promise<Map<string, ZipEntry>> {
  const tailLength = Math.min(src.size, 65557);
  const tail = await src.read(src.size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 0x05 && tail[i + 3] === 0x06) {
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
    if (locator < 0 || u32(tail, locator) !== 0x07064b50) throw new SpreadsheetError("The file is corrupt: bad zip64 directory.");
    const z64 = await src.read(u64(tail, locator + 8), 56);
    count = u64(z64, 32);
    dirSize = u64(z64, 40);
    dirOffset = u64(z64, 48);
  }
  if (dirOffset + dirSize > src.size) throw new SpreadsheetError("The file is corrupt or truncated: its zip directory points past the end.");
  const dir = await src.read(dirOffset, dirSize);
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dir.length || u32(dir, p) !== 0x02014b50) throw new SpreadsheetError("The file is corrupt: bad zip directory entry.");
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
    const extraEnd = e + extraLength;
    while (e + 4 <= extraEnd) {
      const id = u16(dir, e);
      const len = u16(dir, e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        if (entry.size === 0xffffffff) (entry.size = u64(dir, q)), (q += 8);
        if (entry.compressedSize === 0xffffffff) (entry.compressedSize = u64(dir, q)), (q += 8);
        if (entry.localOffset === 0xffffffff) entry.localOffset = u64(dir, q);
      }
      e += 4 + len;
    }
    entries.set(entry.name.replace(/^\//, ""), entry);
    p = extraEnd + commentLength;
  }
  return entries;
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

const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function unescapeXml(s: string): string {
  if (s.indexOf("&") < 0 && s.indexOf("_x") < 0) return s;
  return s
    .replace(ENTITY, (_, hex: string, dec: string, name: string) =>
      hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : NAMED[name.toLowerCase()],
    )
    .replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Text of the <t> runs of a string item, leaving out phonetic (<rPh>) runs. */
function runsText(xml: string): string {
  // One plain run, as writers nearly always put it: <t>…</t> or <t xml:space="preserve">…</t>.
  if (xml.charCodeAt(0) === 60 && xml.charCodeAt(1) === 116 && (xml.charCodeAt(2) === 62 || xml.charCodeAt(2) === 32)) {
    const open = xml.indexOf(">");
    const close = xml.length - 4;
    if (open > 0 && xml.startsWith("</t>", close) && xml.indexOf("<", open) === close) return unescapeXml(xml.slice(open + 1, close));
  }
  const withoutPhonetic = xml.indexOf("<rPh") >= 0 ? xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "") : xml;
  let out = "";
  const re = /<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g;
  for (let m = re.exec(withoutPhonetic); m; m = re.exec(withoutPhonetic)) out += m[1];
  return unescapeXml(out);
}

function columnIndex(ref: string, at = 0): number {
  let n = 0;
  for (let i = at; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

/** A shared-string index written in `xml` between `from` and `to`; -1 (no string) when it is not one. */
function stringIndex(xml: string, from: number, to: number): number {
  if (from >= to) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const digit = xml.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) {
      // Not plain digits (" 12", "1e1"): read it as a number would be read.
      const value = Number(xml.slice(from, to));
      return Number.isSafeInteger(value) && value >= 0 ? value : -1;
    }
    n = n * 10 + digit;
  }
  return n;
}

/** The value of attribute `name` in the tag text between `from` and `to`, read in place; null when absent. */
function attribute(xml: string, name: string, from: number, to: number): string | null {
  const key = `${name}="`;
  for (let at = xml.indexOf(key, from); at >= 0 && at < to; at = xml.indexOf(key, at + 1)) {
    // The name must stand alone (`t=` is not the end of `ht=`).
    if (xml.charCodeAt(at - 1) > 32) continue;
    const end = xml.indexOf('"', at + key.length);
    return end < 0 || end > to ? null : xml.slice(at + key.length, end);
  }
  return null;
}

/** Whether a character ends an element name: white space, '/' or '>' (so `<row` is not `<rowBreaks`). */
function isNameEnd(code: number): boolean {
  return code === 32 || code === 47 || code === 62 || code === 9 || code === 10 || code === 13;
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
 * await each would cost more than reading them. Only a partial element is kept between pieces, so
 * memory follows the largest element, not the document.
 */
async function* innerTexts(pieces: AsyncIterable<string>, tag: string): AsyncGenerator<string[]> {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let buffer = "";
  for await (const piece of pieces) {
    buffer = buffer ? buffer + piece : piece;
    const found: string[] = [];
    let at = 0;
    for (;;) {
      let start = buffer.indexOf(open, at);
      // The name must end there: `<si` is not `<sig…`.
      while (start >= 0 && start + open.length < buffer.length && !isNameEnd(buffer.charCodeAt(start + open.length))) {
        start = buffer.indexOf(open, start + 1);
      }
      if (start < 0) {
        at = Math.max(at, buffer.length - open.length);
        break;
      }
      const openEnd = start + open.length < buffer.length ? buffer.indexOf(">", start) : -1;
      if (openEnd < 0) {
        at = start;
        break;
      }
      if (buffer[openEnd - 1] === "/") {
        found.push("");
        at = openEnd + 1;
        continue;
      }
      const end = buffer.indexOf(close, openEnd);
      if (end < 0) {
        at = start;
        break;
      }
      found.push(buffer.slice(openEnd + 1, end));
      at = end + close.length;
    }
    buffer = buffer.slice(at);
    if (found.length) yield found;
  }
}

/**
 * A sheet's `<row>` elements found in place: `xml` holds the row between `openEnd` and `end` (its
 * cells) and stays valid until the next row is asked for. Nothing is sliced out: an import reads every
 * row of a sheet twice (validation, then the slice), and copying each would copy the sheet again.
 */
type RowSpan = { xml: string; openEnd: number; end: number; rowNumber: number; hasValue: boolean };

async function* rowSpans(pieces: AsyncIterable<string>): AsyncGenerator<RowSpan> {
  let implicitRow = 0;
  let buffer = "";
  for await (const piece of pieces) {
    buffer = buffer ? buffer + piece : piece;
    let at = 0;
    // Next "<v>" and "<t" at or after the row being looked at (-1: none left in the buffer).
    let value = -2;
    let text = -2;
    for (;;) {
      let start = buffer.indexOf("<row", at);
      while (start >= 0 && start + 4 < buffer.length && !isNameEnd(buffer.charCodeAt(start + 4))) start = buffer.indexOf("<row", start + 1);
      const openEnd = start >= 0 && start + 4 < buffer.length ? buffer.indexOf(">", start) : -1;
      if (openEnd < 0) {
        at = start >= 0 ? start : Math.max(at, buffer.length - 4);
        break;
      }
      const selfClosing = buffer.charCodeAt(openEnd - 1) === 47;
      const end = selfClosing ? openEnd : buffer.indexOf("</row>", openEnd);
      if (end < 0) {
        at = start;
        break;
      }
      const r = attribute(buffer, "r", start + 4, openEnd);
      const rowNumber = r && /^\d+$/.test(r) ? Number(r) : implicitRow + 1;
      implicitRow = rowNumber;
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
  }
}

/**
 * A row with values, its shared strings not yet looked up: `refs` holds (column, string index)
 * pairs, and those cells are null until the strings pass fills them in (no object per cell: an
 * import reads about 25 cells of 50,000 rows).
 */
type RawRow = { rowNumber: number; cells: CellValue[]; refs: number[] };

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
 * decompressor only when no output is waiting. workerd's pipeThrough pumps a body held in memory
 * through the decompressor far ahead of its reader: reading a sheet's header row took 146 ms of
 * the 50,000-row bench file's 72 MB sheet, on demand 8 ms. For a pass to the end the native pipe
 * is the faster of the two (this loop costs a round of promises per piece).
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
      await Promise.allSettled([input.cancel(reason), writer.abort(reason), output.cancel(reason)]);
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
    const sheet = /<(?:\w+:)?sheet\b[^>]*?\br:id="([^"]+)"/.exec(workbook) ?? /<(?:\w+:)?sheet\b[^>]*?\bid="([^"]+)"/.exec(workbook);
    if (!sheet) throw new SpreadsheetError("The workbook has no worksheet.");
    const rels = this.entries.has("xl/_rels/workbook.xml.rels") ? await this.text("xl/_rels/workbook.xml.rels") : "";
    const rel = new RegExp(`<Relationship\\b[^>]*\\bId="${sheet[1]}"[^>]*>`).exec(rels);
    const target = rel ? /Target="([^"]+)"/.exec(rel[0])?.[1] : undefined;
    if (!target) return "xl/worksheets/sheet1.xml";
    return target.startsWith("/") ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, "/");
  }

  /** The inflated bytes of an entry, as a stream; a corrupt or truncated entry errors the stream. */
  private async entryStream(name: string, onDemand = false): Promise<ReadableStream<Uint8Array>> {
    const entry = this.entries.get(name);
    if (!entry) throw new SpreadsheetError(`The workbook lacks ${name}.`);
    const local = await this.src.read(entry.localOffset, 30);
    if (local.length < 30 || u32(local, 0) !== 0x04034b50) throw new SpreadsheetError("The file is corrupt: bad zip entry header.");
    const dataOffset = entry.localOffset + 30 + u16(local, 26) + u16(local, 28);
    if (dataOffset + entry.compressedSize > this.src.size) throw new SpreadsheetError("The file is truncated.");
    const raw = await this.src.stream(dataOffset, entry.compressedSize);
    if (entry.method === 0) return raw;
    if (entry.method !== 8) throw new SpreadsheetError("The file uses an unsupported zip compression.");
    // A pass to the end is fastest through the native pipe; a read of a few rows asks on demand.
    if (onDemand) return inflateOnDemand(raw);
    return raw.pipeThrough(new DecompressionStream("deflate-raw") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
  }

  private async text(name: string): Promise<string> {
    let out = "";
    for await (const piece of this.pieces(name)) out += piece;
    return out;
  }

  /**
   * The decoded text of an entry, piece by piece as it inflates. With `startAt`, the bytes before
   * the first occurrence of that ASCII pattern are skipped without being decoded (a later part of a
   * sheet need not decode the rows before it); nothing is yielded when the pattern never occurs.
   * With `onDemand`, only as much is inflated as is read (inflateOnDemand). Stopping the iteration
   * early cancels the stream.
   */
  private async *pieces(name: string, { startAt, onDemand = false }: { startAt?: string; onDemand?: boolean } = {}): AsyncGenerator<string> {
    const stream = await this.entryStream(name, onDemand);
    const reader = stream.getReader();
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
  private async *rawRows(from: number, keep: Set<number> | null, maxColumn: number, onDemand = false): AsyncGenerator<RawRow> {
    // Sheets written by Excel and SheetJS number their rows: jump straight to the first wanted one.
    let sawAny = false;
    if (from > 1) {
      for await (const row of this.rowsOf(this.pieces(this.sheetPath, { startAt: `<row r="${from}"`, onDemand }), from, keep, maxColumn, () => (sawAny = true))) {
        yield row;
      }
      if (sawAny) return;
    }
    yield* this.rowsOf(this.pieces(this.sheetPath, { onDemand }), from, keep, maxColumn, () => {});
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
      yield { rowNumber: row.rowNumber, cells: this.parseCells(row.xml, row.openEnd + 1, row.end, keep, maxColumn, refs), refs };
    }
  }

  private sharedStrings(onDemand = false): SharedStrings {
    const path = [...this.entries.keys()].find((k) => /^xl\/sharedStrings\.xml$/i.test(k));
    return new SharedStrings(() => (path ? innerTexts(this.pieces(path, { onDemand }), "si") : (async function* () {})()));
  }

  /** Rows with at least one value between `from` and `to`, keeping only the asked-for columns. */
  async readRows(options: ReadRowsOptions): Promise<{ rows: SheetRow[]; lastRowNumber: number; reachedEnd: boolean }> {
    const keep = options.columns ? new Set(options.columns) : null;
    const maxColumn = options.columns ? Math.max(-1, ...options.columns) : Infinity;
    const raw: RawRow[] = [];
    let reachedEnd = true;
    // A range of rows (a header) reads no further than it must: inflated on demand.
    for await (const row of this.rawRows(options.from, keep, maxColumn, true)) {
      if (row.rowNumber > options.to) {
        reachedEnd = false;
        break;
      }
      raw.push(row);
    }
    const rows = await this.resolveRows(raw, this.sharedStrings(true));
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
   * Cells of the row whose cells lie between `from` and `to` in `xml`. Scans with indexOf and
   * cuts out only the kept cells: an Outscraper row has 60 cells and the import reads about 25.
   * A shared-string cell stays null here and its (column, index) pair goes to `refs`. Writers put
   * cells back to back as `<c r="B2" …>`: each step looks there first and searches only if not.
   */
  private parseCells(
    xml: string,
    from: number,
    to: number,
    keep: Set<number> | null,
    maxColumn: number,
    refs: number[],
  ): CellValue[] {
    const cells: CellValue[] = [];
    let implicit = -1;
    for (let at = from; ; ) {
      const start = xml.charCodeAt(at) === 60 && xml.charCodeAt(at + 1) === 99 ? at : xml.indexOf("<c", at);
      if (start < 0 || start >= to) break;
      // `<c` followed by a space, '/' or '>' opens a cell (not `<col…`).
      if (!isNameEnd(xml.charCodeAt(start + 2))) {
        at = start + 2;
        continue;
      }
      const tagEnd = xml.indexOf(">", start);
      if (tagEnd < 0 || tagEnd >= to) break;
      const selfClosing = xml.charCodeAt(tagEnd - 1) === 47;
      // The attributes are read in place: most cells are skipped, and a slice per cell adds up.
      const ref = xml.charCodeAt(start + 3) === 114 && xml.charCodeAt(start + 4) === 61 && xml.charCodeAt(start + 5) === 34
        ? start + 3
        : xml.indexOf('r="', start + 2);
      const col = ref >= 0 && ref < tagEnd && xml.charCodeAt(ref - 1) <= 32 ? columnIndex(xml, ref + 3) : implicit + 1;
      implicit = col;
      if (col > maxColumn) break;
      if (selfClosing) {
        at = tagEnd + 1;
        continue;
      }
      const close = xml.indexOf("</c>", tagEnd);
      if (close < 0 || close > to) break;
      at = close + 4;
      if (keep && !keep.has(col)) continue;
      const type = attribute(xml, "t", start + 2, tagEnd) ?? "n";
      let value: CellValue = null;
      if (type === "inlineStr") value = runsText(xml.slice(tagEnd + 1, close));
      else {
        const open = xml.startsWith("<v>", tagEnd + 1) ? tagEnd + 1 : xml.indexOf("<v>", tagEnd);
        if (open < 0 || open > close) continue;
        const end = xml.indexOf("</v>", open);
        const valueEnd = end < 0 || end > close ? close : end;
        if (type === "s") {
          setCell(cells, col, null);
          refs.push(col, stringIndex(xml, open + 3, valueEnd));
          continue;
        }
        const v = xml.slice(open + 3, valueEnd);
        if (type === "b") value = v === "1";
        else if (type === "str" || type === "e" || type === "d") value = unescapeXml(v);
        else {
          const n = Number(v);
          value = Number.isFinite(n) && v !== "" ? n : unescapeXml(v);
        }
      }
      if (value !== "" && value !== null) setCell(cells, col, value);
    }
    return cells;
  }

  /**
   * One full pass over the sheet: the number of rows holding values after the header, proving on
   * the way that the whole sheet decompresses (a corrupt file is refused before anything is written).
   */
  async countDataRows(headerRowNumber: number): Promise<number> {
    let count = 0;
    for await (const row of rowSpans(this.pieces(this.sheetPath))) if (row.hasValue && row.rowNumber > headerRowNumber) count += 1;
    return count;
  }
}
