import { introspectWorkflow } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ImportResult } from "#app/lib/import/import-mapping";
import { INLINE_IMPORT_ROWS } from "#app/lib/import/import-plan";
import { bufferSource } from "#app/lib/sheets/xlsx-reader";
import { importStatus, importUpload, statusUrl, validateUpload } from "#app/server/import/import.server";
import { adminRequest } from "../helpers/admin";
import { multipartInit, settle, testApp, uploadRequest, writtenState } from "../helpers/import";
import { fileOf, fixtureBytes, SPEC_HEADER, sheetBytes, specRow, US_FIXTURE, VN_FIXTURE } from "../helpers/spreadsheets";

/** POST /api/admin/import through the Worker, as the Import tab sends it (`file` in the field excelFile). */
async function importFile(file: File | string | null) {
  const form = new FormData();
  if (file !== null) form.set("excelFile", file);
  const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return { status: response.status, body: (await response.json()) as ImportResult & { jobId?: number; statusUrl?: string } };
}

describe("refusing a bad file whole, before anything is written", () => {
  const truncated = fixtureBytes(VN_FIXTURE).slice(0, 9000);
  const cases: Array<[string, File | null, number, RegExp]> = [
    ["no file", null, 400, /No file was uploaded/],
    ["a wrong extension", fileOf(fixtureBytes(VN_FIXTURE), "cafes.csv"), 415, /Only \.xlsx and \.xls files/],
    ["text named .xlsx", fileOf(new TextEncoder().encode("name,category\nA,B\n"), "fake.xlsx"), 415, /not a spreadsheet/],
    ["a truncated workbook", fileOf(truncated, "cut.xlsx"), 422, /corrupt or truncated/],
    ["an empty sheet", fileOf(sheetBytes([]), "empty.xlsx"), 422, /empty sheet/],
    ["a header without rows", fileOf(sheetBytes([SPEC_HEADER]), "header-only.xlsx"), 422, /no data rows/],
    [
      "missing required columns",
      fileOf(
        sheetBytes([
          ["name", "rating"],
          ["A", 4],
        ]),
        "partial.xlsx",
      ),
      422,
      /lacks required columns: category, full_address \(or address\), place_id/,
    ],
    ["an empty file", fileOf(new Uint8Array(0), "zero.xlsx"), 400, /is empty/],
  ];

  it.each(cases)("refuses %s", async (_label, file, status, message) => {
    const before = await writtenState();
    const { status: got, body } = await importFile(file);
    expect(got).toBe(status);
    expect(body.message).toMatch(message);
    expect(await writtenState()).toEqual(before);
  });

  it("refuses a file over the size limit and states the limit", async () => {
    await expect(
      validateUpload(bufferSource(fixtureBytes(VN_FIXTURE)), "big.xlsx", { maxBytes: 1000, maxLabel: "1 KB" }),
    ).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/the largest file that can be imported is 1 KB/),
    });
  });

  it("refuses a zip whose directory is gone", async () => {
    const { status, body } = await importFile(fileOf(fixtureBytes(VN_FIXTURE).slice(0, 30).fill(0, 4), "odd.xlsx"));
    expect(status).toBe(422);
    expect(body.message).toMatch(/cannot be read/);
  });
});

describe("the real Outscraper fixtures", () => {
  it.each([
    [US_FIXTURE, 179],
    [VN_FIXTURE, 8],
  ])("%s imports with every row accounted for, and again as duplicates only", async (name, rows) => {
    const first = await importFile(fileOf(fixtureBytes(name), name));
    expect(first.status).toBe(200);
    const { imported, duplicatesSkipped, totalErrors } = first.body.stats;
    expect(imported + duplicatesSkipped + totalErrors).toBe(rows);
    expect(imported).toBeGreaterThan(rows * 0.9);
    expect(first.body.message).toMatch(/Imported \d+ businesses/);

    const again = await importFile(fileOf(fixtureBytes(name), name));
    expect(again.body.stats).toEqual({ imported: 0, duplicatesSkipped: imported + duplicatesSkipped, totalErrors });
  });

  it("stores what the rows say: city, hours, features, the original file and the import record", async () => {
    await importFile(fileOf(fixtureBytes(VN_FIXTURE), VN_FIXTURE));
    const cafe = await env.DB.prepare("SELECT * FROM businesses WHERE place_id = 'ChIJr9PsEOqnQTERZFB_1Gj1HlQ'").first<
      Record<string, unknown>
    >();
    expect(cafe).toMatchObject({ name: "Tiệm Café Tụi Mình", city: "Hue", zip_code: "49000", country: "Vietnam", is_verified: 1 });
    expect(JSON.parse(String(cafe?.opening_hours))).toMatchObject({ Monday: "6:00 AM - 6:00 PM" });
    expect(JSON.parse(String(cafe?.about))).toHaveProperty("Service options");
    const record = await env.DB.prepare("SELECT * FROM imports WHERE file_name = ?1 ORDER BY id DESC LIMIT 1")
      .bind(VN_FIXTURE)
      .first<{ r2_key: string; status: string; file_size: number; total_rows: number }>();
    expect(record).toMatchObject({ status: "done", total_rows: 8, file_size: fixtureBytes(VN_FIXTURE).byteLength });
    const stored = await env.UPLOADS.get(String(record?.r2_key));
    expect(stored?.size).toBe(fixtureBytes(VN_FIXTURE).byteLength);
  });
});

describe("duplicates and bad rows", () => {
  it("skips and counts duplicates in the file and reports bad rows by row, column and reason", async () => {
    const same = `dup-${crypto.randomUUID()}`;
    const sheet = [
      SPEC_HEADER,
      specRow({ place_id: same, name: "First" }),
      specRow({ place_id: same, name: "Second" }),
      specRow({ rating: "4,7" }),
      specRow({ rating: 7 }),
      specRow({ place_id: "" }),
      specRow({ reviews: "3.5" }),
    ];
    const { status, body } = await importFile(fileOf(sheetBytes(sheet), "mixed.xlsx"));
    expect(status).toBe(200);
    expect(body.stats).toEqual({ imported: 2, duplicatesSkipped: 1, totalErrors: 3 });
    expect(body.errors).toEqual([
      { row: 5, column: "rating", reason: "7 is outside 1–5" },
      { row: 6, column: "place_id", reason: "place_id is required" },
      { row: 7, column: "reviews", reason: "3.5 is not a whole number ≥ 0" },
    ]);
    const decimal = await env.DB.prepare("SELECT rating FROM businesses WHERE place_id = ?1")
      .bind(String(sheet[3][11]))
      .first<{ rating: number }>();
    expect(decimal?.rating).toBe(4.7);
  });

  it("reads an .xls (BIFF8) workbook", async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    const bytes = sheetBytes(
      [
        SPEC_HEADER,
        specRow({ place_id: ids[0] }),
        specRow({ place_id: ids[1], postal_code: "01067", full_address: "Altmarkt 1, 01067 Dresden" }),
      ],
      "xls",
    );
    expect(Array.from(bytes.slice(0, 4))).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    const { status, body } = await importFile(fileOf(bytes, "legacy.xls"));
    expect(status).toBe(200);
    expect(body.stats).toEqual({ imported: 2, duplicatesSkipped: 0, totalErrors: 0 });
    const dresden = await env.DB.prepare("SELECT city, zip_code FROM businesses WHERE place_id = ?1").bind(ids[1]).first();
    expect(dresden).toEqual({ city: "Dresden", zip_code: "01067" });
  });
});

describe("a large file runs as a workflow, slice by slice, with no poll", () => {
  /** The one import workflow instance started since `introspector` was made, waited to its end. */
  async function finished(introspector: Awaited<ReturnType<typeof introspectWorkflow>>) {
    const [instance] = await introspector.get();
    if (!instance) throw new Error("no workflow was started");
    await instance.waitForStatus("complete");
    return instance;
  }
  const record = (id: number) => env.DB.prepare("SELECT * FROM imports WHERE id = ?1").bind(id).first<Record<string, unknown>>();

  it("imports slice by slice as durable steps, without duplicates, and the status route only reads", async () => {
    const prefix = `job-${crypto.randomUUID().slice(0, 8)}`;
    const rows = Array.from({ length: 12 }, (_, i) => specRow({ place_id: `${prefix}-${i}`, name: `Job Shop ${i}` }));
    rows.push(specRow({ place_id: `${prefix}-3` }), specRow({ rating: "abc" }));
    const plan = { batchRows: 2, inlineRows: 5, sliceRows: 6, sliceMs: 60_000 };
    await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
    const app = testApp();
    const started = await importUpload(app, await uploadRequest(fileOf(sheetBytes([SPEC_HEADER, ...rows]), "big.xlsx")), "tester", plan);
    if (started.state !== "running") throw new Error(`expected a running job, got ${started.state}`);
    expect(started).toMatchObject({ fileName: "big.xlsx", total: 14 });
    await settle(app);

    // No request after the upload: the workflow runs every slice by itself, one step each (6, 6, 2 rows).
    const instance = await finished(introspector);
    expect(await instance.waitForStepResult({ name: "slice 1" })).toBe("running");
    expect(await instance.waitForStepResult({ name: "slice 2" })).toBe("running");
    expect(await instance.waitForStepResult({ name: "slice 3" })).toBe("done");
    expect(await instance.getOutput()).toEqual({ importId: started.jobId, status: "done", slices: 3 });

    const status = await importStatus(testApp(), started.jobId);
    expect(status).toMatchObject({
      status: "done",
      progress: { processed: 14, total: 14 },
      stats: { imported: 12, duplicatesSkipped: 1, totalErrors: 1 },
    });
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM businesses WHERE place_id LIKE ?1")
      .bind(`${prefix}-%`)
      .first<{ n: number }>();
    expect(stored?.n).toBe(12);

    // The status route answers the same status as JSON, and 404 for a job that does not exist.
    const reply = await adminRequest(statusUrl(started.jobId));
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Cache-Control")).toBe("no-store");
    expect(await reply.json()).toEqual(status);
    for (const missing of [statusUrl(99_999_999), "/api/admin/import/abc", "/api/admin/import/0"]) {
      const none = await adminRequest(missing);
      expect(none.status, missing).toBe(404);
      expect(await none.json()).toEqual({ message: "Import not found" });
    }
  });

  it("POST /api/admin/import answers 202 with the job's status address for a file over the inline limit, and finishes alone", async () => {
    const prefix = `route-${crypto.randomUUID().slice(0, 8)}`;
    const rows = Array.from({ length: INLINE_IMPORT_ROWS + 1 }, (_, i) => specRow({ place_id: `${prefix}-${i}`, name: `Route Shop ${i}` }));
    await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
    const { status, body } = await importFile(fileOf(sheetBytes([SPEC_HEADER, ...rows]), "large.xlsx"));
    expect(status).toBe(202);
    const started = body as unknown as { message: string; jobId: number; statusUrl: string };
    expect(started.message).toBe(`Importing ${INLINE_IMPORT_ROWS + 1} rows from large.xlsx in the background…`);
    expect(started.statusUrl).toBe(`/api/admin/import/${started.jobId}`);
    await finished(introspector);
    expect(await importStatus(testApp(), started.jobId)).toMatchObject({
      status: "done",
      stats: { imported: INLINE_IMPORT_ROWS + 1, duplicatesSkipped: 0, totalErrors: 0 },
    });
  });

  it("a step that keeps failing marks the import failed with its batches kept; a retry resumes it after them", async () => {
    const prefix = `fail-${crypto.randomUUID().slice(0, 8)}`;
    const rows = Array.from({ length: 10 }, (_, i) => specRow({ place_id: `${prefix}-${i}`, name: `Fail Shop ${prefix} ${i}` }));
    const bytes = sheetBytes([SPEC_HEADER, ...rows]);
    const plan = { batchRows: 2, inlineRows: 4, sliceRows: 4, sliceMs: 60_000 };
    const stored = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM businesses WHERE place_id LIKE ?1").bind(`${prefix}-%`).first<{ n: number }>())?.n;
    const searchable = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM businesses_fts WHERE businesses_fts MATCH ?1")
          .bind(`"${prefix}"`)
          .first<{ n: number }>()
      )?.n;

    // The second slice fails on every try (as a lost D1 or R2 would): the workflow retries it, then gives up.
    let jobId: number;
    {
      await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
      await introspector.modifyAll(async (m) => {
        await m.disableRetryDelays();
        await m.mockStepError({ name: "slice 2" }, new Error("D1 is unavailable"));
      });
      const app = testApp();
      const started = await importUpload(app, await uploadRequest(fileOf(bytes, "partial.xlsx")), "tester", plan);
      if (started.state !== "running") throw new Error(`expected a running job, got ${started.state}`);
      jobId = started.jobId;
      await settle(app);
      const instance = await finished(introspector);
      expect(await instance.getOutput()).toMatchObject({ status: "failed" });
    }
    const failed = await importStatus(testApp(), jobId);
    expect(failed).toMatchObject({ status: "failed", progress: { processed: 4 }, stats: { imported: 4 } });
    expect(failed?.message).toMatch(/D1 is unavailable/);
    expect(await stored()).toBe(4);
    expect(await searchable()).toBe(4);

    // Retried while the stored file is gone: it fails again, saying why, and writes nothing.
    const key = String((await record(jobId))?.r2_key);
    await env.UPLOADS.delete(key);
    {
      await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
      const retry = await adminRequest(`/api/admin/imports/${jobId}/retry`, { method: "POST" });
      expect(retry.status).toBe(202);
      await finished(introspector);
    }
    expect(await importStatus(testApp(), jobId)).toMatchObject({ status: "failed", message: expect.stringMatching(/missing/) });
    expect(await stored()).toBe(4);

    // The file back: the retry resumes after the 4 rows written, counting none of them twice.
    await env.UPLOADS.put(key, bytes);
    {
      await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
      const retry = await adminRequest(`/api/admin/imports/${jobId}/retry`, { method: "POST" });
      expect(retry.status).toBe(202);
      expect(await retry.json()).toMatchObject({ jobId, statusUrl: statusUrl(jobId), message: expect.stringMatching(/after row 5/) });
      await finished(introspector);
    }
    expect(await importStatus(testApp(), jobId)).toMatchObject({
      status: "done",
      progress: { processed: 10, total: 10 },
      stats: { imported: 10, duplicatesSkipped: 0, totalErrors: 0 },
    });
    expect(await stored()).toBe(10);
    expect(await searchable()).toBe(10);

    // A done import is not retried.
    const again = await adminRequest(`/api/admin/imports/${jobId}/retry`, { method: "POST" });
    expect(again.status).toBe(409);
  });

  it("starts under another instance id when the import's own is taken by an instance kept from an earlier database", async () => {
    const next = ((await env.DB.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'imports'").first<{ seq: number }>())?.seq ?? 0) + 1;
    // An instance left from before (its import id is no import here: it ends at once).
    await (await env.IMPORT_WORKFLOW.create({ id: `import-${next}`, params: { importId: 99_999_999 } })).status();
    const prefix = `taken-${crypto.randomUUID().slice(0, 8)}`;
    const rows = Array.from({ length: 8 }, (_, i) => specRow({ place_id: `${prefix}-${i}` }));
    await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
    const app = testApp();
    const started = await importUpload(app, await uploadRequest(fileOf(sheetBytes([SPEC_HEADER, ...rows]), "taken.xlsx")), "tester", {
      batchRows: 4,
      inlineRows: 2,
      sliceRows: 4,
      sliceMs: 60_000,
    });
    if (started.state !== "running") throw new Error(`expected a running job, got ${started.state}`);
    expect(started.jobId).toBe(next);
    await settle(app);
    await finished(introspector);
    expect(await importStatus(testApp(), next)).toMatchObject({ status: "done", stats: { imported: 8 } });
  });
});
