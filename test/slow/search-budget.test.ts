/**
 * The search's row budget (ADR 0012): a search reads at most 300 D1 rows whatever its words' frequency — a
 * word in every business, a prefix and several words — on all four search forms, with 10,000
 * businesses. D1 time is measured by `npm run bench:search`, not here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ValidBusinessInput } from "#app/lib/business/business";
import { adminRequest } from "../helpers/admin";
import { buildBusiness, getJson, insert, request, rowsRead } from "../helpers/factories";
import { visibleText } from "../helpers/html";

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
  // Closed every day: open now finds none of them (the bound must hold when nothing is open).
  const closed = Object.fromEntries(
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "Closed"]),
  );
  const shut: ValidBusinessInput[] = [];
  for (let i = 0; i < 400; i++) {
    shut.push(
      buildBusiness({ placeId: `shut-${i}`, name: `Shuttered Kiosk ${i}`, category: "Bakery", city: "Nightfall", openingHours: closed }),
    );
  }
  await insert(...shut);
}, 180_000);

// Every business matches each of these: one word, a prefix of it, a prefix that is no word, two words.
const DENSE = ["wombat", "womb", "wom", "fair prices", "wombat depot", "known for fair"];

const FORMS: Array<[string, (q: string) => Promise<Response>]> = [
  ["/search", (q) => request(`/search?q=${encodeURIComponent(q)}`)],
  ["/api/search", (q) => request(`/api/search?q=${encodeURIComponent(q)}`)],
  ["/api/businesses?search=", (q) => request(`/api/businesses?limit=20&offset=0&search=${encodeURIComponent(q)}`)],
  ["admin list search", (q) => adminRequest(`/api/admin/businesses?search=${encodeURIComponent(q)}`)],
];

/**
 * /api/search's pages 1 to `last` of `query` as a client reads them: by number, and past page 6 by
 * the answer's `next` cursor (a deeper number without it is refused). Each answer with its response.
 */
async function apiPages(query: string, last: number) {
  const pages: Array<{ response: Response; body: { businesses: Array<{ name: string; category: string }>; next: number | null } }> = [];
  let after: number | null = null;
  for (let page = 1; page <= last; page++) {
    const response = await request(`/api/search?${query}&page=${page}${after === null ? "" : `&after=${after}`}`);
    expect(response.status, `${query} page ${page}`).toBe(200);
    const body = (await response.clone().json()) as (typeof pages)[number]["body"];
    pages.push({ response, body });
    after = body.next;
  }
  return pages;
}

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
      "/api/businesses?limit=20&offset=200&search=womb",
    ]) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      expect(rowsRead(response), path).toBeLessThanOrEqual(ROWS_READ_BOUND);
    }
    // Past the first block by cursor: the page's own matches and rows.
    for (const { response } of await apiPages("q=wombat", 11)) expect(rowsRead(response)).toBeLessThanOrEqual(ROWS_READ_BOUND);
  });

  it("the same bound holds for a category named in another language (2,000 coffee shops), alone and with words", async () => {
    for (const path of [
      "/search?q=cafeter%C3%ADa",
      "/es/search?q=caf%C3%A9",
      `/vi/search?q=${encodeURIComponent("cà phê")}`,
      "/api/search?q=cafeter%C3%ADa&sort=rating",
      "/api/search?q=cafeter%C3%ADa&page=6",
      "/api/search?q=wombat%20cafeter%C3%ADa&location=Burrow%204%2C%20US",
      "/api/businesses?limit=20&offset=0&search=cafeter%C3%ADa",
    ]) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      const text = path.startsWith("/api/") ? await response.text() : visibleText(await response.text());
      expect(text, path).toContain("Wombat Depot");
      expect(rowsRead(response), path).toBeGreaterThan(20);
      expect(rowsRead(response), path).toBeLessThanOrEqual(ROWS_READ_BOUND);
    }
    for (const { response } of await apiPages("q=cafeter%C3%ADa", 11)) expect(rowsRead(response)).toBeLessThanOrEqual(ROWS_READ_BOUND);
  });
});

// Searches without words (ADR 0015): every business is in Illinois, United States and postal code
// 62701; "Burrow 3" holds 500 of them, all hair salons; no plumber is in Burrow 3.
const WORDLESS = [
  "/api/search?location=Burrow%203%2C%20US",
  "/api/search?location=Burrow%203%2C%20US&page=6",
  "/api/search?location=Illinois&sort=reviews",
  "/api/search?location=United%20States&sort=rating",
  "/api/search?location=Illinois&sort=rating&page=3",
  "/api/search?location=Burrow%203%2C%20US&category=Hair%20salon",
  "/api/search?location=Burrow%203%2C%20US&category=Plumber",
  "/api/search?location=62701&category=Plumber",
  "/api/search?location=62701&category=Plumber&page=2",
  "/api/search?location=Illinois&category=Dentist&minRating=4.5&sort=reviews",
  "/api/search?location=Springfield%2C%20IL&minRating=4.8",
  "/api/search?location=United%20States&openNow=1",
  "/api/search?location=Burrow%203%2C%20US&category=Plumber&openNow=1",
  "/api/search?location=Nightfall%2C%20US&openNow=1",
  // Its pages too: a window that keeps nothing is not passed over again (every one of its entries ties).
  "/search?location=Nightfall%2C%20US&openNow=1",
  "/city/Nightfall?openNow=1",
  "/search?location=Illinois&sort=reviews",
];

type SearchBody = {
  businesses: Array<{ name: string; rating: number; reviewCount: number; category: string; city: string }>;
  hasNext: boolean;
  approximate: boolean;
};

describe(`a search without words reads at most ${ROWS_READ_BOUND} rows with ${BUSINESSES.toLocaleString("en-US")} businesses`, () => {
  it.each(WORDLESS)("%s", async (path) => {
    const response = await request(path);
    expect(response.status).toBe(200);
    expect(rowsRead(response)).toBeLessThanOrEqual(ROWS_READ_BOUND);
  });

  it("a location and a category that covers it list exactly what the location alone lists", async () => {
    const alone = await getJson<SearchBody>("/api/search?location=Burrow%203%2C%20US");
    const both = await getJson<SearchBody>("/api/search?location=Burrow%203%2C%20US&category=Hair%20salon");
    expect(both.body.businesses.map((b) => b.name)).toEqual(alone.body.businesses.map((b) => b.name));
    expect(both.body.businesses).toHaveLength(20);
    expect(alone.body.approximate).toBe(false);
  });

  it("filters every result and keeps the requested order within the window", async () => {
    const { body } = await getJson<SearchBody>("/api/search?location=62701&category=Plumber&minRating=4&sort=rating");
    expect(body.businesses).toHaveLength(20);
    expect(body.businesses.every((b) => b.category === "Plumber" && b.rating >= 4)).toBe(true);
    const ratings = body.businesses.map((b) => b.rating);
    expect(ratings).toEqual([...ratings].sort((x, y) => y - x));
    expect(body.approximate).toBe(true);
  });

  it("pages a filtered location past its window without repeating a business", async () => {
    const names: string[] = [];
    for (const { body } of await apiPages("location=62701&category=Plumber", 8)) {
      expect(body.businesses.every((b) => b.category === "Plumber")).toBe(true);
      names.push(...body.businesses.map((b) => b.name));
    }
    expect(names).toHaveLength(160);
    expect(new Set(names).size).toBe(160);
  });

  it("open now when nothing is open: an empty page, bounded", async () => {
    const { body } = await getJson<SearchBody>("/api/search?location=Nightfall%2C%20US&openNow=1");
    expect(body.businesses).toEqual([]);
    // A later page checks as many rows past the window as it wants results: O(offset), like a dense text search's deep page.
    const later = await request("/api/search?location=Nightfall%2C%20US&openNow=1&page=3");
    expect(((await later.json()) as SearchBody).businesses).toEqual([]);
    expect(rowsRead(later)).toBeLessThanOrEqual(400);
    const all = await getJson<SearchBody>("/api/search?location=Nightfall%2C%20US");
    expect(all.body.businesses).toHaveLength(20);
  });

  it("an empty combination is empty", async () => {
    const { body } = await getJson<SearchBody>("/api/search?location=Burrow%203%2C%20US&category=Plumber");
    expect(body.businesses).toEqual([]);
    expect(body.hasNext).toBe(false);
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

  it("lists a dense match up to 1,000 results, with a total that never exceeds what the pages reach", async () => {
    // Page 1 knows the results it has read (the first block and its name matches): a lower bound.
    const { body } = await getJson<ListBody & { hasNext?: boolean }>("/api/businesses?limit=20&offset=0&search=wombat");
    expect(body.totalCount).toBeGreaterThan(100);
    expect(body.totalCount).toBeLessThan(1000);
    expect(body.totalPages).toBe(Math.ceil(body.totalCount / 20));
    expect(body.hasNext).toBe(true);
    // The 1,000th result is listed, and only then does the count say 1,000.
    const last = await getJson<ListBody & { hasNext?: boolean }>("/api/businesses?limit=20&offset=980&search=wombat");
    expect(last.body.businesses).toHaveLength(20);
    expect(last.body.totalCount).toBe(1000);
    expect(last.body.totalPages).toBe(50);
    expect(last.body.hasNext).toBe(false);
  });

  it("says the count of a dense match is a lower bound (1,000+), and an exact one plainly", async () => {
    const dense = await getJson<ListBody & { approximate?: boolean }>("/api/businesses?limit=20&search=wombat");
    expect(dense.body.approximate).toBe(true);
    const sparse = await getJson<ListBody & { approximate?: boolean }>("/api/businesses?limit=20&search=wombat%20depot%207777");
    expect(sparse.body.approximate).toBeUndefined();
    const text = visibleText;
    // A lower bound rounded down: the first block's read on page 1, the 1,000 listed on page 50.
    expect(text(await (await request("/businesses?search=wombat")).text())).toContain(" 100+ Total Businesses");
    expect(text(await (await request("/businesses?search=wombat&page=50")).text())).toContain("1,000+ Total Businesses");
    expect(text(await (await request("/businesses?search=wombat%20depot%207777")).text())).toContain(" 1 Total Business ");
  });

  it("pages a dense match without repeating a business", async () => {
    const names = (await apiPages("q=wombat", 8)).flatMap(({ body }) => body.businesses.map((b) => b.name));
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

/** The href of a page's link with this rel ("next", "prev"), or null. */
function linkOf(html: string, rel: string): string | null {
  const link = new RegExp(`<a[^>]*href="([^"]+)"[^>]*rel="${rel}"|<a[^>]*rel="${rel}"[^>]*href="([^"]+)"`).exec(html);
  return link ? (link[1] ?? link[2]).replace(/&amp;/g, "&") : null;
}

const cardNames = (html: string) => [...html.matchAll(/<h[23][^>]*>\s*<a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1].trim());

/**
 * Walks /search from `path` by the pager's next links to the end, then back by its previous links:
 * every page within the bound, the same pages both ways, the API's results page by page.
 */
async function walkPager(path: string, query: string) {
  const forward: Array<{ path: string; names: string[] }> = [];
  let at: string | null = path;
  while (at) {
    const response = await request(at);
    expect(response.status, at).toBe(200);
    expect(rowsRead(response), at).toBeLessThanOrEqual(ROWS_READ_BOUND);
    const html = await response.text();
    forward.push({ path: at, names: cardNames(html) });
    at = linkOf(html, "next");
    expect(forward.length, "the pager ends").toBeLessThanOrEqual(50);
  }
  // The API as a client reads it (by number, then by its `next`): the same results, in the same order.
  const api = await apiPages(query, forward.length);
  forward.forEach((page, i) => expect(page.names, `page ${i + 1}`).toEqual(api[i].body.businesses.map((b) => b.name)));
  // Back from the last page by the previous links: the same pages.
  let back: string | null = forward[forward.length - 1].path;
  for (let page = forward.length; page >= 1 && back; page--) {
    const response = await request(back);
    expect(rowsRead(response), back).toBeLessThanOrEqual(ROWS_READ_BOUND);
    const html = await response.text();
    expect(cardNames(html), `page ${page} on the way back`).toEqual(forward[page - 1].names);
    back = linkOf(html, "prev");
  }
  return forward;
}

describe("/search pages by its pager past the numbered pages by cursor (ADR 0012, ADR 0031)", () => {
  it("a dense match to its 1,000th result and back: every page within the bound, the API's results in the API's order", async () => {
    const forward = await walkPager("/search?q=wombat", "q=wombat");
    // RESULT_CAP results in 50 pages, and past the numbered pages each link carries its cursor.
    expect(forward).toHaveLength(50);
    expect(forward[8].path).toMatch(/[?&]page=9&after=\d+$/);
    const listed = forward.flatMap((p) => p.names);
    expect(listed).toHaveLength(1000);
    expect(new Set(listed).size).toBe(1000);
  }, 120_000);

  it("a location alone (500 businesses) to its end and back", async () => {
    const forward = await walkPager("/search?location=Burrow%203%2C%20US", "location=Burrow%203%2C%20US");
    expect(forward).toHaveLength(25);
    expect(forward[9].path).toMatch(/[?&]page=10&after=\d+$/);
    expect(new Set(forward.flatMap((p) => p.names)).size).toBe(500);
  }, 120_000);

  it("/api/search refuses a deeper page number without its cursor, with the way to reach it", async () => {
    for (const query of ["q=wombat", "location=Burrow%203%2C%20US"]) {
      const response = await request(`/api/search?${query}&page=9`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        "Pages past 6 are read by their cursor: ask for page 7 with after= set to page 6's next.",
      );
    }
    // A match that ends before page 6 has no page 9: an empty page, as ever.
    const sparse = await request("/api/search?q=wombat%20depot%207777&page=9");
    expect(sparse.status).toBe(200);
    expect(((await sparse.json()) as { businesses: unknown[] }).businesses).toEqual([]);
  });

  it("answers a deeper page number without its cursor with the last numbered page", async () => {
    const html = await (await request("/search?q=wombat&page=20")).text();
    const sixth = await (await request("/search?q=wombat&page=6")).text();
    expect(cardNames(html)).toEqual(cardNames(sixth));
    expect(visibleText(html)).toContain("Page 6");
  });
});
