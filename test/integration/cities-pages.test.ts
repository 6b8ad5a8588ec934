/**
 * /cities lists every city, 200 a page, grouped by country, A–Z: page 1 by its number, every later
 * page by its pager's cursor (the city next to it), so a deep page reads what page 1 reads — an
 * OFFSET to the 400th city read 400 rows more. DESIGN.md's budget: 300 rows a page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildBusiness, insert, request, rowsRead } from "../helpers/factories";

const CITIES = 450;
const cityName = (i: number) => `Wanderton ${String(i).padStart(3, "0")}`;

beforeAll(async () => {
  await insert(...Array.from({ length: CITIES }, (_, i) => buildBusiness({ name: `Wanderer ${i}`, city: cityName(i), country: "Canada" })));
});

const link = (html: string, rel: "next" | "prev") => {
  const tag = new RegExp(`<a[^>]*\\brel="${rel}"[^>]*>`).exec(html)?.[0];
  const href = tag ? /\bhref="([^"]*)"/.exec(tag)?.[1] : undefined;
  return href === undefined ? null : href.replace(/&amp;/g, "&");
};
/** The cities the page lists (its main part: the footer links popular cities too). */
const listed = (html: string) =>
  [...html.slice(html.indexOf("<main"), html.indexOf("</main>")).matchAll(/href="\/city\/Wanderton%20(\d{3})"/g)].map(
    (m) => `Wanderton ${m[1]}`,
  );

describe("/cities", () => {
  it("lists every city once, A–Z, by the pager's links, each page within 300 rows; back by the previous links", async () => {
    const pages: string[][] = [];
    const reads: number[] = [];
    let last = "";
    for (let path: string | null = "/cities"; path !== null;) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      reads.push(rowsRead(response));
      const html = await response.text();
      pages.push(listed(html));
      last = path;
      path = link(html, "next");
      expect(pages.length, "the pager ends").toBeLessThanOrEqual(5);
    }
    expect(pages.map((p) => p.length)).toEqual([200, 200, 50]);
    expect(pages.flat()).toEqual(Array.from({ length: CITIES }, (_, i) => cityName(i)));
    console.info(`/cities rows read by page: ${reads.join(" ")}`);
    expect(Math.max(...reads), reads.join(" ")).toBeLessThanOrEqual(300);
    expect(last).toMatch(/^\/cities\?page=3&after=\d+$/);

    const back: string[][] = [];
    for (let path: string | null = last; path !== null;) {
      const html = await (await request(path)).text();
      back.unshift(listed(html));
      path = link(html, "prev");
      expect(back.length, "the pager ends").toBeLessThanOrEqual(5);
    }
    expect(back).toEqual(pages);
  });

  it("answers a number without its cursor, or a cursor that names no city, with page 1", async () => {
    const first = listed(await (await request("/cities")).text());
    for (const path of ["/cities?page=3", "/cities?page=3&after=99999999"]) {
      const html = await (await request(path)).text();
      expect(listed(html), path).toEqual(first);
    }
  });
});
