/**
 * Public reads shared by the JSON API and the page loaders. Every query reads O(its page) rows:
 * totals come from the summary tables, pages from the list positions (docs/decisions/0011).
 */
import { and, asc, desc, eq, getTableColumns, gt, gte, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { omit, toBusiness, toBusinesses, UNREAD_COLUMNS, type Business, type StoredBusiness } from "#app/lib/business/business";
import { groupBySlug } from "#app/lib/business/category-groups";
import { isClosedStatus } from "#app/lib/business/open-status";
import { detailSlugCandidates, slugify } from "#app/lib/business/slug";
import { hasControlCharacters } from "#app/lib/business/untrusted-text";
import { businesses, categories, categoryGroups, cities, cityCountries, countries, siteStats, type CityRow } from "#db/schema";
import type { Db } from "#app/server/platform/db.server";
import { listAnchorCte } from "#app/server/write/list-positions.server";
import { cursorParam, pageCursorOf, type PageCursor } from "#app/lib/search/listing-filters";
import { batchThrough, readAheadOf, type ReadAhead, type ReadAheadPlan } from "#app/server/platform/read-ahead.server";
import { filteredList, searchList, type ListingScope } from "#app/server/search/search.server";
import { attributeChoices, attributeCountQueries, readAttributeChoices } from "#app/server/lists/attribute-counts.server";
import { choicesFromCounts, choicesFromRows } from "#app/lib/search/filter-choices";
import {
  attributeFiltersActive,
  attributeScope,
  NO_ATTRIBUTE_FILTERS,
  type AttributeFilters,
  type FilterChoices,
} from "#app/lib/search/listing-filters";

export type Statistics = { totalBusinesses: number; verifiedBusinesses: number; categories: number; totalCities: number };
export type PopularCity = { id: number; name: string; businessCount: number };
export type CategorySummary = { category: string; slug: string; businessCount: number };
export type CountrySummary = { country: string; code: string; businessCount: number };
/**
 * `approximate`: a dense search (ADR 0012) lists at most its first 1,000 results and has not read
 * its match to the end; present only then, with `totalCount` a lower bound (the results known to
 * exist so far, never the cap nor an estimate), `totalPages` the pages those fill and `hasNext`
 * whether the page after this one exists — so the page can say "400+".
 */
export type BusinessPage = {
  businesses: Business[];
  totalPages: number;
  totalCount: number;
  approximate?: true;
  /** With `approximate`: whether the page after this one exists (the count is then a lower bound). */
  hasNext?: boolean;
  /**
   * The filter choices (ADR 0031): without words the scope's counts (attribute_counts: exact, the
   * scope's, whatever filters are chosen); with words counted on the rows the search read (exact when
   * they are the whole match, else lower bounds).
   */
  filters: FilterChoices;
};
export type ListSort = "recommended" | "latest";

type SiteStats = typeof siteStats.$inferSelect;

/** The site_stats row (id = 1): totals and data version. */
const siteStatsQuery = (db: Db) => db.orm.select().from(siteStats).where(eq(siteStats.id, 1)).limit(1);

async function siteStatsRow(db: Db): Promise<SiteStats> {
  const [row] = await siteStatsQuery(db);
  return orEmptyStats(row);
}

/** The row, or the totals of an empty directory before the first write made one. */
function orEmptyStats(row: SiteStats | undefined): SiteStats {
  return (
    row ?? {
      id: 1,
      totalBusinesses: 0,
      verifiedBusinesses: 0,
      categories: 0,
      totalCities: 0,
      dataVersion: 0,
      listsNeedRebuild: 0,
      bulkFromId: null,
    }
  );
}

export async function getStatistics(db: Db): Promise<Statistics> {
  const { totalBusinesses, verifiedBusinesses, categories, totalCities } = await siteStatsRow(db);
  return { totalBusinesses, verifiedBusinesses, categories, totalCities };
}

const popularCitiesQuery = (db: Db, limit: number) =>
  db.orm
    .select({ id: cities.id, name: cities.name, businessCount: cities.businessCount })
    .from(cities)
    .where(gt(cities.businessCount, 0))
    .orderBy(desc(cities.businessCount), cities.name)
    .limit(limit);

const categoriesQuery = (db: Db, limit: number, offset: number) =>
  db.orm
    .select({ category: categories.name, slug: categories.slug, businessCount: categories.businessCount })
    .from(categories)
    .where(gt(categories.businessCount, 0))
    .orderBy(desc(categories.businessCount), categories.name)
    .limit(limit)
    .offset(offset);

export async function getPopularCities(db: Db, limit: number): Promise<PopularCity[]> {
  return popularCitiesQuery(db, limit);
}

/**
 * The categories with businesses, largest first: from `offset`, or just after the category whose slug
 * is `after` — two seeks of the (business_count DESC, name) index that SQLite merges, the rest of the
 * cursor's count from its name on, then the smaller counts (a row value of the cursor's would seek
 * by the count alone). A slug that names no category lists nothing.
 */
export async function getCategories(db: Db, limit: number, at: { offset: number } | { after: string }): Promise<CategorySummary[]> {
  if ("offset" in at) return categoriesQuery(db, limit, at.offset);
  const cursor = (column: "business_count" | "name") => sql`(SELECT ${sql.raw(column)} FROM categories WHERE slug = ${at.after})`;
  const select = (where: SQL) =>
    db.orm
      .select({ category: categories.name, slug: categories.slug, businessCount: categories.businessCount })
      .from(categories)
      .where(and(gt(categories.businessCount, 0), where));
  return select(sql`${categories.businessCount} = ${cursor("business_count")} AND ${categories.name} > ${cursor("name")}`)
    .unionAll(select(sql`${categories.businessCount} < ${cursor("business_count")}`))
    .orderBy(desc(categories.businessCount), categories.name)
    .limit(limit);
}

/**
 * The totals with the data version they were read at, the largest cities and the largest categories
 * (app/server/lists/site-summary.server.ts): one batch, so one round trip of D1 and one snapshot — the
 * lists are those of the version they are remembered under, which three separate reads could not
 * promise when a write landed between them.
 */
export async function getSiteSummaryRows(
  db: Db,
  { cities: cityLimit, categories: categoryLimit }: { cities: number; categories: number },
): Promise<{ version: number; statistics: Statistics; cities: PopularCity[]; categories: CategorySummary[] }> {
  const [stats, popular, largest] = await db.orm.batch([
    siteStatsQuery(db),
    popularCitiesQuery(db, cityLimit),
    categoriesQuery(db, categoryLimit, 0),
  ]);
  const { totalBusinesses, verifiedBusinesses, categories: categoryCount, totalCities, dataVersion } = orEmptyStats(stats[0]);
  return {
    version: dataVersion,
    statistics: { totalBusinesses, verifiedBusinesses, categories: categoryCount, totalCities },
    cities: popular,
    categories: largest,
  };
}

export async function getCountries(db: Db, limit: number, offset: number): Promise<CountrySummary[]> {
  return db.orm
    .select({ country: countries.name, code: countries.code, businessCount: countries.businessCount })
    .from(countries)
    .where(gt(countries.businessCount, 0))
    .orderBy(desc(countries.businessCount), countries.name)
    .limit(limit)
    .offset(offset);
}

/** What a page's read of a business selects: every column but UNREAD_COLUMNS (made once per isolate). */
export const storedColumns = omit(getTableColumns(businesses), UNREAD_COLUMNS);

async function businessWhere(db: Db, where: SQL | undefined): Promise<StoredBusiness | undefined> {
  return db.orm.select(storedColumns).from(businesses).where(where).get();
}

export async function getBusinessById(db: Db, id: number): Promise<Business | null> {
  const row = await businessWhere(db, eq(businesses.id, id));
  return row ? toBusiness(row) : null;
}

/**
 * Whether another business has this one's name and category in its city, so their pages' titles
 * (SPEC §2's "name | category in city, state") would be the same: one seek of businesses_city_name_idx,
 * correlated to the business row read. Written out: drizzle names a column of a one-table select
 * without its table, which inside the subquery would mean o's own column.
 */
const titleTwin = sql<number>`EXISTS (SELECT 1 FROM businesses AS o WHERE o.city_slug = businesses.city_slug
  AND o.name = businesses.name AND o.category = businesses.category AND o.id <> businesses.id)`;

export async function sharesTitle(db: Db, id: number): Promise<boolean> {
  const row = await db.orm.select({ twin: titleTwin }).from(businesses).where(eq(businesses.id, id)).get();
  return row?.twin === 1;
}

/**
 * A business by id (/business/{id}) or by its stored slug (/details/{slug}, the address every card
 * links) and whether it shares its title (sharesTitle), in one statement, as a query builder the
 * business page reads in its own batch with its reviews: the page costs one round trip of D1
 * (docs/perf/http.md); businessWithTitleTwinOf reads the answer.
 */
export function businessWithTitleTwinQuery(db: Db, key: { id: number } | { slug: string }) {
  return db.orm
    .select({ business: storedColumns, sharesTitle: titleTwin.as("shares_title") })
    .from(businesses)
    .where("id" in key ? eq(businesses.id, key.id) : eq(businesses.slug, key.slug))
    .limit(1);
}

export function businessWithTitleTwinOf(
  rows: Array<{ business: StoredBusiness; sharesTitle: number }>,
): { business: Business; sharesTitle: boolean } | null {
  const row = rows[0];
  return row ? { business: toBusiness(row.business), sharesTitle: row.sharesTitle === 1 } : null;
}

/**
 * Resolves every link form of SPEC §2: the stored slug, `{slug}-{first 7 of placeId or id}` (the
 * city page's link) and, for old name-based links, `{name}-{suffix}` by the suffix's place_id
 * prefix or id. Each step is an index seek.
 */
export async function getBusinessBySlug(db: Db, value: string): Promise<Business | null> {
  const exact = isSlugAddress(value) ? await businessWhere(db, eq(businesses.slug, value)) : undefined;
  return exact ? toBusiness(exact) : businessByOlderSlug(db, value);
}

/**
 * Whether a /details/ address can name a business at all. No slug holds a control character;
 * without this, "/details/name%00-ChIJabc" would reach a business through the name match of
 * businessByOlderSlug and answer 200 at an address that is not one.
 */
export const isSlugAddress = (value: string) => !hasControlCharacters(value);

/** A business by the other link forms of getBusinessBySlug (its stored slug not matching). */
export async function businessByOlderSlug(db: Db, value: string): Promise<Business | null> {
  if (!isSlugAddress(value)) return null;
  const candidates = detailSlugCandidates(value);
  const ownSuffix = (r: StoredBusiness) => String(r.placeId || r.id).slice(0, 7);
  for (const { base, suffix } of candidates) {
    const row = await businessWhere(db, eq(businesses.slug, base));
    if (row && ownSuffix(row) === suffix) return toBusiness(row);
  }
  for (const { base, suffix } of candidates) {
    // Google place ids share their first characters ("ChIJ"), so the prefix alone is not selective:
    // bound the scan and let the name decide.
    const rows = await db.orm
      .select(storedColumns)
      .from(businesses)
      .where(
        or(
          and(gte(businesses.placeId, suffix), lt(businesses.placeId, sql`${suffix} || char(1114111)`)),
          eq(businesses.id, /^\d+$/.test(suffix) ? Number(suffix) : -1),
        ),
      )
      .limit(50);
    const wanted = slugify(base);
    const match = rows.find((r) => ownSuffix(r) === suffix && wanted !== "" && slugify(r.name) === wanted);
    if (match) return toBusiness(match);
  }
  return null;
}

/** The recommended order (rating weighted by review count) and the newest first; ties by id. */
const ORDER_BY: Record<ListSort, SQL[]> = {
  recommended: [desc(businesses.score), desc(businesses.id)],
  latest: [desc(businesses.createdAt), desc(businesses.id)],
};

/**
 * Rows read beyond the page so that closed businesses can be dropped from the recommended list:
 * closed ones are rare among the best scored, so a few spare rows fill the page in practice.
 */
const RECOMMENDED_SPARE_ROWS = 10;

/**
 * Top businesses by the recommended score (rating weighted by review count), without the ones
 * Google lists as temporarily or permanently closed. Read from the head of the score
 * order with a few spare rows, then filtered: O(page) whatever the directory's size, rather than a
 * status filter SQLite would apply while walking the index (unbounded if many top rows are closed).
 * If more than the spare rows are closed, the list is shorter, never slower.
 */
const recommendedHead = (db: Db, limit: number) =>
  db.orm
    .select(storedColumns)
    .from(businesses)
    .orderBy(...ORDER_BY.recommended)
    .limit(limit + RECOMMENDED_SPARE_ROWS);

const latestHead = (db: Db, limit: number) =>
  db.orm
    .select(storedColumns)
    .from(businesses)
    .orderBy(...ORDER_BY.latest)
    .limit(limit);

const openOnly = (rows: StoredBusiness[], limit: number) =>
  toBusinesses(rows.filter((row) => !isClosedStatus(row.businessStatus)).slice(0, limit));

export async function getRecommended(db: Db, limit: number): Promise<Business[]> {
  return openOnly(await recommendedHead(db, limit), limit);
}

export async function getLatest(db: Db, limit: number): Promise<Business[]> {
  return toBusinesses(await latestHead(db, limit));
}

/** The home page's two lists in one round trip of D1 (a batch), not one each. */
export async function getRecommendedAndLatest(db: Db, limit: number): Promise<{ recommended: Business[]; latest: Business[] }> {
  const [recommended, latest] = await db.orm.batch([recommendedHead(db, limit), latestHead(db, limit)]);
  return { recommended: openOnly(recommended, limit), latest: toBusinesses(latest) };
}

export type Scope = { kind: "all" } | { kind: "category" | "group" | "city"; slug: string };

/** Filter and list key (list-positions.server.ts) of a scope; null list = no positions kept, exact OFFSET. */
function scopeFilter(scope: Scope, sort: ListSort): { where: SQL | undefined; list: string | null } {
  switch (scope.kind) {
    case "all":
      return { where: undefined, list: sort === "latest" ? "latest" : "all" };
    case "category":
      return { where: eq(businesses.categorySlug, scope.slug), list: sort === "latest" ? null : `c:${scope.slug}` };
    case "group":
      return { where: eq(businesses.groupSlug, scope.slug), list: sort === "latest" ? null : `g:${scope.slug}` };
    case "city":
      return { where: eq(businesses.citySlug, scope.slug), list: sort === "latest" ? null : `city:${scope.slug}` };
  }
}

const SORT_KEY = { recommended: businesses.score, latest: businesses.createdAt } satisfies Record<ListSort, unknown>;

/**
 * One page of a scope from the list positions (list-positions.server.ts) in one D1 round trip,
 * which a page's opening carries in its batch (listPageReadAhead): the page (positionedPage) and
 * whether the lists are being rebuilt. `sort=latest` within a category, group or city keeps no
 * positions and reads its OFFSET, bounded by that scope's size (and so does every list while
 * site_stats.lists_need_rebuild is set: the lists are empty then).
 */
async function pageOfScope(
  db: Db,
  scope: Scope,
  sort: ListSort,
  limit: number,
  offset: number,
  ahead?: ReadAhead,
  orLast = false,
): Promise<StoredBusiness[]> {
  // The first page is the head of the scope's order index: one seek, without the positions
  // (and without site_stats): most visits of a listing are its first page (docs/perf/http.md).
  if (offset === 0) return scopeHead(db, scope, sort, limit);
  const { where, list } = scopeFilter(scope, sort);
  const byOffset = () =>
    db.orm
      .select(storedColumns)
      .from(businesses)
      .where(where)
      .orderBy(...ORDER_BY[sort])
      .limit(limit)
      .offset(offset);
  if (list === null) return byOffset();
  const [stats, rows] = await batchThrough(db, ahead, siteStatsQuery(db), positionedPage(db, where, sort, list, limit, offset, orLast));
  // While a delete-all runs (or until the lists are rebuilt after one stopped), no positions are kept.
  return orEmptyStats(stats[0]).listsNeedRebuild ? byOffset() : rows;
}

/**
 * A scope page's statements (pageOfScope's batch), for its opening's batch: the page then waits on
 * D1 no more. None for the first page or a list without positions.
 */
export function listPageReadAhead(db: Db, scope: Scope, sort: ListSort, limit: number, offset: number, orLast = false): ReadAheadPlan {
  const { where, list } = scopeFilter(scope, sort);
  return readAheadOf(
    offset === 0 || list === null ? [] : [siteStatsQuery(db), positionedPage(db, where, sort, list, limit, offset, orLast)],
  );
}

/**
 * `limit` businesses of a scope from entry `offset` of its list, in one statement: the block at or
 * before it from the list positions (listAnchorCte: three seeks), then the order index walked from
 * the block's start (under one block, whatever the offset) as two index seeks SQLite merges — the
 * start's key from its id down, then the keys below: a row value "(key, id) <= (…)" would only seek
 * by key and read every tie. D1 counts a row an entry, the skipped ones included. No rows past the
 * end, unless `orLast` asks for the last page there.
 */
function positionedPage(db: Db, where: SQL | undefined, sort: ListSort, list: string, limit: number, asked: number, orLast: boolean) {
  const key = SORT_KEY[sort];
  // Past the end, the last page: the list's size is its chapters' sum (a few rows), read once.
  const size = db.orm
    .$with("list_size", { n: sql<number>`n`.as("n") })
    .as(sql`SELECT coalesce(sum(entries), 0) AS n FROM list_chapters WHERE list = ${list}`);
  const pageSize = sql.raw(String(limit));
  const offset = orLast ? sql`min(${asked}, max(0, ((SELECT n FROM list_size) - 1) / ${pageSize} * ${pageSize}))` : asked;
  const anchor = listAnchorCte(db, list, offset);
  const from = (condition: SQL) => db.orm.select(storedColumns).from(businesses).where(and(where, condition));
  const skip = sql`coalesce(${offset} - (SELECT anchor_position FROM anchor), 0)` as unknown as number;
  return db.orm
    .with(...(orLast ? [size, anchor] : [anchor]))
    .select(storedColumns)
    .from(businesses)
    .where(and(where, eq(key, sql`(SELECT anchor_key FROM anchor)`), lte(businesses.id, sql`(SELECT anchor_id FROM anchor)`)))
    .unionAll(from(lt(key, sql`(SELECT anchor_key FROM anchor)`)))
    .orderBy(...ORDER_BY[sort])
    .limit(limit)
    .offset(skip);
}

/**
 * The first `limit` businesses of a scope, as a query not yet sent: the head of its order index,
 * one seek. A page that needs more than its list sends it in one batch with the rest (city-categories.server.ts).
 */
export function scopeHead(db: Db, scope: Scope, sort: ListSort, limit: number) {
  return db.orm
    .select(storedColumns)
    .from(businesses)
    .where(scopeFilter(scope, sort).where)
    .orderBy(...ORDER_BY[sort])
    .limit(limit);
}

export type CategoryScope = { kind: "category" | "group"; slug: string; name: string; count: number };

/**
 * The scope a category page's name names when it is a slug — a group's if one of the groups has it,
 * else a fine category's — or null when it can name none. findCategory also finds a group by its
 * display name; a page that batches its reads tries this first and asks findCategory only on a miss.
 */
export function categorySlugOf(name: string): { kind: CategoryScope["kind"]; slug: string } | null {
  // slugify would drop the control characters and find the category, and the page would then
  // show the address's own text ("Nice\u0000") in its title: such an address names nothing.
  if (hasControlCharacters(name)) return null;
  const slug = slugify(name);
  if (!slug) return null;
  return { kind: groupBySlug(slug) ? "group" : "category", slug };
}

/** A group's or a category's row, as a query not yet sent. */
export function categoryBySlug(db: Db, { kind, slug }: { kind: CategoryScope["kind"]; slug: string }) {
  const table = kind === "group" ? categoryGroups : categories;
  return db.orm.select({ slug: table.slug, name: table.name, count: table.businessCount }).from(table).where(eq(table.slug, slug)).limit(1);
}

/** A URL's category: a group slug ("restaurants") or a fine category ("italian-restaurant", "Italian restaurant"). */
export async function findCategory(db: Db, name: string): Promise<CategoryScope | null> {
  const slug = categorySlugOf(name)?.slug;
  if (!slug) return null;
  // The group and the category of the slug in one round trip; a group has the name first.
  const [[group], [category]] = await db.orm.batch([
    categoryBySlug(db, { kind: "group", slug }),
    categoryBySlug(db, { kind: "category", slug }),
  ]);
  if (group) return { kind: "group", ...group };
  if (category) return { kind: "category", ...category };
  // A group named by its display name ("Beauty & Wellness" → beauty-and-wellness) still resolves.
  const byName = groupBySlug(slug.replace(/-and-/g, "-"));
  if (byName) return findCategory(db, byName.slug);
  return null;
}

export type CityScope = { slug: string; name: string; count: number };

/** The slug a city page's name looks up, or null when the name can name no city. */
export function citySlugOf(name: string): string | null {
  // As for categories: "/city/Nice%00" is no city, not Nice with a NUL in its title.
  if (hasControlCharacters(name)) return null;
  return slugify(name) || null;
}

/** The city of a slug, as a query not yet sent (a page can batch it with its other reads). */
export function cityBySlug(db: Db, slug: string) {
  return db.orm.select().from(cities).where(eq(cities.slug, slug)).limit(1);
}

export function toCityScope(city: CityRow | undefined): CityScope | null {
  return city ? { slug: city.slug, name: city.name, count: city.businessCount } : null;
}

export async function findCity(db: Db, name: string): Promise<CityScope | null> {
  const slug = citySlugOf(name);
  return slug ? toCityScope((await cityBySlug(db, slug))[0]) : null;
}

/** A page of a scope (a category, a group, a city) in the recommended order; `ahead`: what its opening read of it (listPageReadAhead). */
export async function listScope(
  db: Db,
  scope: Scope,
  limit: number,
  offset: number,
  ahead?: ReadAhead,
  orLast = false,
): Promise<Business[]> {
  return toBusinesses(await pageOfScope(db, scope, "recommended", limit, offset, ahead, orLast));
}

/** A scope the API lists (a city, a group or a category): how many businesses it has and a page of them. */
type ScopeListing = { count: number; businesses: Business[] };

/**
 * GET /api/city/:name's answer: the city and its businesses from `offset`, or null when no city has the
 * name, in one round trip of D1: the city and the head of its order (or a deeper page's statements,
 * listPageReadAhead) in one batch — the slug is the name's.
 */
export async function listCity(db: Db, name: string, limit: number, offset: number): Promise<ScopeListing | null> {
  const slug = citySlugOf(name);
  if (!slug) return null;
  const scope = { kind: "city", slug } as const;
  // The first page's rows, or a deeper page's statements (listPageReadAhead), with the city.
  const deeper = listPageReadAhead(db, scope, "recommended", limit, offset);
  const [cityRows, headRows, ...aheadRows] = await db.orm.batch([
    cityBySlug(db, slug),
    scopeHead(db, scope, "recommended", offset === 0 ? limit : 0),
    ...deeper.statements,
  ]);
  const city = toCityScope(cityRows[0]);
  if (city && offset > 0) return { count: city.count, businesses: await listScope(db, scope, limit, offset, deeper.served(aheadRows)) };
  return city && { count: city.count, businesses: toBusinesses(headRows) };
}

/**
 * GET /api/category/:name's answer, as listCity's: a slug's group or category and the head of its
 * order (or a deeper page's first statements) in one batch. A name that is no slug ("Beauty &
 * Wellness") is found the long way (findCategory).
 */
export async function listCategory(db: Db, name: string, limit: number, offset: number): Promise<ScopeListing | null> {
  const named = categorySlugOf(name);
  if (!named) return null;
  // The first page's rows, or a deeper page's statements (listPageReadAhead), with the category.
  const deeper = listPageReadAhead(db, named, "recommended", limit, offset);
  const [rows, headRows, ...aheadRows] = await db.orm.batch([
    categoryBySlug(db, named),
    scopeHead(db, named, "recommended", offset === 0 ? limit : 0),
    ...deeper.statements,
  ]);
  if (rows[0]) {
    const businesses = offset === 0 ? toBusinesses(headRows) : await listScope(db, named, limit, offset, deeper.served(aheadRows));
    return { count: rows[0].count, businesses };
  }
  const category = await findCategory(db, name);
  return (
    category && { count: category.count, businesses: await listScope(db, { kind: category.kind, slug: category.slug }, limit, offset) }
  );
}

export type ListQuery = {
  limit: number;
  offset: number;
  /** An offset past the end serves the last page (the /businesses page; the API answers it empty), where the list positions can. */
  orLast?: boolean;
  search?: string;
  category?: string;
  sort: ListSort;
  /** has, openAt, openLate, open24h (parseAttributeFilters); absent: none. */
  attributes?: AttributeFilters;
  /** The filter choices' labels' locale (the API's: the source's). */
  locale?: string;
};

/** GET /api/businesses: a page plus totals, from summaries (no COUNT over businesses). */
export async function listBusinesses(db: Db, query: ListQuery): Promise<BusinessPage> {
  const { limit, offset, sort, locale = "en" } = query;
  const attributes = query.attributes ?? NO_ATTRIBUTE_FILTERS;
  const filtered = attributeFiltersActive(attributes);
  // Everything, or a category named by its slug: the total, the filter counts and the page in one round
  // trip of D1 — the first page's rows (most visits), or a deeper page's first statements
  // (listPageReadAhead), which then reads its rows. A category named otherwise is found first (findCategory).
  const named = query.category ? categorySlugOf(query.category) : null;
  if (!query.search && !filtered && (!query.category || named)) {
    const scope: Scope = named ?? { kind: "all" };
    const [access, others, times] = attributeCountQueries(db, attributeScope(scope));
    const deeper = listPageReadAhead(db, scope, sort, limit, offset, query.orLast);
    const [totals, head, accessRows, otherRows, timeRows, ...aheadRows] = await db.orm.batch([
      named ? categoryBySlug(db, named) : siteStatsQuery(db),
      scopeHead(db, scope, sort, offset === 0 ? limit : 0),
      access,
      others,
      times,
      ...deeper.statements,
    ]);
    const total = named
      ? (totals[0] as { count: number } | undefined)?.count
      : orEmptyStats(totals[0] as SiteStats | undefined).totalBusinesses;
    if (total !== undefined) {
      const counts = [accessRows, otherRows, timeRows] as const;
      const rows = offset === 0 ? head : await pageOfScope(db, scope, sort, limit, offset, deeper.served(aheadRows), query.orLast);
      return {
        businesses: toBusinesses(rows),
        totalCount: total,
        totalPages: Math.ceil(total / limit),
        filters: attributeChoices(counts, attributes, locale),
      };
    }
  }
  // Words in a category named by its slug: the search's facet is the slug, no look-up first (a slug
  // no business has matches nothing). A name that may be a group's display name is found first.
  if (query.search && (!named || !named.slug.includes("-and-") || named.kind === "group")) {
    if (query.category && !named)
      return { businesses: [], totalPages: 0, totalCount: 0, filters: choicesFromCounts([], attributes, locale) };
    return searchBusinesses(db, query.search, named ?? { kind: "all" }, query, attributes, locale);
  }
  let scope: Scope = { kind: "all" };
  let total: number | null = null;
  if (query.category) {
    const category = await findCategory(db, query.category);
    if (!category) return { businesses: [], totalPages: 0, totalCount: 0, filters: choicesFromCounts([], attributes, locale) };
    scope = { kind: category.kind, slug: category.slug };
    total = category.count;
  }
  if (query.search) return searchBusinesses(db, query.search, scope, query, attributes, locale);
  const choices = readAttributeChoices(db, attributeScope(scope), attributes, locale);
  if (filtered) {
    // Attribute filters: the scope's match, bounded (ADR 0031); its count exact or "1,000+".
    const listing: ListingScope =
      scope.kind === "city"
        ? { kind: "city", slug: scope.slug, name: scope.slug }
        : scope.kind === "all"
          ? scope
          : { kind: scope.kind, slug: scope.slug };
    const found = await filteredList(db, listing, attributes, sort, limit, offset);
    const page: BusinessPage = {
      businesses: toBusinesses(found.rows),
      totalCount: found.total,
      totalPages: Math.ceil(found.total / limit),
      filters: await choices,
    };
    return found.approximate ? { ...page, approximate: true, hasNext: found.hasNext } : page;
  }
  const rows = await pageOfScope(db, scope, sort, limit, offset);
  const count = total ?? (await siteStatsRow(db)).totalBusinesses;
  return { businesses: toBusinesses(rows), totalCount: count, totalPages: Math.ceil(count / limit), filters: await choices };
}

/** Full-text search within a scope: the /search matcher and ranking (search.server.ts). */
async function searchBusinesses(
  db: Db,
  text: string,
  scope: Scope,
  query: ListQuery,
  attributes: AttributeFilters,
  locale: string,
): Promise<BusinessPage> {
  const column = scope.kind === "category" ? "category_slug" : scope.kind === "group" ? "group_slug" : null;
  const found = await searchList(
    db,
    text,
    column && "slug" in scope ? { column, slug: scope.slug } : null,
    query.sort,
    query.limit,
    query.offset,
    attributes,
  );
  const page: BusinessPage = {
    businesses: toBusinesses(found.rows),
    totalCount: found.total,
    totalPages: Math.ceil(found.total / query.limit),
    filters: choicesFromRows(found.read, found.whole, attributes, locale),
  };
  return found.approximate ? { ...page, approximate: true, hasNext: found.hasNext } : page;
}

export type CountryCity = { name: string; state: string; country: string; businessCount: number };

/** /cities' page size: one page reads it and one row more. */
const CITIES_PAGE_SIZE = 200;

/** /cities' pager: its page, whether a page follows, the neighbours' cursors and the page's own cursor as its address carries it. */
export type CitiesPager = { page: number; hasNext: boolean; next: number | null; before: number | null; cursor: string | null };

/**
 * A page of /cities from its URL: page 1 by its number, every later page by its cursor, the key (rowid)
 * of the city next to it (a number alone, or a cursor that names no city any more, is page 1).
 */
export async function citiesPage(db: Db, params: URLSearchParams): Promise<{ cities: CountryCity[]; pager: CitiesPager }> {
  const raw = params.get("page");
  const asked = raw && /^\d+$/.test(raw) && Number(raw) >= 1 ? Math.min(Number(raw), 10_000) : 1;
  const at = asked > 1 ? pageCursorOf(params) : null;
  let page = at ? asked : 1;
  let { cities, hasMore } = await listCitiesByCountry(db, CITIES_PAGE_SIZE, at);
  if (at && cities.length === 0) {
    page = 1;
    ({ cities, hasMore } = await listCitiesByCountry(db, CITIES_PAGE_SIZE, null));
  }
  // A page read upward from the next page's first city has that page after it.
  const hasNext = (page > 1 && at !== null && "above" in at) || hasMore;
  const pager = {
    page,
    hasNext,
    next: hasNext && cities.length ? cities[cities.length - 1].key : null,
    before: page > 2 && cities.length ? cities[0].key : null,
    cursor: at !== null && page > 1 ? cursorParam(at) : null,
  };
  return { cities, pager };
}

/**
 * /cities: every city with businesses, grouped by country, A–Z, one page at a time through the
 * (country, name) index — a seek from the city next to the page, `limit` rows and one more, whatever
 * the page's depth (an OFFSET read every city before the page). Each city carries its key, the
 * neighbours' cursor; `hasMore` says whether a page follows (below a city) or precedes (above one).
 */
async function listCitiesByCountry(
  db: Db,
  limit: number,
  at: PageCursor | null,
): Promise<{ cities: Array<CountryCity & { key: number }>; hasMore: boolean }> {
  const key = sql<number>`${cityCountries}.rowid`;
  const columns = {
    name: cityCountries.name,
    state: cityCountries.state,
    country: cityCountries.country,
    businessCount: cityCountries.businessCount,
    key: key.as("key"),
  };
  const select = (where?: SQL) =>
    db.orm
      .select(columns)
      .from(cityCountries)
      .where(and(gt(cityCountries.businessCount, 0), where));
  let rows: Array<CountryCity & { key: number }>;
  if (at === null) {
    rows = await select()
      .orderBy(cityCountries.country, cityCountries.name, key)
      .limit(limit + 1);
  } else {
    // Two seeks of the (country, name) index SQLite merges: the rest of the cursor's country from its
    // name on (its namesakes told apart by their keys), then the countries after it. A row value
    // "(country, name) > (…)" of the cursor's would seek by country alone and read the country's
    // cities before the page.
    const after = "below" in at;
    const from = after ? at.below : at.above;
    const cursor = (column: "country" | "name") =>
      sql`(SELECT ${sql.raw(column)} FROM city_countries WHERE rowid = CAST(${from} AS INTEGER))`;
    const ahead = after ? sql`>` : sql`<`;
    const sameCountry = sql`${cityCountries.country} = ${cursor("country")} AND ${cityCountries.name} ${ahead}= ${cursor("name")}
      AND NOT (${cityCountries.name} = ${cursor("name")} AND ${key} ${after ? sql`<=` : sql`>=`} ${from})`;
    const order = after
      ? [asc(cityCountries.country), asc(cityCountries.name), asc(key)]
      : [desc(cityCountries.country), desc(cityCountries.name), desc(key)];
    rows = await select(sameCountry)
      .unionAll(select(sql`${cityCountries.country} ${ahead} ${cursor("country")}`))
      .orderBy(...order)
      .limit(limit + 1);
  }
  const page = rows.slice(0, limit);
  return {
    cities: at !== null && "above" in at ? page.reverse() : page,
    hasMore: rows.length > limit,
  };
}
