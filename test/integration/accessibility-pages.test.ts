/**
 * Accessibility pages (INDEXED_ACCESSIBILITY_PAGES): off, a filtered city × category view is
 * `noindex, follow` with its canonical on the plain page; on, "Wheelchair accessible cafes in …"
 * (`?has=wheelchair-accessible-entrance` alone) is a page of its own — canonical to itself, its own
 * title, heading and description, indexed and in the sitemap from INDEX_MIN_LISTING such businesses.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { cityCategoryPath } from "#app/lib/business/slug";
import { buildBusiness, insert } from "../helpers/factories";
import { fetchWith } from "../helpers/worker";

const SITE = "https://localatlas.test";
const run = crypto.randomUUID().slice(0, 6);
const CITY = `Rampton ${run}`;
const HAS = "has=wheelchair-accessible-entrance";

const ON = { INDEXED_ACCESSIBILITY_PAGES: "on" } as Partial<Env>;
const OFF = { INDEXED_ACCESSIBILITY_PAGES: "off" } as Partial<Env>;

async function page(vars: Partial<Env>, path: string) {
  const response = await fetchWith(vars, path);
  const html = await response.text();
  const tag = (pattern: RegExp) => html.match(pattern)?.[1]?.replaceAll("&amp;", "&") ?? null;
  return {
    status: response.status,
    title: tag(/<title>([^<]*)<\/title>/),
    robots: tag(/<meta name="robots" content="([^"]*)"/),
    canonical: tag(/<link rel="canonical" href="([^"]*)"/),
    description: tag(/<meta name="description" content="([^"]*)"/),
    h1: tag(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.replace(/<[^>]*>/g, "") ?? null,
  };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replaceAll("&amp;", "&"));

async function sitemapUrls(vars: Partial<Env>): Promise<string[]> {
  const index = locs(await (await fetchWith(vars, "/sitemap.xml")).text());
  const files = await Promise.all(index.map(async (file) => (await fetchWith(vars, new URL(file).pathname)).text()));
  return files.flatMap(locs);
}

const cafes = cityCategoryPath(CITY, "cafe");
const bakeries = cityCategoryPath(CITY, "bakery");
const entrance = (value: boolean) => ({ Accessibility: { "Wheelchair accessible entrance": value } });

beforeAll(async () => {
  await insert(
    // Cafés: four with a wheelchair accessible entrance (an indexed page), two without.
    ...[true, true, true, true, false, false].map((value, i) =>
      buildBusiness({ name: `Ramp Cafe ${run} ${i}`, city: CITY, category: "Cafe", about: entrance(value) }),
    ),
    // Bakeries: three (a page of their own), one accessible: too few for an indexed accessibility page.
    ...[true, false, false].map((value, i) =>
      buildBusiness({ name: `Ramp Bakery ${run} ${i}`, city: CITY, category: "Bakery", about: entrance(value) }),
    ),
  );
});

describe("accessibility pages", () => {
  it("off (the default): the filtered view is noindex, canonical to the plain page", async () => {
    const plain = await page(OFF, cafes);
    expect(plain.robots).toBeNull();
    const shown = await page(OFF, `${cafes}?${HAS}`);
    expect(shown.status).toBe(200);
    expect(shown.robots).toBe("noindex, follow");
    expect(shown.canonical).toBe(`${SITE}${cafes}`);
    expect(shown.title).not.toContain("Wheelchair");
    expect((await sitemapUrls(OFF)).filter((u) => u.includes("?has="))).toEqual([]);
  });

  it("on: a page of its own, canonical to itself, with its own title, heading and description", async () => {
    const shown = await page(ON, `${cafes}?${HAS}`);
    expect(shown.robots).toBeNull();
    expect(shown.canonical).toBe(`${SITE}${cafes}?${HAS}`);
    expect(shown.title).toMatch(new RegExp(`^Wheelchair accessible cafes in ${CITY} \\|`));
    expect(shown.h1).toContain(`Wheelchair accessible cafes in ${CITY}`);
    expect(shown.description).toBe(
      `Wheelchair accessible cafes in ${CITY}: 4 places with a wheelchair accessible entrance, with ratings and reviews, opening hours, addresses and phone numbers.`,
    );
    // The plain page is as it was.
    const plain = await page(ON, cafes);
    expect(plain.canonical).toBe(`${SITE}${cafes}`);
    expect(plain.title).toMatch(new RegExp(`^Cafes in ${CITY} \\|`));
  });

  it("on: in every locale, under its own prefix", async () => {
    const vi = await page(ON, `/vi${cafes}?${HAS}`);
    expect(vi.canonical).toBe(`${SITE}/vi${cafes}?${HAS}`);
    expect(vi.robots).toBeNull();
    expect(vi.h1).toContain(`có lối vào cho xe lăn tại ${CITY}`);
    const es = await page(ON, `/es${cafes}?${HAS}`);
    expect(es.h1).toContain(`con entrada accesible para silla de ruedas en ${CITY}`);
    expect(es.description).toContain("4 lugares");
  });

  it("on: below INDEX_MIN_LISTING such businesses, with other filters, or on page 2, it stays out of the index", async () => {
    const few = await page(ON, `${bakeries}?${HAS}`);
    expect(few.robots).toBe("noindex, follow");
    expect(few.canonical).toBe(`${SITE}${bakeries}?${HAS}`);
    const more = await page(ON, `${cafes}?${HAS}&openNow=1`);
    expect(more.robots).toBe("noindex, follow");
    expect(more.canonical).toBe(`${SITE}${cafes}`);
    const other = await page(ON, `${cafes}?has=delivery`);
    expect(other.robots).toBe("noindex, follow");
    expect(other.canonical).toBe(`${SITE}${cafes}`);
  });

  it("on: the sitemap lists the indexed accessibility pages beside their city × category pages, and no other", async () => {
    const urls = await sitemapUrls(ON);
    expect(urls).toContain(`${SITE}${cafes}`);
    expect(urls).toContain(`${SITE}${cafes}?${HAS}`);
    expect(urls).toContain(`${SITE}/vi${cafes}?${HAS}`);
    expect(urls).toContain(`${SITE}${bakeries}`);
    expect(urls).not.toContain(`${SITE}${bakeries}?${HAS}`);
  });
});
