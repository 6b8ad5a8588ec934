/**
 * A D1 statement failing mid-batch (docs/decisions/0034-storage-faults.md): the real batch reaches D1
 * with one of its statements broken, D1 rolls the whole batch back, and the caller is told so in
 * plain words (JSON 503 with Retry-After, never a stack). Nothing is half-done: the summaries, the
 * list positions and the attribute counts equal a recount afterwards, and the same call made again
 * succeeds.
 */
import { introspectWorkflow } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { editValues } from "#app/lib/admin/admin-businesses";
import type { Business } from "#app/lib/business/business";
import { loginAsAdmin, SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, idOf, insert } from "../helpers/factories";
import { type Call, failingD1 } from "../helpers/faults";
import { expectPositionsExact } from "../helpers/list-positions";
import { multipartInit } from "../helpers/import";
import { fileOf, SPEC_HEADER, sheetBytes, specRow } from "../helpers/spreadsheets";
import { keptSummaries, recomputedSummaries } from "../helpers/summaries";
import { fetchWith } from "../helpers/worker";

const tag = `fb${crypto.randomUUID().slice(0, 6)}`;
let cookie: string;

/** The writer's batches (several statements), not the reads or the session's single writes. */
const writerBatch = (call: Call) => call.kind === "batch" && call.sql.length > 2;

const all = async (sql: string) => (await env.DB.prepare(sql).all()).results;

/** attribute_counts as stored, and recounted from the businesses' filter terms (the weekly slots aside), per listing. */
const attributeCounts = () =>
  all("SELECT scope, term, business_count AS n FROM attribute_counts WHERE business_count > 0 ORDER BY scope, term");
const recountedAttributeCounts = () =>
  all(`SELECT s.value AS scope, j.value AS term, count(*) AS n FROM businesses AS b, json_each(b.filter_terms) AS j,
      json_each(json_array('all',
        CASE WHEN b.city_slug <> '' THEN 'city:' || b.city_slug END,
        CASE WHEN b.category_slug <> '' THEN 'category:' || b.category_slug END,
        CASE WHEN b.group_slug <> '' THEN 'group:' || b.group_slug END,
        CASE WHEN b.city_slug <> '' AND b.category_slug <> '' THEN 'city:' || b.city_slug || '/category:' || b.category_slug END,
        CASE WHEN b.city_slug <> '' AND b.group_slug <> '' THEN 'city:' || b.city_slug || '/group:' || b.group_slug END)) AS s
    WHERE s.value IS NOT NULL AND j.value NOT GLOB 'op[a-z][a-z][a-z][0-9][0-9]0'
    GROUP BY 1, 2 ORDER BY 1, 2`);

/** The site summary, the category/city counts, the list positions and the attribute counts all equal a recount. */
async function expectNothingHalfDone() {
  expect(await keptSummaries()).toEqual(await recomputedSummaries());
  await expectPositionsExact();
  expect(await attributeCounts()).toEqual(await recountedAttributeCounts());
}

function admin(init: RequestInit & { headers?: Record<string, string> }) {
  return { ...init, headers: { Cookie: cookie, Origin: SITE_ORIGIN, ...init.headers } };
}

beforeAll(async () => {
  await insert(
    ...[0, 1, 2].map((i) =>
      buildBusiness({ placeId: `${tag}-${i}`, name: `${tag} Bakery ${i}`, city: `Batchton ${tag}`, category: "Bakery" }),
    ),
  );
  cookie = await loginAsAdmin();
});

describe("a D1 statement failing mid-batch", () => {
  it("an admin edit: a clear 503, the business and every summary as before; the retry succeeds", async () => {
    const id = await idOf(`${tag}-0`);
    const before = await env.DB.prepare("SELECT name, city, category FROM businesses WHERE id = ?1").bind(id).first();
    const current = (await (await fetchWith({}, `/api/admin/businesses/${id}`, admin({}))).json()) as Business;
    const edit = () =>
      admin({
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...editValues(current), name: `${tag} Moved Bakery`, city: `Elsewhere ${tag}`, category: "Cafe" }),
      });
    const d1 = failingD1(env.DB, writerBatch, { at: 2 });
    const failed = await fetchWith({ DB: d1.binding }, `/api/admin/businesses/${id}`, edit());
    expect(d1.failures).toBe(1);
    expect(failed.status).toBe(503);
    expect(failed.headers.get("Retry-After")).toBe("30");
    expect(await failed.json()).toEqual({ message: "The database (D1) did not answer for a moment. Try again in 30 seconds." });
    expect(await env.DB.prepare("SELECT name, city, category FROM businesses WHERE id = ?1").bind(id).first()).toEqual(before);
    await expectNothingHalfDone();

    const retried = await fetchWith({}, `/api/admin/businesses/${id}`, edit());
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { name: string }).name).toBe(`${tag} Moved Bakery`);
    await expectNothingHalfDone();
  });

  it("an import slice: the upload is told, no row is written twice, and the import finishes exact by itself", async () => {
    const rows = [0, 1, 2, 3].map((i) =>
      specRow({
        place_id: `${tag}-imp-${i}`,
        name: `${tag} Import ${i}`,
        category: "Plumber",
        full_address: `${i} Main St, Sliceton, Germany`,
      }),
    );
    const form = new FormData();
    form.append("excelFile", fileOf(await sheetBytes([SPEC_HEADER, ...rows]), `${tag}.xlsx`));
    const { body, headers } = await multipartInit(form);
    const inserts = (call: Call) => call.kind === "batch" && call.sql.some((sql) => /INSERT INTO businesses/i.test(sql));
    const d1 = failingD1(env.DB, inserts, { at: 1 });
    await using workflows = await introspectWorkflow(env.IMPORT_WORKFLOW);
    const response = await fetchWith(
      { DB: d1.binding },
      "/api/admin/import",
      admin({ method: "POST", body, headers: Object.fromEntries(headers) }),
    );
    expect(d1.failures).toBe(1);
    // The inline slice failed part-way: the upload hands the import to its workflow, which carries on.
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: number };
    // However long a loaded machine takes: the workflow's own end, not a wall-clock bound.
    const [instance] = await workflows.get();
    await instance.waitForStatus("complete");
    expect(await instance.getOutput()).toMatchObject({ importId: jobId, status: "done" });
    const row = await env.DB.prepare("SELECT status FROM imports WHERE id = ?1").bind(jobId).first<{ status: string }>();
    expect(row?.status).toBe("done");
    const imported = await env.DB.prepare("SELECT imported, processed_rows FROM imports WHERE id = ?1").bind(jobId).first();
    expect(imported).toEqual({ imported: 4, processed_rows: 4 });
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM businesses WHERE place_id LIKE ?1").bind(`${tag}-imp-%`).first();
    expect(stored).toEqual({ n: 4 });
    await expectNothingHalfDone();
  });
});
