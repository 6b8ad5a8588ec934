import { introspectWorkflow } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { editValues } from "#app/lib/admin/admin-businesses";
import type { Business } from "#app/lib/business/business";
import type { CellValue, ImportJobStatus, ImportResult } from "#app/lib/import/import-mapping";
import type { SearchResult } from "#app/server/search/search.server";
import { adminRequest } from "../helpers/admin";
import { buildBusiness, getJson, testDb } from "../helpers/factories";
import { insertBatch, insertBusinesses, updateBusiness } from "#app/server/write/business-writer.server";
import { importStatus, importUpload } from "#app/server/import/import.server";
import { multipartInit, settle, testApp, writtenState } from "../helpers/import";
import { expectPagesExact, expectPositionsExact } from "../helpers/list-positions";
import { fileOf, fixtureBytes, fixtureRecords, sheetBytes, SPEC_HEADER, specRow, US_FIXTURE } from "../helpers/spreadsheets";
import { keptSummaries, recomputedSummaries } from "../helpers/summaries";

type Answer = ImportResult & { jobId?: number; statusUrl?: string };

/** POST /api/admin/import as the Import tab sends it: the file, and the mode when one was chosen. */
async function importFile(file: File, mode?: string) {
  const form = new FormData();
  if (mode !== undefined) form.set("mode", mode);
  form.set("excelFile", file);
  const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
  return { status: response.status, body: (await response.json()) as Answer };
}

type Stored = Record<string, unknown> & { id: number; place_id: string; updated_at: number };

/** The fixture's businesses as stored, every column, by place_id. */
async function storedRows(placeIds: string[]): Promise<Map<string, Stored>> {
  const { results } = await env.DB.prepare("SELECT * FROM businesses WHERE place_id IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(placeIds))
    .all<Stored>();
  return new Map(results.map((r) => [r.place_id, r]));
}

async function adminPatch(id: number, change: Record<string, unknown>) {
  const current = (await (await adminRequest(`/api/admin/businesses/${id}`)).json()) as Business;
  const response = await adminRequest(`/api/admin/businesses/${id}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...editValues(current), ...change }),
  });
  expect(response.status).toBe(200);
}

const searchIds = async (query: string) => (await getJson<SearchResult>(`/api/search?${query}`)).body.businesses.map((b) => b.id);

describe("re-importing the real 2025 file in update mode", () => {
  it("refreshes exactly the changed businesses, keeps what the admin edited, and keeps summaries, search and lists exact", async () => {
    const first = await importFile(fileOf(fixtureBytes(US_FIXTURE), US_FIXTURE));
    expect(first.status).toBe(200);
    const records = await fixtureRecords(US_FIXTURE);
    const header = Object.keys(records[0]);
    const placeIds = records.map((r) => String(r.place_id ?? ""));
    const before = await storedRows(placeIds);
    // Rows of the file that are stored, in file order (a repeated place_id only once).
    const listed = [...new Set(placeIds)].filter((p) => before.has(p));
    expect(listed.length).toBeGreaterThan(150);

    // A marker date on every business of the file: a row the update leaves alone keeps it.
    await env.DB.prepare("UPDATE businesses SET updated_at = 1000 WHERE place_id IN (SELECT value FROM json_each(?1))")
      .bind(JSON.stringify(listed))
      .run();

    // The admin edits a name and a phone by hand; the file will say otherwise about the phone.
    const [ratedId, hoursId, closedId, editedId] = listed.slice(0, 4);
    const edited = before.get(editedId)!;
    await adminPatch(edited.id, { name: "Hand-Edited Hair Clinic", phone: "+1 212 555 0100" });
    await env.DB.prepare("UPDATE businesses SET updated_at = 1000 WHERE id = ?1").bind(edited.id).run();
    const oldRating = Number(before.get(ratedId)!.rating);
    const newRating = oldRating >= 3 ? 1.4 : 4.6;

    // The copy: new rating and reviews, new hours, a closed business, and the edited one refreshed.
    const changes: Record<string, Record<string, CellValue>> = {
      [ratedId]: { rating: newRating, reviews: Number(before.get(ratedId)!.review_count) + 11 },
      [hoursId]: { working_hours: '{"Monday": "7AM-11AM", "Tuesday": "Closed"}', working_hours_old_format: null },
      [closedId]: { business_status: "CLOSED_PERMANENTLY" },
      [editedId]: { phone: "+1 999 999 9999", name: "Scraped Name", rating: 3.3, reviews: 21 },
    };
    const copy = sheetBytes([
      header,
      ...records.map((r) => {
        const change = changes[String(r.place_id)] ?? {};
        return header.map((h) => (h in change ? change[h] : r[h]));
      }),
    ]);
    const facetBefore = await searchIds(`q=${encodeURIComponent(String(before.get(ratedId)!.name))}&minRating=${oldRating}`);
    expect(facetBefore).toContain(before.get(ratedId)!.id);

    // Skip mode (the default) on the copy changes nothing.
    const skipped = await importFile(fileOf(copy, "copy.xlsx"));
    expect(skipped.status).toBe(200);
    expect(skipped.body.stats).toEqual({ imported: 0, duplicatesSkipped: listed.length, totalErrors: first.body.stats.totalErrors });
    const afterSkip = await storedRows(listed);
    for (const placeId of listed) expect(afterSkip.get(placeId)?.updated_at).toBe(1000);

    // Update mode: exactly the four changed rows are written.
    const updated = await importFile(fileOf(copy, "copy.xlsx"), "update");
    expect(updated.status).toBe(200);
    expect(updated.body.stats).toEqual({
      imported: 0,
      updated: 4,
      duplicatesSkipped: listed.length - 4,
      totalErrors: first.body.stats.totalErrors,
    });
    expect(updated.body.message).toMatch(
      /^Imported 0 businesses from copy\.xlsx: \d+ duplicates skipped, \d+ errors\. Updated 4 businesses/,
    );

    const after = await storedRows(listed);
    const changedIds = new Set(Object.keys(changes));
    for (const placeId of listed) {
      const row = after.get(placeId)!;
      if (changedIds.has(placeId)) expect(row.updated_at).toBeGreaterThan(1000);
      else expect({ placeId, row }).toEqual({ placeId, row: afterSkip.get(placeId) });
    }
    expect(after.get(ratedId)).toMatchObject({ rating: newRating, review_count: Number(before.get(ratedId)!.review_count) + 11 });
    expect(Number(after.get(ratedId)!.score)).not.toBe(Number(before.get(ratedId)!.score));
    expect(JSON.parse(String(after.get(hoursId)!.opening_hours))).toEqual({ Monday: "7:00 AM - 11:00 AM", Tuesday: "Closed" });
    expect(after.get(closedId)).toMatchObject({ business_status: "CLOSED_PERMANENTLY", is_open: 0 });
    // The hand-edited name and phone stay; the rating the admin did not touch is refreshed.
    expect(after.get(editedId)).toMatchObject({ name: "Hand-Edited Hair Clinic", phone: "+1 212 555 0100", rating: 3.3, review_count: 21 });
    expect(JSON.parse(String(after.get(editedId)!.edited_fields))).toEqual(["name", "phone"]);

    // Summaries, the FTS rating facet and the list positions follow.
    expect(await keptSummaries()).toEqual(await recomputedSummaries());
    const name = encodeURIComponent(String(before.get(ratedId)!.name));
    expect(await searchIds(`q=${name}&minRating=${newRating}`)).toContain(before.get(ratedId)!.id);
    if (newRating < oldRating) expect(await searchIds(`q=${name}&minRating=${oldRating}`)).not.toContain(before.get(ratedId)!.id);
    await expectPositionsExact();
    await expectPagesExact((limit, offset) => `/api/businesses?limit=${limit}&offset=${offset}`, "all");

    // The same copy again: nothing differs any more, so nothing is written.
    const again = await importFile(fileOf(copy, "copy.xlsx"), "update");
    expect(again.body.stats).toEqual({
      imported: 0,
      updated: 0,
      duplicatesSkipped: listed.length,
      totalErrors: first.body.stats.totalErrors,
    });
    expect(await storedRows(listed)).toEqual(after);

    // The import history and the status call say which mode ran and what it updated.
    const history = (await (await adminRequest("/api/admin/imports?limit=2")).json()) as { imports: Array<Record<string, unknown>> };
    expect(history.imports[1]).toMatchObject({ fileName: "copy.xlsx", mode: "update", updated: 4, imported: 0 });
    const status = (await (await adminRequest(`/api/admin/import/${String(history.imports[1].id)}`)).json()) as ImportJobStatus;
    expect(status).toMatchObject({ status: "done", mode: "update", stats: { updated: 4, imported: 0 } });
  }, 120_000);
});

describe("the mode field", () => {
  it("refuses a mode other than skip or update with a clear 400, and writes nothing", async () => {
    const before = await writtenState();
    const file = fileOf(sheetBytes([SPEC_HEADER, specRow()]), "mode.xlsx");
    for (const mode of ["replace", "", "UPDATE", "x".repeat(5000)]) {
      const { status, body } = await importFile(file, mode);
      expect(status).toBe(400);
      expect(body.message).toBe(
        'The field mode must be "skip" (the default: rows already listed are skipped) or "update" (they are refreshed).',
      );
    }
    expect(await writtenState()).toEqual(before);
  });

  it("imports new place_ids in update mode as in skip mode; a blank cell never erases a stored value", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const known = specRow({ place_id: `upd-${tag}-known`, name: `Known ${tag}`, phone: "+49 30 1111111", rating: 4.1, reviews: 30 });
    const sheet = [SPEC_HEADER, known];
    expect((await importFile(fileOf(sheetBytes(sheet), "first.xlsx"), "update")).body.stats).toEqual({
      imported: 1,
      updated: 0,
      duplicatesSkipped: 0,
      totalErrors: 0,
    });
    const blanked = specRow({ place_id: `upd-${tag}-known`, name: `Known ${tag}`, phone: "", rating: "", reviews: "", working_hours: "" });
    const fresh = specRow({ place_id: `upd-${tag}-new`, name: `New ${tag}` });
    const { body } = await importFile(fileOf(sheetBytes([SPEC_HEADER, blanked, fresh]), "second.xlsx"), "update");
    expect(body.stats).toEqual({ imported: 1, updated: 0, duplicatesSkipped: 1, totalErrors: 0 });
    const row = await env.DB.prepare("SELECT phone, rating, review_count, opening_hours FROM businesses WHERE place_id = ?1")
      .bind(`upd-${tag}-known`)
      .first();
    expect(row).toMatchObject({ phone: "+49 30 1111111", rating: 4.1, review_count: 30 });
    expect(JSON.parse(String(row?.opening_hours))).toHaveProperty("Monday");
  });
});

describe("generated text and an update-mode refresh", () => {
  it("clears generated Detailed Information that states the old facts; an admin's text stays", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const rows = [1, 2].map((n) => specRow({ place_id: `txt-${tag}-${n}`, name: `Text ${tag} ${n}`, rating: 4.1, reviews: 30 }));
    expect((await importFile(fileOf(sheetBytes([SPEC_HEADER, ...rows]), "first.xlsx"))).body.stats.imported).toBe(2);
    // One carries generated text (as SEO generation leaves it), the other an admin's.
    await env.DB.prepare(
      `UPDATE businesses SET unique_content = CASE place_id WHEN ?1 THEN 'Rated 4.1 from 30 reviews.' ELSE 'Written by the owner.' END,
       unique_content_generated = place_id = ?1 WHERE place_id IN (?1, ?2)`,
    )
      .bind(`txt-${tag}-1`, `txt-${tag}-2`)
      .run();

    const changed = [1, 2].map((n) => specRow({ place_id: `txt-${tag}-${n}`, name: `Text ${tag} ${n}`, rating: 4.6, reviews: 31 }));
    expect((await importFile(fileOf(sheetBytes([SPEC_HEADER, ...changed]), "second.xlsx"), "update")).body.stats.updated).toBe(2);
    const stored = await storedRows([`txt-${tag}-1`, `txt-${tag}-2`]);
    expect(stored.get(`txt-${tag}-1`)).toMatchObject({ rating: 4.6, unique_content: null, unique_content_generated: 0 });
    expect(stored.get(`txt-${tag}-2`)).toMatchObject({ rating: 4.6, unique_content: "Written by the owner.", unique_content_generated: 0 });
  });
});

describe("an update-mode import run as a workflow", () => {
  it("keeps its mode through a failed step and a retry, counting each refreshed business once", async () => {
    const prefix = `upd-wf-${crypto.randomUUID().slice(0, 8)}`;
    const rows = (rating: number) =>
      Array.from({ length: 10 }, (_, i) => specRow({ place_id: `${prefix}-${i}`, name: `Workflow Shop ${i}`, rating, reviews: 20 + i }));
    await importFile(fileOf(sheetBytes([SPEC_HEADER, ...rows(4)]), "known.xlsx"));

    const form = new FormData();
    form.set("mode", "update");
    form.set("excelFile", fileOf(sheetBytes([SPEC_HEADER, ...rows(2.5)]), "refresh.xlsx"));
    const upload = new Request("https://localatlas.test/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
    let jobId: number;
    {
      // Slice 2 fails on every try: slice 1's 4 rows stay refreshed, the import is failed.
      await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
      await introspector.modifyAll(async (m) => {
        await m.disableRetryDelays();
        await m.mockStepError({ name: "slice 2" }, new Error("D1 is unavailable"));
      });
      const app = testApp();
      const started = await importUpload(app, upload, "tester", { batchRows: 2, inlineRows: 4, sliceRows: 4, sliceMs: 60_000 });
      if (started.state !== "running") throw new Error(`expected a running job, got ${started.state}`);
      jobId = started.jobId;
      await settle(app);
      const [instance] = await introspector.get();
      await instance.waitForStatus("complete");
    }
    expect(await importStatus(testApp(), jobId)).toMatchObject({ status: "failed", mode: "update", stats: { imported: 0, updated: 4 } });
    {
      await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
      expect((await adminRequest(`/api/admin/imports/${jobId}/retry`, { method: "POST" })).status).toBe(202);
      const [instance] = await introspector.get();
      await instance.waitForStatus("complete");
    }
    expect(await importStatus(testApp(), jobId)).toMatchObject({
      status: "done",
      mode: "update",
      stats: { imported: 0, updated: 10, duplicatesSkipped: 0, totalErrors: 0 },
    });
    const { results } = await env.DB.prepare("SELECT rating FROM businesses WHERE place_id LIKE ?1")
      .bind(`${prefix}-%`)
      .all<{ rating: number }>();
    expect(results.map((r) => r.rating)).toEqual(Array(10).fill(2.5));
    expect(await keptSummaries()).toEqual(await recomputedSummaries());
  });
});

describe("what a refresh costs", () => {
  it("reads the batch's rows once more than skip mode, and writes no more per changed business than an admin edit", async () => {
    const prefix = `upd-cost-${crypto.randomUUID().slice(0, 8)}`;
    const shops = (count: number, change: (i: number) => Partial<Parameters<typeof buildBusiness>[0]> = () => ({})) =>
      Array.from({ length: count }, (_, i) =>
        buildBusiness({
          placeId: `${prefix}-${i}`,
          name: `Cost Shop ${i}`,
          category: "Barber",
          rating: 4,
          reviewCount: 10 + i,
          ...change(i),
        }),
      );
    await insertBusinesses(testDb(), shops(3000));
    const measure = async (batch: ReturnType<typeof shops>, refresh: boolean) => {
      const db = testDb();
      const outcome = await insertBatch(db, batch, { refresh });
      return { outcome, ...db.meter };
    };
    // One batch of 500 rows of the file; every 50th changes.
    const moved = (i: number) => (i % 50 === 0 ? { rating: 2.5 } : {});
    const skip = await measure(shops(500, moved), false);
    const unchanged = await measure(shops(500), true);
    expect(unchanged.outcome).toMatchObject({ inserted: 0, updated: 0 });
    // Only the batch's start marker in site_stats (every writer batch sets it): no business, no summary.
    expect(unchanged.rowsWritten).toBe(1);
    expect(unchanged.rowsRead - skip.rowsRead).toBeLessThanOrEqual(3 * 500);

    const changed = await measure(shops(500, moved), true);
    expect(changed.outcome).toMatchObject({ inserted: 0, updated: 10 });
    // The same 10 changes back, one admin edit (updateBusiness) each: the per-row path of the writer.
    const single = testDb();
    const back = shops(500);
    for (let i = 0; i < 500; i += 50) {
      const [row] = await single.all<{ id: number }>("SELECT id FROM businesses WHERE place_id = ?1", [`${prefix}-${i}`]);
      await updateBusiness(single, row.id, back[i]);
    }
    expect(changed.rowsWritten).toBeLessThanOrEqual(single.meter.rowsWritten);
    expect(changed.rowsRead - unchanged.rowsRead).toBeLessThanOrEqual(single.meter.rowsRead);
    expect(changed.queries).toBeLessThan(single.meter.queries);
    const meter = ({ rowsRead, rowsWritten, queries }: typeof skip) => ({ rowsRead, rowsWritten, queries });
    console.log(
      `[refresh-cost] ${JSON.stringify({ skip: meter(skip), unchanged: meter(unchanged), changed: meter(changed), single: single.meter })}`,
    );
    await expectPositionsExact();
    expect(await keptSummaries()).toEqual(await recomputedSummaries());
  }, 120_000);
});
