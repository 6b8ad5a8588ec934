/**
 * The attribute filters on the real 2026 Huế cafés file (docs/decisions/0031-attribute-filters.md):
 * a listing with `has=` lists exactly the businesses whose `about` says so, filters AND, the counts
 * beside them are the file's, the API answers the same, the listing's opening read stays one round
 * trip, and edits and deletes keep the counts equal to a recount.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { adminRequest } from "../helpers/admin";
import { getJson, request, roundTrips } from "../helpers/factories";
import { multipartInit } from "../helpers/import";
import { fetchWith } from "../helpers/worker";
import { fileOf, fixtureBytes, fixtureRecords, VN_FIXTURE } from "../helpers/spreadsheets";

type FilterChoicesBody = {
  attributes: Array<{ slug: string; label: string; count: number | null; atLeast: boolean; accessibility: boolean }>;
  openLate: { count: number | null; atLeast: boolean };
  open24h: { count: number | null; atLeast: boolean };
};

/** The file read on its own: each row's place_id and what its `about` says is true. */
let rows: Array<{ placeId: string; name: string; has: Set<string> }> = [];

/** The labels the file marks true in a row's `about`, whatever the group. */
function trueLabels(about: unknown): Set<string> {
  const parsed: unknown = typeof about === "string" && about ? JSON.parse(about) : null;
  const out = new Set<string>();
  if (parsed && typeof parsed === "object")
    for (const group of Object.values(parsed as Record<string, Record<string, unknown>>))
      for (const [label, value] of Object.entries(group ?? {})) if (value === true) out.add(label);
  return out;
}

const placeIdsWith = (...labels: string[]) =>
  rows
    .filter((r) => labels.every((l) => r.has.has(l)))
    .map((r) => r.placeId)
    .sort();

const visibleCount = (html: string) => listedNames(html).length;

/** The names on a page's business cards. */
function listedNames(html: string): string[] {
  const decode = (t: string) =>
    t
      .replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"');
  return [...html.matchAll(/class="card-link" href="[^"]*"[^>]*>([^<]+)</g)].map((m) => decode(m[1])).sort();
}

const namesWith = (...labels: string[]) =>
  rows
    .filter((r) => labels.every((l) => r.has.has(l)))
    .map((r) => r.name)
    .sort();

async function recount(scope: string, term: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM businesses, json_each(businesses.filter_terms) AS j WHERE j.value = ?1 AND businesses.city_slug = ?2",
  )
    .bind(term, scope)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function storedCount(scope: string, term: string): Promise<number> {
  const row = await env.DB.prepare("SELECT business_count AS n FROM attribute_counts WHERE scope = ?1 AND term = ?2")
    .bind(scope, term)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

beforeAll(async () => {
  const form = new FormData();
  form.set("excelFile", fileOf(fixtureBytes(VN_FIXTURE), VN_FIXTURE));
  const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
  expect(response.status).toBe(200);
  rows = (await fixtureRecords(VN_FIXTURE)).map((r) => ({ placeId: String(r.place_id), name: String(r.name), has: trueLabels(r.about) }));
}, 60_000);

describe("attribute filters on the Huế cafés", () => {
  it("the file has cafés with and without outdoor seating (the test can fail)", () => {
    expect(placeIdsWith("Outdoor seating").length).toBeGreaterThan(0);
    expect(placeIdsWith("Outdoor seating").length).toBeLessThan(rows.length);
  });

  it("lists exactly the cafés whose about says Outdoor seating: true, and counts them beside the filter", async () => {
    const response = await request("/city/Hue?has=outdoor-seating");
    expect(response.status).toBe(200);
    expect(listedNames(await response.text())).toEqual(namesWith("Outdoor seating"));

    const api = await getJson<{ businesses: Array<{ name: string }>; totalCount: number; filters: FilterChoicesBody }>(
      "/api/businesses?has=outdoor-seating&limit=50",
    );
    expect(api.body.totalCount).toBe(placeIdsWith("Outdoor seating").length);
    const outdoor = api.body.filters.attributes.find((a) => a.slug === "outdoor-seating");
    expect(outdoor).toMatchObject({ label: "Outdoor seating", count: placeIdsWith("Outdoor seating").length, atLeast: false });
  });

  it("ANDs two filters", async () => {
    // Two labels the file has on some rows each, and together on fewer than either.
    const labels = [...new Set(rows.flatMap((r) => [...r.has]))].sort();
    const pair = labels
      .flatMap((a) => labels.map((b) => [a, b] as const))
      .find(
        ([a, b]) =>
          a < b && placeIdsWith(a, b).length > 0 && placeIdsWith(a, b).length < Math.min(placeIdsWith(a).length, placeIdsWith(b).length),
      );
    expect(pair).toBeDefined();
    const [a, b] = pair ?? ["", ""];
    const slug = (label: string) =>
      label
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
    const response = await request(`/city/Hue?has=${slug(a)},${slug(b)}`);
    expect(listedNames(await response.text())).toEqual(namesWith(a, b));
    const api = await getJson<{ businesses: Array<{ name: string }>; filters: FilterChoicesBody }>(
      `/api/search?location=Hue&has=${slug(a)},${slug(b)}`,
    );
    expect(api.body.businesses.map((x) => x.name).sort()).toEqual(namesWith(a, b));
    // The search's choices are counted on its results, which are the whole match here: exact.
    expect(api.body.filters.attributes.find((x) => x.slug === slug(a))).toMatchObject({ count: placeIdsWith(a, b).length, atLeast: false });
  });

  it("a selected filter the listing lacks still shows, with 0", async () => {
    const { body } = await getJson<{ filters: FilterChoicesBody; businesses: unknown[] }>("/api/businesses?has=no-such-attribute");
    expect(body.businesses).toEqual([]);
    expect(body.filters.attributes.find((a) => a.slug === "no-such-attribute")).toMatchObject({ count: 0 });
  });

  it("a listing page reads its scope and its filter counts in one round trip (filtered: its search's block too)", async () => {
    // A miss at a known data version (the footer remembered): the page's own reads only.
    const miss = async (path: string) => {
      await fetchWith({ EDGE_CACHE: "miss" }, path);
      return fetchWith({ EDGE_CACHE: "miss" }, path);
    };
    const plain = await miss("/city/Hue");
    expect(plain.status).toBe(200);
    expect(roundTrips(plain)).toBe(1);
    const filtered = await miss("/city/Hue?has=outdoor-seating");
    expect(filtered.status).toBe(200);
    // The opening batch: the city, its counts and the filtered search's first block (ADR 0032).
    expect(roundTrips(filtered)).toBe(1);
    expect(visibleCount(await filtered.text())).toBe(namesWith("Outdoor seating").length);
  });

  it("edits and deletes keep the counts equal to a recount", async () => {
    const term = "atoutdoorseating0";
    expect(await storedCount("city:hue", term)).toBe(await recount("hue", term));
    const withOutdoor = placeIdsWith("Outdoor seating")[0];
    await env.DB.prepare("UPDATE businesses SET filter_terms = json('[]') WHERE place_id = ?1").bind(withOutdoor).run();
    expect(await storedCount("city:hue", term)).toBe(await recount("hue", term));
    const other = placeIdsWith("Outdoor seating")[1] ?? rows[0].placeId;
    await env.DB.prepare("DELETE FROM businesses WHERE place_id = ?1").bind(other).run();
    expect(await storedCount("city:hue", term)).toBe(await recount("hue", term));
    expect(await storedCount("all", term)).toBe(await recount("hue", term));
  });
});
