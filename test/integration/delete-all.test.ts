import { introspectWorkflow } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  beginDeleteAll,
  DELETE_CHUNK_ROWS,
  deleteAllChunk,
  endDeleteAll,
  insertBusinesses,
} from "#app/server/write/business-writer.server";
import { DELETE_STEP_ROWS } from "#app/server/admin/delete-all-workflow.server";
import { importUpload } from "#app/server/import/import.server";
import { adminRequest } from "../helpers/admin";
import { buildBusiness, testDb } from "../helpers/factories";
import { settle, testApp, uploadRequest } from "../helpers/import";
import { fileOf, SPEC_HEADER, sheetBytes, specRow } from "../helpers/spreadsheets";
import { keptSummaries, recomputedSummaries } from "../helpers/summaries";

const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? 0;

describe("DELETE /api/admin/delete-all", () => {
  it("deletes nothing without the exact confirmation, then everything but the import history and files", async () => {
    const app = testApp();
    await importUpload(app, await uploadRequest(fileOf(sheetBytes([SPEC_HEADER, specRow(), specRow()]), "keep.xlsx")), "tester");
    await settle(app);
    const businesses = await count("SELECT count(*) AS n FROM businesses");
    expect(businesses).toBeGreaterThan(0);

    const deleteAll = (body: string) =>
      adminRequest("/api/admin/delete-all", { method: "DELETE", headers: { "Content-Type": "application/json" }, body });
    // No body, no JSON, and JSON that is not exactly {"confirm":"DELETE"}.
    for (const body of ["", "DELETE", "null", "{}", '{"confirm":"delete"}', '{"confirm":"DELETE "}', '"DELETE"']) {
      const refused = await deleteAll(body);
      expect(refused.status, body).toBe(400);
      expect(refused.headers.get("Cache-Control")).toBe("no-store");
      expect(((await refused.json()) as { message: string }).message).toMatch(/Nothing was deleted/);
    }
    expect(await count("SELECT count(*) AS n FROM businesses")).toBe(businesses);

    const imports = await count("SELECT count(*) AS n FROM imports");
    const files = (await env.UPLOADS.list()).objects.length;
    const done = await deleteAll(JSON.stringify({ confirm: "DELETE" }));
    expect(done.status).toBe(200);
    const answer = (await done.json()) as { message: string; deleted: number };
    expect(answer.message).toMatch(/^Deleted \d+ businesses/);
    expect(answer.deleted).toBe(businesses);
    expect(await count("SELECT count(*) AS n FROM businesses")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM businesses_fts")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM countries")).toBe(0);
    expect(await count("SELECT total_businesses AS n FROM site_stats")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM imports")).toBe(imports);
    expect((await env.UPLOADS.list()).objects.length).toBe(files);
  });

  it("a directory larger than one chunk is deleted by a workflow, in steps, with no request after the call", async () => {
    const total = DELETE_STEP_ROWS + DELETE_CHUNK_ROWS + 7;
    const cities = ["Springfield", "Shelbyville", "Ogdenville", "Brockway"];
    await insertBusinesses(
      testDb(),
      Array.from({ length: total }, (_, i) =>
        buildBusiness({ category: ["Plumber", "Bakery", "Cafe"][i % 3], city: cities[i % 4], isVerified: i % 5 === 0 }),
      ),
    );
    const present = await count("SELECT count(*) AS n FROM businesses");
    const imports = await count("SELECT count(*) AS n FROM imports");
    const files = (await env.UPLOADS.list()).objects.length;

    await using introspector = await introspectWorkflow(env.DELETE_ALL_WORKFLOW);
    const started = await adminRequest("/api/admin/delete-all", {
      method: "DELETE",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ confirm: "DELETE" }),
    });
    expect(started.status).toBe(202);
    const answer = (await started.json()) as { message: string; deleted: number; jobId: string; statusUrl: string; total: number };
    expect(answer).toMatchObject({ deleted: 0, total: present, statusUrl: `/api/admin/delete-all?job=${answer.jobId}` });
    expect(answer.message).toMatch(/^Deleting \d+ businesses in the background\. Import history and uploaded files are kept/);

    const [instance] = await introspector.get();
    await instance.waitForStatus("complete");
    expect(await instance.getOutput()).toEqual({ deleted: present });
    // Each step deletes at most DELETE_STEP_ROWS in chunks of DELETE_CHUNK_ROWS (docs/perf/jobs.md measures them).
    const first = (await instance.waitForStepResult({ name: "delete 1" })) as { deleted: number; done: boolean };
    expect(first).toEqual({ deleted: DELETE_STEP_ROWS, done: false });

    expect(await count("SELECT count(*) AS n FROM businesses")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM businesses_fts")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM categories")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM cities")).toBe(0);
    expect(await count("SELECT total_businesses + verified_businesses + lists_need_rebuild AS n FROM site_stats")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM imports")).toBe(imports);
    expect((await env.UPLOADS.list()).objects.length).toBe(files);

    const status = await adminRequest(answer.statusUrl);
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({
      status: "done",
      deleted: present,
      remaining: 0,
      message: `Deleted ${present} businesses. Import history and uploaded files are kept, so data can be re-imported.`,
    });
    const audit = await env.DB.prepare("SELECT actor, detail FROM audit_log WHERE action = 'delete-all' ORDER BY id DESC LIMIT 1").first();
    expect(audit).toEqual({ actor: "admin", detail: `Started deleting all businesses (${present}) as job ${answer.jobId}` });
    expect((await adminRequest("/api/admin/delete-all?job=delete-all-1700000000000-00000000")).status).toBe(404);
  });

  it("the statistics, summaries and search index are exact after every chunk of a delete all", async () => {
    const db = testDb();
    await insertBusinesses(
      db,
      Array.from({ length: 25 }, (_, i) =>
        buildBusiness({ category: ["Plumber", "Bakery"][i % 2], city: ["Aachen", "Bonn", "Kiel"][i % 3] }),
      ),
    );
    await beginDeleteAll(db);
    for (let left = await count("SELECT count(*) AS n FROM businesses"); left > 0;) {
      left -= await deleteAllChunk(db, 4);
      expect(await count("SELECT count(*) AS n FROM businesses")).toBe(left);
      expect(await keptSummaries()).toEqual(await recomputedSummaries());
    }
    await endDeleteAll(db);
    expect(await keptSummaries()).toEqual(await recomputedSummaries());
  });

  it("the counts beside the filters are left alone while a delete all runs, and exact at its end, businesses that arrived meanwhile included", async () => {
    const db = testDb();
    const withFeatures = (i: number) =>
      buildBusiness({
        city: ["Aachen", "Bonn"][i % 2],
        about: { "Service options": { Delivery: i % 3 !== 0, "Outdoor seating": i % 2 === 0 } },
        openingHours: i % 4 === 0 ? { Monday: "6PM-2AM" } : { Monday: "9AM-5PM" },
      });
    await insertBusinesses(
      db,
      Array.from({ length: 12 }, (_, i) => withFeatures(i)),
    );
    expect(await attributeCounts()).toEqual(await recountedAttributeCounts());
    await beginDeleteAll(db);
    expect(await attributeCounts()).toEqual([]);
    left: for (let i = 0; i < 2; i++) if ((await deleteAllChunk(db, 4)) === 0) break left;
    // An import arrives while the delete-all runs: its businesses stay, and are counted at the end.
    await insertBusinesses(
      db,
      Array.from({ length: 5 }, (_, i) => withFeatures(i + 100)),
    );
    await deleteAllChunk(db, 4);
    await endDeleteAll(db);
    expect(await count("SELECT count(*) AS n FROM businesses")).toBeGreaterThan(0);
    expect(await attributeCounts()).toEqual(await recountedAttributeCounts());
    expect((await attributeCounts()).length).toBeGreaterThan(0);

    await beginDeleteAll(db);
    while ((await deleteAllChunk(db, 4)) > 0);
    await endDeleteAll(db);
    expect(await attributeCounts()).toEqual([]);
  });
});

/** attribute_counts as stored (counts above 0). */
async function attributeCounts() {
  return all("SELECT scope, term, business_count AS n FROM attribute_counts WHERE business_count > 0 ORDER BY scope, term");
}

/** The same counts recomputed from the businesses' filter terms (the weekly slots aside), per listing. */
async function recountedAttributeCounts() {
  return all(`SELECT s.value AS scope, j.value AS term, count(*) AS n FROM businesses AS b, json_each(b.filter_terms) AS j,
      json_each(json_array('all', 'city:' || b.city_slug, 'category:' || b.category_slug, 'group:' || b.group_slug,
        'city:' || b.city_slug || '/category:' || b.category_slug, 'city:' || b.city_slug || '/group:' || b.group_slug)) AS s
    WHERE j.value NOT GLOB 'op[a-z][a-z][a-z][0-9][0-9]0'
    GROUP BY 1, 2 ORDER BY 1, 2`);
}

async function all(query: string) {
  return (await env.DB.prepare(query).all()).results;
}
