import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  boundaryOf,
  MAX_PART_HEADER_BYTES,
  MultipartError,
  type MultipartEvent,
  MultipartScanner,
  type PartHeaders,
} from "#app/lib/import/multipart";

type ScannedPart = { headers: PartHeaders; bytes: Uint8Array };

const encoder = new TextEncoder();
const ascii = (text: string) => encoder.encode(text);

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Feeds the body in pieces cut at `cuts` and gathers the parts, as a reader of the stream would. */
function scan(boundary: string, body: Uint8Array, cuts: number[] = []): { parts: ScannedPart[]; scanner: MultipartScanner; peak: number } {
  const scanner = new MultipartScanner(boundary);
  const parts: Array<{ headers: PartHeaders; chunks: Uint8Array[] }> = [];
  let ended = false;
  let peak = 0;
  const edges = [...new Set(cuts.map((c) => Math.min(c, body.byteLength)))].sort((a, b) => a - b);
  let from = 0;
  for (const to of [...edges, body.byteLength]) {
    const events: MultipartEvent[] = scanner.write(body.subarray(from, to));
    peak = Math.max(peak, scanner.buffered);
    from = to;
    for (const event of events) {
      expect(ended).toBe(false);
      if (event.type === "part") parts.push({ headers: event.headers, chunks: [] });
      // Views stay valid after later writes: copy only at the end, to prove it.
      else if (event.type === "data") parts.at(-1)?.chunks.push(event.bytes);
      else if (event.type === "end") ended = true;
    }
  }
  scanner.end();
  return { parts: parts.map((p) => ({ headers: p.headers, bytes: concat(p.chunks) })), scanner, peak };
}

/** workerd's own multipart/form-data encoding of a form: what a browser-like client sends. */
async function encoded(form: FormData): Promise<{ boundary: string; body: Uint8Array }> {
  const request = new Request("https://localatlas.test/", { method: "POST", body: form });
  const boundary = boundaryOf(request.headers.get("Content-Type"));
  if (!boundary) throw new Error("workerd sent no boundary");
  return { boundary, body: new Uint8Array(await request.arrayBuffer()) };
}

describe("boundaryOf", () => {
  it.each([
    ["multipart/form-data; boundary=abc123", "abc123"],
    ['multipart/form-data; boundary="with space"', "with space"],
    ["Multipart/Form-Data;charset=utf-8;BOUNDARY=x", "x"],
  ])("reads %s", (header, boundary) => {
    expect(boundaryOf(header)).toBe(boundary);
  });

  it.each([
    [null],
    ["application/json"],
    ["multipart/mixed; boundary=abc"],
    ["multipart/form-data"],
    ["multipart/form-data; boundary="],
    [`multipart/form-data; boundary=${"b".repeat(71)}`],
  ])("refuses %s", (header) => {
    expect(boundaryOf(header)).toBeNull();
  });
});

describe("MultipartScanner", () => {
  it("reads workerd's encoding of a form: the file byte-exact, fields, names and types", async () => {
    const file = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256);
    const form = new FormData();
    form.set("note", "héllo");
    form.set(
      "excelFile",
      new File([file], "Cafés Huế.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
    );
    const { boundary, body } = await encoded(form);
    const { parts } = scan(boundary, body, [1, 100, 4096, 50_000]);
    expect(parts.map((p) => p.headers)).toEqual([
      { name: "note", fileName: null, contentType: null },
      { name: "excelFile", fileName: "Cafés Huế.xlsx", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
    ]);
    expect(new TextDecoder().decode(parts[0].bytes)).toBe("héllo");
    expect(parts[1].bytes).toEqual(file);
  });

  it("reads an empty form (only the closing delimiter) as no parts", async () => {
    const { boundary, body } = await encoded(new FormData());
    expect(scan(boundary, body).parts).toEqual([]);
  });

  it("ignores a preamble and an epilogue, allows padding after a boundary and a part without headers", () => {
    const body = ascii(
      "preamble text\r\n--b  \t\r\n\r\nno headers\r\n--b\r\nContent-Disposition: form-data; name=f\r\n\r\nx\r\n--b--\r\nepilogue",
    );
    const { parts } = scan("b", body);
    expect(parts.map((p) => [p.headers.name, new TextDecoder().decode(p.bytes)])).toEqual([
      [null, "no headers"],
      ["f", "x"],
    ]);
  });

  it("prefers filename* (RFC 8187) and keeps quoted semicolons", () => {
    const body = ascii(
      [
        "--b",
        `Content-Disposition: form-data; name="excelFile"; filename="a;b.xlsx"; filename*=UTF-8''na%C3%AFve.xlsx`,
        "",
        "1",
        "--b",
        `content-disposition: form-data; NAME="x; filename=evil"; filename="a;b.xlsx"`,
        "",
        "2",
        "--b--",
      ].join("\r\n"),
    );
    expect(scan("b", body).parts.map((p) => p.headers)).toEqual([
      { name: "excelFile", fileName: "naïve.xlsx", contentType: null },
      { name: "x; filename=evil", fileName: "a;b.xlsx", contentType: null },
    ]);
  });

  it.each([
    ["a body cut before its closing delimiter", "--b\r\nContent-Disposition: form-data; name=f\r\n\r\ndata"],
    ["a closing delimiter missing its second dash", "--b\r\n\r\ndata\r\n--b-"],
    ["no delimiter at all", "just some text"],
    ["an empty body", ""],
  ])("refuses %s when the body ends", (_label, text) => {
    const scanner = new MultipartScanner("b");
    scanner.write(ascii(text));
    expect(() => scanner.end()).toThrow(MultipartError);
  });

  it("refuses the boundary inside a part and a header block over the cap, holding no more than the cap", () => {
    expect(() => new MultipartScanner("b").write(ascii("--b\r\n\r\nabc\r\n--bcd\r\n"))).toThrow(MultipartError);
    const scanner = new MultipartScanner("b");
    scanner.write(ascii("--b\r\nX-Long: "));
    for (let i = 0; i < MAX_PART_HEADER_BYTES / 1024 - 1; i++) scanner.write(new Uint8Array(1024).fill(0x61));
    expect(scanner.buffered).toBeLessThan(MAX_PART_HEADER_BYTES);
    expect(() => scanner.write(new Uint8Array(1024).fill(0x61))).toThrow(/headers are over/);
  });
});

describe("MultipartScanner, property-based", () => {
  const BOUNDARY = "----fuzzBoundary7MA4YWxk";
  /** Content made of the pieces that look most like a delimiter, so near misses are common. */
  const trickyBytes = fc
    .array(
      fc.oneof(
        fc
          .constantFrom(
            "\r",
            "\n",
            "-",
            "--",
            "\r\n",
            "\r\n-",
            "\r\n--",
            `\r\n--${BOUNDARY.slice(0, 10)}`,
            `--${BOUNDARY}`,
            `\r\n-${BOUNDARY}`,
          )
          .map(ascii),
        fc.uint8Array({ maxLength: 40 }),
      ),
      { maxLength: 30 },
    )
    .map(concat)
    // The one thing a part cannot hold (RFC 2046): its own delimiter, which a client's boundary avoids.
    .filter((bytes) => !Buffer.from(bytes).includes(`\r\n--${BOUNDARY}`));
  const partArb = fc.record({
    name: fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/),
    fileName: fc.option(fc.stringMatching(/^[A-Za-z0-9 ._-]{1,20}$/), { nil: null }),
    bytes: trickyBytes,
  });

  function encode(parts: Array<{ name: string; fileName: string | null; bytes: Uint8Array }>): Uint8Array {
    const pieces: Uint8Array[] = [];
    for (const part of parts) {
      const fileName = part.fileName === null ? "" : `; filename="${part.fileName}"`;
      pieces.push(
        ascii(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${fileName}\r\n\r\n`),
        part.bytes,
        ascii("\r\n"),
      );
    }
    pieces.push(ascii(`--${BOUNDARY}--\r\n`));
    return concat(pieces);
  }
  const cutsArb = fc.array(fc.nat({ max: 2000 }), { maxLength: 12 });

  it("returns every part byte-exact however the body is cut into chunks, holding at most a delimiter between chunks", () => {
    fc.assert(
      fc.property(fc.array(partArb, { maxLength: 4 }), cutsArb, (parts, cuts) => {
        const { parts: scanned, peak } = scan(BOUNDARY, encode(parts), cuts);
        expect(scanned.map((p) => ({ name: p.headers.name, fileName: p.headers.fileName, bytes: p.bytes }))).toEqual(parts);
        expect(peak).toBeLessThan(MAX_PART_HEADER_BYTES);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses every truncation of a valid body when it ends, never accepting a partial upload", () => {
    fc.assert(
      fc.property(
        fc.array(partArb, { minLength: 1, maxLength: 3 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        cutsArb,
        (parts, fraction, cuts) => {
          const body = encode(parts);
          // The closing delimiter's trailing CRLF is epilogue: a cut after "--b--" is complete.
          const complete = body.byteLength - 2;
          const cut = Math.floor(fraction * complete);
          expect(() => scan(BOUNDARY, body.subarray(0, cut), cuts)).toThrow(MultipartError);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("on any mutation either reads parts or throws MultipartError, with bounded memory", () => {
    fc.assert(
      fc.property(
        fc.array(partArb, { maxLength: 3 }),
        fc.array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }), insert: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        cutsArb,
        (parts, mutations, cuts) => {
          const bytes = Array.from(encode(parts));
          for (const m of mutations) {
            const at = m.at % (bytes.length + 1);
            if (m.insert) bytes.splice(at, 0, m.byte);
            else bytes[Math.min(at, bytes.length - 1)] = m.byte;
          }
          try {
            const { peak } = scan(BOUNDARY, Uint8Array.from(bytes), cuts);
            expect(peak).toBeLessThan(MAX_PART_HEADER_BYTES);
          } catch (error) {
            expect(error).toBeInstanceOf(MultipartError);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("reads workerd's own encoding of random files byte-exact across random chunk sizes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 20_000 }), cutsArb, async (file, cuts) => {
        const form = new FormData();
        form.set("excelFile", new File([file], "upload.xlsx"));
        const { boundary, body } = await encoded(form);
        const { parts } = scan(
          boundary,
          body,
          cuts.map((c) => c * 10),
        );
        expect(parts).toHaveLength(1);
        expect(parts[0].bytes).toEqual(file);
      }),
      { numRuns: 100 },
    );
  });
});
