/**
 * The zip container of an .xlsx, read by range: the central directory (zip64 included), and each
 * part inflated as its reader asks for it. Nothing trusts the directory: its size, every part's
 * declared size and compression ratio are held to SHEET_LIMITS before a byte inflates, and a part
 * may not inflate past the size it declared (docs/decisions/0009-hostile-spreadsheets.md). Why this
 * is hand-written rather than a zip library: docs/decisions/0008-import-slices.md and
 * docs/perf/import.md (measured against @zip.js/zip.js).
 */
import { formatBytes, formatCount, INFLATE_GRACE_BYTES, SHEET_LIMITS, SpreadsheetError } from "./sheet-limits";

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

/** A Blob (an uploaded File) read by slices, so the upload is never copied whole. */
export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
    stream: async (offset, length) => blob.slice(offset, offset + length).stream() as ReadableStream<Uint8Array>,
  };
}

/** Inflated bytes between two yields to other work: a long pass over a sheet must not hold the event loop. */
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

/** The zip's central directory, by part name; each size and offset checked against the file. */
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
    const local = await this.src.read(entry.localOffset, 30);
    if (local.length < 30 || u32(local, 0) !== LOCAL_HEADER) throw new SpreadsheetError("The file is corrupt: bad zip entry header.");
    const dataOffset = entry.localOffset + 30 + u16(local, 26) + u16(local, 28);
    if (dataOffset + entry.compressedSize > this.src.size) throw new SpreadsheetError("The file is truncated.");
    checkDeclaredSize(entry);
    const raw = await this.src.stream(dataOffset, entry.compressedSize);
    if (entry.method === 0) return raw;
    if (entry.method !== 8) throw new SpreadsheetError("The file uses an unsupported zip compression.");
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
}
