/**
 * A filtered listing page's miss waits on D1 once the data version is known (docs/perf/http.md,
 * ADR 0032): its opening batch carries the filtered list's first statement, read for the scope its URL
 * names. Each page is asked as production asks (EDGE_CACHE=miss): the first request remembers the
 * data version and the site summary, the next one is measured. The pager is followed from page 1
 * past page 6 by its next links (a cursor past the first block or the window, ADR 0031).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { missAtKnownVersion as miss } from "../helpers/worker";
import { buildBusiness, insert, roundTrips } from "../helpers/factories";

const BAY = "Onetrip Bay";
const COVE = "Onetrip Cove";
const week = Object.fromEntries(
  ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((day) => [day, "Open 24 hours"]),
);

/** Two in three rated 4 or more, five in six always open, two in three delivering. */
const filtered = (i: number) => ({
  rating: 3.5 + (i % 16) / 10,
  reviewCount: (i * 37) % 1000,
  openingHours: i % 6 ? week : null,
  about: i % 3 !== 1 ? { "Service options": { Delivery: true } } : null,
});

beforeAll(async () => {
  // The bay: 300 pizzerias and 250 plumbers; the cove: 250 pizzerias. Each list is longer than a
  // window of 101 and reaches past page 6 with each filter. The bay outnumbers the plumbers (250), so
  // their category's index drives the bay's plumbers' window; the pizzerias (550) outnumber the cove,
  // so the cove's own index drives its pizzerias' window.
  await insert(
    ...Array.from({ length: 300 }, (_, i) =>
      buildBusiness({ name: `Onetrip Pizza ${i}`, category: "Pizza restaurant", city: BAY, ...filtered(i) }),
    ),
    ...Array.from({ length: 250 }, (_, i) =>
      buildBusiness({ name: `Onetrip Plumbing ${i}`, category: "Plumber", city: BAY, ...filtered(i) }),
    ),
    ...Array.from({ length: 250 }, (_, i) =>
      buildBusiness({ name: `Cove Pizza ${i}`, category: "Pizza restaurant", city: COVE, ...filtered(i) }),
    ),
  );
});

const nextLink = (html: string) => {
  const next = /<a[^>]*rel="next"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*rel="next"/.exec(html);
  return next ? (next[1] ?? next[2]).replace(/&amp;/g, "&") : null;
};

const byCursor = (path: string) => /[?&](after|before)=\d+/.test(path);

const LISTINGS: Array<[string, string]> = [
  ["a city", `/city/${encodeURIComponent(BAY)}`],
  ["a category", "/category/pizza-restaurant"],
  ["a group", "/category/restaurants"],
  ["a city × category driven by the category's index", `/city/${encodeURIComponent(BAY)}/plumber`],
  ["a city × category driven by the city's index", `/city/${encodeURIComponent(COVE)}/pizza-restaurant`],
  ["the directory", "/businesses"],
  ["the directory in a category", "/businesses?category=pizza-restaurant"],
];

const FILTERS = ["has=delivery", "minRating=4", "openNow=1", "openAt=sun-10%3A00"];

describe("a filtered listing page's miss makes one D1 round trip once the data version is known", () => {
  for (const [name, listing] of LISTINGS)
    it(`${name}: page 1 of each filter, and the pager's next pages past page 6`, async () => {
      const trips: string[] = [];
      for (const filter of FILTERS) {
        let reachedCursor = false;
        const first = `${listing}${listing.includes("?") ? "&" : "?"}${filter}`;
        for (let path: string | null = first, page = 1; path !== null && page <= 9; page++) {
          const response = await miss(path);
          expect(response.status, path).toBe(200);
          const trip = roundTrips(response);
          trips.push(`${trip} ${path}`);
          // Every page: the opening's batch alone — the window and the matches past it that the page
          // reaches in one statement (with open now, the index's entries past the window, read with it).
          expect(trip, trips.join("\n")).toBe(1);
          reachedCursor ||= byCursor(path) && page > 6;
          path = nextLink(await response.text());
        }
        // The walk went past page 6 by the pager's cursor — but open now over the whole directory,
        // which has no match to continue with past its window: its list is the window's hits.
        const windowOnly = listing === "/businesses" && filter === "openNow=1";
        expect(reachedCursor, `${first}\n${trips.join("\n")}`).toBe(!windowOnly);
      }
    });
});

describe("an attribute filter's page past its first block asked for by its number (the pager's numbered links)", () => {
  for (const [name, listing] of LISTINGS)
    it(`${name}: pages 5 and 6, and page 10 answered with page 6, each in one round trip`, async () => {
      const trips: string[] = [];
      for (const page of [5, 6, 10]) {
        const path = `${listing}${listing.includes("?") ? "&" : "?"}has=delivery&page=${page}`;
        const response = await miss(path);
        expect(response.status, path).toBe(200);
        expect(await response.text(), path).toContain("Onetrip");
        trips.push(`${roundTrips(response)} ${path}`);
      }
      expect(
        trips.filter((t) => !t.startsWith("1 ")),
        trips.join("\n"),
      ).toEqual([]);
    });
});

describe("an attribute filter with open now: the rows checked past the first block come with it", () => {
  for (const [name, listing] of LISTINGS)
    it(`${name}: pages 1 to 3 by number, each in one round trip`, async () => {
      const trips: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const path = `${listing}${listing.includes("?") ? "&" : "?"}has=delivery&openNow=1&page=${page}`;
        const response = await miss(path);
        expect(response.status, path).toBe(200);
        trips.push(`${roundTrips(response)} ${path}`);
      }
      expect(
        trips.filter((t) => !t.startsWith("1 ")),
        trips.join("\n"),
      ).toEqual([]);
    });
});

describe("a small city × category whose businesses the city's best and the category's best leave out", () => {
  const HARBOR = "Fewtrip Harbor";
  beforeAll(async () => {
    // The harbor's 200 hardware stores outrank its 40 pizzerias (900 reviews at 4.9 against 3 at
    // 4.5), and the category's 550 other pizzerias outnumber the harbor: neither the city's first
    // 101 nor the category's hold one of the harbor's pizzerias. The pair's own index holds them all.
    await insert(
      ...Array.from({ length: 200 }, (_, i) =>
        buildBusiness({ name: `Fewtrip Hardware ${i}`, category: "Hardware store", city: HARBOR, rating: 4.9, reviewCount: 900 + i }),
      ),
      ...Array.from({ length: 40 }, (_, i) =>
        buildBusiness({ name: `Fewtrip Pizza ${i}`, category: "Pizza restaurant", city: HARBOR, rating: 4.5, reviewCount: 3 }),
      ),
    );
  });

  it("lists a full first page of a minimum rating in one round trip, its count exact, and its last page", async () => {
    const path = `/city/${encodeURIComponent(HARBOR)}/pizza-restaurant?minRating=4`;
    const response = await miss(path);
    expect(response.status).toBe(200);
    expect(roundTrips(response)).toBe(1);
    const html = await response.text();
    expect(html.match(/Fewtrip Pizza \d+/g)?.length ?? 0).toBeGreaterThanOrEqual(20);
    expect(html).not.toContain("Fewtrip Hardware");
    expect(html).toContain("40 results");
    const last = await miss(`${path}&page=2`);
    expect(roundTrips(last)).toBe(1);
    const lastHtml = await last.text();
    expect(new Set(lastHtml.match(/Fewtrip Pizza \d+/g)).size).toBe(20);
    expect(nextLink(lastHtml)).toBeNull();
  });

  it("does the same for the city's group (its pizzerias are its only restaurants)", async () => {
    const response = await miss(`/city/${encodeURIComponent(HARBOR)}/restaurants?minRating=4`);
    expect(response.status).toBe(200);
    expect(roundTrips(response)).toBe(1);
    const html = await response.text();
    expect(html.match(/Fewtrip Pizza \d+/g)?.length ?? 0).toBeGreaterThanOrEqual(20);
    expect(html).toContain("40 results");
  });
});

describe("a bigger city × category whose businesses the city's best leave out", () => {
  const PORT = "Manytrip Port";
  beforeAll(async () => {
    // The port's 250 hardware stores outrank its 150 pizzerias, and the category's other pizzerias
    // outnumber the port: the port's own index drives the window, whose 101 best are hardware stores.
    await insert(
      ...Array.from({ length: 250 }, (_, i) =>
        buildBusiness({ name: `Manytrip Hardware ${i}`, category: "Hardware store", city: PORT, rating: 4.9, reviewCount: 900 + i }),
      ),
      ...Array.from({ length: 150 }, (_, i) =>
        buildBusiness({ name: `Manytrip Pizza ${i}`, category: "Pizza restaurant", city: PORT, rating: 4.5, reviewCount: 3 }),
      ),
    );
  });

  it("lists a full first page of a minimum rating, read past the window in the same round trip", async () => {
    const response = await miss(`/city/${encodeURIComponent(PORT)}/pizza-restaurant?minRating=4`);
    expect(response.status).toBe(200);
    expect(roundTrips(response)).toBe(1);
    const html = await response.text();
    expect(new Set(html.match(/Manytrip Pizza \d+/g)).size).toBe(20);
    expect(html).not.toContain("Manytrip Hardware");
  });
});

describe("open now where a city's best are all closed (night there)", () => {
  const PORT = "Nightowl Port";
  const closed = Object.fromEntries(Object.keys(week).map((day) => [day, "Closed"]));
  beforeAll(async () => {
    // The port's 110 best are closed every day; the 60 below them are open around the clock, so the
    // window of its 101 best holds none open and every open one lies past it.
    await insert(
      ...Array.from({ length: 110 }, (_, i) =>
        buildBusiness({ name: `Nightowl Closed ${i}`, city: PORT, rating: 4.9, reviewCount: 900 + i, openingHours: closed }),
      ),
      ...Array.from({ length: 60 }, (_, i) =>
        buildBusiness({ name: `Nightowl Open ${i}`, city: PORT, rating: 4.0, reviewCount: 10 + i, openingHours: week }),
      ),
    );
  });

  it("lists the open ones past the window on page 1 and by the pager's cursor, each page in one round trip", async () => {
    const seen: string[] = [];
    const trips: string[] = [];
    for (let path: string | null = `/city/${encodeURIComponent(PORT)}?openNow=1`; path !== null;) {
      const response = await miss(path);
      expect(response.status, path).toBe(200);
      trips.push(`${roundTrips(response)} ${path}`);
      const html = await response.text();
      const names = html.match(/Nightowl (Open|Closed) \d+/g) ?? [];
      expect(names.length, path).toBeGreaterThan(0);
      seen.push(...new Set(names));
      path = nextLink(html);
      expect(trips.length, "the pager ends").toBeLessThanOrEqual(10);
    }
    expect(
      trips.filter((t) => !t.startsWith("1 ")),
      trips.join("\n"),
    ).toEqual([]);
    expect(seen.filter((name) => name.includes("Closed"))).toEqual([]);
    // In the recommended order (the most reviewed first), each open one once.
    expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => `Nightowl Open ${59 - i}`));
  });
});
