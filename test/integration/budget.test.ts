import { beforeAll, describe, expect, it } from "vitest";
import type { ValidBusinessInput } from "~/lib/business";
import { finishWrites, insertBusinesses } from "~/server/business-writer.server";
import { buildBusiness, getJson, request, rowsRead, testDb } from "../helpers/factories";

/** DESIGN.md: D1 work per public request is O(page size), whatever the number of businesses. */
const ROWS_READ_BOUND = 300;
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
    "/api/city/City%207?limit=50&offset=200",
    "/api/category/plumber?limit=50&offset=1000",
    "/api/category/home-services?limit=50&offset=2000",
    "/api/categories",
    "/api/countries",
    "/",
  ];

  it.each(endpoints)("%s", async (path) => {
    const response = await request(path);
    expect(response.status).toBe(200);
    expect(rowsRead(response)).toBeLessThan(ROWS_READ_BOUND);
  });

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
