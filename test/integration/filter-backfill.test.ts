/**
 * The backfill of filter terms for businesses stored before they existed: rows whose filter_terms is
 * NULL (or out of date) get exactly the terms the writer gives, the attribute counts equal a recount,
 * the vocabulary holds every attribute, and a second run writes nothing.
 */
import { introspectWorkflow } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { filterTermsOf } from "#app/lib/business/attributes";
import type { About } from "#app/lib/business/business";
import { parseOpeningHoursJson } from "#app/lib/business/hours";
import { FILTER_BACKFILL_CHUNK_ROWS } from "#app/server/admin/filter-backfill-workflow.server";
import { adminRequest, SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, insert, request } from "../helpers/factories";
import { multipartInit } from "../helpers/import";
import { fileOf, fixtureBytes, VN_FIXTURE } from "../helpers/spreadsheets";

type Row = {
  id: number;
  about: string | null;
  opening_hours: string | null;
  filter_terms: string | null;
  city_slug: string;
  category_slug: string;
  group_slug: string;
};

const rows = async () =>
  (
    await env.DB.prepare(
      "SELECT id, about, opening_hours, filter_terms, city_slug, category_slug, group_slug FROM businesses ORDER BY id",
    ).all<Row>()
  ).results;

/** attribute_counts as a map "scope term" → count, the rows above 0. */
async function storedCounts(): Promise<Map<string, number>> {
  const { results } = await env.DB.prepare("SELECT scope, term, business_count FROM attribute_counts WHERE business_count > 0").all<{
    scope: string;
    term: string;
    business_count: number;
  }>();
  return new Map(results.map((r) => [`${r.scope} ${r.term}`, r.business_count]));
}

/** The counts recounted from the rows' terms, in JS: per listing the business is in, every term but the weekly slots. */
function recount(stored: Row[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const b of stored) {
    const scopes = ["all"];
    if (b.city_slug) scopes.push(`city:${b.city_slug}`);
    if (b.category_slug) scopes.push(`category:${b.category_slug}`);
    if (b.group_slug) scopes.push(`group:${b.group_slug}`);
    if (b.city_slug && b.category_slug) scopes.push(`city:${b.city_slug}/category:${b.category_slug}`);
    if (b.city_slug && b.group_slug) scopes.push(`city:${b.city_slug}/group:${b.group_slug}`);
    const terms = (b.filter_terms ? (JSON.parse(b.filter_terms) as string[]) : []).filter((t) => !/^op[a-z]{3}\d\d0$/.test(t));
    for (const scope of scopes) for (const term of terms) counts.set(`${scope} ${term}`, (counts.get(`${scope} ${term}`) ?? 0) + 1);
  }
  return counts;
}

const vocabulary = async () => (await env.DB.prepare("SELECT term, slug, label, group_name FROM attributes ORDER BY term").all()).results;

const post = (init: RequestInit = {}) => adminRequest("/api/admin/filters/backfill", { method: "POST", ...init });

const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

describe("the filter terms backfill", () => {
  let written: Row[] = [];
  let writtenVocabulary: unknown[] = [];

  beforeAll(async () => {
    // The real Huế file (its `about` groups), and more businesses than one chunk, so the workflow runs too.
    const form = new FormData();
    form.set("excelFile", fileOf(fixtureBytes(VN_FIXTURE), VN_FIXTURE));
    expect((await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) })).status).toBe(200);
    await insert(
      ...Array.from({ length: 2 * FILTER_BACKFILL_CHUNK_ROWS + 30 }, (_, i) =>
        buildBusiness({
          name: `Backfill ${i}`,
          city: ["Springfield", "Shelbyville", "Capital City"][i % 3],
          category: ["Cafe", "Bar", "Plumber", "Bakery"][i % 4],
          openingHours:
            i % 5 === 0
              ? null
              : Object.fromEntries(WEEK.map((d, k) => [d, ["9AM-5PM", "6PM-2AM", "Open 24 hours", "Closed"][(i + k) % 4]])),
          about:
            i % 3 === 0
              ? null
              : {
                  Accessibility: { "Wheelchair accessible entrance": i % 2 === 0 },
                  "Service options": { "Outdoor seating": i % 4 === 1, Delivery: true },
                  ...(i % 7 === 0 ? { Amenities: { [`Rare amenity ${i}`]: true } } : {}),
                },
        }),
      ),
    );
    written = await rows();
    writtenVocabulary = await vocabulary();
    expect(written.filter((b) => b.about?.includes("Accessibility")).length).toBeGreaterThan(FILTER_BACKFILL_CHUNK_ROWS);
  });

  it("gives rows stored without filter terms exactly the writer's terms, and counts equal to a recount", async () => {
    // As before filter terms existed: no terms, no vocabulary; one row's terms out of date.
    await env.DB.prepare("UPDATE businesses SET filter_terms = NULL WHERE id <> ?1").bind(written[1].id).run();
    await env.DB.prepare(`UPDATE businesses SET filter_terms = '["atbogus0"]' WHERE id = ?1`).bind(written[1].id).run();
    await env.DB.prepare("DELETE FROM attributes").run();
    expect((await storedCounts()).get("all atbogus0")).toBe(1);

    await using introspector = await introspectWorkflow(env.FILTER_BACKFILL_WORKFLOW);
    const response = await post();
    expect(response.status).toBe(202);
    const answer = (await response.json()) as { updated: number; statusUrl: string };
    const [instance] = await introspector.get();
    await instance.waitForStatus("complete");
    const job = (await instance.getOutput()) as { updated: number };
    const changed = written.filter((b) => b.filter_terms !== null).length;
    expect(answer.updated + job.updated).toBe(changed);
    const status = await adminRequest(answer.statusUrl);
    expect(await status.json()).toMatchObject({ status: "done", updated: job.updated });

    const after = await rows();
    expect(after.map((b) => [b.id, b.filter_terms])).toEqual(written.map((b) => [b.id, b.filter_terms]));
    for (const b of after) {
      const terms = filterTermsOf(b.about ? (JSON.parse(b.about) as About) : null, parseOpeningHoursJson(b.opening_hours));
      expect(b.filter_terms ? JSON.parse(b.filter_terms) : null, `business ${b.id}`).toEqual(terms);
    }
    expect(await storedCounts()).toEqual(recount(after));
    expect((await storedCounts()).get("all atbogus0")).toBeUndefined();
    expect(await vocabulary()).toEqual(writtenVocabulary);
    expect(writtenVocabulary.length).toBeGreaterThan(3);

    // The FTS index follows: a term matches the rows that hold it.
    const outdoor = await env.DB.prepare(
      `SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH 'filter_terms : "atoutdoorseating0"'`,
    ).all<{
      rowid: number;
    }>();
    expect(new Set(outdoor.results.map((r) => r.rowid))).toEqual(
      new Set(after.filter((b) => b.filter_terms?.includes('"atoutdoorseating0"')).map((b) => b.id)),
    );
    expect(outdoor.results.length).toBeGreaterThan(0);

    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'filter-backfill'").all<{ detail: string }>();
    expect(audit.results).toHaveLength(1);
  });

  it("writes nothing when run again", async () => {
    const counts = await storedCounts();
    await using introspector = await introspectWorkflow(env.FILTER_BACKFILL_WORKFLOW);
    const response = await post();
    const answer = (await response.json()) as { updated: number };
    expect(answer.updated).toBe(0);
    const [instance] = await introspector.get();
    await instance.waitForStatus("complete");
    expect(await instance.getOutput()).toEqual({ updated: 0 });
    expect(await storedCounts()).toEqual(counts);
  });

  it("is for a signed-in admin, from the site's own pages", async () => {
    expect((await request("/api/admin/filters/backfill", { method: "POST", headers: { Origin: SITE_ORIGIN } })).status).toBe(401);
    expect((await post({ headers: { Origin: "https://evil.example" } })).status).toBe(403);
    expect((await adminRequest("/api/admin/filters/backfill?job=nope")).status).toBe(400);
  });
});
