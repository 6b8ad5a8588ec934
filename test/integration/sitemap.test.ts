import { describe, expect, it } from "vitest";
import {
  businessSitemap,
  businessSitemapNumbers,
  cityCategorySitemapNumbers,
  sitemapIndex,
  sitemapStats,
  type SitemapRules,
} from "#app/server/seo/sitemap.server";
import { buildBusiness, idOf, insert, request, resetDirectory, testDb } from "../helpers/factories";

const SITE = "https://localatlas.test";

/** The sitemaps' rules with the default indexing thresholds (INDEX_MIN_FACTS 1, INDEX_MIN_LISTING 3). */
const rules = (perFile: number): SitemapRules => ({ perFile, indexMinFacts: 1, indexMinListing: 3 });

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
}

describe("business sitemaps", () => {
  it("splits businessesPerSitemap + 1 businesses into 2 files, each business exactly once", async () => {
    await resetDirectory();
    const perFile = 5;
    const inputs = Array.from({ length: perFile + 1 }, (_, i) => buildBusiness({ name: `Sitemap Split ${i}` }));
    await insert(...inputs);
    const ids = await Promise.all(inputs.map((b) => idOf(b.placeId!)));
    const db = testDb();

    const numbers = await businessSitemapNumbers(db, rules(perFile));
    expect(numbers).toHaveLength(2);
    const files = await Promise.all(numbers.map((n) => businessSitemap(db, SITE, rules(perFile), n)));
    const urls = files.flatMap((f) => f!.map((u) => u.loc));
    for (const f of files) expect(f!.length).toBeLessThanOrEqual(perFile);
    expect(urls.sort()).toEqual(ids.map((id) => `${SITE}/business/${id}`).sort());

    const index = await sitemapIndex(db, SITE, rules(perFile));
    const cityCategoryNumbers = await cityCategorySitemapNumbers(db, rules(perFile));
    expect(index.map((s) => s.loc)).toEqual([
      `${SITE}/sitemaps/main.xml`,
      `${SITE}/sitemaps/categories.xml`,
      `${SITE}/sitemaps/cities.xml`,
      ...numbers.map((n) => `${SITE}/sitemaps/businesses-${n}.xml`),
      ...cityCategoryNumbers.map((n) => `${SITE}/sitemaps/city-categories-${n}.xml`),
    ]);
    // Exactly perFile businesses fit one file when they start a range.
    expect(await businessSitemap(db, SITE, rules(perFile), Math.max(...numbers) + 1)).toBeNull();
  });

  it("a business file reads only its own rows", async () => {
    const inputs = Array.from({ length: 30 }, (_, i) => buildBusiness({ name: `Sitemap Rows ${i}` }));
    await insert(...inputs);
    const db = testDb();
    const before = db.meter.rowsRead;
    const urls = await businessSitemap(db, SITE, rules(10), Math.ceil((await idOf(inputs[15].placeId!)) / 10));
    expect(urls!.length).toBeLessThanOrEqual(10);
    // At most the file's own rows: a full file stops at its LIMIT instead of reading the row past its
    // range, and a partial one reads that one row but holds fewer than 10.
    expect(db.meter.rowsRead - before).toBeLessThanOrEqual(10);
  });

  it("lists the canonical URL when one is set, XML-escaped, with lastmod", async () => {
    const custom = buildBusiness({ name: "Canonical & Co", canonicalUrl: "https://example.com/a?b=1&c=<2>" });
    const plain = buildBusiness({ name: "Plain <Tag> Shop" });
    await insert(custom, plain);
    const index = await request("/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.headers.get("Content-Type")).toContain("application/xml");
    expect(index.headers.get("Cache-Control")).toContain("s-maxage");
    const files = locs(await index.text()).filter((l) => l.includes("/businesses-"));
    const bodies = await Promise.all(files.map(async (f) => (await request(new URL(f).pathname)).text()));
    const all = bodies.join("\n");
    expect(all).toContain("<loc>https://example.com/a?b=1&amp;c=&lt;2&gt;</loc>");
    expect(all).toContain(`<loc>${SITE}/business/${await idOf(plain.placeId!)}</loc>`);
    expect(all).not.toContain(`/business/${await idOf(custom.placeId!)}<`);
    expect(all).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00<\/lastmod>/);
  });

  it("main, categories and cities list absolute URLs on SITE_URL", async () => {
    // Three: a city or a category page is listed from INDEX_MIN_LISTING (3) businesses on.
    await insert(...[1, 2, 3].map((i) => buildBusiness({ name: `Sitemap Cafe ${i}`, category: "Coffee shop", city: "São Sitemapolis" })));
    const main = locs(await (await request("/sitemaps/main.xml")).text());
    expect(main).toContain(`${SITE}/`);
    expect(main).toContain(`${SITE}/terms-of-service`);
    const categories = locs(await (await request("/sitemaps/categories.xml")).text());
    expect(categories).toContain(`${SITE}/category/restaurants`);
    expect(categories).toContain(`${SITE}/category/coffee-shop`);
    const cities = locs(await (await request("/sitemaps/cities.xml")).text());
    expect(cities).toContain(`${SITE}/city/S%C3%A3o%20Sitemapolis`);
  });

  it("an unknown or empty business sitemap is 404", async () => {
    expect((await request("/sitemaps/businesses-999999999.xml")).status).toBe(404);
    expect((await request("/sitemaps/businesses-0.xml")).status).toBe(404);
    expect((await request("/sitemaps/other.xml")).status).toBe(404);
  });
});

describe("robots.txt", () => {
  it("allows the public site, keeps crawlers out of the admin and names the sitemap", async () => {
    const response = await request("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/admin", "/admin-panel", "/admin-login", "/api/admin/"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe("sitemap stats", () => {
  it("counts businesses and business sitemaps and lists every sitemap URL", async () => {
    await insert(buildBusiness({ name: "Stats Business" }));
    const db = testDb();
    const perFile = 4;
    const stats = await sitemapStats(db, SITE, rules(perFile));
    const numbers = await businessSitemapNumbers(db, rules(perFile));
    const total = await db.first<{ total_businesses: number }>("SELECT total_businesses FROM site_stats WHERE id = 1");
    expect(stats.totalBusinesses).toBe(total!.total_businesses);
    expect(stats.businessesPerSitemap).toBe(perFile);
    expect(stats.totalSitemaps).toBe(numbers.length);
    expect(stats.totalSitemaps).toBeGreaterThanOrEqual(Math.ceil(stats.totalBusinesses / perFile));
    expect(stats.sitemapUrls.main).toEqual([`${SITE}/sitemap.xml`]);
    expect(stats.sitemapUrls.mainPages).toEqual([`${SITE}/sitemaps/main.xml`]);
    expect(stats.sitemapUrls.categories).toEqual([`${SITE}/sitemaps/categories.xml`]);
    expect(stats.sitemapUrls.cities).toEqual([`${SITE}/sitemaps/cities.xml`]);
    expect(stats.sitemapUrls.businesses).toEqual(numbers.map((n) => `${SITE}/sitemaps/businesses-${n}.xml`));
  });

  it("answers 401 without an admin session, never cached", async () => {
    const response = await request("/api/admin/sitemap-stats");
    expect(response.status).toBe(401);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toHaveProperty("message");
  });
});
