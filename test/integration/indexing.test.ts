/**
 * Which pages are indexed (ADR 0020): only pages with value are indexed and listed in the sitemaps; listing
 * variants carry a canonical and noindex; city × category pages exist from 3 businesses on.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BusinessInput } from "#app/lib/business/business";
import { businessFacts } from "#app/lib/seo/indexing";
import { deleteBusiness, updateBusiness } from "#app/server/write/business-writer.server";
import { getBusinessById } from "#app/server/lists/directory.server";
import { businessSitemap, businessSitemapNumbers } from "#app/server/seo/sitemap.server";
import { buildBusiness, idOf, insert, queriesRun, request, roundTrips, rowsRead, testDb } from "../helpers/factories";
import { visibleText } from "../helpers/html";
import { keptSummaries, recomputedSummaries } from "../helpers/summaries";

const SITE = "https://localatlas.test";
const run = crypto.randomUUID().slice(0, 6);

async function page(path: string) {
  const response = await request(path);
  const html = await response.text();
  const tag = (pattern: RegExp) => html.match(pattern)?.[1] ?? null;
  return {
    status: response.status,
    html,
    response,
    title: tag(/<title>([^<]*)<\/title>/),
    robots: tag(/<meta name="robots" content="([^"]*)"/),
    canonical: tag(/<link rel="canonical" href="([^"]*)"/),
  };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replaceAll("&amp;", "&"));

/** Every URL of every child sitemap /sitemap.xml lists. */
async function sitemapUrls(): Promise<string[]> {
  const index = locs(await (await request("/sitemap.xml")).text());
  const files = await Promise.all(index.map(async (file) => (await request(new URL(file).pathname)).text()));
  return files.flatMap(locs);
}

/** A business with none of hours, phone and rating unless given. */
const thin = (overrides: Partial<BusinessInput> = {}) =>
  buildBusiness({ phone: null, rating: 0, reviewCount: 0, openingHours: null, ...overrides });

describe("business pages: indexed with hours, a phone or a rating", () => {
  it("a business with no hours, no phone and no rating is noindex and in no sitemap; one with any of them is indexed and listed", async () => {
    const bare = thin({ placeId: `ix-bare-${run}`, name: `Bare ${run}` });
    const blankHours = thin({ placeId: `ix-blank-${run}`, name: `Blank Hours ${run}`, openingHours: { Monday: "", Tuesday: "" } });
    const phone = thin({ placeId: `ix-phone-${run}`, name: `Phone Only ${run}`, phone: "(217) 555-0142" });
    const hours = thin({ placeId: `ix-hours-${run}`, name: `Hours Only ${run}`, openingHours: { Monday: "9 AM - 5 PM" } });
    const rated = thin({ placeId: `ix-rated-${run}`, name: `Rated Only ${run}`, rating: 4.1, reviewCount: 3 });
    await insert(bare, blankHours, phone, hours, rated);
    const urls = await sitemapUrls();

    for (const input of [bare, blankHours]) {
      const id = await idOf(input.placeId!);
      const shown = await page(`/business/${id}`);
      expect(shown.status).toBe(200);
      expect(shown.robots, input.name).toBe("noindex, follow");
      expect(urls).not.toContain(`${SITE}/business/${id}`);
    }
    for (const input of [phone, hours, rated]) {
      const id = await idOf(input.placeId!);
      const shown = await page(`/business/${id}`);
      expect(shown.robots, input.name).toBeNull();
      expect(urls).toContain(`${SITE}/business/${id}`);
    }
  });

  it("the stored index_facts counts what the page counts", async () => {
    const inputs = [
      thin({ placeId: `ix-f0-${run}` }),
      thin({ placeId: `ix-f1-${run}`, openingHours: { Sunday: "Closed", Monday: "" } }),
      thin({ placeId: `ix-f2-${run}`, phone: "+1 555 0100", rating: 3 }),
      buildBusiness({ placeId: `ix-f3-${run}`, openingHours: { Friday: "Open 24 hours" } }),
    ];
    await insert(...inputs);
    for (const [expected, input] of inputs.entries()) {
      const id = await idOf(input.placeId!);
      const row = await env.DB.prepare("SELECT index_facts FROM businesses WHERE id = ?1").bind(id).first<{ index_facts: number }>();
      expect(row!.index_facts).toBe(expected);
      expect(businessFacts((await getBusinessById(testDb(), id))!)).toBe(expected);
    }
  });

  it("a range of ids that holds only thin businesses is no sitemap file", async () => {
    const db = testDb();
    const rules = { perFile: 5, indexMinFacts: 1, indexMinListing: 3 };
    const before = await businessSitemapNumbers(db, rules);
    // 12 thin businesses: at least one whole range of 5 ids holds nobody to list.
    await insert(...Array.from({ length: 12 }, (_, i) => thin({ placeId: `ix-range-${run}-${i}` })));
    const after = await businessSitemapNumbers(db, rules);
    expect(after).toEqual(before);
    for (const n of after) expect((await businessSitemap(db, SITE, rules, n))!.length, `file ${n}`).toBeGreaterThan(0);
    const last = Math.ceil((await idOf(`ix-range-${run}-11`)) / 5);
    expect(await businessSitemap(db, SITE, rules, last - 1)).toBeNull();
    // With INDEX_MIN_FACTS 0 every business is listed again: the rule applies when the var changes.
    expect(await businessSitemapNumbers(db, { ...rules, indexMinFacts: 0 })).toContain(last - 1);
  });
});

describe("city and category pages: indexed from 3 businesses", () => {
  it("a city with 2 businesses is noindex and not in the cities sitemap; the third makes it indexed and listed", async () => {
    const city = `Twotown ${run}`;
    await insert(buildBusiness({ city }), buildBusiness({ city }));
    const cityUrl = `${SITE}/city/${encodeURIComponent(city)}`;
    const small = await page(`/city/${encodeURIComponent(city)}`);
    expect(small.status).toBe(200);
    expect(small.robots).toBe("noindex, follow");
    expect(small.canonical).toBe(cityUrl);
    expect(locs(await (await request("/sitemaps/cities.xml")).text())).not.toContain(cityUrl);

    await insert(buildBusiness({ city }));
    const grown = await page(`/city/${encodeURIComponent(city)}`);
    expect(grown.robots).toBeNull();
    expect(locs(await (await request("/sitemaps/cities.xml")).text())).toContain(cityUrl);
  });

  it("a category with 2 businesses is noindex and not in the categories sitemap", async () => {
    const category = `Rare trade ${run}`;
    await insert(buildBusiness({ category }), buildBusiness({ category }));
    const slug = `rare-trade-${run}`;
    const shown = await page(`/category/${slug}`);
    expect(shown.status).toBe(200);
    expect(shown.robots).toBe("noindex, follow");
    expect(locs(await (await request("/sitemaps/categories.xml")).text())).not.toContain(`${SITE}/category/${slug}`);
  });
});

describe("business page titles", () => {
  it("are unique: two businesses of one name, category and city add their street; a lone one keeps SPEC's title", async () => {
    const city = `Twinville ${run}`;
    const twin = (n: number, street: string) =>
      buildBusiness({
        placeId: `twin-${run}-${n}`,
        name: `Corner Coffee ${run}`,
        category: "Coffee shop",
        city,
        state: "Oregon",
        address: `${street}, ${city}, OR 97201`,
      });
    await insert(twin(1, "12 Oak St"), twin(2, "90 Elm Ave"));
    await insert(buildBusiness({ placeId: `lone-${run}`, name: `Lone Bakery ${run}`, category: "Bakery", city, state: "Oregon" }));
    const [a, b, lone] = await Promise.all([`twin-${run}-1`, `twin-${run}-2`, `lone-${run}`].map(idOf));

    const titleA = (await page(`/business/${a}`)).title;
    const titleB = (await page(`/business/${b}`)).title;
    expect(titleA).toBe(`Corner Coffee ${run} (12 Oak St) | Coffee shop in ${city}, Oregon | LocalAtlas`);
    expect(titleB).toBe(`Corner Coffee ${run} (90 Elm Ave) | Coffee shop in ${city}, Oregon | LocalAtlas`);
    expect((await page(`/business/${lone}`)).title).toBe(`Lone Bakery ${run} | Bakery in ${city}, Oregon | LocalAtlas`);
    // The look-up is one index seek, not a walk of the city: a twin's page reads at most a few rows more.
    expect(rowsRead(await request(`/business/${a}`))).toBeLessThanOrEqual(rowsRead(await request(`/business/${lone}`)) + 3);
    // And it is part of the business's own statement: beside the footer /about reads too, the page runs
    // that statement and its first page of reviews (two seeks), in the same round trip.
    const [twinPage, about] = [await request(`/business/${a}`), await request("/about")];
    expect(queriesRun(twinPage)).toBe(queriesRun(about) + 3);
    expect(roundTrips(twinPage)).toBe(roundTrips(about) + 1);
  });
});

describe("listing variants: canonical, noindex and a title of their own", () => {
  const city = `Pageville ${run}`;
  const category = `Pager shop ${run}`;
  const categorySlug = `pager-shop-${run}`;
  const cityPath = `/city/${encodeURIComponent(city)}`;

  it("page 2, filtered and sorted URLs carry a canonical and noindex, follow; titles differ per page", async () => {
    await insert(
      ...Array.from({ length: 45 }, (_, i) => buildBusiness({ city, category, name: `Pager ${run} ${i}`, rating: 3 + (i % 20) / 10 })),
    );

    const cases: Array<{ path: string; canonical: string; robots: string | null }> = [
      { path: cityPath, canonical: `${SITE}${cityPath}`, robots: null },
      { path: `${cityPath}?page=2`, canonical: `${SITE}${cityPath}?page=2`, robots: "noindex, follow" },
      { path: `${cityPath}?page=3`, canonical: `${SITE}${cityPath}?page=3`, robots: "noindex, follow" },
      { path: `${cityPath}?openNow=1`, canonical: `${SITE}${cityPath}`, robots: "noindex, follow" },
      { path: `${cityPath}?minRating=4.5`, canonical: `${SITE}${cityPath}`, robots: "noindex, follow" },
      { path: `${cityPath}?minRating=4.5&page=2`, canonical: `${SITE}${cityPath}`, robots: "noindex, follow" },
      { path: `/category/${categorySlug}`, canonical: `${SITE}/category/${categorySlug}`, robots: null },
      { path: `/category/${categorySlug}?page=2`, canonical: `${SITE}/category/${categorySlug}?page=2`, robots: "noindex, follow" },
      { path: `/category/${categorySlug}?minRating=4`, canonical: `${SITE}/category/${categorySlug}`, robots: "noindex, follow" },
      { path: "/businesses", canonical: `${SITE}/businesses`, robots: null },
      { path: "/businesses?page=2", canonical: `${SITE}/businesses?page=2`, robots: "noindex, follow" },
      { path: "/businesses?sort=latest", canonical: `${SITE}/businesses`, robots: "noindex, follow" },
      { path: `/businesses?category=${categorySlug}`, canonical: `${SITE}/businesses`, robots: "noindex, follow" },
    ];
    const titles = new Set<string>();
    for (const { path, canonical, robots } of cases) {
      const shown = await page(path);
      expect(shown.status, path).toBe(200);
      expect(shown.canonical, path).toBe(canonical);
      expect(shown.robots, path).toBe(robots);
      expect(titles, `${path}: ${shown.title}`).not.toContain(shown.title);
      titles.add(shown.title!);
    }
    // The SPEC's title stays as it is on page 1; page N says so.
    expect((await page(cityPath)).title).toBe(`Businesses in ${city} | Local Services &amp; Companies | LocalAtlas`);
    expect((await page(`${cityPath}?page=2`)).title).toBe(`Businesses in ${city} – Page 2 | Local Services &amp; Companies | LocalAtlas`);
  });

  it("search result pages are noindex, follow with a title per page", async () => {
    const first = await page(`/search?q=${encodeURIComponent(`Pager ${run}`)}`);
    const second = await page(`/search?q=${encodeURIComponent(`Pager ${run}`)}&page=2`);
    expect(first.robots).toBe("noindex, follow");
    expect(second.robots).toBe("noindex, follow");
    expect(second.title).not.toBe(first.title);
  });
});

describe("city × category pages", () => {
  const city = `Combotown ${run}`;
  const cityPath = `/city/${encodeURIComponent(city)}`;
  const category = `Zither tuner ${run}`;
  const categorySlug = `zither-tuner-${run}`;

  it("exist from 3 businesses, 404 below, are in their sitemap and linked from the city and the category", async () => {
    await insert(
      ...[1, 2, 3].map((i) => buildBusiness({ city, category, name: `Tuner ${run} ${i}` })),
      ...[1, 2].map((i) => buildBusiness({ city, category: `Lute maker ${run}`, name: `Luthier ${run} ${i}` })),
    );
    const path = `${cityPath}/${categorySlug}`;
    const shown = await page(path);
    expect(shown.status).toBe(200);
    expect(visibleText(shown.html)).toContain(`Zither tuner ${run}s in ${city}`);
    for (const i of [1, 2, 3]) expect(visibleText(shown.html)).toContain(`Tuner ${run} ${i}`);
    expect(shown.canonical).toBe(`${SITE}${path}`);
    expect(shown.robots).toBeNull();
    expect(shown.title).toBe(`Zither tuner ${run}s in ${city} | Ratings, Hours &amp; Phone Numbers | LocalAtlas`);

    expect((await page(`${cityPath}/lute-maker-${run}`)).status).toBe(404);
    expect((await page(`${cityPath}/no-such-category-${run}`)).status).toBe(404);
    expect((await page(`/city/Nowhere%20${run}/${categorySlug}`)).status).toBe(404);

    const urls = await sitemapUrls();
    expect(urls).toContain(`${SITE}${path}`);
    expect(urls).not.toContain(`${SITE}${cityPath}/lute-maker-${run}`);

    expect((await page(cityPath)).html).toContain(`href="${path}"`);
    expect((await page(`/category/${categorySlug}`)).html).toContain(`href="${path}"`);
  });

  it("a header group in a city has its page too", async () => {
    const groupCity = `Groupville ${run}`;
    await insert(
      ...["Dentist", "Dentist", "Pediatrician"].map((c, i) => buildBusiness({ city: groupCity, category: c, name: `Clinic ${run} ${i}` })),
    );
    const shown = await page(`/city/${encodeURIComponent(groupCity)}/healthcare`);
    expect(shown.status).toBe(200);
    expect(visibleText(shown.html)).toContain(`Healthcare in ${groupCity}`);
    expect((await page(`/city/${encodeURIComponent(groupCity)}/dentist`)).status).toBe(404);
  });

  it("reads O(page) rows: page 1 and page 5 of 400 businesses", async () => {
    const bigCity = `Bigcombo ${run}`;
    const bigCategory = `Bulk dealer ${run}`;
    await insert(
      ...Array.from({ length: 400 }, (_, i) => buildBusiness({ city: bigCity, category: bigCategory, rating: 1 + (i % 40) / 10 })),
      ...Array.from({ length: 200 }, () => buildBusiness({ city: bigCity, category: `Other dealer ${run}` })),
    );
    const base = `/city/${encodeURIComponent(bigCity)}/bulk-dealer-${run}`;
    const first = await request(base);
    const fifth = await request(`${base}?page=5`);
    expect(first.status).toBe(200);
    expect(fifth.status).toBe(200);
    // The page's 20 rows and its index entries, a few summary rows: not the city's 600 or the pair's 400.
    expect(rowsRead(first)).toBeGreaterThan(20);
    expect(rowsRead(first)).toBeLessThan(80);
    // Page 5 walks the 80 index entries before it as well.
    expect(rowsRead(fifth)).toBeLessThan(80 + 80);
  });

  it("the city × category summary stays exact after insert, edit and delete", async () => {
    const a = `Summa ${run}`;
    const b = `Summb ${run}`;
    await insert(...[1, 2, 3, 4].map((i) => buildBusiness({ placeId: `ix-sum-${run}-${i}`, city: a, category: "Florist" })));
    expect(await keptSummaries()).toEqual(await recomputedSummaries());

    const db = testDb();
    const moved = await idOf(`ix-sum-${run}-1`);
    await updateBusiness(db, moved, buildBusiness({ placeId: `ix-sum-${run}-1`, city: b, category: "Bakery" }));
    await deleteBusiness(db, await idOf(`ix-sum-${run}-2`));
    expect(await keptSummaries()).toEqual(await recomputedSummaries());
    // Two florists left in Summa: the page is gone.
    expect((await page(`/city/${encodeURIComponent(a)}/florist`)).status).toBe(404);
  });
});
