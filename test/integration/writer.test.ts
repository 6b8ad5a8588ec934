import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { ValidBusinessInput } from "#app/lib/business/business";
import {
  deleteAllBusinesses,
  deleteBusiness,
  finishWrites,
  insertBusinesses,
  setVerified,
  updateBusiness,
} from "#app/server/write/business-writer.server";
import { Db, type Params } from "#app/server/platform/db.server";
import { buildBusiness, getJson, idOf, insert, resetDirectory, testDb } from "../helpers/factories";

/** Summaries as the triggers keep them. */
async function summaries() {
  const all = async (sql: string) => (await env.DB.prepare(sql).all()).results;
  return {
    stats: await env.DB.prepare(
      "SELECT total_businesses, verified_businesses, categories, total_cities FROM site_stats WHERE id = 1",
    ).first(),
    categories: await all("SELECT slug, business_count AS n FROM categories WHERE business_count > 0 ORDER BY slug"),
    groups: await all("SELECT slug, business_count AS n FROM category_groups WHERE business_count > 0 ORDER BY slug"),
    cities: await all("SELECT slug, business_count AS n FROM cities WHERE business_count > 0 ORDER BY slug"),
    cityCountries: await all(
      "SELECT city_slug, country, business_count AS n FROM city_countries WHERE business_count > 0 ORDER BY city_slug, country",
    ),
    countries: await all("SELECT name, business_count AS n FROM countries WHERE business_count > 0 ORDER BY name"),
  };
}

/** The same figures recomputed from the businesses table (fine in a test; never at request time). */
async function recomputed() {
  const all = async (sql: string) => (await env.DB.prepare(sql).all()).results;
  return {
    stats: await env.DB.prepare(
      `SELECT count(*) AS total_businesses, coalesce(sum(is_verified), 0) AS verified_businesses,
        count(DISTINCT nullif(category_slug, '')) AS categories, count(DISTINCT nullif(city_slug, '')) AS total_cities
       FROM businesses`,
    ).first(),
    categories: await all("SELECT category_slug AS slug, count(*) AS n FROM businesses WHERE category_slug <> '' GROUP BY 1 ORDER BY 1"),
    groups: await all("SELECT group_slug AS slug, count(*) AS n FROM businesses GROUP BY 1 ORDER BY 1"),
    cities: await all("SELECT city_slug AS slug, count(*) AS n FROM businesses WHERE city_slug <> '' GROUP BY 1 ORDER BY 1"),
    cityCountries: await all("SELECT city_slug, country, count(*) AS n FROM businesses WHERE city_slug <> '' GROUP BY 1, 2 ORDER BY 1, 2"),
    countries: await all("SELECT country AS name, count(*) AS n FROM businesses WHERE country <> '' GROUP BY 1 ORDER BY 1"),
  };
}

async function expectSummariesExact() {
  expect(await summaries()).toEqual(await recomputed());
}

async function searchNames(text: string): Promise<string[]> {
  const { body } = await getJson<{ businesses: Array<{ name: string }> }>(`/api/businesses?search=${encodeURIComponent(text)}`);
  return body.businesses.map((b) => b.name);
}

beforeEach(async () => {
  await resetDirectory();
});

describe("summaries stay exact", () => {
  it("after inserts across categories, cities and countries", async () => {
    await insert(
      buildBusiness({ category: "Plumber", city: "Austin", isVerified: true }),
      buildBusiness({ category: "Plumber", city: "Austin" }),
      buildBusiness({ category: "Dentist", city: "Lyon", country: "France" }),
      buildBusiness({ category: "Dentist", city: "Paris", country: "France", isVerified: true }),
      buildBusiness({ category: "", city: "", country: "" }),
    );
    await expectSummariesExact();
    const { body } = await getJson("/api/statistics");
    expect(body).toEqual({ totalBusinesses: 5, verifiedBusinesses: 2, categories: 2, totalCities: 3 });
  });

  it("after an edit moves a business to another category, city, country and verification", async () => {
    const moving = buildBusiness({ name: "Moving Pipes", category: "Plumber", city: "Austin", country: "United States" });
    await insert(moving, buildBusiness({ category: "Plumber", city: "Austin" }));
    const id = await idOf(moving.placeId!);
    const changed = await updateBusiness(testDb(), id, {
      ...moving,
      name: "Moved Smiles",
      category: "Dentist",
      city: "Köln",
      country: "Germany",
      isVerified: true,
    });
    expect(changed).toBe(true);
    await expectSummariesExact();
    const { body } = await getJson("/api/statistics");
    expect(body).toEqual({ totalBusinesses: 2, verifiedBusinesses: 1, categories: 2, totalCities: 2 });
    // The FTS index follows the edit; the slug stays so links keep working.
    expect(await searchNames("moved smiles")).toEqual(["Moved Smiles"]);
    expect(await searchNames("moving pipes")).toEqual([]);
    const detail = await getJson<{ slug: string }>(`/api/businesses/${id}`);
    expect(detail.body.slug).toBe("moving-pipes");
  });

  it("after verify/unverify", async () => {
    const b = buildBusiness();
    await insert(b);
    const id = await idOf(b.placeId!);
    await setVerified(testDb(), id, true);
    expect((await getJson<{ verifiedBusinesses: number }>("/api/statistics")).body.verifiedBusinesses).toBe(1);
    await setVerified(testDb(), id, false);
    await expectSummariesExact();
  });

  it("after a delete, and the deleted business is gone from lists and search", async () => {
    const gone = buildBusiness({ name: "Vanishing Vans", category: "Auto repair shop", city: "Reno" });
    await insert(gone, buildBusiness({ city: "Reno" }));
    expect(await deleteBusiness(testDb(), await idOf(gone.placeId!))).toBe(true);
    await expectSummariesExact();
    expect(await searchNames("vanishing")).toEqual([]);
    expect((await getJson("/api/category/auto-repair-shop")).body).toEqual([]);
    expect(await deleteBusiness(testDb(), 999_999)).toBe(false);
  });

  it("after delete all: every total is zero", async () => {
    await insert(buildBusiness(), buildBusiness({ city: "Boise" }), buildBusiness({ country: "Canada" }));
    expect(await deleteAllBusinesses(testDb())).toBe(3);
    await expectSummariesExact();
    expect((await getJson("/api/statistics")).body).toEqual({
      totalBusinesses: 0,
      verifiedBusinesses: 0,
      categories: 0,
      totalCities: 0,
    });
    expect((await getJson("/api/cities/popular")).body).toEqual([]);
  });
});

describe("inserting", () => {
  it("skips place ids already stored or repeated in the input, and reports them", async () => {
    const a = buildBusiness();
    await insert(a);
    const b = buildBusiness();
    const outcome = await insertBusinesses(testDb(), [a, b, { ...b, name: "Same place again" }]);
    expect(outcome).toEqual({ inserted: 1, duplicates: [0, 2], updated: 0 });
    await expectSummariesExact();
  });

  it("never gives an id twice, even once the business holding the highest id is deleted", async () => {
    const first = buildBusiness({ rating: 2, reviewCount: 1 });
    await insert(first);
    const firstId = await idOf(first.placeId as string);
    // Links and sitemaps name businesses by id: a new business must not take a deleted one's.
    await deleteBusiness(testDb(), firstId);
    const inputs = [5, 1, 4.5, 3, 4.9].map((rating, i) => buildBusiness({ rating, reviewCount: 10 * (i + 1) }));
    await insert(...inputs);
    const ids = await Promise.all(inputs.map((b) => idOf(b.placeId as string)));
    expect([...ids].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5].map((n) => firstId + n));
    await expectSummariesExact();
  });

  it("stores text exactly and photos, hours and features as the JSON text of the input, whatever characters they hold, on insert and edit", async () => {
    const tricky = 'Quote " backslash \\ tab \t newline \n Huế ☕ 😀 </script>';
    const business = buildBusiness({
      name: `Cà phê ${tricky} Đà`,
      address: `12 Lê Lợi, ${tricky}, Huế`,
      photos: ["https://lh5.example/p/a?b=1&c=2", `https://x/${encodeURIComponent(tricky)}`],
      openingHours: { Monday: "6AM-10PM", [tricky]: tricky },
      about: { [tricky]: { [tricky]: true, "Wi-Fi": false } },
    });
    await insert(business);
    const stored = async () =>
      env.DB.prepare("SELECT photos, opening_hours, about FROM businesses WHERE place_id = ?1").bind(business.placeId).first();
    const text = await env.DB.prepare("SELECT name, address FROM businesses WHERE place_id = ?1").bind(business.placeId).first();
    expect(text).toEqual({ name: business.name, address: business.address });
    expect(await stored()).toEqual({
      photos: JSON.stringify(business.photos),
      opening_hours: JSON.stringify(business.openingHours),
      about: JSON.stringify(business.about),
    });
    const edited = { ...business, photos: [], openingHours: null, about: { Payments: { [tricky]: true } } };
    await updateBusiness(testDb(), await idOf(business.placeId as string), edited);
    expect(await stored()).toEqual({ photos: "[]", opening_hours: null, about: JSON.stringify(edited.about) });
  });

  it("gives every business a unique slug: name, then name-city, then name-city with a stable tag", async () => {
    const rows = [
      buildBusiness({ name: "Joe's Pizza", city: "Boston" }),
      buildBusiness({ name: "Joe's Pizza", city: "Denver" }),
      buildBusiness({ name: "Joe's Pizza", city: "Denver" }),
      buildBusiness({ name: "Joe's Pizza", city: "Denver" }),
      buildBusiness({ name: "東京寿司", category: "Sushi restaurant", city: "Tokyo" }),
      buildBusiness({ name: "東京寿司", category: "", city: "" }),
    ];
    await insert(...rows);
    const slugs = await Promise.all(
      rows.map(async (r) => (await getJson<{ slug: string }>(`/api/businesses/${await idOf(r.placeId!)}`)).body.slug),
    );
    const lastId = await idOf(rows[5].placeId!);
    expect(slugs.slice(0, 2)).toEqual(["joe-s-pizza", "joe-s-pizza-denver"]);
    expect(slugs[2]).toMatch(/^joe-s-pizza-denver-[0-9a-z]{6}$/);
    expect(slugs[3]).toMatch(/^joe-s-pizza-denver-[0-9a-z]{6}$/);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.slice(4)).toEqual(["sushi-restaurant-tokyo", `business-${lastId}`]);
  });

  it("keeps slugs unique for a chain of many same-named branches in one city", async () => {
    const chain = Array.from({ length: 120 }, () => buildBusiness({ name: "Corner Coffee", city: "Seattle" }));
    await insert(...chain);
    const { body } = await getJson<Array<{ slug: string }>>("/api/city/Seattle?limit=100");
    expect(new Set(body.map((b) => b.slug)).size).toBe(100);
    expect((await getJson("/api/statistics")).body).toMatchObject({ totalBusinesses: 120 });
  });

  it("binds at most 100 parameters and 1 MB per parameter in a statement, whatever the batch and row size", async () => {
    const bound: number[] = [];
    let largest = 0;
    class CountingDb extends Db {
      override statement(sql: string, params: Params = []) {
        bound.push(params.length);
        for (const p of params) if (typeof p === "string") largest = Math.max(largest, new TextEncoder().encode(p).length);
        return super.statement(sql, params);
      }
    }
    const db = new CountingDb(env.DB);
    // Rows of ~6 kB (a long description in a non-Latin script, 3 bytes per character in UTF-8):
    // a whole batch of them is several MB, over D1's 1,000,000-byte limit for one string.
    const inputs: ValidBusinessInput[] = Array.from({ length: 1150 }, (_, i) =>
      buildBusiness({ name: `Bulk ${i}`, city: `Town ${i % 7}`, description: i % 3 ? null : "東京の店".repeat(500) }),
    );
    const outcome = await insertBusinesses(db, inputs);
    await finishWrites(db);
    expect(outcome.inserted).toBe(1150);
    expect(Math.max(...bound)).toBeLessThanOrEqual(100);
    expect(largest).toBeGreaterThan(100_000);
    expect(largest).toBeLessThanOrEqual(1_000_000);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM businesses WHERE length(description) = 2000").first<{ n: number }>();
    expect(stored?.n).toBe(384);
    await expectSummariesExact();
  });

  it("keeps list pages right straight after a write batch, with no pass over the lists afterwards", async () => {
    await insert(buildBusiness({ name: "Ranked First", rating: 4.9, reviewCount: 500 }));
    const db = testDb();
    await insertBusinesses(db, [buildBusiness({ name: "Fresh Arrival", rating: 5, reviewCount: 1000 })]);
    // No finishWrites: the batch itself kept the list positions.
    const { body } = await getJson<{ businesses: Array<{ name: string }>; totalCount: number }>("/api/businesses");
    expect(body.businesses.map((b) => b.name)).toEqual(["Fresh Arrival", "Ranked First"]);
    expect(body.totalCount).toBe(2);
  });
});
