/**
 * Uploads that never sit whole in memory: a multipart/form-data body is scanned as it arrives and
 * its file part goes to R2 part by part. What the Worker holds at any time is one R2 part
 * (R2_PART_BYTES), the chunk in hand and the scanner's small carry.
 */
import { bodyChunks, MultipartError, MultipartScanner, type PartHeaders } from "#app/lib/import/multipart";

/**
 * R2's multipart upload wants every part but the last at least 5 MiB and all of the same size, so
 * the parts are exactly this long; a file that fits in one is stored with a plain put.
 */
export const R2_PART_BYTES = 5 * 1024 * 1024;

type ObjectOptions = { httpMetadata?: R2HTTPMetadata; customMetadata?: Record<string, string> };

/**
 * Writes a byte stream of unknown length to one R2 object. Nothing is visible under the key until
 * close(); abort() (or never closing) leaves nothing behind.
 */
export class R2ObjectWriter {
  private part: Uint8Array | null = null;
  private filled = 0;
  private written = 0;
  private upload: R2MultipartUpload | null = null;
  private readonly uploaded: R2UploadedPart[] = [];

  constructor(
    readonly bucket: R2Bucket,
    readonly key: string,
    private readonly options: ObjectOptions = {},
  ) {}

  /** Bytes accepted so far. */
  get size(): number {
    return this.written + this.filled;
  }

  /** Copies the bytes in; sends the part to R2 (and waits for it) each time one fills up. */
  async write(bytes: Uint8Array): Promise<void> {
    let from = 0;
    while (from < bytes.byteLength) {
      this.part ??= new Uint8Array(R2_PART_BYTES);
      const take = Math.min(bytes.byteLength - from, R2_PART_BYTES - this.filled);
      this.part.set(bytes.subarray(from, from + take), this.filled);
      this.filled += take;
      from += take;
      if (this.filled === R2_PART_BYTES) await this.sendPart();
    }
  }

  /** Stores what was written as the object; returns its size. */
  async close(): Promise<number> {
    const size = this.size;
    if (!this.upload) {
      await this.bucket.put(this.key, this.part ? this.part.subarray(0, this.filled) : new Uint8Array(0), this.options);
    } else {
      if (this.filled > 0) await this.sendPart();
      await this.upload.complete(this.uploaded);
    }
    this.part = null;
    return size;
  }

  /** Drops the parts sent so far; the key stays empty. */
  async abort(): Promise<void> {
    this.part = null;
    if (this.upload) await this.upload.abort();
  }

  private async sendPart() {
    this.upload ??= await this.bucket.createMultipartUpload(this.key, this.options);
    const bytes = this.part!.subarray(0, this.filled);
    this.uploaded.push(await this.upload.uploadPart(this.uploaded.length + 1, bytes));
    // R2 has the part once uploadPart resolves, so the same buffer takes the next one.
    this.written += this.filled;
    this.filled = 0;
  }
}

/** Why a body was refused while it was read; the caller words the answer. */
export type UploadFault =
  { kind: "malformed"; detail: string } | { kind: "longer-than-declared" } | { kind: "file-too-large"; part: PartHeaders; limit: number };

export class UploadError extends Error {
  constructor(readonly fault: UploadFault) {
    super(fault.kind === "malformed" ? `malformed multipart body: ${fault.detail}` : fault.kind);
  }
}

/** The file, and the small text fields asked for (`fields`) that the body carried, by name. */
export type ReceivedFile = { part: PartHeaders; key: string; size: number; fields: Record<string, string> };

/** A text field longer than this is cut here: the fields read beside a file are short words (an import's mode). */
const MAX_FIELD_BYTES = 256;

/**
 * Reads a multipart/form-data body and streams the first file sent in `field` into R2 through the
 * writer `open` returns for it (open may throw to refuse the file from its headers alone). Other
 * parts are read past and dropped. The object is stored only once the whole body has been read and
 * found well-formed; on any error the writer is aborted, so nothing is left behind. Returns null when
 * the body holds no file in that field.
 */
export async function receiveFile(
  body: ReadableStream<Uint8Array> | null,
  options: {
    boundary: string;
    /** The Content-Length the body must not exceed. */
    declaredLength: number;
    field: string;
    maxFileBytes: number;
    open(part: PartHeaders): R2ObjectWriter;
    /** Plain text fields to keep (the first of each name, cut at MAX_FIELD_BYTES); other parts are dropped. */
    fields?: ReadonlyArray<string>;
  },
): Promise<ReceivedFile | null> {
  const scanner = new MultipartScanner(options.boundary);
  let file: { part: PartHeaders; writer: R2ObjectWriter } | null = null;
  /** Whether the current part's content goes to the writer. */
  let storing = false;
  const fields: Record<string, string> = {};
  /** The text field being read, with its bytes so far. */
  let text: { name: string; bytes: number[] } | null = null;
  try {
    for await (const { bytes, read } of bodyChunks(body)) {
      if (read > options.declaredLength) throw new UploadError({ kind: "longer-than-declared" });
      for (const event of scanner.write(bytes)) {
        if (event.type === "part") {
          const { name, fileName } = event.headers;
          storing = !file && name === options.field && fileName !== null;
          if (storing) file = { part: event.headers, writer: options.open(event.headers) };
          text = name !== null && fileName === null && options.fields?.includes(name) && !(name in fields) ? { name, bytes: [] } : null;
        } else if (event.type === "data" && text) {
          for (const byte of event.bytes.subarray(0, MAX_FIELD_BYTES - text.bytes.length)) text.bytes.push(byte);
        } else if (event.type === "data" && storing && file) {
          if (file.writer.size + event.bytes.byteLength > options.maxFileBytes) {
            throw new UploadError({ kind: "file-too-large", part: file.part, limit: options.maxFileBytes });
          }
          await file.writer.write(event.bytes);
        } else if (event.type === "part-end") {
          storing = false;
          if (text) fields[text.name] = new TextDecoder().decode(new Uint8Array(text.bytes));
          text = null;
        }
      }
    }
    scanner.end();
    if (!file) return null;
    const size = await file.writer.close();
    return { part: file.part, key: file.writer.key, size, fields };
  } catch (error) {
    // The rest of the body is not read (bodyChunks cancelled it); drop what reached R2.
    await file?.writer.abort().catch(() => undefined);
    if (error instanceof MultipartError) throw new UploadError({ kind: "malformed", detail: error.message });
    throw error;
  }
}
