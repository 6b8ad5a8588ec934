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
          // Page 1 and every page by its cursor: the opening's batch alone. A page asked for by its
          // number whose window runs out before its end reads the matches past the window after it.
          expect(trip, trips.join("\n")).toBeLessThanOrEqual(page === 1 || byCursor(path) ? 1 : 2);
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
