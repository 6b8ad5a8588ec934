/**
 * Near me (ADR 0017). /search and /api/search take near=lat,lng (radius in km, default 25)
 * and sort=distance; every result then carries its distance, and a page reads a bounded number of
 * rows however dense the area.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { mapHeader, mapRow, type CellValue } from "#app/lib/import/import-mapping";
import type { ValidBusinessInput } from "#app/lib/business/business";
import { boxRanges, distanceKm, NEAR_BUDGET } from "#app/server/search/near.server";
import { search, type SearchBusiness } from "#app/server/search/search.server";
import { parseSearchParams } from "#app/lib/search/search-params";
import { updateBusiness } from "#app/server/write/business-writer.server";
import { buildBusiness, getJson, idOf, insert, request, testDb } from "../helpers/factories";
import { nearestNames, searchNear } from "../helpers/near";
import { fixtureRecords, VN_FIXTURE } from "../helpers/spreadsheets";

type SearchBody = { businesses: SearchBusiness[]; hasNext: boolean; approximate: boolean; point: { lat: number; lng: number } | null };

const HUE = { lat: 16.4637, lng: 107.5909 };

/** A business `km` east of `from` (along its parallel). */
const eastOf = (from: { lat: number; lng: number }, km: number) => ({
  latitude: from.lat,
  longitude: from.lng + km / (111.32 * Math.cos((from.lat * Math.PI) / 180)),
});

async function importHueCafes(): Promise<number> {
  const records = await fixtureRecords(VN_FIXTURE);
  const header = Object.keys(records[0]);
  const map = mapHeader(header);
  const inputs: ValidBusinessInput[] = [];
  records.forEach((record, i) => {
    const mapped = mapRow(
      header.map((h) => record[h] as CellValue),
      map,
      i + 2,
    );
    if (mapped.ok) inputs.push(mapped.input as ValidBusinessInput);
  });
  await insert(...inputs);
  return inputs.length;
}

describe("distances", () => {
  it("measures great-circle kilometres", () => {
    expect(distanceKm(HUE, HUE)).toBe(0);
    // Hue to Da Nang: ~77 km as the crow flies.
    expect(distanceKm(HUE, { lat: 16.0544, lng: 108.2022 })).toBeGreaterThan(75);
    expect(distanceKm(HUE, { lat: 16.0544, lng: 108.2022 })).toBeLessThan(80);
  });

  it("covers a box with one index range per grid row", () => {
    const ranges = boxRanges(HUE, 1);
    // 2 km of latitude is 18 rows of 0.001°.
    expect(ranges.length).toBeGreaterThanOrEqual(18);
    expect(ranges.length).toBeLessThanOrEqual(19);
    for (const [from, to] of ranges) expect(to - from).toBeLessThan(25);
  });
});

describe("GET /api/search?near=…&sort=distance", () => {
  it("lists the Hue cafes of the real 2026 file nearest first, each with its distance", async () => {
    const imported = await importHueCafes();
    expect(imported).toBeGreaterThanOrEqual(8);
    await insert(buildBusiness({ name: "Far Away Coffee", category: "Coffee shop", ...eastOf(HUE, 60) }));
    const { status, body } = await getJson<SearchBody>(`/api/search?q=coffee&near=${HUE.lat},${HUE.lng}&sort=distance`);
    expect(status).toBe(200);
    // Every match of the file is within 25 km of the centre of Hue: the same businesses as without near=.
    const plain = await getJson<SearchBody>("/api/search?q=coffee");
    const fromFile = plain.body.businesses.filter((b) => b.country === "Vietnam").map((b) => b.name);
    expect(fromFile.length).toBeGreaterThan(3);
    expect(body.businesses.map((b) => b.name).sort()).toEqual(fromFile.sort());
    const distances = body.businesses.map((b) => b.distanceKm as number);
    expect(distances.every((d) => typeof d === "number")).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.businesses.every((b) => b.country === "Vietnam" && b.distanceKm! < 25)).toBe(true);
    // 60 km is past the default 25 km radius.
    expect(body.businesses.map((b) => b.name)).not.toContain("Far Away Coffee");
    const wide = await getJson<SearchBody>(`/api/search?q=far+away+coffee&near=${HUE.lat},${HUE.lng}&radius=100&sort=distance`);
    expect(wide.body.businesses.map((b) => b.name)).toContain("Far Away Coffee");
  });

  it("sorts a place by distance from its centre when no point is given", async () => {
    await insert(
      buildBusiness({ name: "Centre Pizza", category: "Pizza restaurant", city: "Pizzaville", ...eastOf(HUE, 0.1) }),
      buildBusiness({ name: "Edge Pizza", category: "Pizza restaurant", city: "Pizzaville", ...eastOf(HUE, 3) }),
      buildBusiness({ name: "Middle Pizza", category: "Pizza restaurant", city: "Pizzaville", ...eastOf(HUE, 0.5) }),
    );
    const { body } = await getJson<SearchBody>("/api/search?q=pizza&location=Pizzaville&sort=distance");
    expect(body.point).not.toBeNull();
    const names = body.businesses.map((b) => b.name);
    expect(names.indexOf("Edge Pizza")).toBeGreaterThan(names.indexOf("Middle Pizza"));
    const distances = body.businesses.map((b) => b.distanceKm as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it("finds businesses near a point with nothing else asked, and the page says so", async () => {
    await insert(buildBusiness({ name: "Corner Bakery Nearby", category: "Bakery", ...eastOf({ lat: 40.7, lng: -74 }, 0.2) }));
    const { body } = await getJson<SearchBody>("/api/search?near=40.7,-74");
    expect(body.businesses[0]?.name).toBe("Corner Bakery Nearby");
    expect(body.businesses[0]?.distanceKm).toBeCloseTo(0.2, 1);
    const page = await request("/search?near=40.7,-74");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Businesses near you");
    // A point in the US: its distances in miles (0.2 km), as the place's people give them.
    expect(html).toContain("0.1 mi away");
  });

  it("reads a bounded number of rows in a dense area, exactly nearest first", async () => {
    const centre = { lat: 51.5, lng: -0.12 };
    // 2,000 businesses within ~1.5 km, in rings: the nearest 21 are the first ring's.
    await insert(
      ...Array.from({ length: 2000 }, (_, i) =>
        buildBusiness({ name: `Dense ${i}`, category: "Cafe", ...eastOf(centre, 0.02 + (i / 2000) * 1.5) }),
      ),
    );
    const db = testDb();
    const result = await search(db, parseSearchParams(`https://x.test/search?near=${centre.lat},${centre.lng}`));
    expect(result.businesses.map((b) => b.name).slice(0, 3)).toEqual(["Dense 0", "Dense 1", "Dense 2"]);
    expect(result.hasNext).toBe(true);
    expect(db.meter.rowsRead).toBeLessThanOrEqual(ROW_BUDGET);
  });
});

/** A near-me page reads at most this many rows, however dense the place. */
const ROW_BUDGET = 300;

/** Deterministic pseudo-random numbers in [0, 1) (a test's data is the same every run). */
function randoms(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe("near me in a dense area (≤ 300 rows a page)", () => {
  // 3,000 businesses in a square of ~1.2 km: ~2,000 a km², three times the demo's Chicago at 1,000,000
  // businesses. One in ten is a "Quokka Tandoor", one in eight a bakery. A cluster 40 km away is past the radius.
  const centre = { lat: -33.87, lng: 151.21 };
  const random = randoms(19);
  const spots = Array.from({ length: 3000 }, (_, i) => ({
    name: i % 10 === 0 ? `Quokka Tandoor ${i}` : `Wombat Place ${i}`,
    category: i % 8 === 0 ? "Bakery" : "Hardware store",
    latitude: centre.lat + (random() - 0.5) * 0.011,
    longitude: centre.lng + (random() - 0.5) * 0.013,
  }));
  const far = { lat: centre.lat, lng: centre.lng + 40 / (111.19 * Math.cos((centre.lat * Math.PI) / 180)) };
  const empty = { lat: centre.lat + 0.9, lng: centre.lng };

  /** The names of the businesses nearest `from` that pass `keep`, as the search should order them. */
  const nearest = (from: { lat: number; lng: number }, keep: (s: (typeof spots)[number]) => boolean) => nearestNames(spots, from, keep);

  beforeAll(async () => {
    await insert(...spots.map((s) => buildBusiness(s)));
    await insert(
      ...Array.from({ length: 50 }, (_, i) => buildBusiness({ name: `Far Wombat ${i}`, latitude: far.lat, longitude: far.lng })),
    );
  });

  it("lists the exact nearest, page 1 and page 5, each within the row budget", async () => {
    const point = { lat: centre.lat + 0.0004, lng: centre.lng - 0.0007 };
    const all = nearest(point, () => true);

    const first = await searchNear(`near=${point.lat},${point.lng}`);
    expect(first.names).toEqual(all.slice(0, 20));
    expect(first.result.approximate).toBe(false);
    expect(first.rowsRead).toBeLessThanOrEqual(ROW_BUDGET);

    const fifth = await searchNear(`near=${point.lat},${point.lng}&sort=distance&page=5`);
    expect(fifth.names).toEqual(all.slice(80, 100));
    expect(fifth.result.hasNext).toBe(true);
    expect(fifth.rowsRead).toBeLessThanOrEqual(ROW_BUDGET);
  });

  it("narrows by words and by category within the budget, still exactly nearest first", async () => {
    const point = { lat: centre.lat - 0.001, lng: centre.lng + 0.0012 };
    const words = await searchNear(`q=tandoor&near=${point.lat},${point.lng}&sort=distance`);
    expect(words.names).toEqual(nearest(point, (s) => s.name.startsWith("Quokka Tandoor")).slice(0, 20));
    expect(words.result.approximate).toBe(false);
    expect(words.rowsRead).toBeLessThanOrEqual(ROW_BUDGET);
    const distances = words.result.businesses.map((b) => b.distanceKm as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    const bakeries = await searchNear(`near=${point.lat},${point.lng}&category=bakery&sort=distance`);
    expect(bakeries.names).toEqual(nearest(point, (s) => s.category === "Bakery").slice(0, 20));
    expect(bakeries.rowsRead).toBeLessThanOrEqual(ROW_BUDGET);

    // A word every business holds: the match is the whole area, and still only the nearest are read.
    const everyone = await searchNear(`q=hardware&near=${point.lat},${point.lng}&sort=distance`);
    expect(everyone.rowsRead).toBeLessThanOrEqual(ROW_BUDGET);
  });

  it("reads a word's deeper page exactly without reading a cell twice", async () => {
    // Page 3 of one business in ten takes several discs: each reads only the cells the ones before
    // did not, so the walk stays within its own budget (re-reading them, it read 263 rows here).
    const point = { lat: centre.lat - 0.001, lng: centre.lng + 0.0012 };
    const third = await searchNear(`q=tandoor&near=${point.lat},${point.lng}&sort=distance&page=3`);
    expect(third.names).toEqual(nearest(point, (s) => s.name.startsWith("Quokka Tandoor")).slice(40, 60));
    expect(third.result.approximate).toBe(false);
    expect(third.rowsRead).toBeLessThanOrEqual(NEAR_BUDGET);
  });

  it("reads next to nothing where nothing is within the radius", async () => {
    const nothing = await searchNear(`near=${empty.lat},${empty.lng}&sort=distance`);
    expect(nothing.names).toEqual([]);
    expect(nothing.result.total).toBe(0);
    expect(nothing.rowsRead).toBeLessThanOrEqual(50);
    // 40 km away: past the default 25 km, within 50 km.
    const wide = await searchNear(`near=${centre.lat},${centre.lng}&radius=50&q=far+wombat&sort=distance`);
    expect(wide.names).toHaveLength(20);
    expect(wide.rowsRead).toBeLessThanOrEqual(ROW_BUDGET);
  });
});

describe("a business whose coordinates are edited", () => {
  it("is found near its new place and no longer near the old one", async () => {
    const before = { lat: 59.33, lng: 18.06 };
    const after = { lat: 59.91, lng: 10.75 };
    const input = buildBusiness({ name: "Moving Meatballs", category: "Restaurant", ...eastOf(before, 0.1) });
    await insert(input);
    const id = await idOf(input.placeId as string);
    expect(await updateBusiness(testDb(), id, { ...input, ...eastOf(after, 0.3) })).toBe(true);
    const near = async (p: { lat: number; lng: number }, q = "") =>
      (await search(testDb(), parseSearchParams(`https://x.test/search?near=${p.lat},${p.lng}&sort=distance${q}`))).businesses.map(
        (b) => b.name,
      );
    expect(await near(after)).toContain("Moving Meatballs");
    // The FTS cells moved too: words near the new place find it.
    expect(await near(after, "&q=meatballs")).toContain("Moving Meatballs");
    expect(await near(before)).not.toContain("Moving Meatballs");
    expect(await near(before, "&q=meatballs")).not.toContain("Moving Meatballs");
  });
});

describe("a permanently closed business on a card", () => {
  it("shows its number without a tel: link", async () => {
    await insert(
      buildBusiness({
        name: "Gone For Good Bakery",
        category: "Bakery",
        phone: "(555) 010-9999",
        businessStatus: "CLOSED_PERMANENTLY",
        ...eastOf({ lat: 48.85, lng: 2.35 }, 0.1),
      }),
    );
    const html = await (await request("/search?near=48.85,2.35")).text();
    expect(html).toContain("Gone For Good Bakery");
    expect(html).toContain("(555) 010-9999");
    expect(html).not.toContain('href="tel:5550109999"');
  });
});
