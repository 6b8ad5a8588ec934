/**
 * The attribute filters' row budget (docs/decisions/0031-attribute-filters.md): every filter
 * combination — an attribute, two, open at, open late, open 24 hours, an attribute with open now or
 * a minimum rating, a rare attribute — on a city, a category, a city × category, /businesses, a
 * search with words, with a location and near a point reads at most 300 D1 rows on page 1 and on
 * page 10 with 10,000 businesses, and every result listed matches the filters.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ValidBusinessInput } from "#app/lib/business/business";
import { NUMBERED_PAGES } from "#app/lib/search/search-plan";
import { buildBusiness, insert, request, rowsRead } from "../helpers/factories";

const ROWS_READ_BOUND = 300;

const BUSINESSES = 10_000;
const CATEGORIES = ["Plumber", "Dentist", "Italian restaurant", "Hair salon", "Coffee shop"];
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const hoursOf = (text: string) => Object.fromEntries(DAYS.map((d) => [d, text]));

/** What business i has: the seed's rule, checked against what a page lists. */
const facts = (i: number) => ({
  outdoor: i % 3 === 0,
  delivery: i % 5 === 0 || i % 5 === 1,
  wheelchair: i % 7 === 0,
  rooftop: i % 997 === 0,
  // Open 24 hours; 6 AM – 11 PM (late, Sunday 10:00); 9 AM – 5 PM (Sunday 10:00, not late); no hours.
  open24h: i % 4 === 0,
  late: i % 4 === 0 || i % 4 === 1,
  sunday10: i % 4 !== 3,
  rating: 3 + (i % 20) / 10,
});

beforeAll(async () => {
  const inputs: ValidBusinessInput[] = [];
  for (let i = 0; i < BUSINESSES; i++) {
    const f = facts(i);
    inputs.push(
      buildBusiness({
        placeId: `filter-${i}`,
        name: `Wombat Depot ${i}`,
        category: CATEGORIES[i % CATEGORIES.length],
        description: `Wombat Depot ${i} is known for fair prices.`,
        city: `Burrow ${i % 11}`,
        rating: f.rating,
        reviewCount: (i * 37) % 1000,
        latitude: 39.78 + (i % 100) / 2000,
        longitude: -89.65 + Math.floor(i / 100) / 2000,
        about: {
          Accessibility: { "Wheelchair accessible entrance": f.wheelchair },
          "Service options": { "Outdoor seating": f.outdoor, Delivery: f.delivery, Takeout: true },
          Amenities: { Rooftop: f.rooftop },
        },
        openingHours: [hoursOf("Open 24 hours"), hoursOf("6AM-11PM"), hoursOf("9AM-5PM"), undefined][i % 4],
      }),
    );
  }
  await insert(...inputs);
}, 300_000);

type Combination = { query: string; check: (f: ReturnType<typeof facts>) => boolean };

const COMBINATIONS: Combination[] = [
  { query: "has=outdoor-seating", check: (f) => f.outdoor },
  { query: "has=delivery,outdoor-seating", check: (f) => f.outdoor && f.delivery },
  { query: "has=wheelchair-accessible-entrance", check: (f) => f.wheelchair },
  { query: "has=rooftop", check: (f) => f.rooftop },
  { query: "openAt=sun-10:00", check: (f) => f.sunday10 },
  { query: "openLate=1", check: (f) => f.late },
  { query: "open24h=1", check: (f) => f.open24h },
  // Open now: 24-hour businesses always are; the others depend on the clock (only the budget is asserted for them).
  { query: "has=outdoor-seating&openNow=1", check: (f) => f.outdoor },
  { query: "has=outdoor-seating&minRating=4.5", check: (f) => f.outdoor && f.rating >= 4.5 },
];

const PLACES = [
  "/city/Burrow%203",
  "/category/plumber",
  "/city/Burrow%203/hair-salon",
  "/businesses",
  "/search?q=wombat",
  "/search?location=Burrow%203%2C%20US",
  "/search?near=39.8,-89.63",
  "/api/search?q=wombat",
  "/api/businesses?limit=20",
];

const withQuery = (path: string, query: string, page: number) => {
  const paged = page > 1 ? (path.startsWith("/api/businesses") ? `&offset=${(page - 1) * 20}` : `&page=${page}`) : "";
  return `${path}${path.includes("?") ? "&" : "?"}${query}${paged}`;
};

/** The pager's next link of a page (its site path), or null on the last page. */
function nextLink(html: string): string | null {
  const tag = /<a[^>]*\brel="next"[^>]*>/.exec(html)?.[0];
  const href = tag ? /\bhref="([^"]*)"/.exec(tag)?.[1] : undefined;
  return href === undefined ? null : href.replace(/&amp;/g, "&");
}

/** The pager's previous link of a page (its site path), or null on the first page. */
function previousLink(html: string): string | null {
  const tag = /<a[^>]*\brel="prev"[^>]*>/.exec(html)?.[0];
  const href = tag ? /\bhref="([^"]*)"/.exec(tag)?.[1] : undefined;
  return href === undefined ? null : href.replace(/&amp;/g, "&");
}

/** From `last` back to page 1 by the pager's previous links, each page within `bound` rows: the pages' businesses, first page first. */
async function walkBack(last: string, bound: number): Promise<number[][]> {
  const back: number[][] = [];
  for (let at: string | null = last; at !== null;) {
    const response = await request(at);
    expect(rowsRead(response), at).toBeLessThanOrEqual(bound);
    const html = await response.text();
    back.push(listed(html, false));
    at = previousLink(html);
    expect(back.length, "the pager ends").toBeLessThanOrEqual(60);
  }
  return back.reverse();
}

/** The numbers of the businesses a page lists (its cards, or the API's names). */
function listed(text: string, api: boolean): number[] {
  const names = api
    ? (JSON.parse(text) as { businesses: Array<{ name: string }> }).businesses.map((b) => b.name)
    : [...text.matchAll(/class="card-link" href="[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1]);
  return names.map((n) => Number(/Wombat Depot (\d+)/.exec(n)?.[1] ?? NaN));
}

/**
 * A page as its reader reaches it: /api/search's pages past NUMBERED_PAGES by the answers' `next`
 * cursors from that page on (a deeper number alone is refused), as far as the list goes; any other
 * by its address.
 */
async function reach(path: string): Promise<Response> {
  const asked = Number(/[?&]page=(\d+)/.exec(path)?.[1] ?? 1);
  if (!path.startsWith("/api/search") || asked <= NUMBERED_PAGES) return request(path);
  let response = await request(path.replace(/page=\d+/, `page=${NUMBERED_PAGES}`));
  for (let page = NUMBERED_PAGES + 1; page <= asked; page++) {
    const { next } = (await response.clone().json()) as { next: number | null };
    if (next === null) break;
    response = await request(`${path.replace(/page=\d+/, `page=${page}`)}&after=${next}`);
  }
  return response;
}

describe(`every filter combination reads at most ${ROWS_READ_BOUND} rows with ${BUSINESSES.toLocaleString("en-US")} businesses`, () => {
  const cases = PLACES.flatMap((path) => COMBINATIONS.flatMap((c) => [1, 10].map((page) => [withQuery(path, c.query, page), c] as const)));

  it.each(cases)("%s", async (path, combination) => {
    const response = await reach(path);
    expect(response.status).toBe(200);
    const read = rowsRead(response);
    const numbers = listed(await response.text(), path.startsWith("/api/"));
    console.info(`rows read ${String(read).padStart(3)}  ${numbers.length} listed  ${path}`);
    expect(read).toBeLessThanOrEqual(ROWS_READ_BOUND);
    expect(
      numbers.every((i) => Number.isInteger(i) && combination.check(facts(i))),
      path,
    ).toBe(true);
  });

  it.each([
    // 909 businesses in the city, 364 with delivery: 19 pages.
    ["/city/Burrow%203?has=delivery", (i: number) => i % 11 === 3 && facts(i).delivery],
    // 667 plumbers with outdoor seating: 34 pages.
    ["/category/plumber?has=outdoor-seating", (i: number) => i % 5 === 0 && facts(i).outdoor],
    // Every one of the 182 hair salons in the city has takeout: 10 pages.
    ["/city/Burrow%203/hair-salon?has=takeout", (i: number) => i % 11 === 3 && i % 5 === 3],
    // /search with a place and a filter: the same plan and cursor as the city's listing.
    ["/search?location=Burrow%203%2C%20US&has=delivery", (i: number) => i % 11 === 3 && facts(i).delivery],
    // 1,334 matches: the list ends at 1,000 results (50 pages), as the offset pages do.
    ["/businesses?has=delivery,outdoor-seating", (i: number) => facts(i).delivery && facts(i).outdoor],
  ] as const)("following the pager's next links of %s lists every match once, each page within the budget", async (first, matches) => {
    const expected = Array.from({ length: BUSINESSES }, (_, i) => i).filter(matches);
    const byLinks: number[] = [];
    const pages: number[][] = [];
    const reads: number[] = [];
    let path: string | null = first;
    let pageTen: string | null = null;
    let last: string = first;
    while (path !== null) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      reads.push(rowsRead(response));
      const html = await response.text();
      pages.push(listed(html, false));
      byLinks.push(...pages[pages.length - 1]);
      if (reads.length === 10) pageTen = path;
      last = path;
      path = nextLink(html);
      expect(reads.length, "the pager ends").toBeLessThanOrEqual(60);
    }
    console.info(`rows read by links, page 1: ${reads[0]}, page 10: ${reads[9]}, most: ${Math.max(...reads)}  ${first}`);
    // Page 10 reached by the links is read by its cursor.
    expect(pageTen).toMatch(/[?&]after=\d+/);
    expect(Math.max(...reads)).toBeLessThanOrEqual(ROWS_READ_BOUND);
    expect(new Set(byLinks).size, "no business listed twice").toBe(byLinks.length);
    // Every match, or the first RESULT_CAP (1,000) of them when there are more.
    expect(byLinks.length).toBe(Math.min(expected.length, 1000));
    expect(byLinks.every((i) => matches(i))).toBe(true);
    if (expected.length <= 1000) expect([...byLinks].sort((a, b) => a - b)).toEqual(expected);
    // The same pages by number (OFFSET) up to NUMBERED_PAGES; a deeper number alone is answered with that page.
    const numbered = Math.min(reads.length, NUMBERED_PAGES);
    for (let page = 1; page <= numbered; page++) {
      const response = await request(`${first}${page > 1 ? `&page=${page}` : ""}`);
      expect(listed(await response.text(), false), `page ${page}`).toEqual(pages[page - 1]);
    }
    if (reads.length > NUMBERED_PAGES) {
      const response = await request(`${first}&page=${reads.length}`);
      expect(rowsRead(response)).toBeLessThanOrEqual(ROWS_READ_BOUND);
      const html = await response.text();
      expect(listed(html, false)).toEqual(pages[NUMBERED_PAGES - 1]);
      expect(html).toMatch(new RegExp(`aria-current="page"[^>]*><span class="sr-only">Page </span>${NUMBERED_PAGES}<`));
    }
    // Back from the last page by the previous links: the same pages, each within the budget.
    expect(await walkBack(last, ROWS_READ_BOUND)).toEqual(pages);
    // The JSON API, with the page's own cursor: the same page as the pager's link gives.
    if (first.startsWith("/search?") && pageTen !== null) {
      const api = await request(`/api/search?${pageTen.split("?")[1]}`);
      const answer = (await api.clone().json()) as { page: number };
      expect(answer.page).toBe(10);
      expect(listed(await api.text(), true)).toEqual(pages[9]);
    }
  });

  it.each([
    // A minimum rating alone: the window of the city's (category's, directory's) 101 best, then the
    // match newest first past it, by cursor (ADR 0031, amendment).
    ["/city/Burrow%203?minRating=4", (i: number) => i % 11 === 3 && facts(i).rating >= 4, false],
    ["/category/plumber?minRating=4", (i: number) => i % 5 === 0 && facts(i).rating >= 4, false],
    ["/businesses?minRating=4.5", (i: number) => facts(i).rating >= 4.5, false],
    // A category in a city, the city's index driving: one in five of its window's entries pass, so
    // its pages by number end where those hits do, and the pages past them go by cursor both ways.
    ["/search?location=Burrow%203%2C%20US&category=plumber", (i: number) => i % 11 === 3 && i % 5 === 0, true],
  ] as const)(
    "following the pager of %s (a word-less window) forward and back lists every match once, each page within the budget",
    async (first, matches, fewHits) => {
      const expected = Array.from({ length: BUSINESSES }, (_, i) => i).filter(matches);
      const pages: number[][] = [];
      const reads: number[] = [];
      let last: string = first;
      for (let path: string | null = first; path !== null; path = nextLink(await pageAt(path))) last = path;
      async function pageAt(path: string): Promise<string> {
        const response = await request(path);
        expect(response.status, path).toBe(200);
        reads.push(rowsRead(response));
        const html = await response.text();
        pages.push(listed(html, false));
        expect(reads.length, "the pager ends").toBeLessThanOrEqual(60);
        return html;
      }
      console.info(`rows read by links: ${reads.join(" ")}  ${first}`);
      expect(reads.length).toBeGreaterThan(NUMBERED_PAGES + 2);
      expect(last).toMatch(/[?&]after=\d+/);
      expect(Math.max(...reads)).toBeLessThanOrEqual(ROWS_READ_BOUND);
      const byLinks = pages.flat();
      expect(new Set(byLinks).size, "no business listed twice").toBe(byLinks.length);
      expect(byLinks.length).toBe(Math.min(expected.length, 1000));
      expect(byLinks.every((i) => matches(i))).toBe(true);
      // The API's pages — by number, past NUMBERED_PAGES by its `next` cursor — list the same businesses in the same order.
      const api = first.startsWith("/city/") ? `/api/search?location=Burrow%203%2C%20US&${first.split("?")[1]}` : null;
      if (api) {
        const fromApi: number[] = [];
        let after: number | null = null;
        for (let page = 1; page <= pages.length; page++) {
          const text: string = await (await request(`${api}&page=${page}${after === null ? "" : `&after=${after}`}`)).text();
          fromApi.push(...listed(text, true));
          after = (JSON.parse(text) as { next: number | null }).next;
        }
        expect(byLinks).toEqual(fromApi.slice(0, byLinks.length));
      }
      // A deeper page asked for by its number alone is answered with the last page by number —
      // NUMBERED_PAGES, or the page where the window's hits end when few pass — within the budget.
      const deep = await request(`${first}&page=${pages.length}`);
      console.info(`rows read by ?page=${pages.length}: ${rowsRead(deep)}  ${first}`);
      expect(rowsRead(deep)).toBeLessThanOrEqual(ROWS_READ_BOUND);
      const deepHtml = await deep.text();
      const served = Number(/aria-current="page"[^>]*><span class="sr-only">Page <\/span>(\d+)</.exec(deepHtml)?.[1]);
      if (fewHits) expect(served).toBeLessThan(NUMBERED_PAGES);
      else expect(served).toBe(NUMBERED_PAGES);
      expect(listed(deepHtml, false)).toEqual(pages[served - 1]);
      // Back from the last page by the previous links: the same pages, each within the budget.
      expect(await walkBack(last, ROWS_READ_BOUND)).toEqual(pages);
    },
  );

  it("open now on a city past its window: pages by cursor, each within the budget and never empty", async () => {
    const reads: number[] = [];
    const seen: number[] = [];
    for (let path: string | null = "/city/Burrow%203?openNow=1"; path !== null;) {
      const response = await request(path);
      reads.push(rowsRead(response));
      const html = await response.text();
      const numbers = listed(html, false);
      expect(numbers.length, path).toBeGreaterThan(0);
      seen.push(...numbers);
      path = nextLink(html);
      expect(reads.length, "the pager ends").toBeLessThanOrEqual(60);
    }
    console.info(`open now by links: ${reads.join(" ")}`);
    expect(Math.max(...reads)).toBeLessThanOrEqual(ROWS_READ_BOUND);
    expect(new Set(seen).size, "no business listed twice").toBe(seen.length);
    expect(seen.every((i) => i % 11 === 3)).toBe(true);
    const deep = await request("/city/Burrow%203?openNow=1&page=10");
    expect(rowsRead(deep)).toBeLessThanOrEqual(ROWS_READ_BOUND);
    expect(listed(await deep.text(), false).length).toBeGreaterThan(0);
  });

  it("ignores a cursor that is not a positive integer, and within the first block (offset pages)", async () => {
    const plain = listed(await (await request("/city/Burrow%203?has=delivery&page=7")).text(), false);
    for (const after of ["abc", "-5", "0", "1.5", "99999999999999999999"]) {
      const response = await request(`/city/Burrow%203?has=delivery&page=7&after=${after}`);
      expect(listed(await response.text(), false), after).toEqual(plain);
    }
    const first = listed(await (await request("/city/Burrow%203?has=delivery&page=2")).text(), false);
    expect(listed(await (await request("/city/Burrow%203?has=delivery&page=2&after=500")).text(), false)).toEqual(first);
  });

  it("lists a filter's first page whole (the budget is not met by listing nothing)", async () => {
    for (const path of [
      "/city/Burrow%203?has=outdoor-seating",
      "/category/plumber?has=outdoor-seating&page=10",
      "/businesses?openLate=1&page=10",
    ]) {
      const response = await request(path);
      expect(listed(await response.text(), false), path).toHaveLength(20);
    }
  });
});
