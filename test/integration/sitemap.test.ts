import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { localePath } from "#app/lib/i18n/locales";
import { siteConfig } from "#app/server/platform/config.server";
import {
  businessSitemap,
  businessSitemapNumbers,
  cityCategorySitemapNumbers,
  sitemapIndex,
  sitemapRules,
  sitemapStats,
  type SitemapRules,
} from "#app/server/seo/sitemap.server";
import { buildBusiness, idOf, insert, request, resetDirectory, rowsRead, testDb } from "../helpers/factories";

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

/** The site's served locales (LOCALES and DEFAULT_LOCALE of the test Worker: en, vi, es). */
const settings = siteConfig(env).localeSettings;
const others = settings.locales.filter((l) => l !== settings.defaultLocale);

type Entry = { loc: string; lastmod: string | null; links: Array<{ hreflang: string; href: string }> };

/**
 * A urlset's entries, read strictly (the XSD check is in test/e2e/sitemaps.spec.ts, with xmllint): the
 * xhtml namespace declared; each <url> is a <loc>, maybe a <lastmod>, then only
 * <xhtml:link rel="alternate" hreflang href/> elements with these three attributes, in this order.
 */
function entries(xml: string): Entry[] {
  const root =
    /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9"( xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml")?>/.exec(xml);
  expect(root, "the urlset element").not.toBeNull();
  const urls = [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map((m) => m[1]);
  expect(urls.length).toBe(xml.split("<url>").length - 1);
  return urls.map((url) => {
    const parts = /^<loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?((?:<xhtml:link [^>]*\/>)*)$/.exec(url);
    expect(parts, url).not.toBeNull();
    const links = [...parts![3].matchAll(/<xhtml:link ([^>]*)\/>/g)].map((m) => {
      const attributes = /^rel="alternate" hreflang="(x-default|[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)" href="(https?:\/\/[^"\s]+)"$/.exec(m[1]);
      expect(attributes, m[0]).not.toBeNull();
      return { hreflang: attributes![1], href: attributes![2] };
    });
    // A link needs the namespace declared on the root.
    if (links.length > 0) expect(root![1], "xmlns:xhtml").toBeDefined();
    return { loc: parts![1], lastmod: parts![2] ?? null, links };
  });
}

/** The file's path in `locale`: the default's at /sitemaps/, the others under /sitemaps/{locale}/. */
const fileIn = (locale: string, name: string) => (locale === settings.defaultLocale ? `/sitemaps/${name}` : `/sitemaps/${locale}/${name}`);

async function sitemapFile(path: string): Promise<Entry[]> {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("Content-Type"), path).toContain("application/xml");
  expect(response.headers.get("Cache-Control"), path).toContain("s-maxage");
  return entries(await response.text());
}

/** The alternates every locale's entry for `path` must carry: every served locale, then x-default (the root URL). */
const alternatesOf = (path: string) => [
  ...settings.locales.map((l) => ({ hreflang: l, href: `${SITE}${localePath(settings, l, path)}` })),
  { hreflang: "x-default", href: `${SITE}${path}` },
];

describe("per-locale sitemaps", () => {
  it("the site serves several locales (the test Worker's LOCALES)", () => {
    expect(settings.locales).toEqual(["en", "vi", "es"]);
  });

  it("the index lists the default locale's files as before, then the same files of every other locale", async () => {
    await insert(...[1, 2, 3].map((i) => buildBusiness({ name: `Locale Index ${i}`, city: "Locale Index City", category: "Tea house" })));
    const db = testDb();
    const perFile = 4;
    const [numbers, cityCategoryNumbers] = await Promise.all([
      businessSitemapNumbers(db, rules(perFile)),
      cityCategorySitemapNumbers(db, rules(perFile)),
    ]);
    expect(cityCategoryNumbers.length).toBeGreaterThan(0);
    const names = [
      "main.xml",
      "categories.xml",
      "cities.xml",
      ...numbers.map((n) => `businesses-${n}.xml`),
      ...cityCategoryNumbers.map((n) => `city-categories-${n}.xml`),
    ];
    const before = db.meter.rowsRead;
    const alone = await sitemapIndex(db, SITE, rules(perFile));
    const single = db.meter.rowsRead - before;
    const index = await sitemapIndex(db, SITE, rules(perFile), settings);
    // The file numbers are read once for every locale.
    expect(db.meter.rowsRead - before - single).toBe(single);
    expect(index.slice(0, alone.length)).toEqual(alone);
    expect(index.map((s) => s.loc)).toEqual(settings.locales.flatMap((l) => names.map((name) => `${SITE}${fileIn(l, name)}`)));
    expect(index.map((s) => s.loc)).toContain(`${SITE}/sitemaps/vi/businesses-${numbers[0]}.xml`);
    expect(index.map((s) => s.loc)).toContain(`${SITE}/sitemaps/es/main.xml`);

    // Through the Worker: the same list, in XML.
    const served = locs(await (await request("/sitemap.xml")).text());
    for (const locale of settings.locales) {
      for (const name of ["main.xml", "categories.xml", "cities.xml", "businesses-1.xml"])
        expect(served).toContain(`${SITE}${fileIn(locale, name)}`);
    }
    expect(served.filter((l) => l.startsWith(`${SITE}/sitemaps/vi/`)).map((l) => l.replace("/vi/", "/"))).toEqual(
      served.filter((l) => /^[^/]+\/\/[^/]+\/sitemaps\/[^/]+\.xml$/.test(l)),
    );
  });

  it("every entry names the page in every locale and x-default, the same set in each locale's file", async () => {
    await insert(
      ...[1, 2, 3].map((i) => buildBusiness({ name: `Hreflang Cafe ${i}`, category: "Coffee shop", city: "Hreflang Town" })),
      buildBusiness({ name: "Hreflang Custom", canonicalUrl: "/details/hreflang-custom" }),
      buildBusiness({ name: "Hreflang Same Site", canonicalUrl: `${SITE}/details/hreflang-same-site` }),
    );
    const index = locs(await (await request("/sitemap.xml")).text());
    const defaults = index.map((l) => new URL(l).pathname).filter((p) => /^\/sitemaps\/[^/]+\.xml$/.test(p));
    let checked = 0;
    for (const file of defaults) {
      const name = file.split("/").pop()!;
      const files = new Map<string, Entry[]>();
      for (const locale of settings.locales) files.set(locale, await sitemapFile(fileIn(locale, name)));
      const base = files.get(settings.defaultLocale)!;
      expect(base.length, name).toBeGreaterThan(0);
      for (const [locale, list] of files) {
        // The same pages, in the same order, each at its URL in the file's locale.
        expect(list.length, `${locale} ${name}`).toBe(base.length);
        list.forEach((entry, i) => {
          const root = base[i];
          if (root.links.length === 0) return; // an off-site canonical: checked below
          const path = new URL(root.loc).pathname;
          expect(entry.links, `${locale} ${name} ${root.loc}`).toEqual(alternatesOf(path));
          expect(entry.loc).toBe(entry.links.find((a) => a.hreflang === locale)!.href);
          expect(entry.lastmod).toBe(root.lastmod);
          checked++;
        });
      }
      // Reciprocal: the page each alternate names is listed in that locale's file with the same set.
      for (const [locale, list] of files) {
        const listed = new Map(list.map((e) => [e.loc, e.links]));
        for (const entry of files.get(settings.defaultLocale)!) {
          for (const link of entry.links.filter((a) => a.hreflang === locale))
            expect(listed.get(link.href), link.href).toEqual(entry.links);
        }
      }
    }
    expect(checked).toBeGreaterThan(settings.locales.length * 20);

    const pages = new Map<string, Entry>();
    for (const file of index.filter((l) => l.includes("/sitemaps/vi/"))) {
      for (const e of await sitemapFile(new URL(file).pathname)) pages.set(e.loc, e);
    }
    expect(pages.get(`${SITE}/vi`)?.links).toEqual(alternatesOf("/"));
    expect(pages.get(`${SITE}/vi/terms-of-service`)?.links).toEqual(alternatesOf("/terms-of-service"));
    expect(pages.get(`${SITE}/vi/city/Hreflang%20Town`)?.links).toEqual(alternatesOf("/city/Hreflang%20Town"));
    expect(pages.get(`${SITE}/vi/category/coffee-shop`)?.links).toEqual(alternatesOf("/category/coffee-shop"));
    expect(pages.get(`${SITE}/vi/city/Hreflang%20Town/coffee-shop`)?.links).toEqual(alternatesOf("/city/Hreflang%20Town/coffee-shop"));
    // A canonical path, or a canonical address on SITE_URL, is the page in every locale.
    expect(pages.get(`${SITE}/vi/details/hreflang-custom`)?.links).toEqual(alternatesOf("/details/hreflang-custom"));
    expect(pages.get(`${SITE}/vi/details/hreflang-same-site`)?.links).toEqual(alternatesOf("/details/hreflang-same-site"));
  });

  it("a business whose canonical is off the site is listed at that address in every locale's file, with no alternates", async () => {
    const offSite = buildBusiness({ name: "Off Site Canonical", canonicalUrl: "https://example.com/elsewhere?a=1&b=2" });
    await insert(offSite);
    const id = await idOf(offSite.placeId!);
    const name = `businesses-${Math.ceil(id / sitemapRules(env).perFile)}.xml`;
    const address = "https://example.com/elsewhere?a=1&amp;b=2";
    for (const locale of settings.locales) {
      const list = await sitemapFile(fileIn(locale, name));
      expect(
        list.filter((e) => e.loc === address),
        locale,
      ).toEqual([{ loc: address, lastmod: expect.any(String), links: [] }]);
      // Never its page on this site, in any locale: that page's canonical is the other address.
      expect(
        list.map((e) => e.loc).filter((loc) => loc.endsWith(`/business/${id}`)),
        locale,
      ).toEqual([]);
    }
  });

  it("a locale's business file reads the same rows as the default's file of its number", async () => {
    const inputs = Array.from({ length: 12 }, (_, i) => buildBusiness({ name: `Locale Rows ${i}` }));
    await insert(...inputs);
    const db = testDb();
    const n = Math.ceil((await idOf(inputs[6].placeId!)) / 5);
    const read = async (where?: { settings: typeof settings; locale: string }) => {
      const before = db.meter.rowsRead;
      const urls = await businessSitemap(db, SITE, rules(5), n, where);
      return { rows: db.meter.rowsRead - before, count: urls!.length };
    };
    const root = await read({ settings, locale: settings.defaultLocale });
    expect(root.rows).toBeLessThanOrEqual(5);
    expect(root).toEqual(await read());
    for (const locale of others) expect(await read({ settings, locale }), locale).toEqual(root);
    // Through the Worker too: /sitemaps/vi/businesses-1.xml costs what /sitemaps/businesses-1.xml costs.
    const served = rowsRead(await request("/sitemaps/businesses-1.xml"));
    for (const locale of others) expect(rowsRead(await request(`/sitemaps/${locale}/businesses-1.xml`)), locale).toBe(served);
  });

  it("the default locale has no prefix, and an unknown locale or file is 404", async () => {
    expect((await request("/sitemaps/vi/main.xml")).status).toBe(200);
    for (const path of [
      `/sitemaps/${settings.defaultLocale}/main.xml`,
      "/sitemaps/fr/main.xml",
      "/sitemaps/vi/other.xml",
      "/sitemaps/vi/businesses-0.xml",
      "/sitemaps/vi/businesses-999999999.xml",
      "/sitemaps/vi/city-categories-999999999.xml",
    ]) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
    }
  });
});
