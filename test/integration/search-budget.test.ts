/**
 * Issue 15 item 2 (ADR 0012): a search reads at most 300 D1 rows whatever its words' frequency — a
 * word in every business, a prefix and several words — on all four search forms, with 10,000
 * businesses. D1 time is measured by `npm run bench:search`, not here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ValidBusinessInput } from "~/lib/business";
import { adminRequest } from "../helpers/admin";
import { buildBusiness, getJson, insert, request, rowsRead } from "../helpers/factories";

const ROWS_READ_BOUND = 300;
const BUSINESSES = 10_000;
const CATEGORIES = ["Plumber", "Dentist", "Italian restaurant", "Hair salon", "Coffee shop"];

type ListBody = { businesses: Array<{ name: string }>; totalCount: number; totalPages: number };

beforeAll(async () => {
  // The oldest row and the lowest score: only an exact name lookup brings it to the first page.
  await insert(buildBusiness({ placeId: "wombat-exact", name: "Wombat", category: "Bakery", rating: 3, reviewCount: 1 }));
  const inputs: ValidBusinessInput[] = [];
  for (let i = 0; i < BUSINESSES; i++) {
    inputs.push(
      buildBusiness({
        placeId: `wombat-${i}`,
        name: `Wombat Depot ${i}`,
        category: CATEGORIES[i % CATEGORIES.length],
        description: `Wombat Depot ${i} is known for fair prices.`,
        city: `Burrow ${i % 20}`,
        rating: 3 + (i % 20) / 10,
        reviewCount: (i * 37) % 1000,
      }),
    );
  }
  await insert(...inputs);
}, 180_000);

// Every business matches each of these: one word, a prefix of it, a prefix that is no word, two words.
const DENSE = ["wombat", "womb", "wom", "fair prices", "wombat depot", "known for fair"];

const FORMS: Array<[string, (q: string) => Promise<Response>]> = [
  ["/search", (q) => request(`/search?q=${encodeURIComponent(q)}`)],
  ["/api/search", (q) => request(`/api/search?q=${encodeURIComponent(q)}`)],
  ["/api/businesses?search=", (q) => request(`/api/businesses?limit=20&offset=0&search=${encodeURIComponent(q)}`)],
  ["admin list search", (q) => adminRequest(`/api/admin/businesses?search=${encodeURIComponent(q)}`)],
];

describe(`a dense search reads at most ${ROWS_READ_BOUND} rows with ${BUSINESSES.toLocaleString("en-US")} businesses`, () => {
  const cases = FORMS.flatMap(([form, send]) => DENSE.map((q) => [form, q, send] as const));

  it.each(cases)("%s for %j", async (_form, q, send) => {
    const response = await send(q);
    expect(response.status).toBe(200);
    // Above a page: the search did find the dense match, so the bound is really tested.
    expect(rowsRead(response)).toBeGreaterThan(20);
    expect(rowsRead(response)).toBeLessThanOrEqual(ROWS_READ_BOUND);
  });

  it("the same bound holds with a category scope, a sort, open now, a location and later pages", async () => {
    for (const path of [
      "/api/businesses?limit=20&offset=40&search=wombat&category=Plumber",
      "/api/businesses?limit=20&offset=0&search=wombat&sort=latest",
      "/api/search?q=wombat&sort=rating",
      "/api/search?q=wombat&openNow=1",
      "/api/search?q=wombat&location=Burrow%203%2C%20US",
      "/api/search?q=wombat&page=4",
      // Past the first block: the ids before the page (FTS rows only) and the page's own rows.
      "/api/search?q=wombat&page=11",
      "/api/businesses?limit=20&offset=200&search=womb",
    ]) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      expect(rowsRead(response), path).toBeLessThanOrEqual(ROWS_READ_BOUND);
    }
  });
});

describe("what a bounded search answers", () => {
  it("puts the business named exactly as the query first, though it is the oldest and lowest rated", async () => {
    const { body } = await getJson<{ businesses: Array<{ name: string }> }>("/api/search?q=Wombat");
    expect(body.businesses[0].name).toBe("Wombat");
    expect(body.businesses).toHaveLength(20);
  });

  it("counts a sparse match exactly", async () => {
    const { body } = await getJson<ListBody>("/api/businesses?limit=20&offset=0&search=wombat%20depot%207777");
    expect(body.businesses.map((b) => b.name)).toEqual(["Wombat Depot 7777"]);
    expect(body.totalCount).toBe(1);
  });

  it("lists a dense match up to 1,000 results, with a total the pager can reach", async () => {
    const { body } = await getJson<ListBody>("/api/businesses?limit=20&offset=0&search=wombat");
    expect(body.totalCount).toBe(1000);
    expect(body.totalPages).toBe(50);
    const last = await getJson<ListBody>("/api/businesses?limit=20&offset=980&search=wombat");
    expect(last.body.businesses).toHaveLength(20);
  });

  it("says the count of a dense match is a lower bound (1,000+), and an exact one plainly", async () => {
    const dense = await getJson<ListBody & { approximate?: boolean }>("/api/businesses?limit=20&search=wombat");
    expect(dense.body.approximate).toBe(true);
    const sparse = await getJson<ListBody & { approximate?: boolean }>("/api/businesses?limit=20&search=wombat%20depot%207777");
    expect(sparse.body.approximate).toBeUndefined();
    const text = (html: string) =>
      html
        .replace(/<!-- -->/g, "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ");
    expect(text(await (await request("/businesses?search=wombat")).text())).toContain("1,000+ Total Businesses");
    expect(text(await (await request("/businesses?search=wombat%20depot%207777")).text())).toContain(" 1 Total Businesses");
  });

  it("pages a dense match without repeating a business", async () => {
    const names: string[] = [];
    for (let page = 1; page <= 8; page++) {
      const { body } = await getJson<{ businesses: Array<{ name: string }> }>(`/api/search?q=wombat&page=${page}`);
      names.push(...body.businesses.map((b) => b.name));
    }
    expect(names).toHaveLength(160);
    expect(new Set(names).size).toBe(160);
  });

  it("expands a prefix through the vocabulary: 'womb' finds the wombats, a prefix of nothing finds nothing", async () => {
    const found = await getJson<{ businesses: Array<{ name: string }> }>("/api/search?q=womb");
    expect(found.body.businesses[0].name).toMatch(/^Wombat/);
    const none = await getJson<{ businesses: unknown[] }>("/api/search?q=wombatx");
    expect(none.body.businesses).toEqual([]);
  });
});
