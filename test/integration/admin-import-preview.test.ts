/**
 * The look before the write: POST /api/admin/import/preview reads an upload as the
 * import would — layout, row count, column mapping, the first five rows as stored — and writes
 * nothing that stays: no businesses, no `imports` row, no R2 object, statistics unchanged. Upload then
 * cancel is exactly this call and no other. It reads the upload from R2, where it streamed in, never
 * from a copy held whole (docs/decisions/0035-bounded-preview.md).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ImportPreview } from "#app/lib/import/import-preview";
import { type XlsxCell, xlsxStream } from "#app/lib/sheets/xlsx-writer";
import { R2_PART_BYTES } from "#app/server/import/upload.server";
import { adminRequest, loginAsAdmin, SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, getJson, insert, request } from "../helpers/factories";
import { multipartInit, writtenState } from "../helpers/import";
import { fileOf, fixtureBytes, sheetBytes, SPEC_HEADER, specRow, US_FIXTURE, VN_FIXTURE } from "../helpers/spreadsheets";
import { fetchWith } from "../helpers/worker";

async function previewInit(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set("excelFile", fileOf(bytes, name));
  return { method: "POST", ...(await multipartInit(form)) };
}

async function preview(bytes: Uint8Array, name: string): Promise<{ status: number; body: ImportPreview & { message?: string } }> {
  const response = await adminRequest("/api/admin/import/preview", await previewInit(bytes, name));
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return { status: response.status, body: (await response.json()) as ImportPreview & { message?: string } };
}

/** Everything a write would change: the tables, the stored files, the public statistics, the audit log. */
async function everything() {
  const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action <> 'login'").first<{ n: number }>();
  return { ...(await writtenState()), statistics: (await getJson("/api/statistics")).body, audit: audit?.n ?? 0 };
}

/**
 * The real bucket, with what passes through it counted: the parts written, and each read back —
 * bytes taken into one buffer at once (arrayBuffer) and bytes streamed (body), as the reader pulls them.
 */
function countingBucket(real: R2Bucket) {
  const seen = { parts: [] as number[], puts: 0, gets: 0, largestBuffer: 0, bytesRead: 0 };
  const counted = (body: ReadableStream<Uint8Array>) =>
    body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen.bytesRead += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
  const bucket = {
    put: (...args: Parameters<R2Bucket["put"]>) => {
      seen.puts += 1;
      return real.put(...args);
    },
    async createMultipartUpload(key: string, options?: R2MultipartOptions) {
      const upload = await real.createMultipartUpload(key, options);
      return {
        key: upload.key,
        uploadId: upload.uploadId,
        uploadPart(n: number, value: Uint8Array) {
          seen.parts.push(value.byteLength);
          return upload.uploadPart(n, value);
        },
        complete: (parts: R2UploadedPart[]) => upload.complete(parts),
        abort: () => upload.abort(),
      };
    },
    async get(key: string, options?: R2GetOptions) {
      const object = await real.get(key, options);
      if (!object) return null;
      seen.gets += 1;
      return {
        async arrayBuffer() {
          const bytes = await object.arrayBuffer();
          seen.largestBuffer = Math.max(seen.largestBuffer, bytes.byteLength);
          seen.bytesRead += bytes.byteLength;
          return bytes;
        },
        get body() {
          return counted(object.body);
        },
      };
    },
    delete: (keys: string | string[]) => real.delete(keys),
    head: (key: string) => real.head(key),
    list: (options?: R2ListOptions) => real.list(options),
  };
  return { bucket: bucket as unknown as R2Bucket, seen };
}

/** A spec sheet of `rows` rows whose notes column barely compresses (~1.3 KB zipped a row), streamed as an export is. */
async function largeSheet(rows: number): Promise<Uint8Array> {
  async function* data(): AsyncGenerator<XlsxCell[]> {
    for (let i = 0; i < rows; i++) {
      const noise = Array.from(crypto.getRandomValues(new Uint8Array(1300)), (b) => b.toString(16).padStart(2, "0")).join("");
      yield [...(specRow({ name: `Large Bakery ${i}`, place_id: `large-${i}` }) as XlsxCell[]), noise];
    }
  }
  return new Uint8Array(
    await new Response(xlsxStream({ sheetName: "Sheet1", columns: [...SPEC_HEADER, "notes"], rows: data() })).arrayBuffer(),
  );
}

describe("POST /api/admin/import/preview", () => {
  it("answers 401 without a session and 403 cross-origin, reading nothing", async () => {
    const init = await previewInit(fixtureBytes(VN_FIXTURE), VN_FIXTURE);
    expect((await request("/api/admin/import/preview", init)).status).toBe(401);
    const foreign = await previewInit(fixtureBytes(VN_FIXTURE), VN_FIXTURE);
    expect(
      (
        await adminRequest("/api/admin/import/preview", {
          ...foreign,
          headers: { ...Object.fromEntries(foreign.headers), Origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);
    expect((await adminRequest("/api/admin/import/preview")).status).toBe(405);
  });

  it("a 2026 Outscraper file: its layout, 8 rows, the mapping and five rows as stored; nothing written", async () => {
    await adminRequest("/api/admin/check-auth");
    const before = await everything();
    const { status, body } = await preview(fixtureBytes(VN_FIXTURE), VN_FIXTURE);
    expect(status).toBe(200);
    expect(body).toMatchObject({ fileName: VN_FIXTURE, format: "xlsx", layout: "outscraper-2026", rowCount: 8, headerRow: 1 });
    expect(body.layoutLabel).toMatch(/2026/);
    expect(body.mapping).toEqual(
      expect.arrayContaining([
        { field: "Name", header: "name", column: expect.stringMatching(/^[A-Z]+$/) },
        { field: "Address", header: "address", column: expect.any(String) },
        { field: "Website", header: "website", column: expect.any(String) },
        { field: "Place ID", header: "place_id", column: expect.any(String) },
      ]),
    );
    expect(body.ignoredColumns).toContain("query");
    expect(body.rows).toHaveLength(5);
    expect(body.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6]);
    const stored = body.rows.find((r) => r.ok);
    expect(stored).toMatchObject({
      ok: true,
      duplicate: false,
      values: { name: expect.any(String), country: expect.any(String), placeId: expect.any(String) },
    });
    expect(await everything()).toEqual(before);
  });

  it("a 2025 Outscraper file reads as the 2025 layout (full_address, site)", async () => {
    const { status, body } = await preview(fixtureBytes(US_FIXTURE), US_FIXTURE);
    expect(status).toBe(200);
    expect(body.layout).toBe("outscraper-2025");
    expect(body.mapping).toEqual(expect.arrayContaining([{ field: "Address", header: "full_address", column: expect.any(String) }]));
    expect(body.rows).toHaveLength(5);
  });

  it("the spec's columns: a bad row is shown with its reason, an already listed one as a duplicate", async () => {
    const listed = "preview-listed-place";
    await insert(buildBusiness({ placeId: listed, name: "Already Here Bakery" }));
    const before = await everything();
    const rows = [
      SPEC_HEADER,
      specRow({ name: "Good Bakery" }),
      specRow({ name: "" }),
      specRow({ place_id: listed, name: "Already Here Bakery" }),
    ];
    const { status, body } = await preview(sheetBytes(rows), "spec.xlsx");
    expect(status).toBe(200);
    expect(body).toMatchObject({ layout: "spec", rowCount: 3 });
    expect(body.rows).toEqual([
      expect.objectContaining({
        row: 2,
        ok: true,
        duplicate: false,
        values: expect.objectContaining({ name: "Good Bakery", zipCode: "10117", rating: 4.5 }),
      }),
      { row: 3, ok: false, column: "name", reason: "name is required" },
      expect.objectContaining({ row: 4, ok: true, duplicate: true }),
    ]);
    expect(await everything()).toEqual(before);
  });

  it("refuses what the import refuses, with the import's status and message, writing nothing", async () => {
    const before = await everything();
    const text = await preview(new TextEncoder().encode("just some text\n"), "notes.xlsx");
    expect(text.status).toBe(415);
    expect(text.body.message).toMatch(/not a spreadsheet/);
    const named = await preview(fixtureBytes(VN_FIXTURE), "cafes.csv");
    expect(named.status).toBe(415);
    expect(named.body.message).toMatch(/not an Excel file/);
    const headerOnly = await preview(sheetBytes([SPEC_HEADER]), "empty.xlsx");
    expect(headerOnly.status).toBe(422);
    const missing = await preview(
      sheetBytes([
        ["title", "phone"],
        ["x", "1"],
      ]),
      "odd.xlsx",
    );
    expect(missing.status).toBe(422);
    expect(missing.body.message).toMatch(/lacks required column/);
    expect(await everything()).toEqual(before);
  });

  it("preview then import: the preview changed nothing, the import then writes what the preview showed", async () => {
    const before = await everything();
    const { body } = await preview(fixtureBytes(VN_FIXTURE), VN_FIXTURE);
    expect(await everything()).toEqual(before);
    const form = new FormData();
    form.set("excelFile", fileOf(fixtureBytes(VN_FIXTURE), VN_FIXTURE));
    const imported = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
    expect([200, 202]).toContain(imported.status);
    const shownNames = body.rows.flatMap((r) => (r.ok ? [r.values.name] : []));
    const rows = await env.DB.prepare("SELECT name FROM businesses").all<{ name: string }>();
    // A job (202) may still be writing; what is there is what the preview said would be.
    if (imported.status === 200) expect(rows.results.map((r) => r.name)).toEqual(expect.arrayContaining(shownNames));
  });

  it("a file larger than an R2 part: streamed into R2 part by part, read back by range in one pass, then deleted", async () => {
    const ROWS = 5000;
    const bytes = await largeSheet(ROWS);
    expect(bytes.byteLength).toBeGreaterThan(R2_PART_BYTES);
    const before = await everything();
    const { bucket, seen } = countingBucket(env.UPLOADS);
    const init = await previewInit(bytes, "large.xlsx");
    init.headers.set("Cookie", await loginAsAdmin());
    init.headers.set("Origin", SITE_ORIGIN);
    const response = await fetchWith({ UPLOADS: bucket }, "/api/admin/import/preview", init);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ImportPreview;
    // The counts are exact: one streamed pass counts every row.
    expect(body).toMatchObject({ fileName: "large.xlsx", fileSize: bytes.byteLength, layout: "spec", rowCount: ROWS, headerRow: 1 });
    expect(body.rows.map((r) => (r.ok ? r.values.name : r.reason))).toEqual([0, 1, 2, 3, 4].map((i) => `Large Bakery ${i}`));
    expect(body.ignoredColumns).toEqual(["notes"]);
    // In: never more than one R2 part held, sent as it filled.
    expect(seen.puts).toBe(0);
    expect(seen.parts.length).toBe(Math.ceil(bytes.byteLength / R2_PART_BYTES));
    expect(Math.max(...seen.parts)).toBeLessThanOrEqual(R2_PART_BYTES);
    // Out: only the zip's end and directory are taken into a buffer; the sheet is streamed once for the
    // count, and its first rows again for the header and the rows shown.
    expect(seen.largestBuffer).toBeLessThanOrEqual(128 * 1024);
    expect(seen.bytesRead).toBeGreaterThan(bytes.byteLength * 0.9);
    expect(seen.bytesRead).toBeLessThanOrEqual(bytes.byteLength + 1024 * 1024);
    // Deleted before the answer.
    expect(await everything()).toEqual(before);
  });
});
