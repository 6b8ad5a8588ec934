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
  const withoutPhonetic = xml.indexOf("<rPh") >= 0 ? xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "") : xml;
  let out = "";
  const re = /<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g;
  for (let m = re.exec(withoutPhonetic); m; m = re.exec(withoutPhonetic)) out += m[1];
  return unescapeXml(out);
}

function columnIndex(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

/** A shared-string reference waiting for the strings pass. */
type Pending = { sst: number };
type RawCell = CellValue | Pending;

export type SheetRow = { rowNumber: number; cells: CellValue[] };

export type ReadRowsOptions = {
  /** First and last sheet row numbers (1-based, inclusive) to return. */
  from: number;
  to: number;
  /** Column indexes to keep; all when omitted. */
  columns?: ReadonlyArray<number>;
};

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
  private async entryStream(name: string): Promise<ReadableStream<Uint8Array>> {
    const entry = this.entries.get(name);
    if (!entry) throw new SpreadsheetError(`The workbook lacks ${name}.`);
    const local = await this.src.read(entry.localOffset, 30);
    if (local.length < 30 || u32(local, 0) !== 0x04034b50) throw new SpreadsheetError("The file is corrupt: bad zip entry header.");
    const dataOffset = entry.localOffset + 30 + u16(local, 26) + u16(local, 28);
    if (dataOffset + entry.compressedSize > this.src.size) throw new SpreadsheetError("The file is truncated.");
    const raw = await this.src.stream(dataOffset, entry.compressedSize);
    if (entry.method === 0) return raw;
    if (entry.method !== 8) throw new SpreadsheetError("The file uses an unsupported zip compression.");
    return raw.pipeThrough(new DecompressionStream("deflate-raw") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
  }

  private async text(name: string): Promise<string> {
    let out = "";
    await this.scan(name, (chunk) => {
      out += chunk;
      return chunk.length;
    });
    return out;
  }

  /**
   * Feeds decoded text to `consume`, which returns how many characters it used (the rest is kept
   * and prefixed to the next piece) or -1 to stop early. With `startAt`, the bytes before the first
   * occurrence of that ASCII pattern are skipped without being decoded (a later chunk of a sheet
   * need not decode the rows before it); resolves false when the pattern never occurs.
   */
  private async scan(name: string, consume: (text: string, final: boolean) => number, startAt?: string): Promise<boolean> {
    const stream = await this.entryStream(name);
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    const pattern = startAt ? new TextEncoder().encode(startAt) : null;
    let skipping = pattern !== null;
    let carry = new Uint8Array(0);
    let buffer = "";
    try {
      for (;;) {
        let done: boolean;
        let value: Uint8Array | undefined;
        try {
          ({ done, value } = await reader.read());
        } catch {
          throw new SpreadsheetError("The file is corrupt or truncated: a part of it cannot be decompressed.");
        }
        if (skipping && pattern) {
          if (done) return false;
          const bytes = value as Uint8Array;
          // A match may straddle two pieces: look at the seam in a small buffer, never copy the piece.
          if (carry.length) {
            const seam = new Uint8Array(carry.length + Math.min(bytes.length, pattern.length));
            seam.set(carry);
            seam.set(bytes.subarray(0, seam.length - carry.length), carry.length);
            const at = findPattern(seam, pattern);
            if (at >= 0) {
              skipping = false;
              buffer = decoder.decode(seam.subarray(at, carry.length), { stream: true });
              value = bytes;
            }
          }
          if (skipping) {
            const at = findPattern(bytes, pattern);
            if (at < 0) {
              carry = bytes.slice(Math.max(0, bytes.length - pattern.length + 1));
              continue;
            }
            skipping = false;
            value = bytes.subarray(at);
          }
        }
        buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
        const used = consume(buffer, done);
        if (used < 0) {
          await reader.cancel().catch(() => {});
          return true;
        }
        buffer = buffer.slice(used);
        if (done) return true;
      }
    } finally {
      reader.releaseLock();
    }
  }

  /** Rows with at least one value between `from` and `to`, keeping only the asked-for columns. */
  async readRows(options: ReadRowsOptions): Promise<{ rows: SheetRow[]; lastRowNumber: number; reachedEnd: boolean }> {
    const keep = options.columns ? new Set(options.columns) : null;
    const maxColumn = options.columns ? Math.max(-1, ...options.columns) : Infinity;
    const raw: Array<{ rowNumber: number; cells: RawCell[] }> = [];
    const needed = new Set<number>();
    let lastRowNumber = 0;
    let reachedEnd = true;
    let implicitRow = 0;
    const consume = (buffer: string) => {
      let at = 0;
      for (;;) {
        const start = buffer.indexOf("<row", at);
        if (start < 0) return buffer.length > 16 ? buffer.length - 16 : at;
        const openEnd = buffer.indexOf(">", start);
        if (openEnd < 0) return start;
        const selfClosing = buffer[openEnd - 1] === "/";
        let end: number;
        if (selfClosing) end = openEnd + 1;
        else {
          const close = buffer.indexOf("</row>", openEnd);
          if (close < 0) return start;
          end = close + 6;
        }
        const open = buffer.slice(start, openEnd);
        const r = /\br="(\d+)"/.exec(open);
        const rowNumber = r ? Number(r[1]) : implicitRow + 1;
        implicitRow = rowNumber;
        at = end;
        if (rowNumber < options.from || selfClosing) continue;
        if (rowNumber > options.to) {
          reachedEnd = false;
          return -1;
        }
        const cells = this.parseCells(buffer.slice(openEnd + 1, end - 6), keep, maxColumn, needed);
        if (cells) {
          raw.push({ rowNumber, cells });
          lastRowNumber = rowNumber;
        }
      }
    };
    // Sheets written by Excel and SheetJS number their rows: jump straight to the first wanted one.
    const found = options.from > 1 && (await this.scan(this.sheetPath, consume, `<row r="${options.from}"`));
    if (!found) {
      implicitRow = 0;
      await this.scan(this.sheetPath, consume);
    }
    const strings = needed.size ? await this.sharedStrings(needed) : new Map<number, string>();
    const rows = raw.map((r) => ({
      rowNumber: r.rowNumber,
      cells: r.cells.map((c) => (c !== null && typeof c === "object" ? (strings.get(c.sst) ?? "") : c)),
    }));
    return { rows, lastRowNumber, reachedEnd };
  }

  /** Cells of one row's inner XML; null when the row holds no value at all. */
  private parseCells(xml: string, keep: Set<number> | null, maxColumn: number, needed: Set<number>): RawCell[] | null {
    // Same test as countDataRows, so every counted row is returned (perhaps without kept cells).
    if (xml.indexOf("<v>") < 0 && xml.indexOf("<t") < 0) return null;
    const cells: RawCell[] = [];
    let implicit = -1;
    const re = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
    for (let m = re.exec(xml); m; m = re.exec(xml)) {
      const attrs = m[1];
      const ref = /\br="([A-Z]+)\d*"/.exec(attrs);
      const col = ref ? columnIndex(ref[1]) : implicit + 1;
      implicit = col;
      if (col > maxColumn) break;
      if ((keep && !keep.has(col)) || m[2] === undefined) continue;
      const type = /\bt="(\w+)"/.exec(attrs)?.[1] ?? "n";
      const body = m[2];
      let value: RawCell = null;
      if (type === "inlineStr") value = runsText(body);
      else {
        const v = /<v>([\s\S]*?)<\/v>/.exec(body);
        if (!v) continue;
        if (type === "s") {
          const index = Number(v[1]);
          needed.add(index);
          value = { sst: index };
        } else if (type === "b") value = v[1] === "1";
        else if (type === "str" || type === "e" || type === "d") value = unescapeXml(v[1]);
        else {
          const n = Number(v[1]);
          value = Number.isFinite(n) ? n : unescapeXml(v[1]);
        }
      }
      if (value === "" || value === null) continue;
      while (cells.length < col) cells.push(null);
      cells[col] = value;
    }
    return cells;
  }

  /** The shared strings at the given indexes, read in one streamed pass that stops after the last. */
  private async sharedStrings(indexes: Set<number>): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const path = [...this.entries.keys()].find((k) => /^xl\/sharedStrings\.xml$/i.test(k));
    if (!path) return out;
    const last = Math.max(...indexes);
    let index = 0;
    await this.scan(path, (buffer) => {
      let at = 0;
      for (;;) {
        const start = buffer.indexOf("<si", at);
        if (start < 0) return buffer.length > 8 ? buffer.length - 8 : at;
        const openEnd = buffer.indexOf(">", start);
        if (openEnd < 0) return start;
        let end: number;
        if (buffer[openEnd - 1] === "/") end = openEnd + 1;
        else {
          const close = buffer.indexOf("</si>", openEnd);
          if (close < 0) return start;
          end = close + 5;
        }
        if (indexes.has(index)) out.set(index, runsText(buffer.slice(openEnd + 1, end)));
        index += 1;
        at = end;
        if (index > last) return -1;
      }
    });
    return out;
  }

  /**
   * One full pass over the sheet: the number of rows holding values after the header, proving on
   * the way that the whole sheet decompresses (a corrupt file is refused before anything is written).
   */
  async countDataRows(headerRowNumber: number): Promise<number> {
    let count = 0;
    await this.scan(this.sheetPath, (buffer) => {
      let at = 0;
      for (;;) {
        const start = buffer.indexOf("<row", at);
        if (start < 0) return buffer.length > 16 ? buffer.length - 16 : at;
        const openEnd = buffer.indexOf(">", start);
        if (openEnd < 0) return start;
        if (buffer[openEnd - 1] === "/") {
          at = openEnd + 1;
          continue;
        }
        const close = buffer.indexOf("</row>", openEnd);
        if (close < 0) return start;
        const r = /\br="(\d+)"/.exec(buffer.slice(start, openEnd));
        const body = buffer.slice(openEnd + 1, close);
        if ((!r || Number(r[1]) > headerRowNumber) && (body.indexOf("<v>") >= 0 || body.indexOf("<t") >= 0)) count += 1;
        at = close + 6;
      }
    });
    return count;
  }
}
