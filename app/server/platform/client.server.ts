/** What a request tells about its sender and its body, read with the caps the walls need. */

/** The client address: Cloudflare's CF-Connecting-IP ("local" in dev and tests), at most 64 characters. */
export function clientAddress(request: Request): string {
  return (request.headers.get("CF-Connecting-IP") || "local").slice(0, 64);
}

/**
 * A body read as it streams, never more than `maxBytes` in memory: "tooLarge" as soon as it passes
 * the cap (the rest is left unread), or with `truncate` its first `maxBytes` bytes. A declared
 * Content-Length is no promise (a chunked body has none), so the count is of the bytes received.
 */
export async function readBodyCapped(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  options: { truncate?: boolean } = {},
): Promise<Uint8Array<ArrayBuffer> | "tooLarge"> {
  if (!stream) return new Uint8Array(new ArrayBuffer(0));
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  let over = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.byteLength;
    if (size > maxBytes || (options.truncate && size === maxBytes)) {
      over = size > maxBytes;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  if (over && !options.truncate) return "tooLarge";
  const body = new Uint8Array(new ArrayBuffer(Math.min(size, maxBytes)));
  let at = 0;
  for (const part of parts) {
    const take = part.subarray(0, body.byteLength - at);
    body.set(take, at);
    at += take.byteLength;
    if (at >= body.byteLength) break;
  }
  return body;
}

/** A request's body within `maxBytes`: refused at once by a larger Content-Length, else read with the cap. */
export function readRequestCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | "tooLarge"> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve("tooLarge");
  return readBodyCapped(request.body, maxBytes);
}
