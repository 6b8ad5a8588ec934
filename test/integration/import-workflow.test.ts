/**
 * An import runs to the end on its own, in the suite: a 20,000-row upload followed by no other request
 * (no poll, no tab) ends with every row imported, the import done and the statistics exact, watched
 * through the vitest plugin's workflow introspection instead of the app. The same at 200,000 rows is
 * test/slow/import-workflow-200k.test.ts (`npm run test:slow`) and `npm run bench:import -- --no-poll`
 * (docs/perf/jobs.md).
 * Then the history API reads that import: the list, the error report (JSON, CSV, .xlsx), the file.
 */
import { introspectWorkflow } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SPEC_COLUMNS } from "#app/lib/import/import-mapping";
import { bufferSource, XlsxReader } from "#app/lib/sheets/xlsx-reader";
import { type XlsxCell, xlsxStream } from "#app/lib/sheets/xlsx-writer";
import { advanceImport, importUpload } from "#app/server/import/import.server";
import { adminRequest } from "../helpers/admin";
import { request } from "../helpers/factories";
import { multipartInit, settle, testApp, uploadRequest } from "../helpers/import";
import { fileOf, SPEC_HEADER, sheetBytes, specRow } from "../helpers/spreadsheets";
import { keptSummaries, recomputedSummaries } from "../helpers/summaries";

const ROWS = 20_000;
/** Rows (sheet row numbers) made bad on purpose, and the one repeated place id. */
const BAD = new Map<number, Record<string, unknown>>([
  [102, { rating: 9 }],
  [5_003, { place_id: "" }],
  [15_001, { reviews: "many" }],
]);
const DUPLICATE_ROW = 19_999;

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A 20,000-row sheet in the spec's columns, written by the repo's streaming writer. */
async function bigSheet(prefix: string): Promise<Uint8Array> {
  async function* rows(): AsyncGenerator<XlsxCell[]> {
    for (let i = 0; i < ROWS; i++) {
      const sheetRow = i + 2;
      const placeId = sheetRow === DUPLICATE_ROW ? `${prefix}-0` : `${prefix}-${i}`;
      yield specRow({
        place_id: placeId,
        name: `Workflow Shop ${prefix} ${i}`,
        category: ["Bakery", "Plumber", "Cafe"][i % 3],
        full_address: `${i} Main St, Town ${i % 50}, Germany`,
        ...BAD.get(sheetRow),
      }) as XlsxCell[];
    }
  }
  return bytesOf(xlsxStream({ sheetName: "Sheet1", columns: [...SPEC_COLUMNS], rows: rows() }));
}

describe("an import that finishes with no browser open", () => {
  it("a 20,000-row upload and no other request: all rows imported in several durable steps, done, statistics exact", async () => {
    const prefix = `wf-${crypto.randomUUID().slice(0, 8)}`;
    const bytes = await bigSheet(prefix);
    const before = (await env.DB.prepare("SELECT total_businesses AS n FROM site_stats").first<{ n: number }>())?.n ?? 0;

    await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
    const form = new FormData();
    form.set("excelFile", fileOf(bytes, "twenty-thousand.xlsx"));
    const upload = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
    expect(upload.status).toBe(202);
    const { jobId } = (await upload.json()) as { jobId: number };

    // Nothing asks the app anything from here on: the workflow runs to its end by itself.
    const [instance] = await introspector.get();
    await instance.waitForStatus("complete");
    // IMPORT_STEP_ROWS = 5,000 in the suite: four steps of one writer batch each.
    for (const n of [1, 2, 3]) expect(await instance.waitForStepResult({ name: `slice ${n}` })).toBe("running");
    expect(await instance.waitForStepResult({ name: "slice 4" })).toBe("done");
    expect(await instance.getOutput()).toEqual({ importId: jobId, status: "done", slices: 4 });

    const record = await env.DB.prepare("SELECT * FROM imports WHERE id = ?1").bind(jobId).first<Record<string, unknown>>();
    expect(record).toMatchObject({
      status: "done",
      total_rows: ROWS,
      processed_rows: ROWS,
      imported: ROWS - BAD.size - 1,
      duplicates_skipped: 1,
      total_errors: BAD.size,
      lease_until: null,
    });
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM businesses WHERE place_id LIKE ?1")
      .bind(`${prefix}-%`)
      .first<{ n: number }>();
    expect(stored?.n).toBe(ROWS - BAD.size - 1);
    const after = (await env.DB.prepare("SELECT total_businesses AS n FROM site_stats").first<{ n: number }>())?.n ?? 0;
    expect(after - before).toBe(ROWS - BAD.size - 1);
    expect(await keptSummaries()).toEqual(await recomputedSummaries());
    expect((await env.DB.prepare("SELECT lists_need_rebuild AS n FROM site_stats").first<{ n: number }>())?.n).toBe(0);
    const audit = await env.DB.prepare(
      "SELECT actor, target_id, detail FROM audit_log WHERE action = 'import' ORDER BY id DESC LIMIT 1",
    ).first();
    expect(audit).toEqual({ actor: "admin", target_id: jobId, detail: `Import ${jobId}: twenty-thousand.xlsx (${ROWS} rows) started` });

    // The import history API, read afterwards: the list, the error report in three forms, the file.
    const list = await adminRequest("/api/admin/imports?limit=5");
    expect(list.status).toBe(200);
    const page = (await list.json()) as { imports: Array<Record<string, unknown>>; next: number | null };
    expect(page.imports[0]).toMatchObject({
      id: jobId,
      fileName: "twenty-thousand.xlsx",
      fileSize: bytes.byteLength,
      uploadedBy: "admin",
      status: "done",
      imported: ROWS - BAD.size - 1,
      duplicatesSkipped: 1,
      totalErrors: BAD.size,
      durationSeconds: expect.any(Number),
    });

    const report = await adminRequest(`/api/admin/imports/${jobId}/errors`);
    expect(report.status).toBe(200);
    expect(await report.json()).toEqual({
      importId: jobId,
      fileName: "twenty-thousand.xlsx",
      totalErrors: 3,
      kept: 3,
      next: null,
      errors: [
        { row: 102, column: "rating", value: "9", reason: "9 is outside 1–5" },
        { row: 5_003, column: "place_id", value: "", reason: "place_id is required" },
        { row: 15_001, column: "reviews", value: "many", reason: expect.any(String) },
      ],
    });
    const paged = (await (await adminRequest(`/api/admin/imports/${jobId}/errors?limit=2`)).json()) as { errors: unknown[]; next: number };
    expect(paged.errors).toHaveLength(2);
    expect(paged.next).toBe(5_003);
    const rest = (await (await adminRequest(`/api/admin/imports/${jobId}/errors?after=5003`)).json()) as { errors: Array<{ row: number }> };
    expect(rest.errors.map((e) => e.row)).toEqual([15_001]);

    const csv = await adminRequest(`/api/admin/imports/${jobId}/errors?format=csv`);
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("Content-Disposition")).toMatch(/attachment; filename="import-\d+-errors\.csv"/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("row,column,value,reason");
    expect(lines.slice(1, 3)).toEqual(["102,rating,9,9 is outside 1–5", "5003,place_id,,place_id is required"]);

    const xlsx = await adminRequest(`/api/admin/imports/${jobId}/errors?format=xlsx`);
    expect(xlsx.status).toBe(200);
    const reader = await XlsxReader.open(bufferSource(new Uint8Array(await xlsx.arrayBuffer())));
    const { rows } = await reader.readRows({ from: 1, to: 10 });
    expect(rows.map((r) => r.cells.slice(0, 3))).toEqual([
      ["row", "column", "value"],
      [102, "rating", "9"],
      [5003, "place_id", null],
      [15001, "reviews", "many"],
    ]);

    const file = await adminRequest(`/api/admin/imports/${jobId}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toContain('filename="twenty-thousand.xlsx"');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it("the history API answers only an admin, and 404 for an import that does not exist", async () => {
    for (const [path, method] of [
      ["/api/admin/imports", "GET"],
      ["/api/admin/imports/1/errors", "GET"],
      ["/api/admin/imports/1/errors?format=csv", "GET"],
      ["/api/admin/imports/1/file", "GET"],
      ["/api/admin/imports/1/retry", "POST"],
    ]) {
      const stranger = await request(path, { method, headers: { Origin: "https://localatlas.test" } });
      expect(stranger.status, path).toBe(401);
    }
    for (const [path, method] of [
      ["/api/admin/imports/99999999/errors", "GET"],
      ["/api/admin/imports/99999999/file", "GET"],
      ["/api/admin/imports/99999999/retry", "POST"],
      ["/api/admin/imports/abc/errors", "GET"],
    ]) {
      const none = await adminRequest(path, { method });
      expect(none.status, path).toBe(404);
      expect(none.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("resumes after an invocation that died holding the lease: the step retries after its backoff and counts nothing twice", async () => {
    const prefix = `crash-${crypto.randomUUID().slice(0, 8)}`;
    const rows = Array.from({ length: 9 }, (_, i) => specRow({ place_id: `${prefix}-${i}` }));
    // Stored and recorded as an upload does, imported inline up to one 3-row batch (as a slice that
    // then crashed would have left it), its workflow not started yet: a plan that never goes inline.
    const plan = { batchRows: 3, inlineRows: 0, sliceRows: 3, sliceMs: 60_000 };
    let id: number;
    {
      await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
      await introspector.modifyAll(async (m) => {
        // The first workflow (the upload's) is held back: its step fails at once, it gives up, and
        // the import is left as a crash would leave it.
        await m.disableRetryDelays([{ name: "slice 1" }]);
        await m.mockStepError({ name: "slice 1" }, new Error("the isolate was evicted"));
      });
      const app = testApp();
      const started = await importUpload(
        app,
        await uploadRequest(fileOf(sheetBytes([SPEC_HEADER, ...rows]), "crash.xlsx")),
        "tester",
        plan,
      );
      if (started.state !== "running") throw new Error(`expected a running job, got ${started.state}`);
      await settle(app);
      const [held] = await introspector.get();
      await held.waitForStatus("complete");
      id = started.jobId;
    }
    await env.DB.prepare("UPDATE imports SET status = 'running', finished_at = NULL WHERE id = ?1").bind(id).run();
    await advanceImport(testApp(), id, plan);
    // A slice died after committing its batch, still holding the lease for 3 more seconds.
    await env.DB.prepare("UPDATE imports SET lease_until = unixepoch() + 3 WHERE id = ?1").bind(id).run();
    const before = await env.DB.prepare("SELECT processed_rows AS p, imported AS i FROM imports WHERE id = ?1").bind(id).first();
    expect(before).toEqual({ p: 3, i: 3 });

    await using resumed = await introspectWorkflow(env.IMPORT_WORKFLOW);
    await env.IMPORT_WORKFLOW.create({ id: `import-${id}-resume`, params: { importId: id, plan: { batchRows: 3, sliceRows: 3 } } });
    const [instance] = await resumed.get();
    await instance.waitForStatus("complete");
    expect(await instance.getOutput()).toMatchObject({ status: "done" });
    const after = await env.DB.prepare(
      "SELECT status, processed_rows AS p, imported AS i, duplicates_skipped AS d FROM imports WHERE id = ?1",
    )
      .bind(id)
      .first();
    expect(after).toEqual({ status: "done", p: 9, i: 9, d: 0 });
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM businesses WHERE place_id LIKE ?1")
      .bind(`${prefix}-%`)
      .first<{ n: number }>();
    expect(stored?.n).toBe(9);
  });
});
