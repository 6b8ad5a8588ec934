/**
 * A Workflow step whose D1 fails twice, then succeeds (docs/decisions/0034-storage-faults.md): real D1
 * refuses a row of the second slice's second batch on the step's first two attempts (a trigger raising
 * D1's "Network connection lost"), so the batch rolls back inside D1 after the slice's first batch has
 * committed. The step's retries (JOB_STEP_CONFIG) carry the import on from its last committed batch, and
 * it finishes exact: every row imported once, the import's counts and the site's summaries equal a recount.
 */
import { introspectWorkflow } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { importUpload } from "#app/server/import/import.server";
import { isTransient } from "#app/server/platform/unavailable.server";
import { settle, testApp, uploadRequest } from "../helpers/import";
import { fileOf, SPEC_HEADER, sheetBytes, specRow } from "../helpers/spreadsheets";
import { keptSummaries, recomputedSummaries } from "../helpers/summaries";

const ROWS = 12;

/**
 * The switch: while `failures_left` > 0, inserting the armed row aborts its statement (and D1 rolls its
 * batch back). The trigger cannot count its own failures (they roll back with the batch), so the count
 * is kept by the import's own write after a failed slice: it releases its lease with "Retrying after an
 * error: …", committed, and that message is kept to check the error reached the code as a transient one.
 */
async function armFault(placeId: string, failures: number) {
  await env.DB.batch([
    env.DB.prepare("CREATE TABLE fault_switch (place_id TEXT NOT NULL, failures_left INTEGER NOT NULL, seen TEXT NOT NULL DEFAULT '[]')"),
    env.DB.prepare("INSERT INTO fault_switch (place_id, failures_left) VALUES (?1, ?2)").bind(placeId, failures),
    env.DB.prepare(
      `CREATE TRIGGER fault_lost_connection BEFORE INSERT ON businesses
       WHEN EXISTS (SELECT 1 FROM fault_switch WHERE place_id = NEW.place_id AND failures_left > 0)
       BEGIN SELECT RAISE(ABORT, 'Network connection lost.'); END`,
    ),
    env.DB.prepare(
      `CREATE TRIGGER fault_counted AFTER UPDATE OF message ON imports
       WHEN NEW.message LIKE 'Retrying after an error:%'
       BEGIN UPDATE fault_switch SET failures_left = failures_left - 1, seen = json_insert(seen, '$[#]', NEW.message); END`,
    ),
  ]);
}

afterEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DROP TRIGGER IF EXISTS fault_lost_connection"),
    env.DB.prepare("DROP TRIGGER IF EXISTS fault_counted"),
    env.DB.prepare("DROP TABLE IF EXISTS fault_switch"),
  ]);
});

describe("a workflow step whose D1 fails twice", () => {
  it("the import resumes after its last committed batch and finishes exact, no row twice", async () => {
    const tag = `fw${crypto.randomUUID().slice(0, 6)}`;
    const rows = Array.from({ length: ROWS }, (_, i) =>
      specRow({ place_id: `${tag}-${i}`, name: `${tag} Shop ${i}`, category: "Bakery", full_address: `${i} Main St, Stepton, Germany` }),
    );
    // Three slices of two batches each (2 rows a batch, 4 rows a slice): rows 6 and 7 are slice 2's
    // second batch; row 7 fails, after row 6 of the same batch was inserted.
    await armFault(`${tag}-7`, 2);
    await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
    await introspector.modifyAll(async (m) => {
      await m.disableRetryDelays();
    });
    const app = testApp();
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
    expect(await instance.getOutput()).toEqual({ importId: jobId, status: "done", slices: 3 });

    // Two attempts of slice 2 failed inside D1, each with an error the code reads as transient.
    const fault = await env.DB.prepare("SELECT failures_left, seen FROM fault_switch").first<{ failures_left: number; seen: string }>();
    const seen = JSON.parse(fault?.seen ?? "[]") as string[];
    expect(fault?.failures_left).toBe(0);
    expect(seen).toHaveLength(2);
    for (const message of seen) {
      expect(message).toContain("Network connection lost");
      expect(isTransient(new Error(message.replace(/^Retrying after an error: /, "")))).toBe(true);
    }

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
