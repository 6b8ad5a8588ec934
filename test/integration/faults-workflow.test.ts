/**
 * A Workflow step throwing twice, then succeeding (docs/decisions/0034-storage-faults.md): the step's
 * retries (JOB_STEP_CONFIG) carry the import on from its last committed batch, and it finishes exact:
 * every row imported once, the import's counts and the site's summaries equal a recount.
 */
import { introspectWorkflow } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { importUpload } from "#app/server/import/import.server";
import { settle, testApp, uploadRequest } from "../helpers/import";
import { fileOf, SPEC_HEADER, sheetBytes, specRow } from "../helpers/spreadsheets";
import { keptSummaries, recomputedSummaries } from "../helpers/summaries";

const ROWS = 12;

describe("a workflow step that throws twice", () => {
  it("the import resumes after its last committed slice and finishes exact", async () => {
    const tag = `fw${crypto.randomUUID().slice(0, 6)}`;
    const rows = Array.from({ length: ROWS }, (_, i) =>
      specRow({ place_id: `${tag}-${i}`, name: `${tag} Shop ${i}`, category: "Bakery", full_address: `${i} Main St, Stepton, Germany` }),
    );
    await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
    await introspector.modifyAll(async (m) => {
      await m.disableRetryDelays();
      // The second slice fails on its first two attempts, after the first slice has committed its rows.
      await m.mockStepError({ name: "slice 2" }, new Error("D1_ERROR: Network connection lost."), 2);
    });
    const app = testApp();
    // Three slices of two batches each (2 rows a batch, 4 rows a slice), none inside the upload.
    const outcome = await importUpload(app, await uploadRequest(fileOf(await sheetBytes([SPEC_HEADER, ...rows]), `${tag}.xlsx`)), "admin", {
      batchRows: 2,
      sliceRows: 4,
      inlineRows: 0,
      sliceMs: 60_000,
    });
    await settle(app);
    expect(outcome.state).toBe("running");
    const jobId = outcome.state === "running" ? outcome.jobId : 0;

    const [instance] = await introspector.get();
    await instance.waitForStatus("complete");
    expect(await instance.waitForStepResult({ name: "slice 1" })).toBe("running");
    expect(await instance.waitForStepResult({ name: "slice 2" })).toBe("running");
    expect(await instance.getOutput()).toEqual({ importId: jobId, status: "done", slices: 3 });

    const record = await env.DB.prepare("SELECT status, total_rows, processed_rows, imported, total_errors FROM imports WHERE id = ?1")
      .bind(jobId)
      .first();
    expect(record).toEqual({ status: "done", total_rows: ROWS, processed_rows: ROWS, imported: ROWS, total_errors: 0 });
    const stored = await env.DB.prepare(
      "SELECT count(*) AS n, count(DISTINCT place_id) AS distinct_ids FROM businesses WHERE place_id LIKE ?1",
    )
      .bind(`${tag}-%`)
      .first();
    expect(stored).toEqual({ n: ROWS, distinct_ids: ROWS });
    expect(await keptSummaries()).toEqual(await recomputedSummaries());
  });
});
