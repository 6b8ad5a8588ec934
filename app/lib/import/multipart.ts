/**
 * A streaming scanner for multipart/form-data bodies (RFC 7578, framing of RFC 2046 §5.1.1).
 *
 * The import needs a file part's bytes as they arrive, so they can go to R2 without the whole upload
 * sitting in memory. The kept parsers do not fit: @remix-run/form-data-parser and
 * @remix-run/multipart-parser hand out a part only once it is complete (its content held as chunks),
 * and multipasta, which does stream a part, refused a valid body whenever the network split it
 * between the two dashes of the closing delimiter. This scanner emits a part's content as views of
 * the chunks written to it, and holds back only what could still be the start of a delimiter (or a
 * part's header block, capped): its memory is bounded by the caps, whatever the body's size.
 */

/** What a part's headers say that a form reader needs. */
export type PartHeaders = {
  /** The form field (Content-Disposition `name`), or null when absent. */
  name: string | null;
  /** The file name (`filename*` preferred over `filename`), or null for a plain field. */
  fileName: string | null;
  contentType: string | null;
};

export type MultipartEvent =
  | { type: "part"; headers: PartHeaders }
  /** Content of the current part, in order; a view of the written chunk (never changed afterwards). */
  | { type: "data"; bytes: Uint8Array }
  | { type: "part-end" }
  /** The closing delimiter: the body is complete (anything after it is an epilogue, ignored). */
  | { type: "end" };

/** The body is not multipart/form-data, or ended before its closing delimiter. */
export class MultipartError extends Error {}

/**
 * A request body's chunks as they arrive, each with the bytes read up to its end (none without a
 * body). A body that breaks off — the client went away — is a MultipartError: the upload is
 * incomplete, not a server fault. Left before its end (the caller threw, or the body broke off), the
 * body is cancelled: the rest is not read.
 */
export async function* bodyChunks(
  body: ReadableStream<Uint8Array> | null | undefined,
): AsyncGenerator<{ bytes: Uint8Array; read: number }> {
  const reader = body?.getReader();
  if (!reader) return;
  let read = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read().catch((error: unknown) => {
        throw new MultipartError(`the body could not be read to its end (${String(error)})`);
      });
      if (done) {
        finished = true;
        return;
      }
      read += value.byteLength;
      yield { bytes: value, read };
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}

/** A part's header block larger than this is refused (browsers send a few hundred bytes). */
export const MAX_PART_HEADER_BYTES = 16 * 1024;

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const CRLF = new Uint8Array([CR, LF]);
const CRLF_CRLF = new Uint8Array([CR, LF, CR, LF]);

/**
 * The boundary of a `multipart/form-data` Content-Type, or null when the type is another or names no
 * usable boundary (RFC 2046: 1 to 70 characters).
 */
export function boundaryOf(contentType: string | null): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^\s;"]*))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2] ?? "";
  return boundary.length >= 1 && boundary.length <= 70 ? boundary : null;
}

type State = "preamble" | "after-delimiter" | "headers" | "body" | "epilogue";

export class MultipartScanner {
  /** CRLF "--" boundary: what ends a part's content (RFC 2046 counts the CRLF as the delimiter's). */
  private readonly delimiter: Uint8Array;
  private state: State = "preamble";
  /** Bytes written but not yet consumed: a possible delimiter start, or an unfinished header block. */
  private carry: Uint8Array;

  constructor(
    boundary: string,
    private readonly maxHeaderBytes = MAX_PART_HEADER_BYTES,
  ) {
    this.delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
    // A body starts with "--boundary" (no CRLF before it): scanning as if one preceded it lets the
    // first delimiter be found like every other one.
    this.carry = CRLF;
  }

  /** Bytes held back between writes; bounded by the header cap plus a delimiter's length. */
  get buffered(): number {
    return this.carry.byteLength;
  }

  /** Scans the next chunk of the body; throws MultipartError on framing the format does not allow. */
  write(chunk: Uint8Array): MultipartEvent[] {
    const buf = this.carry.byteLength ? concat(this.carry, chunk) : chunk;
    const events: MultipartEvent[] = [];
    let pos = 0;
    let more = true;
    while (more) {
      switch (this.state) {
        case "preamble": {
          // Text before the first delimiter carries no data (RFC 2046); keep only a possible delimiter start.
          const at = indexOf(buf, this.delimiter, pos);
          if (at < 0) {
            pos = Math.max(pos, buf.byteLength - this.partialDelimiterAt(buf, pos));
            more = false;
          } else {
            pos = at + this.delimiter.byteLength;
            this.state = "after-delimiter";
          }
          break;
        }
        case "after-delimiter": {
          // Either "--" (the closing delimiter) or optional spaces and tabs, then CRLF and a part.
          if (buf.byteLength - pos < 2) {
            more = false;
          } else if (buf[pos] === DASH && buf[pos + 1] === DASH) {
            pos = buf.byteLength;
            this.state = "epilogue";
            events.push({ type: "end" });
          } else {
            const lineEnd = indexOf(buf, CRLF, pos);
            const padding = buf.subarray(pos, lineEnd < 0 ? buf.byteLength : lineEnd);
            if (!padding.every((b) => b === 0x20 || b === 0x09)) {
              throw new MultipartError("the boundary appears inside a part, or a delimiter is followed by other text");
            }
            if (lineEnd < 0) {
              if (padding.byteLength > this.maxHeaderBytes) throw new MultipartError("a delimiter line is too long");
              more = false;
            } else {
              pos = lineEnd + 2;
              this.state = "headers";
            }
          }
          break;
        }
        case "headers": {
          let end: number;
          let next: number;
          if (buf.byteLength - pos >= 2 && buf[pos] === CR && buf[pos + 1] === LF) {
            // No header lines at all: the blank line follows the delimiter line at once.
            end = pos;
            next = pos + 2;
          } else {
            end = indexOf(buf, CRLF_CRLF, pos);
            next = end + 4;
          }
          const length = (end < 0 ? buf.byteLength : end) - pos;
          if (length > this.maxHeaderBytes) {
            throw new MultipartError(`a part's headers are over ${this.maxHeaderBytes} bytes`);
          }
          if (end < 0) {
            more = false;
          } else {
            events.push({ type: "part", headers: parsePartHeaders(buf.subarray(pos, end)) });
            pos = next;
            this.state = "body";
          }
          break;
        }
        case "body": {
          const at = indexOf(buf, this.delimiter, pos);
          if (at >= 0) {
            if (at > pos) events.push({ type: "data", bytes: buf.subarray(pos, at) });
            events.push({ type: "part-end" });
            pos = at + this.delimiter.byteLength;
            this.state = "after-delimiter";
          } else {
            // Everything but a tail that may begin the delimiter is content for sure.
            const safeEnd = buf.byteLength - this.partialDelimiterAt(buf, pos);
            if (safeEnd > pos) events.push({ type: "data", bytes: buf.subarray(pos, safeEnd) });
            pos = safeEnd;
            more = false;
          }
          break;
        }
        case "epilogue":
          pos = buf.byteLength;
          more = false;
          break;
      }
    }
    // Copied: the rest is small (capped above) and must not keep the whole chunk alive.
    this.carry = buf.slice(pos);
    return events;
  }

  /** The body has ended: throws unless its closing delimiter was seen. */
  end(): void {
    if (this.state !== "epilogue") throw new MultipartError("the body ended before its closing delimiter");
  }

  /** Length of the longest tail of buf[from..] that is a proper prefix of the delimiter. */
  private partialDelimiterAt(buf: Uint8Array, from: number): number {
    const first = Math.max(from, buf.byteLength - this.delimiter.byteLength + 1);
    for (let start = first; start < buf.byteLength; start++) {
      if (buf[start] !== CR) continue;
      let i = 1;
      while (start + i < buf.byteLength && buf[start + i] === this.delimiter[i]) i++;
      if (start + i === buf.byteLength) return buf.byteLength - start;
    }
    return 0;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a, 0);
  out.set(b, a.byteLength);
  return out;
}

/** Where `needle` first occurs in `haystack` at or after `from`, or -1. */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const last = haystack.byteLength - needle.byteLength;
  for (let at = haystack.indexOf(needle[0], from); at >= 0 && at <= last; at = haystack.indexOf(needle[0], at + 1)) {
    let i = 1;
    while (i < needle.byteLength && haystack[at + i] === needle[i]) i++;
    if (i === needle.byteLength) return at;
  }
  return -1;
}

const headerDecoder = new TextDecoder();

/** Reads Content-Disposition and Content-Type from a part's header block (UTF-8, as browsers send it). */
function parsePartHeaders(block: Uint8Array): PartHeaders {
  const headers = new Map<string, string>();
  for (const line of headerDecoder.decode(block).split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = parameters(headers.get("content-disposition") ?? "");
  return {
    name: disposition.get("name") ?? null,
    fileName: extendedValue(disposition.get("filename*")) ?? disposition.get("filename") ?? null,
    contentType: headers.get("content-type") || null,
  };
}

/**
 * `form-data; name="a"; filename="b"` → parameter name (lower case) → value (unquoted). A quoted value
 * ends at the next quote: browsers (and workerd's FormData) send `"` as %22 and keep a backslash as it
 * is (HTML's multipart/form-data encoding), so there is no backslash escape to undo.
 */
function parameters(value: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g;
  for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
    const name = match[1].toLowerCase();
    if (!found.has(name)) found.set(name, match[2] ?? match[3].trim());
  }
  return found;
}

/** An RFC 8187 value (`UTF-8''na%C3%AFve.xlsx`) decoded, or undefined when absent or unreadable. */
function extendedValue(value: string | undefined): string | undefined {
  const match = value ? /^utf-8'[^']*'(.*)$/i.exec(value) : null;
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
