/**
 * The zip container of an .xlsx, read by range: the central directory (zip64 included), and each
 * part inflated as its reader asks for it. Nothing trusts the directory: its size, every part's
 * declared size and compression ratio are held to SHEET_LIMITS before a byte inflates, and a part
 * may not inflate past the size it declared (docs/decisions/0009-hostile-spreadsheets.md). Why this
 * is hand-written rather than @zip.js/zip.js or fflate: docs/decisions/0010-zip-container.md.
 */
import { inflateOnDemand } from "#app/lib/sheets/inflate-on-demand";
import { formatCount } from "#app/lib/format";
import { formatBytes, INFLATE_GRACE_BYTES, SHEET_LIMITS, SpreadsheetError } from "#app/lib/sheets/sheet-limits";

/** Random access to the file's bytes (an R2 object by range, or a buffer in memory). */
export type ByteSource = {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
  stream(offset: number, length: number): Promise<ReadableStream<Uint8Array>>;
};

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

/** Inflated bytes between two yields to other work: a long pass over a sheet must not hold the event loop. */
const YIELD_EVERY_BYTES = 1024 * 1024;

function yieldToOtherWork(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

type ZipEntry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

/** Little-endian unsigned integers at byte offset `o` (zip's byte order); u64 is exact up to 2^53. */
const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000;
const u64 = (b: Uint8Array, o: number) => u32(b, o) + u32(b, o + 4) * 0x100000000;

export const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
export const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

/**
 * The zip records this reads, as the zip specification lays them out (APPNOTE.TXT 4.3): a
 * signature, each field's byte offset in the record, and the record's fixed length before its
 * variable parts (name, extra field, comment).
 */
const END_OF_DIRECTORY = { signature: 0x06054b50, fixedBytes: 22, entryCount: 10, directorySize: 12, directoryOffset: 16 };
/** The end record may be followed by a comment of up to 65,535 bytes: the record is in the last 22 + 65,535. */
const MAX_COMMENT_BYTES = 0xffff;
const ZIP64_LOCATOR = { signature: 0x07064b50, fixedBytes: 20, endOffset: 8 };
const ZIP64_END_OF_DIRECTORY = { signature: 0x06064b50, fixedBytes: 56, entryCount: 32, directorySize: 40, directoryOffset: 48 };
const DIRECTORY_ENTRY = {
  signature: 0x02014b50,
  fixedBytes: 46,
  method: 10,
  compressedSize: 20,
  size: 24,
  nameLength: 28,
  extraLength: 30,
  commentLength: 32,
  localOffset: 42,
};
const LOCAL_HEADER = { signature: 0x04034b50, fixedBytes: 30, nameLength: 26, extraLength: 28 };
/** The extra field that holds the real 64-bit values of fields set to their all-ones mark. */
const ZIP64_EXTRA_ID = 0x0001;
const ZIP64_MARK_16 = 0xffff;
const ZIP64_MARK_32 = 0xffffffff;
/** Compression methods: a part is stored as it is, or deflated. */
const STORED = 0;
const DEFLATED = 8;

/** Where the central directory is and how many entries it lists: the end record, or its zip64 version. */
async function directoryLocation(src: ByteSource): Promise<{ count: number; dirSize: number; dirOffset: number }> {
  const tailLength = Math.min(src.size, END_OF_DIRECTORY.fixedBytes + MAX_COMMENT_BYTES);
  const tail = await src.read(src.size - tailLength, tailLength);
  let end = -1;
  for (let i = tail.length - END_OF_DIRECTORY.fixedBytes; i >= 0; i--) {
    if (u32(tail, i) === END_OF_DIRECTORY.signature) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new SpreadsheetError("The file is corrupt or truncated: its zip directory is missing.");
  const count = u16(tail, end + END_OF_DIRECTORY.entryCount);
  const dirSize = u32(tail, end + END_OF_DIRECTORY.directorySize);
  const dirOffset = u32(tail, end + END_OF_DIRECTORY.directoryOffset);
  if (dirOffset !== ZIP64_MARK_32 && count !== ZIP64_MARK_16) return { count, dirSize, dirOffset };
  const locator = end - ZIP64_LOCATOR.fixedBytes;
  if (locator < 0 || u32(tail, locator) !== ZIP64_LOCATOR.signature)
    throw new SpreadsheetError("The file is corrupt: bad zip64 directory.");
  const at = u64(tail, locator + ZIP64_LOCATOR.endOffset);
  const length = ZIP64_END_OF_DIRECTORY.fixedBytes;
  const z64 = at + length <= src.size ? await src.read(at, length) : new Uint8Array(0);
  if (z64.length < length || u32(z64, 0) !== ZIP64_END_OF_DIRECTORY.signature)
    throw new SpreadsheetError("The file is corrupt: bad zip64 directory.");
  return {
    count: u64(z64, ZIP64_END_OF_DIRECTORY.entryCount),
    dirSize: u64(z64, ZIP64_END_OF_DIRECTORY.directorySize),
    dirOffset: u64(z64, ZIP64_END_OF_DIRECTORY.directoryOffset),
  };
}

/** The zip's central directory, by part name; each size and offset checked against the file. */
async function readDirectory(src: ByteSource): Promise<Map<string, ZipEntry>> {
  const { count, dirSize, dirOffset } = await directoryLocation(src);
  if (dirOffset + dirSize > src.size)
    throw new SpreadsheetError("The file is corrupt or truncated: its zip directory points past the end.");
  if (dirSize > SHEET_LIMITS.directoryBytes || count * DIRECTORY_ENTRY.fixedBytes > dirSize) {
    throw new SpreadsheetError(
      `The file is not a workbook Excel would write: its zip directory lists ${formatCount(count)} parts in ${formatBytes(dirSize)}.`,
    );
  }
  const dir = await src.read(dirOffset, dirSize);
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + DIRECTORY_ENTRY.fixedBytes > dir.length || u32(dir, p) !== DIRECTORY_ENTRY.signature) {
      throw new SpreadsheetError("The file is corrupt: bad zip directory entry.");
    }
    const nameLength = u16(dir, p + DIRECTORY_ENTRY.nameLength);
    const extraLength = u16(dir, p + DIRECTORY_ENTRY.extraLength);
    const commentLength = u16(dir, p + DIRECTORY_ENTRY.commentLength);
    const nameAt = p + DIRECTORY_ENTRY.fixedBytes;
    const entry: ZipEntry = {
      name: decoder.decode(dir.subarray(nameAt, nameAt + nameLength)),
      method: u16(dir, p + DIRECTORY_ENTRY.method),
      compressedSize: u32(dir, p + DIRECTORY_ENTRY.compressedSize),
      size: u32(dir, p + DIRECTORY_ENTRY.size),
      localOffset: u32(dir, p + DIRECTORY_ENTRY.localOffset),
    };
    readZip64Extra(dir, nameAt + nameLength, Math.min(dir.length, nameAt + nameLength + extraLength), entry);
    entries.set(entry.name.replace(/^\//, ""), entry);
    p = nameAt + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Replaces the entry's all-ones sizes and offset with the 64-bit values its zip64 extra field holds, in that order. */
function readZip64Extra(dir: Uint8Array, start: number, end: number, entry: ZipEntry) {
  // Each extra field: a 2-byte id, a 2-byte length, then that many bytes of data.
  for (let e = start; e + 4 <= end; e += 4 + u16(dir, e + 2)) {
    if (u16(dir, e) !== ZIP64_EXTRA_ID) continue;
    let q = e + 4;
    const next = () => {
      if (q + 8 > end) throw new SpreadsheetError("The file is corrupt: bad zip64 directory entry.");
      const value = u64(dir, q);
      q += 8;
      return value;
    };
    if (entry.size === ZIP64_MARK_32) entry.size = next();
    if (entry.compressedSize === ZIP64_MARK_32) entry.compressedSize = next();
    if (entry.localOffset === ZIP64_MARK_32) entry.localOffset = next();
  }
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

/**
 * Index of `pattern` in `bytes`, or -1. The search runs natively (indexOf) for one byte of the
 * pattern and compares the rest where it is found; that byte is the 4th, the 'w' of the "<row r=…"
 * patterns the reader skips to: rare in sheet XML, where '<' is everywhere.
 */
function findPattern(bytes: Uint8Array, pattern: Uint8Array): number {
  const anchor = Math.min(3, pattern.length - 1);
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

/**
 * An opened zip: its directory, and each part as decoded text, inflated only as far as it is read.
 */
export class ZipArchive {
  private constructor(
    private readonly src: ByteSource,
    private readonly entries: Map<string, ZipEntry>,
  ) {}

  /** Reads the central directory; refuses a file that is not a zip or whose directory breaks a ceiling. */
  static async open(src: ByteSource): Promise<ZipArchive> {
    return new ZipArchive(src, await readDirectory(src));
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The part names, as the directory lists them (without a leading '/'). */
  names(): string[] {
    return [...this.entries.keys()];
  }

  /** The inflated bytes of an entry, as a stream; a corrupt or truncated entry errors the stream. */
  private async inflated(name: string): Promise<ReadableStream<Uint8Array>> {
    const entry = this.entries.get(name);
    if (!entry) throw new SpreadsheetError(`The workbook lacks ${name}.`);
    const local = await this.src.read(entry.localOffset, LOCAL_HEADER.fixedBytes);
    if (local.length < LOCAL_HEADER.fixedBytes || u32(local, 0) !== LOCAL_HEADER.signature) {
      throw new SpreadsheetError("The file is corrupt: bad zip entry header.");
    }
    const dataOffset =
      entry.localOffset + LOCAL_HEADER.fixedBytes + u16(local, LOCAL_HEADER.nameLength) + u16(local, LOCAL_HEADER.extraLength);
    if (dataOffset + entry.compressedSize > this.src.size) throw new SpreadsheetError("The file is truncated.");
    checkDeclaredSize(entry);
    const raw = await this.src.stream(dataOffset, entry.compressedSize);
    if (entry.method === STORED) return raw;
    if (entry.method !== DEFLATED) throw new SpreadsheetError("The file uses an unsupported zip compression.");
    return inflateOnDemand(raw);
  }

  /** A small part (the workbook, its relationships) read whole, at most SHEET_LIMITS.smallPartBytes. */
  async text(name: string): Promise<string> {
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
  async *pieces(name: string, { startAt }: { startAt?: string } = {}): AsyncGenerator<string> {
    const declaredSize = this.entries.get(name)?.size ?? 0;
    const stream = await this.inflated(name);
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
          throw new SpreadsheetError(
            `The file is corrupt: its part ${name} decompresses to more than the ${formatBytes(declaredSize)} its zip directory declares.`,
          );
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
}
