/**
 * Sitemaps: /sitemap.xml is an index of /sitemaps/main.xml, categories.xml, cities.xml,
 * businesses-{n}.xml and city-categories-{n}.xml, the default locale's, then the same files of every
 * other served locale under /sitemaps/{locale}/ (docs/i18n.md). A locale's file n lists the same pages
 * as the default's file n, each at its URL in that locale, and every entry names the page in every
 * served locale and x-default (`<xhtml:link rel="alternate" hreflang>`), so the alternates are
 * reciprocal between the files. A locale's file reads the same rows as the default's.
 *
 * Business file n holds the ids in ((n-1)·K, n·K], K = businesses per sitemap, so a file reads only
 * its own rows through the primary key (keyset by id, never OFFSET), each business appears in exactly
 * one file (of each locale), and a business keeps its file as others are added. Ranges left empty
 * by deletions are simply not listed, so a file never holds more than K URLs but may hold fewer.
 *
 * Only pages that are indexed are listed (docs/decisions/0020-indexing-and-city-categories.md):
 * a business with at least INDEX_MIN_FACTS of {hours, phone, rating} (businesses.index_facts, read
 * through its (index_facts, id) index), and city, category and city × category pages with at least
 * INDEX_MIN_LISTING businesses. A range whose businesses are all thin is not listed either.
 */
import { eq, gte, sql } from "drizzle-orm";
import {
  accessibilityPagePath,
  accessibilityTerm,
  indexedFactCounts,
  INDEXED_ACCESSIBILITY_FILTERS,
  isListingIndexed,
  type IndexedAccessibilitySlug,
  type IndexingRules,
} from "#app/lib/seo/indexing";
import { cityCategoryPath } from "#app/lib/business/slug";
import { localePath, type LocaleSettings } from "#app/lib/i18n/locales";
import type { SitemapUrl } from "#app/lib/seo/xml";
import { cities, siteStats } from "#db/schema";
import { siteConfig } from "#app/server/platform/config.server";
import type { Db } from "#app/server/platform/db.server";

/** sitemaps.org allows 50,000 URLs a file; we stay under it with room to spare. */
const MAX_BUSINESSES_PER_SITEMAP = 45_000;

/** From the SITEMAP_BUSINESSES_PER_FILE variable (tests set it low), at most 45,000. */
function businessesPerSitemap(env: { SITEMAP_BUSINESSES_PER_FILE?: string }): number {
  const n = Number(env.SITEMAP_BUSINESSES_PER_FILE);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_BUSINESSES_PER_SITEMAP) : MAX_BUSINESSES_PER_SITEMAP;
}

/** Public pages of main.xml besides the home page. */
const MAIN_PAGES = [
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

/** What the sitemaps list: the file size and the indexing rules (app/lib/seo/indexing.ts). */
export type SitemapRules = IndexingRules & { perFile: number };

export function sitemapRules(env: Env): SitemapRules {
  const { indexMinFacts, indexMinListing, indexedAccessibilityPages } = siteConfig(env);
  return { perFile: businessesPerSitemap(env), indexMinFacts, indexMinListing, indexedAccessibilityPages };
}

/**
 * The index_facts values that are indexed, as an SQL list: `index_facts IN (…)` is one seek of the
 * (index_facts, id) index per value (at most four), where `>=` would walk every listed business.
 */
const indexedFacts = (rules: IndexingRules) =>
  sql.join(
    indexedFactCounts(rules.indexMinFacts).map((n) => sql`${n}`),
    sql`, `,
  );

/**
 * The numbers 1…⌈max(id)/K⌉ of a table's id ranges ((n-1)·K, n·K], as the recursive table `r(value, last)`:
 * the largest id is read by the statement that uses the numbers, not in a round trip before it (an
 * empty table gives the number 1 alone, whose range holds nothing). K is an integer of the
 * configuration, written into the SQL. A scalar max(id): one seek of the primary key.
 */
const rangeNumbers = (table: "businesses" | "city_categories", perFile: number) =>
  `WITH RECURSIVE r(value, last) AS (
     SELECT 1, (SELECT max(id) FROM ${table})
     UNION ALL SELECT value + 1, last FROM r WHERE value * ${perFile} < last)`;

/** The numbers a statement of sitemap numbers found, ascending. */
const numbersOf = (result: D1Result<{ n: number }>) => result.results.map((r) => r.n).sort((a, b) => a - b);

/** The business sitemaps' numbers as a statement not yet sent (null: no business is indexed by the rules). */
function businessNumbersStatement(db: Db, rules: SitemapRules): D1PreparedStatement | null {
  const facts = indexedFactCounts(rules.indexMinFacts);
  if (facts.length === 0) return null;
  const { perFile } = rules;
  // A few index seeks per range.
  return db.statement(
    `${rangeNumbers("businesses", perFile)}
     SELECT r.value AS n FROM r
     WHERE EXISTS (SELECT 1 FROM businesses INDEXED BY businesses_index_facts_idx
       WHERE index_facts IN (${facts.map(() => "?").join(", ")}) AND id > (r.value - 1) * ${perFile} AND id <= r.value * ${perFile})`,
    facts,
  );
}

/** Numbers n of the business sitemaps that hold at least one indexed business, ascending. */
export async function businessSitemapNumbers(db: Db, rules: SitemapRules): Promise<number[]> {
  const statement = businessNumbersStatement(db, rules);
  return statement ? numbersOf(await statement.all<{ n: number }>()) : [];
}

/**
 * City × category pages per sitemap file: with INDEXED_ACCESSIBILITY_PAGES on, each may bring one
 * accessibility page per filter of INDEXED_ACCESSIBILITY_FILTERS, so a file takes fewer pages and
 * never lists more URLs than the business files (sitemaps.org allows 50,000).
 */
function cityCategoriesPerFile(rules: SitemapRules): number {
  const extra = rules.indexedAccessibilityPages ? Object.keys(INDEXED_ACCESSIBILITY_FILTERS).length : 0;
  return Math.max(1, Math.floor(rules.perFile / (1 + extra)));
}

/**
 * Numbers n of the city × category sitemaps: file n holds the city_categories rows with ids in
 * ((n-1)·K, n·K] that have at least INDEX_MIN_LISTING businesses. The check walks a range's rows
 * until the first such one (at most K rows, the file's own size). A statement not yet sent.
 */
function cityCategoryNumbersStatement(db: Db, rules: SitemapRules): D1PreparedStatement {
  const perFile = cityCategoriesPerFile(rules);
  return db.statement(
    `${rangeNumbers("city_categories", perFile)}
     SELECT r.value AS n FROM r
     WHERE EXISTS (SELECT 1 FROM city_categories
       WHERE id > (r.value - 1) * ${perFile} AND id <= r.value * ${perFile} AND business_count >= ?1
         AND (kind = 'group' OR slug NOT IN (SELECT slug FROM category_groups)))`,
    [minListing(rules)],
  );
}

export async function cityCategorySitemapNumbers(db: Db, rules: SitemapRules): Promise<number[]> {
  return numbersOf(await cityCategoryNumbersStatement(db, rules).all<{ n: number }>());
}

/** The newest change to any business (index seek), for lastmod of the index and the listing pages. */
const LATEST_UPDATE = "SELECT max(updated_at) AS t FROM businesses";

async function latestUpdate(db: Db): Promise<number | undefined> {
  return (await db.first<{ t: number | null }>(LATEST_UPDATE))?.t ?? undefined;
}

/**
 * The index's reads in one round trip of D1 (a batch, one snapshot): the business files' numbers, the
 * city × category files' numbers and the newest change.
 */
async function indexReads(db: Db, rules: SitemapRules): Promise<{ numbers: number[]; cityCategoryNumbers: number[]; lastmod?: number }> {
  const business = businessNumbersStatement(db, rules);
  const statements = [cityCategoryNumbersStatement(db, rules), db.statement(LATEST_UPDATE), ...(business ? [business] : [])];
  // One row type for the three: each statement's rows have the columns it names (n or t).
  const [cityCategories, latest, businessFiles] = await db.batch<{ n: number; t: number | null }>(statements);
  return {
    numbers: businessFiles ? numbersOf(businessFiles) : [],
    cityCategoryNumbers: numbersOf(cityCategories),
    lastmod: latest.results[0]?.t ?? undefined,
  };
}

/**
 * Which locale's file: the site's locales and the one whose URLs the file lists. Without it a file
 * lists the default locale's URLs with no alternates (a site in one language).
 */
export type SitemapLocale = { settings: LocaleSettings; locale: string };

/** A file's path: the default locale's at /sitemaps/{name}.xml (as submitted before), another's under /sitemaps/{locale}/. */
function sitemapPath(name: string, where?: SitemapLocale): string {
  return where && where.locale !== where.settings.defaultLocale ? `/sitemaps/${where.locale}/${name}.xml` : `/sitemaps/${name}.xml`;
}

/**
 * A page's entry in `where`'s file: its URL in that locale and, on a site in several languages, its
 * URL in every served locale plus x-default (the default locale's, at the root): the same set in
 * every locale's file, so each version names the others and itself.
 */
function pageEntry(siteUrl: string, path: string, lastmod: number | undefined, where?: SitemapLocale): SitemapUrl {
  if (!where) return { loc: `${siteUrl}${path}`, lastmod };
  const { settings, locale } = where;
  const loc = `${siteUrl}${localePath(settings, locale, path)}`;
  if (settings.locales.length < 2) return { loc, lastmod };
  const alternates = settings.locales.map((l) => ({ hreflang: l, href: `${siteUrl}${localePath(settings, l, path)}` }));
  alternates.push({ hreflang: "x-default", href: `${siteUrl}${localePath(settings, settings.defaultLocale, path)}` });
  return { loc, lastmod, alternates };
}

/**
 * The index: every served locale's files, the default locale's first (the same names and URLs as a
 * site in one language). The file numbers are read once and hold for every locale: locale L's file n
 * lists the same pages as the default's file n.
 */
export async function sitemapIndex(db: Db, siteUrl: string, rules: SitemapRules, settings?: LocaleSettings): Promise<SitemapUrl[]> {
  const { numbers, cityCategoryNumbers, lastmod } = await indexReads(db, rules);
  const places: Array<SitemapLocale | undefined> = settings ? settings.locales.map((locale) => ({ settings, locale })) : [undefined];
  return places.flatMap((where) => [
    { loc: `${siteUrl}${sitemapPath("main", where)}`, lastmod },
    { loc: `${siteUrl}${sitemapPath("categories", where)}`, lastmod },
    { loc: `${siteUrl}${sitemapPath("cities", where)}`, lastmod },
    ...numbers.map((n) => ({ loc: `${siteUrl}${sitemapPath(`businesses-${n}`, where)}` })),
    ...cityCategoryNumbers.map((n) => ({ loc: `${siteUrl}${sitemapPath(`city-categories-${n}`, where)}`, lastmod })),
  ]);
}

export async function mainSitemap(db: Db, siteUrl: string, where?: SitemapLocale): Promise<SitemapUrl[]> {
  const lastmod = await latestUpdate(db);
  return MAIN_PAGES.map((path) => pageEntry(siteUrl, path, ["/", "/businesses", "/cities"].includes(path) ? lastmod : undefined, where));
}

/** The least business count of a listed city, category or city × category page (never below 1). */
const minListing = (rules: IndexingRules) => Math.max(1, rules.indexMinListing);

export async function categoriesSitemap(db: Db, siteUrl: string, rules: IndexingRules, where?: SitemapLocale): Promise<SitemapUrl[]> {
  const lastmod = await latestUpdate(db);
  const min = minListing(rules);
  // The groups, then the fine categories that are not also a group's slug.
  const rows = await db.orm.all<{ slug: string }>(
    sql`SELECT slug FROM category_groups WHERE business_count >= ${min}
     UNION ALL SELECT * FROM (SELECT slug FROM categories WHERE business_count >= ${min} AND slug NOT IN (SELECT slug FROM category_groups)
       ORDER BY slug LIMIT ${MAX_BUSINESSES_PER_SITEMAP})`,
  );
  return rows.map((r) => pageEntry(siteUrl, `/category/${encodeURIComponent(r.slug)}`, lastmod, where));
}

export async function citiesSitemap(db: Db, siteUrl: string, rules: IndexingRules, where?: SitemapLocale): Promise<SitemapUrl[]> {
  const lastmod = await latestUpdate(db);
  const rows = await db.orm
    .select({ name: cities.name })
    .from(cities)
    .where(gte(cities.businessCount, minListing(rules)))
    .orderBy(cities.slug)
    .limit(MAX_BUSINESSES_PER_SITEMAP);
  return rows.map((r) => pageEntry(siteUrl, `/city/${encodeURIComponent(r.name)}`, lastmod, where));
}

/**
 * City × category file n: its id range of city_categories, the pages with at least INDEX_MIN_LISTING
 * businesses; a fine category whose slug is also a group's is the group's page. Null when empty.
 */
export async function cityCategoriesSitemap(
  db: Db,
  siteUrl: string,
  rules: SitemapRules,
  n: number,
  where?: SitemapLocale,
): Promise<SitemapUrl[] | null> {
  if (!Number.isSafeInteger(n) || n < 1) return null;
  const perFile = cityCategoriesPerFile(rules);
  const lastmod = await latestUpdate(db);
  // With accessibility pages on, each row brings its pages' counts: one attribute_counts seek per filter
  // (the scope spelled as attributeScope spells a city × category).
  const slugs = rules.indexedAccessibilityPages ? (Object.keys(INDEXED_ACCESSIBILITY_FILTERS) as IndexedAccessibilitySlug[]) : [];
  const countColumns = slugs.map(
    (s, i) =>
      sql`, (SELECT a.business_count FROM attribute_counts AS a
        WHERE a.scope = 'city:' || cc.city_slug || '/' || cc.kind || ':' || cc.slug AND a.term = ${accessibilityTerm(s)}) AS ${sql.raw(`n${i}`)}`,
  );
  const rows = await db.orm.all<
    { city: string; slug: string; citySlug: string; kind: "category" | "group" } & Record<string, number | null>
  >(
    sql`SELECT c.name AS city, cc.slug AS slug, cc.city_slug AS citySlug, cc.kind AS kind${sql.join(countColumns, sql``)} FROM city_categories AS cc JOIN cities AS c ON c.slug = cc.city_slug
     WHERE cc.id > ${(n - 1) * perFile} AND cc.id <= ${n * perFile} AND cc.business_count >= ${minListing(rules)}
       AND (cc.kind = 'group' OR cc.slug NOT IN (SELECT slug FROM category_groups))
     ORDER BY cc.id LIMIT ${perFile}`,
  );
  if (rows.length === 0) return null;
  const entries = rows.map((r) => pageEntry(siteUrl, cityCategoryPath(r.city, r.slug), lastmod, where));
  // The accessibility pages of these city × category pages that are indexed (INDEXED_ACCESSIBILITY_PAGES).
  const accessible = rows.flatMap((r) =>
    slugs
      .filter((_, i) => isListingIndexed(Math.max(0, r[`n${i}`] ?? 0), rules))
      .map((s) => pageEntry(siteUrl, accessibilityPagePath(cityCategoryPath(r.city, r.slug), s), lastmod, where)),
  );
  return [...entries, ...accessible];
}

/**
 * Sitemaps list exactly the canonical URLs: canonicalUrl when set, else /business/{id}. A canonical
 * path, or an address on SITE_URL, is a page of the site: each locale's file lists it under that
 * locale's prefix, with the alternates. An address elsewhere is the business's canonical in every
 * language: each locale's file lists it as it is, with no alternates (the other site's page names no
 * language versions of ours).
 */
function businessEntry(
  siteUrl: string,
  row: { id: number; canonicalUrl: string | null; updatedAt: number },
  where?: SitemapLocale,
): SitemapUrl {
  const value = row.canonicalUrl?.trim();
  if (value && /^https?:\/\/[^\s]+$/i.test(value)) {
    if (value.startsWith(`${siteUrl}/`)) return pageEntry(siteUrl, value.slice(siteUrl.length), row.updatedAt, where);
    return { loc: value, lastmod: row.updatedAt };
  }
  const path = value && value.startsWith("/") && !value.startsWith("//") ? value : `/business/${row.id}`;
  return pageEntry(siteUrl, path, row.updatedAt, where);
}

/** Business file n: its own id range, in id order; null when the range holds nobody. */
export async function businessSitemap(
  db: Db,
  siteUrl: string,
  rules: SitemapRules,
  n: number,
  where?: SitemapLocale,
): Promise<SitemapUrl[] | null> {
  if (!Number.isSafeInteger(n) || n < 1) return null;
  const { perFile } = rules;
  const facts = indexedFactCounts(rules.indexMinFacts);
  if (facts.length === 0) return null;
  // The primary key's range (NOT INDEXED: never the (index_facts, id) index, whose probes per value
  // would read each row twice), the thin businesses left out after it. The range holds at most
  // perFile ids, and the LIMIT is on the range itself: a full range ends at its LIMIT, never reading
  // the row after it (a LIMIT on the filtered rows is not reached when some are thin, and SQLite then
  // reads one row past the range to find its end: 45,001 rows for a file of 45,000).
  const rows = await db.orm.all<{ id: number; canonicalUrl: string | null; updatedAt: number }>(
    sql`SELECT id, canonicalUrl, updatedAt FROM (
       SELECT id, canonical_url AS canonicalUrl, updated_at AS updatedAt, index_facts FROM businesses NOT INDEXED
       WHERE id > ${(n - 1) * perFile} AND id <= ${n * perFile} ORDER BY id LIMIT ${perFile})
     WHERE index_facts IN (${indexedFacts(rules)}) ORDER BY id`,
  );
  if (rows.length === 0) return null;
  return rows.map((r) => businessEntry(siteUrl, r, where));
}

export type SitemapStats = {
  totalBusinesses: number;
  totalSitemaps: number;
  businessesPerSitemap: number;
  sitemapUrls: {
    main: string[];
    mainPages: string[];
    categories: string[];
    cities: string[];
    businesses: string[];
    /** The city × category sitemaps (not counted in totalSitemaps: the spec's count is business sitemaps + 3). */
    cityCategories: string[];
  };
};

/** GET /api/admin/sitemap-stats: totalSitemaps counts the business sitemaps (the tab shows them + 3). */
export async function sitemapStats(db: Db, siteUrl: string, rules: SitemapRules): Promise<SitemapStats> {
  const [stats, numbers, cityCategoryNumbers] = await Promise.all([
    db.orm.select({ totalBusinesses: siteStats.totalBusinesses }).from(siteStats).where(eq(siteStats.id, 1)).get(),
    businessSitemapNumbers(db, rules),
    cityCategorySitemapNumbers(db, rules),
  ]);
  return {
    totalBusinesses: stats?.totalBusinesses ?? 0,
    totalSitemaps: numbers.length,
    businessesPerSitemap: rules.perFile,
    sitemapUrls: {
      main: [`${siteUrl}/sitemap.xml`],
      mainPages: [`${siteUrl}${sitemapPath("main")}`],
      categories: [`${siteUrl}${sitemapPath("categories")}`],
      cities: [`${siteUrl}${sitemapPath("cities")}`],
      businesses: numbers.map((n) => `${siteUrl}${sitemapPath(`businesses-${n}`)}`),
      cityCategories: cityCategoryNumbers.map((n) => `${siteUrl}${sitemapPath(`city-categories-${n}`)}`),
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
