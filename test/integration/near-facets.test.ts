/**
 * Near me with a category or a minimum rating (ADR 0017): the filter is matched
 * joined with the grid cells (businesses.near_facets), so the walk steps through that filter's
 * businesses of the disc only. Real D1 and FTS5, the real migrations.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { updateBusiness } from "#app/server/write/business-writer.server";
import { NEAR_BUDGET, nearCategoryFacet, nearFacetToken, ratingBandFacet, ratingBands } from "#app/server/search/near.server";
import { buildBusiness, getJson, idOf, insert, testDb } from "../helpers/factories";
import { nearestNames, searchNear } from "../helpers/near";

type Spot = { name: string; category: string; rating: number; latitude: number; longitude: number };

/** Deterministic pseudo-random numbers in [0, 1) (a test's data is the same every run). */
function randoms(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const RATINGS = [3.2, 3.8, 4.2, 4.4, 4.5, 4.7, 5.0, 2.5];

/**
 * `count` businesses in a square of ~1.2 km around `centre`: one in 41 a dentist, one in 30 named
 * "Saffron …" (a rare word), ratings in turn from RATINGS.
 */
function area(centre: { lat: number; lng: number }, count: number, seed: number): Spot[] {
  const random = randoms(seed);
  return Array.from({ length: count }, (_, i) => ({
    name: i % 30 === 0 ? `Saffron Kitchen ${seed}-${i}` : `Heron Shop ${seed}-${i}`,
    category: i % 41 === 0 ? "Dentist" : "Hardware store",
    rating: RATINGS[i % RATINGS.length],
    latitude: centre.lat + (random() - 0.5) * 0.011,
    longitude: centre.lng + (random() - 0.5) * 0.013,
  }));
}

const nearest = (spots: Spot[], from: { lat: number; lng: number }, keep: (s: Spot) => boolean) => nearestNames(spots, from, keep);

/** How many businesses an FTS token is indexed for (the length of the doclist a match steps through). */
async function indexedFor(token: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(DISTINCT doc) AS n FROM businesses_fts_terms WHERE term = ?1")
    .bind(token.replace(/"/g, ""))
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The near_facets token of a point's level-1 cell (0.004°) joined with `facet`. */
const level1Token = (p: { lat: number; lng: number }, facet: string) =>
  nearFacetToken(1, Math.floor((p.lat + 90) * 250), Math.floor((p.lng + 180) * 250), facet);

describe("rating bands", () => {
  it("cover a minimum rating exactly when it is a band's bound, and only the bands above it", () => {
    expect(ratingBands(4.5)).toEqual({ bands: [45], exact: true });
    expect(ratingBands(4)).toEqual({ bands: [45, 40], exact: true });
    expect(ratingBands(4.2)).toEqual({ bands: [45, 40], exact: false });
    expect(ratingBands(5)).toEqual({ bands: [45], exact: false });
    expect(ratingBands(3)).toEqual({ bands: [45, 40, 35, 30], exact: true });
  });
});

describe("near me with a category or a minimum rating", () => {
  // Two places with the same dentists and "Saffron" businesses at the same spots: the dense one has
  // 4,000 businesses in its square, the sparse one those and a tenth of the others (~630). The sparse
  // place is the dense one moved 2.048° east (a whole number of cells at every level, same latitude:
  // the same cells and distances).
  const denseCentre = { lat: 48.2, lng: 16.37 };
  const sparseCentre = { lat: 48.2, lng: 16.37 + 2.048 };
  const dense = area(denseCentre, 4000, 7);
  const filtered = (s: Spot) => s.category === "Dentist" || s.name.startsWith("Saffron");
  const sparse = dense
    .filter((s, i) => filtered(s) || i % 10 === 0)
    .map((s) => ({
      ...s,
      name: s.name.replace("-", "s-"),
      longitude: s.longitude + 2.048,
    }));

  beforeAll(async () => {
    for (const spots of [dense, sparse]) await insert(...spots.map((s) => buildBusiness(s)));
  });

  it("lists exactly the nearest of a category, pages 1 and 2, reading the same rows at both densities", async () => {
    const offset = { lat: 0.001, lng: -0.0015 };
    const rows: number[] = [];
    for (const [centre, spots] of [
      [denseCentre, dense],
      [sparseCentre, sparse],
    ] as const) {
      const point = { lat: centre.lat + offset.lat, lng: centre.lng + offset.lng };
      const all = nearest(spots, point, (s) => s.category === "Dentist");
      const first = await searchNear(`near=${point.lat},${point.lng}&category=dentist&sort=distance`);
      expect(first.names).toEqual(all.slice(0, 20));
      expect(first.result.approximate).toBe(false);
      const second = await searchNear(`near=${point.lat},${point.lng}&category=dentist&sort=distance&page=2`);
      expect(second.names).toEqual(all.slice(20, 40));
      expect(second.rowsRead).toBeLessThanOrEqual(NEAR_BUDGET);
      rows.push(second.rowsRead);
    }
    // Only dentists are read: four times the businesses around them cost no row more.
    expect(rows[0]).toBe(rows[1]);
  });

  it("lists exactly the nearest of a rare word rated 4.5 or more, reading the same rows at both densities", async () => {
    const rows: number[] = [];
    for (const [centre, spots] of [
      [denseCentre, dense],
      [sparseCentre, sparse],
    ] as const) {
      const all = nearest(spots, centre, (s) => s.name.startsWith("Saffron") && s.rating >= 4.5);
      const first = await searchNear(`q=saffron&near=${centre.lat},${centre.lng}&minRating=4.5&sort=distance`);
      expect(first.names).toEqual(all.slice(0, 20));
      expect(first.result.approximate).toBe(false);
      expect(first.result.businesses.every((b) => b.rating >= 4.5)).toBe(true);
      expect(first.rowsRead).toBeLessThanOrEqual(NEAR_BUDGET);
      rows.push(first.rowsRead);
    }
    expect(rows[0]).toBe(rows[1]);
  });

  it("stays exact for a minimum rating between two bands, and for a category with a rating", async () => {
    const point = { lat: denseCentre.lat - 0.002, lng: denseCentre.lng + 0.001 };
    const between = await searchNear(`q=saffron&near=${point.lat},${point.lng}&minRating=4.3&sort=distance`);
    expect(between.names).toEqual(nearest(dense, point, (s) => s.name.startsWith("Saffron") && s.rating >= 4.3).slice(0, 20));
    expect(between.names.length).toBe(20);

    const both = await searchNear(`near=${point.lat},${point.lng}&category=dentist&minRating=4&sort=distance`);
    expect(both.names).toEqual(nearest(dense, point, (s) => s.category === "Dentist" && s.rating >= 4).slice(0, 20));
    expect(both.rowsRead).toBeLessThanOrEqual(NEAR_BUDGET);
  });
});

describe("the cell tokens of a category and a rating band", () => {
  it("are indexed for exactly the businesses of that filter in the cell, and follow an edit", async () => {
    // Two businesses in the middle of one level-1 cell (0.004°, away from its edges).
    const spot = { lat: -41.2858, lng: 174.7778 };
    const cafe = buildBusiness({ name: "Kea Cafe", category: "Cafe", rating: 4.6, latitude: spot.lat, longitude: spot.lng });
    const other = buildBusiness({ name: "Tui Cafe", category: "Cafe", rating: 3.9, latitude: spot.lat + 0.0004, longitude: spot.lng });
    await insert(cafe, other);
    const cafes = level1Token(spot, nearCategoryFacet("category", "cafe"));
    const best = level1Token(spot, ratingBandFacet(45));
    const good = level1Token(spot, ratingBandFacet(35));
    expect([await indexedFor(cafes), await indexedFor(best), await indexedFor(good)]).toEqual([2, 1, 1]);

    // The writer moves the tokens with the business's category and rating.
    expect(await updateBusiness(testDb(), await idOf(cafe.placeId as string), { ...cafe, category: "Bakery", rating: 3.7 })).toBe(true);
    const bakeries = level1Token(spot, nearCategoryFacet("category", "bakery"));
    expect([await indexedFor(cafes), await indexedFor(bakeries), await indexedFor(best), await indexedFor(good)]).toEqual([1, 1, 0, 2]);
  });

  it("are not part of a business in the API, nor are the grid cell and its tokens", async () => {
    const shop = buildBusiness({ name: "Pukeko Books", latitude: -41.29, longitude: 174.78 });
    await insert(shop);
    const { status, body } = await getJson<Record<string, unknown>>(`/api/businesses/${await idOf(shop.placeId as string)}`);
    expect(status).toBe(200);
    expect(body.name).toBe("Pukeko Books");
    // Index material, not facts about the business: the coordinates are what callers get.
    expect(body).toMatchObject({ latitude: -41.29, longitude: 174.78 });
    for (const key of ["nearFacets", "geoTerms", "geoCell"]) expect(Object.keys(body)).not.toContain(key);
  });
});
