/**
 * A big city × category's pages without filters: the first CITY_CATEGORY_NUMBERED_PAGES by number,
 * the rest by the pager's cursors, so every business of the pair is listed and every page reads
 * within the budget of DESIGN.md (300 rows) in one round trip once the data version is known — an
 * OFFSET to the 400th business would read 400 rows. A page past the end of any listing is its last
 * page, read in the same round trip.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { CITY_CATEGORY_NUMBERED_PAGES } from "#app/server/lists/city-categories.server";
import { buildBusiness, insert, roundTrips, rowsRead } from "../helpers/factories";
import { missAtKnownVersion as miss } from "../helpers/worker";

const CITY = "Deeppair Falls";
const PAIR = `/city/${encodeURIComponent(CITY)}/bakery`;
const BAKERIES = 400;

beforeAll(async () => {
  // The most reviewed first in the recommended order: Deeppair Bakery 399, 398, … 0.
  await insert(
    ...Array.from({ length: BAKERIES }, (_, i) =>
      buildBusiness({ name: `Deeppair Bakery ${i}`, category: "Bakery", city: CITY, rating: 4.5, reviewCount: 10 + i }),
    ),
    ...Array.from({ length: 30 }, (_, i) => buildBusiness({ name: `Deeppair Florist ${i}`, category: "Florist", city: CITY })),
  );
});

const link = (html: string, rel: "next" | "prev") => {
  const tag = new RegExp(`<a[^>]*\\brel="${rel}"[^>]*>`).exec(html)?.[0];
  const href = tag ? /\bhref="([^"]*)"/.exec(tag)?.[1] : undefined;
  return href === undefined ? null : href.replace(/&amp;/g, "&");
};
const listed = (html: string) => [...new Set(html.match(/Deeppair (?:Bakery|Florist) \d+/g) ?? [])];
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;

describe("a big city × category without filters", () => {
  it("lists every business once, in order, from page 1 by the pager's links: each page one round trip within 300 rows", async () => {
    const pages: string[][] = [];
    const trips: string[] = [];
    let last = "";
    for (let path: string | null = PAIR; path !== null;) {
      const response = await miss(path);
      expect(response.status, path).toBe(200);
      trips.push(`${roundTrips(response)} rt ${rowsRead(response)} rows ${path}`);
      const html = await response.text();
      pages.push(listed(html));
      last = path;
      path = link(html, "next");
      expect(pages.length, "the pager ends").toBeLessThanOrEqual(25);
    }
    expect(
      trips.filter((t) => !/^1 rt (\d+) rows/.test(t) || Number(/rt (\d+) rows/.exec(t)![1]) > 300),
      trips.join("\n"),
    ).toEqual([]);
    expect(pages.flat()).toEqual(Array.from({ length: BAKERIES }, (_, i) => `Deeppair Bakery ${BAKERIES - 1 - i}`));
    // Past the numbered pages each page is addressed by its cursor.
    expect(pages).toHaveLength(BAKERIES / 20);
    expect(last).toMatch(new RegExp(`page=${BAKERIES / 20}&after=\\d+$`));

    // Back from the last page by the previous links: the same pages.
    const back: string[][] = [];
    for (let path: string | null = last; path !== null;) {
      const response = await miss(path);
      expect(roundTrips(response), path).toBe(1);
      const html = await response.text();
      back.unshift(listed(html));
      path = link(html, "prev");
      expect(back.length, "the pager ends").toBeLessThanOrEqual(25);
    }
    expect(back).toEqual(pages);
  });

  it("answers a number past the numbered pages without its cursor with the last numbered page, its canonical address its own", async () => {
    const response = await miss(`${PAIR}?page=15`);
    expect(roundTrips(response)).toBe(1);
    const html = await response.text();
    const first = (CITY_CATEGORY_NUMBERED_PAGES - 1) * 20;
    expect(listed(html)).toEqual(Array.from({ length: 20 }, (_, i) => `Deeppair Bakery ${BAKERIES - 1 - first - i}`));
    expect(canonical(html)).toMatch(new RegExp(`bakery\\?page=${CITY_CATEGORY_NUMBERED_PAGES}$`));

    const next = link(html, "next")!;
    const deeper = await (await miss(next)).text();
    expect(canonical(deeper)).toMatch(/bakery\?page=11&after=\d+$/);
  });

  it("answers a cursor that names no business of the pair with the last numbered page", async () => {
    const response = await miss(`${PAIR}?page=12&after=999999999`);
    expect(response.status).toBe(200);
    expect(listed(await response.text())[0]).toBe(`Deeppair Bakery ${BAKERIES - 1 - (CITY_CATEGORY_NUMBERED_PAGES - 1) * 20}`);
  });
});

describe("a listing's page past its end", () => {
  it("is its last page, read in the one round trip: a city and a category", async () => {
    for (const [past, last] of [
      // 430 businesses: 22 pages; 400 bakeries: 20.
      [`/city/${encodeURIComponent(CITY)}?page=99`, `/city/${encodeURIComponent(CITY)}?page=22`],
      ["/category/bakery?page=999", "/category/bakery?page=20"],
    ] as const) {
      const response = await miss(past);
      expect(response.status, past).toBe(200);
      expect(roundTrips(response), past).toBe(1);
      const shown = listed(await response.text());
      expect(shown.length, past).toBeGreaterThan(0);
      expect(shown, past).toEqual(listed(await (await miss(last)).text()));
    }
  });
});
