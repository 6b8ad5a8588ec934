import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { editValues } from "#app/lib/admin/admin-businesses";
import type { Business, ValidBusinessInput } from "#app/lib/business/business";
import { WRITE_BATCH_ROWS } from "#app/lib/import/import-plan";
import { finishWrites, insertBatch, insertBusinesses } from "#app/server/write/business-writer.server";
import { adminRequest } from "../helpers/admin";
import { buildBusiness, getJson, idOf, queriesRun, request, rowsRead, rowsWritten, testDb } from "../helpers/factories";

/** DESIGN.md: D1 work per public request is O(page size), whatever the number of businesses. */
const ROWS_READ_BOUND = 300;
/** An edit, verify or delete writes what it changes, never more than this. */
const ROWS_WRITTEN_PER_EDIT = 1000;
const BUSINESSES = 10_000;

const CATEGORIES = ["Plumber", "Dentist", "Italian restaurant", "Hair salon", "Auto repair shop", "Law firm", "Coffee shop", "Electrician"];

beforeAll(async () => {
  const inputs: ValidBusinessInput[] = [];
  for (let i = 0; i < BUSINESSES; i++) {
    inputs.push(
      buildBusiness({
        placeId: `budget-${i}`,
        name: `Budget Business ${i}`,
        category: CATEGORIES[i % CATEGORIES.length],
        city: `City ${i % 40}`,
        country: i % 3 === 0 ? "Canada" : "United States",
        rating: 3 + (i % 20) / 10,
        reviewCount: (i * 37) % 1000,
        isVerified: i % 4 === 0,
      }),
    );
  }
  const db = testDb();
  const outcome = await insertBusinesses(db, inputs);
  await finishWrites(db);
  expect(outcome.inserted).toBe(BUSINESSES);
}, 180_000);

describe(`rows read per request with ${BUSINESSES.toLocaleString("en-US")} businesses`, () => {
  const endpoints = [
    "/api/statistics",
    "/api/cities/popular",
    "/api/businesses/recommended",
    "/api/businesses/latest",
    "/api/businesses/slug/budget-business-5000",
    "/api/businesses/slug/budget-business-5000-budget-",
    "/api/businesses/1234",
    "/api/businesses?limit=20&offset=0",
    "/api/businesses?limit=20&offset=7980",
    "/api/businesses?limit=20&offset=7980&sort=latest",
    "/api/businesses?limit=100&offset=9900",
    "/api/businesses?limit=20&offset=400&category=Plumber",
    "/api/businesses?limit=20&offset=400&category=restaurants",
    "/api/businesses?limit=20&search=Budget%20Business%207777",
    // Dense: every business is named "Budget Business …" (every form and query shape in
    // search-budget.test.ts).
    "/api/businesses?limit=20&search=budget",
    "/api/businesses?limit=20&offset=200&search=budg",
    "/search?q=budget",
    // The FTS match carries the location, category and rating, so only the page is read.
    "/api/search?q=budget",
    // "City 7" alone matches the postal-code pattern (letters and a digit): a country makes it the city.
    "/api/search?q=budget&location=City%207%2C%20Canada",
    "/api/search?q=budget&location=City%207%2C%20US",
    "/api/search?q=plumber&location=United%20States&minRating=4.5",
    "/api/search?q=budget&category=plumber&page=3",
    "/api/search?location=City%207%2C%20US",
    "/api/search?location=City%207%2C%20US&openNow=1",
    "/api/city/City%207?limit=50&offset=200",
    "/api/category/plumber?limit=50&offset=1000",
    "/api/category/home-services?limit=50&offset=2000",
    "/api/categories",
    "/api/countries",
    "/",
    // The city and category pages with their city × category links, and those pages.
    "/city/City%207",
    "/category/plumber",
    "/city/City%207/electrician",
    "/city/City%207/electrician?page=3",
    "/city/City%207/home-services",
    // The visitor's forms: the suggestion page reads its business by id.
    "/business/1234/suggest",
    "/business/1234/suggest?kind=duplicate",
    "/add-business",
    "/advertise",
  ];

  it.each(endpoints)("%s", async (path) => {
    const response = await request(path);
    expect(response.status).toBe(200);
    // Above 0: an endpoint that finds nothing would pass the bound without testing it.
    expect(rowsRead(response)).toBeGreaterThan(0);
    expect(rowsRead(response)).toBeLessThan(ROWS_READ_BOUND);
  });

  it("sorting a broad search by rating reads about 2√(page · businesses) rows beyond the match", async () => {
    // Every business matches "budget": the FTS match itself is 10,000 rows; beyond it the plan walks the
    // rating index until the page is full (here 41 entries), never the table.
    const response = await request("/api/search?q=budget&sort=rating");
    const body = (await response.json()) as { businesses: Array<{ rating: number }> };
    expect(body.businesses[0].rating).toBe(4.9);
    expect(rowsRead(response) - BUSINESSES).toBeLessThan(2 * Math.sqrt(41 * BUSINESSES));
  });

  it.each(["/api/city/City%207", "/api/category/plumber", "/api/category/home-services"])(
    "the first page of %s is the head of its order, read without the list positions",
    async (path) => {
      const first = await getJson<Array<{ id: number }>>(`${path}?limit=30&offset=0`);
      // From offset 1 the page is found through the positions: the same order, one business on.
      const next = await getJson<Array<{ id: number }>>(`${path}?limit=29&offset=1`);
      expect(first.body).toHaveLength(30);
      expect(next.body.map((b) => b.id)).toEqual(first.body.slice(1).map((b) => b.id));
      // A deeper page reads site_stats too (are the lists being rebuilt?), and finds its place through
      // the list positions in its page's statement; the first page reads the scope's row and its 30 businesses.
      expect(queriesRun(next.response) - queriesRun(first.response)).toBeGreaterThanOrEqual(1);
      expect(rowsRead(first.response)).toBeLessThanOrEqual(31);
    },
  );

  it("page 1 and page 400 of /api/businesses hold the expected rows", async () => {
    const first = await getJson<{ businesses: Array<{ id: number }>; totalCount: number; totalPages: number }>(
      "/api/businesses?limit=20&offset=0",
    );
    const deep = await getJson<{ businesses: Array<{ id: number }> }>("/api/businesses?limit=20&offset=7980");
    expect(first.body.totalCount).toBe(BUSINESSES);
    expect(first.body.totalPages).toBe(500);
    expect(first.body.businesses).toHaveLength(20);
    expect(deep.body.businesses).toHaveLength(20);
    expect(new Set([...first.body.businesses, ...deep.body.businesses].map((b) => b.id)).size).toBe(40);
  });
});

describe(`rows written per admin write with ${BUSINESSES.toLocaleString("en-US")} businesses`, () => {
  const patch = (id: number, values: unknown) =>
    adminRequest(`/api/admin/businesses/${id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(values),
    });

  it("an edit that moves a business to the top, into another category and city writes under the bound", async () => {
    const id = await idOf("budget-7001");
    const before = (await getJson<Business>(`/api/businesses/${id}`)).body;
    const response = await patch(id, { ...editValues(before), category: "Dentist", city: "City 3", rating: 5, reviewCount: 5000 });
    expect(response.status).toBe(200);
    // Every list it leaves or joins changes: more than the row itself, less than the bound.
    expect(rowsWritten(response)).toBeGreaterThan(20);
    expect(rowsWritten(response)).toBeLessThan(ROWS_WRITTEN_PER_EDIT);
    const top = await getJson<{ businesses: Array<{ id: number }> }>("/api/businesses?limit=1&offset=0");
    expect(top.body.businesses[0].id).toBe(id);
  });

  it("a verify and a delete write under the bound", async () => {
    const verify = await adminRequest(`/api/admin/businesses/${await idOf("budget-7002")}/verify`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ verified: true }),
    });
    expect(verify.status).toBe(200);
    expect(rowsWritten(verify)).toBeGreaterThan(0);
    expect(rowsWritten(verify)).toBeLessThan(ROWS_WRITTEN_PER_EDIT);
    const remove = await adminRequest(`/api/admin/businesses/${await idOf("budget-7003")}`, { method: "DELETE" });
    expect(remove.status).toBe(200);
    expect(rowsWritten(remove)).toBeGreaterThan(0);
    expect(rowsWritten(remove)).toBeLessThan(ROWS_WRITTEN_PER_EDIT);
  });

  it(`an import batch of ${WRITE_BATCH_ROWS.toLocaleString("en-US")} rows writes under ${WRITE_BATCH_ROWS} × (1 + indexes + summaries)`, async () => {
    const indexes = await env.DB.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND tbl_name = 'businesses'").first<{
      n: number;
    }>();
    // site_stats, categories, category_groups, cities, city_countries, countries and the FTS index.
    const summaries = 7;
    const bound = WRITE_BATCH_ROWS * (1 + (indexes?.n ?? 0) + summaries);
    const db = testDb();
    const inputs = Array.from({ length: WRITE_BATCH_ROWS }, (_, i) =>
      buildBusiness({
        placeId: `budget-batch-${i}`,
        category: CATEGORIES[i % CATEGORIES.length],
        city: `City ${i % 40}`,
        rating: 3 + (i % 20) / 10,
        reviewCount: (i * 53) % 1000,
      }),
    );
    const outcome = await insertBatch(db, inputs);
    expect(outcome.inserted).toBe(WRITE_BATCH_ROWS);
    expect(db.meter.rowsWritten).toBeGreaterThan(WRITE_BATCH_ROWS);
    expect(db.meter.rowsWritten).toBeLessThan(bound);
  }, 120_000);
});
