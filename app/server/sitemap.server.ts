/**
 * Sitemaps (issue 6): /sitemap.xml is an index of /sitemaps/main.xml, categories.xml, cities.xml and
 * businesses-{n}.xml. Business file n holds the ids in ((n-1)·K, n·K], K = businesses per sitemap, so
 * a file reads only its own rows through the primary key (keyset by id, never OFFSET), each business
 * appears in exactly one file, and a business keeps its file as others are added. Ranges left empty
 * by deletions are simply not listed, so a file never holds more than K URLs but may hold fewer.
 */
import { and, eq, gt, lte, max, sql } from "drizzle-orm";
import type { SitemapUrl } from "~/lib/xml";
import { businesses, cities, siteStats } from "#db/schema";
import type { Db } from "./db.server";

/** sitemaps.org allows 50,000 URLs a file; we stay under it with room to spare. */
export const MAX_BUSINESSES_PER_SITEMAP = 45_000;

/** From the SITEMAP_BUSINESSES_PER_FILE variable (tests set it low), at most 45,000. */
export function businessesPerSitemap(env: { SITEMAP_BUSINESSES_PER_FILE?: string }): number {
  const n = Number(env.SITEMAP_BUSINESSES_PER_FILE);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_BUSINESSES_PER_SITEMAP) : MAX_BUSINESSES_PER_SITEMAP;
}

/** Public pages of main.xml besides the home page. */
export const MAIN_PAGES = [
  "/",
  "/businesses",
  "/cities",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/add-business",
  "/advertise",
];

/** Numbers n of the business sitemaps that hold at least one business, ascending. */
export async function businessSitemapNumbers(db: Db, perFile: number): Promise<number[]> {
  const last = (
    await db.orm
      .select({ id: max(businesses.id) })
      .from(businesses)
      .get()
  )?.id;
  if (!last) return [];
  const candidates = Array.from({ length: Math.ceil(last / perFile) }, (_, i) => i + 1);
  // One index seek per range: a list of ranges as ONE JSON parameter (D1's 100-parameter limit).
  const rows = await db.orm.all<{ n: number }>(
    sql`SELECT r.value AS n FROM json_each(${JSON.stringify(candidates)}) AS r
     WHERE EXISTS (SELECT 1 FROM businesses WHERE id > (r.value - 1) * ${perFile} AND id <= r.value * ${perFile})
     ORDER BY r.value`,
  );
  return rows.map((r) => r.n);
}

/** The newest change to any business (index seek), for lastmod of the index and the listing pages. */
export async function latestUpdate(db: Db): Promise<number | undefined> {
  const row = await db.orm
    .select({ t: max(businesses.updatedAt) })
    .from(businesses)
    .get();
  return row?.t ?? undefined;
}

export function sitemapPath(name: string): string {
  return `/sitemaps/${name}.xml`;
}

export async function sitemapIndex(db: Db, siteUrl: string, perFile: number): Promise<SitemapUrl[]> {
  const [numbers, lastmod] = await Promise.all([businessSitemapNumbers(db, perFile), latestUpdate(db)]);
  return [
    { loc: `${siteUrl}${sitemapPath("main")}`, lastmod },
    { loc: `${siteUrl}${sitemapPath("categories")}`, lastmod },
    { loc: `${siteUrl}${sitemapPath("cities")}`, lastmod },
    ...numbers.map((n) => ({ loc: `${siteUrl}${sitemapPath(`businesses-${n}`)}` })),
  ];
}

export async function mainSitemap(db: Db, siteUrl: string): Promise<SitemapUrl[]> {
  const lastmod = await latestUpdate(db);
  return MAIN_PAGES.map((path) => ({
    loc: `${siteUrl}${path === "/" ? "/" : path}`,
    lastmod: ["/", "/businesses", "/cities"].includes(path) ? lastmod : undefined,
  }));
}

export async function categoriesSitemap(db: Db, siteUrl: string): Promise<SitemapUrl[]> {
  const lastmod = await latestUpdate(db);
  // The groups, then the fine categories that are not also a group's slug.
  const rows = await db.orm.all<{ slug: string }>(
    sql`SELECT slug FROM category_groups WHERE business_count > 0
     UNION ALL SELECT * FROM (SELECT slug FROM categories WHERE business_count > 0 AND slug NOT IN (SELECT slug FROM category_groups)
       ORDER BY slug LIMIT ${MAX_BUSINESSES_PER_SITEMAP})`,
  );
  return rows.map((r) => ({ loc: `${siteUrl}/category/${encodeURIComponent(r.slug)}`, lastmod }));
}

export async function citiesSitemap(db: Db, siteUrl: string): Promise<SitemapUrl[]> {
  const lastmod = await latestUpdate(db);
  const rows = await db.orm
    .select({ name: cities.name })
    .from(cities)
    .where(gt(cities.businessCount, 0))
    .orderBy(cities.slug)
    .limit(MAX_BUSINESSES_PER_SITEMAP);
  return rows.map((r) => ({ loc: `${siteUrl}/city/${encodeURIComponent(r.name)}`, lastmod }));
}

/** CLARIFICATIONS 10: canonicalUrl when set (a path is put on the site), else /business/{id}. */
export function canonicalBusinessUrl(siteUrl: string, id: number, canonicalUrl: string | null): string {
  const value = canonicalUrl?.trim();
  if (value && /^https?:\/\/[^\s]+$/i.test(value)) return value;
  if (value && value.startsWith("/") && !value.startsWith("//")) return `${siteUrl}${value}`;
  return `${siteUrl}/business/${id}`;
}

/** Business file n: its own id range, in id order; null when the range holds nobody. */
export async function businessSitemap(db: Db, siteUrl: string, perFile: number, n: number): Promise<SitemapUrl[] | null> {
  if (!Number.isSafeInteger(n) || n < 1) return null;
  const rows = await db.orm
    .select({ id: businesses.id, canonicalUrl: businesses.canonicalUrl, updatedAt: businesses.updatedAt })
    .from(businesses)
    .where(and(gt(businesses.id, (n - 1) * perFile), lte(businesses.id, n * perFile)))
    .orderBy(businesses.id)
    // The range holds at most perFile ids: without the LIMIT, SQLite reads the row after the range
    // to find its end (45,001 rows read for a full file of 45,000).
    .limit(perFile);
  if (rows.length === 0) return null;
  return rows.map((r) => ({ loc: canonicalBusinessUrl(siteUrl, r.id, r.canonicalUrl), lastmod: r.updatedAt }));
}

export type SitemapStats = {
  totalBusinesses: number;
  totalSitemaps: number;
  businessesPerSitemap: number;
  sitemapUrls: { main: string[]; mainPages: string[]; categories: string[]; cities: string[]; businesses: string[] };
};

/** GET /api/admin/sitemap-stats (CLARIFICATIONS 33): totalSitemaps counts the business sitemaps. */
export async function sitemapStats(db: Db, siteUrl: string, perFile: number): Promise<SitemapStats> {
  const [stats, numbers] = await Promise.all([
    db.orm.select({ totalBusinesses: siteStats.totalBusinesses }).from(siteStats).where(eq(siteStats.id, 1)).get(),
    businessSitemapNumbers(db, perFile),
  ]);
  return {
    totalBusinesses: stats?.totalBusinesses ?? 0,
    totalSitemaps: numbers.length,
    businessesPerSitemap: perFile,
    sitemapUrls: {
      main: [`${siteUrl}/sitemap.xml`],
      mainPages: [`${siteUrl}${sitemapPath("main")}`],
      categories: [`${siteUrl}${sitemapPath("categories")}`],
      cities: [`${siteUrl}${sitemapPath("cities")}`],
      businesses: numbers.map((n) => `${siteUrl}${sitemapPath(`businesses-${n}`)}`),
    },
  };
}

/** robots.txt: the public site is open; the admin and its API are not; the sitemap is named. */
export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /admin-panel",
    "Disallow: /admin-login",
    "Disallow: /api/admin/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
