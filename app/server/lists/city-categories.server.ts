/**
 * City × category pages (docs/decisions/0020-indexing-and-city-categories.md):
 * "Dentists in Chicago" at /city/{city}/{category}. Counts come from the city_categories summary
 * (kept by the writer and the triggers), pages from the (city_slug, category_slug | group_slug,
 * score, id) indexes: every read is O(page).
 */
import { and, desc, eq, gte, notInArray, sql } from "drizzle-orm";
import type { TopLink } from "#app/components/top-links";
import { toBusinesses, type Business, type StoredBusiness } from "#app/lib/business/business";
import { cityCategoryHeading } from "#app/lib/business/city-category";
import { isListingIndexed, type IndexingRules } from "#app/lib/seo/indexing";
import { cityCategoryPath } from "#app/lib/business/slug";
import { titleCaseFromSlug } from "#app/lib/format";
import { i18nFor } from "#app/lib/i18n/i18n";
import { labelOf } from "#app/lib/i18n/labels";
import { businesses, categories, categoryGroups, cities, cityCategories } from "#db/schema";
import type { Db } from "#app/server/platform/db.server";
import type { ListingScope, ListingSizes } from "#app/server/search/search.server";
import { seekFrom } from "#app/server/search/candidates.server";
import { readAheadOf, readThrough, type ReadAhead, type ReadAheadPlan } from "#app/server/platform/read-ahead.server";
import {
  categoryBySlug,
  categorySlugOf,
  cityBySlug,
  citySlugOf,
  findCategory,
  findCity,
  scopeHead,
  storedColumns,
  toCityScope,
  type CategoryScope,
  type CityScope,
} from "#app/server/lists/directory.server";
import { featuredQuery, pickFeatured } from "#app/server/lists/featured.server";
import { attributeCountQueries } from "#app/server/lists/attribute-counts.server";
import { attributeScope, type PageCursor } from "#app/lib/search/listing-filters";
import type { AttributeCountRow } from "#app/lib/search/filter-choices";

/**
 * The pages of a city × category addressed by their number: OFFSET walks the pair's order index, a
 * row read an entry skipped, so the deepest reads 200 entries. Past it the pager links each page by
 * its cursor (`after=`, `before=`): a seek on the index from the business next to it (pairPageQuery),
 * so every business of a big pair is listed at the cost of one page. A deeper number alone is
 * answered with this page.
 */
export const CITY_CATEGORY_NUMBERED_PAGES = 10;

/**
 * Where a city × category's page starts: its `offset` by number (past the end, the last page), or
 * `below` the previous page's last business (`after=`), or just above the next page's first (`before=`).
 */
export type PairPageAt = { offset: number } | PageCursor;

/**
 * What a listing page's opening read found (listing-page.server.ts): its scope, how many businesses it
 * lists, and its first page when that was asked for (null: not read).
 */
export type OpenedListing = {
  scope: ListingScope;
  count: number;
  head: Business[] | null;
  /** With the first page: this hour's featured businesses of the scope (featured.server.ts), shown first; else none. */
  featured: Business[];
  /** The scope's filter counts (attribute-counts.server.ts), read in the same batch; null: not read. */
  counts: AttributeCounts | null;
  /** A filtered page's first statements, read in the same batch for the scope the URL named (Opening's `ahead`); absent: none. */
  ahead?: ReadAhead;
  /** A city × category's sizes (the city's, the category's, the pair's), read in the same batch: they choose its filtered window's index (listingSearch). */
  sizes?: ListingSizes;
};

/**
 * A filtered page's first statements for a scope (listingReadAhead), planned by the page before its
 * opening: the opening sends them in its batch, for the scope its URL names, and hands their rows
 * back as `ahead` when it opened that scope.
 */
export type PlanAhead = (scope: ListingScope) => ReadAheadPlan;

/** The rows of attributeCountQueries' three statements. */
type AttributeCounts = readonly [AttributeCountRow[], AttributeCountRow[], AttributeCountRow[]];

/** `heading`: the page's name in its locale ("Dentists in Chicago", "Quán cà phê tại Hue"). */
export type CityCategoryScope = { city: CityScope; category: CategoryScope; count: number; heading: string };

type CategoryNamed = { kind: CategoryScope["kind"]; slug: string };

/** The page of a city and a category, or null (404) when either is unknown or it has too few businesses. */
async function findCityCategory(
  db: Db,
  cityName: string,
  categoryName: string,
  rules: IndexingRules,
  locale: string,
): Promise<CityCategoryScope | null> {
  const [city, category] = await Promise.all([findCity(db, cityName), findCategory(db, categoryName)]);
  if (!city || !category) return null;
  const [row] = await pairCount(db, city.slug, category);
  return pairScope(city, category, row?.count ?? 0, rules, locale);
}

/**
 * The city × category page's scope and its first page in one D1 round trip (a batch), as
 * openCityPage does for a city: the city, the category, the pair's count and the head of its order.
 * A category name that is no slug is found the long way (findCityCategory), its first page later.
 * Null: no such page.
 */
export async function openCityCategoryPage(
  db: Db,
  cityName: string,
  categoryName: string,
  {
    rules,
    headSize,
    locale,
    selected = [],
    ahead,
  }: { rules: IndexingRules; headSize: number; locale: string; selected?: readonly string[]; ahead?: PlanAhead },
): Promise<(OpenedListing & { pair: CityCategoryScope }) | null> {
  const citySlug = citySlugOf(cityName);
  const named = categorySlugOf(categoryName);
  if (!citySlug || !named) return null;
  const now = new Date();
  const [access, others, times] = attributeCountQueries(
    db,
    attributeScope({ kind: "city-category", city: { slug: citySlug }, category: named }),
    selected,
  );
  const planned = ahead?.({ kind: "city-category", city: { slug: citySlug, name: cityName }, category: named });
  const [cityRows, categoryRows, countRows, headRows, featuredRows, accessRows, otherRows, timeRows, ...aheadRows] = await db.orm.batch([
    cityBySlug(db, citySlug),
    categoryBySlug(db, named),
    pairCount(db, citySlug, named),
    pairPage(db, citySlug, named, headSize, 0),
    featuredQuery(db, { city: citySlug, category: named }, now, headSize),
    access,
    others,
    times,
    ...(planned?.statements ?? []),
  ]);
  const city = toCityScope(cityRows[0]);
  const row = categoryRows[0];
  if (city && row) {
    const category = { kind: named.kind, slug: row.slug, name: row.name, count: row.count };
    const pair = pairScope(city, category, countRows[0]?.count ?? 0, rules, locale);
    if (!pair) return null;
    return {
      ...openedPair(pair, toBusinesses(headRows), pickFeatured(featuredRows, now), [accessRows, otherRows, timeRows]),
      ...(planned ? { ahead: planned.served(aheadRows), sizes: { city: city.count, category: category.count, pair: pair.count } } : {}),
    };
  }
  const pair = await findCityCategory(db, cityName, categoryName, rules, locale);
  return pair ? openedPair(pair, null, [], null) : null;
}

function openedPair(
  pair: CityCategoryScope,
  head: Business[] | null,
  featured: Business[],
  counts: AttributeCounts | null,
): OpenedListing & { pair: CityCategoryScope } {
  const { city, category, count } = pair;
  const scope = {
    kind: "city-category",
    city: { slug: city.slug, name: city.name },
    category: { kind: category.kind, slug: category.slug },
  } as const;
  return { pair, scope, count, head, featured, counts };
}

const pairCount = (db: Db, citySlug: string, category: CategoryNamed) =>
  db.orm
    .select({ count: cityCategories.businessCount })
    .from(cityCategories)
    .where(and(eq(cityCategories.citySlug, citySlug), eq(cityCategories.kind, category.kind), eq(cityCategories.slug, category.slug)))
    .limit(1);

/** One page in the recommended order (score, then id, descending) through the pair's own index. */
const pairPage = (db: Db, citySlug: string, category: CategoryNamed, limit: number, offset: number) =>
  db.orm
    .select(storedColumns)
    .from(businesses)
    .where(pairWhere(citySlug, category))
    .orderBy(desc(businesses.score), desc(businesses.id))
    .limit(limit)
    .offset(offset);

const pairWhere = (citySlug: string, category: CategoryNamed) =>
  and(eq(businesses.citySlug, citySlug), eq(category.kind === "group" ? businesses.groupSlug : businesses.categorySlug, category.slug));

/**
 * A page of a city × category from where it starts (PairPageAt), one statement on the pair's index:
 * by OFFSET, past the end the last page (the pair's size from its summary row); by a cursor, a seek
 * from the (score, id) of the business next to the page — one row read an entry, and one for the
 * cursor's. Above a cursor the rows come nearest first (listCityCategoryBusinesses turns them).
 */
function pairPageQuery(db: Db, citySlug: string, category: CategoryNamed, limit: number, at: PairPageAt) {
  if ("offset" in at) {
    const size = sql`(SELECT ${cityCategories.businessCount} FROM ${cityCategories} WHERE ${cityCategories.citySlug} = ${citySlug}
      AND ${cityCategories.kind} = ${category.kind} AND ${cityCategories.slug} = ${category.slug})`;
    const last = sql`max(0, (coalesce(${size}, 0) - 1) / ${sql.raw(String(limit))} * ${sql.raw(String(limit))})`;
    return pairPage(db, citySlug, category, limit, sql`min(${at.offset}, ${last})` as unknown as number);
  }
  const seek = "below" in at ? seekFrom(businesses, at.below, "below") : seekFrom(businesses, at.above, "above");
  return db.orm
    .select(storedColumns)
    .from(businesses)
    .where(and(pairWhere(citySlug, category), seek.where))
    .orderBy(...seek.orderBy)
    .limit(limit);
}

function pairScope(
  city: CityScope,
  category: CategoryScope,
  count: number,
  rules: IndexingRules,
  locale: string,
): CityCategoryScope | null {
  // Only where the page has value: below the listing minimum it does not exist.
  if (!isListingIndexed(count, rules)) return null;
  return { city, category, count, heading: cityCategoryTitle(category, city.name, locale) };
}

/** A category's name in `locale`: its label (labelOf), the display name in the source locale. */
export function categoryLabelOf(category: { name: string; slug: string }, locale: string): string {
  return labelOf(locale, "category", categoryNameOf(category));
}

/**
 * A label inside a sentence: its first letter lowercased ("Cafetería" → "cafetería"), unless the word
 * is an acronym ("BBQ"). English keeps SPEC's capitals ("Discover quality Dentist businesses").
 */
export function inSentence(label: string, locale: string): string {
  if (locale.split("-")[0] === "en") return label;
  const [first = "", second = ""] = [...label];
  return second && second === second.toLocaleUpperCase(locale) ? label : first.toLocaleLowerCase(locale) + label.slice(first.length);
}

/** A category's display name: the stored one, or the slug's words for a group without one. */
const categoryNameOf = (category: { name: string; slug: string }) => category.name || titleCaseFromSlug(category.slug);

/**
 * A city × category page's name in `locale`: "Dentists in Chicago" in English (cityCategoryHeading),
 * elsewhere the category's label and the city ("Quán cà phê tại Hue").
 */
function cityCategoryTitle(category: { kind: CategoryScope["kind"]; name: string; slug: string }, city: string, locale: string): string {
  // English names the category's plural ("Dentists"); other languages say it with the label.
  if (locale.split("-")[0] === "en") return cityCategoryHeading({ kind: category.kind, name: categoryNameOf(category) }, city);
  return i18nFor(locale)._("cityCategory.heading", { category: categoryLabelOf(category, locale), city });
}

/** A page of a city × category; `ahead`: what its opening read of it (cityCategoryPageReadAhead). */
export async function listCityCategoryBusinesses(
  db: Db,
  pair: { city: { slug: string }; category: CategoryNamed },
  limit: number,
  at: PairPageAt,
  ahead?: ReadAhead,
): Promise<Business[]> {
  const rows = toBusinesses(await readThrough(ahead, pairPageQuery(db, pair.city.slug, pair.category, limit, at)));
  return "above" in at ? rows.reverse() : rows;
}

/** A city × category page's rows, for its opening's batch: the page then waits on D1 once. */
export function cityCategoryPageReadAhead(
  db: Db,
  pair: { city: { slug: string }; category: CategoryNamed },
  limit: number,
  at: PairPageAt,
): ReadAheadPlan {
  return readAheadOf([pairPageQuery(db, pair.city.slug, pair.category, limit, at)]);
}

/**
 * The city page's links, as a query not yet sent: its largest fine categories with a page of their
 * own. A query builder, not sql``: drizzle's D1 batch cannot carry a sql`` with parameters.
 */
function cityTopCategoriesQuery(db: Db, citySlug: string, rules: IndexingRules, limit: number) {
  return (
    db.orm
      // The city's name comes from the city's own row, read in the same batch: no join (a row read per link).
      .select({ slug: cityCategories.slug, name: categories.name, count: cityCategories.businessCount })
      .from(cityCategories)
      .innerJoin(categories, eq(categories.slug, cityCategories.slug))
      .where(
        and(
          eq(cityCategories.citySlug, citySlug),
          eq(cityCategories.kind, "category"),
          gte(cityCategories.businessCount, Math.max(1, rules.indexMinListing)),
          notInArray(cityCategories.slug, db.orm.select({ slug: categoryGroups.slug }).from(categoryGroups)),
        ),
      )
      .orderBy(desc(cityCategories.businessCount), cityCategories.slug)
      .limit(limit)
  );
}

function toCityTopLinks(city: string, rows: Array<{ slug: string; name: string; count: number }>, locale: string): TopLink[] {
  return rows.map((r) => ({
    href: cityCategoryPath(city, r.slug),
    label: cityCategoryTitle({ kind: "category", name: r.name, slug: r.slug }, city, locale),
    count: r.count,
  }));
}

/**
 * What a page's opening batch needs: the indexing rules, how many top links, how many cards (0: not
 * the first page), and the page's locale (the links' labels).
 */
/** `selected`: the attribute slugs the visitor chose (their counts are read by key). */
type Opening = { rules: IndexingRules; top: number; headSize: number; locale: string; selected?: readonly string[]; ahead?: PlanAhead };

/**
 * What a city page reads before any deeper page of its list, in one D1 round trip (a batch): the
 * city, its largest categories and — for the first page, most visits — the head of its order too.
 * One after another they were three round trips: each a wait on D1 in production, and 1–2 ms of
 * workerd's one thread locally (docs/perf/http.md). Null: no such city.
 */
export async function openCityPage(
  db: Db,
  name: string,
  { rules, top, headSize, locale, selected = [], ahead }: Opening,
): Promise<(OpenedListing & { city: CityScope; topCategories: TopLink[] }) | null> {
  const slug = citySlugOf(name);
  if (!slug) return null;
  const now = new Date();
  const [access, others, times] = attributeCountQueries(db, attributeScope({ kind: "city", slug }), selected);
  const planned = ahead?.({ kind: "city", slug, name });
  const [cityRows, topRows, headRows, featuredRows, accessRows, otherRows, timeRows, ...aheadRows] = await db.orm.batch([
    cityBySlug(db, slug),
    cityTopCategoriesQuery(db, slug, rules, top),
    scopeHead(db, { kind: "city", slug }, "recommended", headSize),
    featuredQuery(db, { city: slug }, now, headSize),
    access,
    others,
    times,
    ...(planned?.statements ?? []),
  ]);
  const city = toCityScope(cityRows[0]);
  if (!city) return null;
  const scope = { kind: "city", slug: city.slug, name: city.name } as const;
  return {
    city,
    topCategories: toCityTopLinks(city.name, topRows, locale),
    scope,
    count: city.count,
    head: toBusinesses(headRows),
    featured: pickFeatured(featuredRows, now),
    counts: [accessRows, otherRows, timeRows],
    ...(planned ? { ahead: planned.served(aheadRows) } : {}),
  };
}

/** The category page's links, as a query not yet sent: the cities where it has most businesses, each with a page of its own. */
function categoryTopCitiesQuery(db: Db, category: { kind: CategoryScope["kind"]; slug: string }, rules: IndexingRules, limit: number) {
  return db.orm
    .select({ city: cities.name, count: cityCategories.businessCount })
    .from(cityCategories)
    .innerJoin(cities, eq(cities.slug, cityCategories.citySlug))
    .where(
      and(
        eq(cityCategories.kind, category.kind),
        eq(cityCategories.slug, category.slug),
        gte(cityCategories.businessCount, Math.max(1, rules.indexMinListing)),
      ),
    )
    .orderBy(desc(cityCategories.businessCount), cityCategories.citySlug)
    .limit(limit);
}

function toCategoryTopLinks(category: CategoryScope, rows: Array<{ city: string; count: number }>, locale: string): TopLink[] {
  return rows.map((r) => ({
    href: cityCategoryPath(r.city, category.slug),
    label: cityCategoryTitle(category, r.city, locale),
    count: r.count,
  }));
}

/**
 * What a category page reads before any deeper page of its list, in one D1 round trip as for a city
 * (openCityPage): the group or category, the cities where it has most businesses and, for the first
 * page, the head of its order. A name that is not a slug ("Beauty & Wellness") is found first and
 * costs one round trip more. Null: no such category.
 */
export async function openCategoryPage(
  db: Db,
  name: string,
  { rules, top, headSize, locale, selected = [], ahead }: Opening,
): Promise<(OpenedListing & { category: CategoryScope; topCities: TopLink[] }) | null> {
  const named = categorySlugOf(name);
  if (!named) return null;
  const now = new Date();
  const [access, others, times] = attributeCountQueries(db, attributeScope(named), selected);
  const planned = ahead?.(named);
  const [rows, topRows, headRows, featuredRows, accessRows, otherRows, timeRows, ...aheadRows] = await db.orm.batch([
    categoryBySlug(db, named),
    categoryTopCitiesQuery(db, named, rules, top),
    scopeHead(db, named, "recommended", headSize),
    featuredQuery(db, { category: named }, now, headSize),
    access,
    others,
    times,
    ...(planned?.statements ?? []),
  ]);
  const row = rows[0];
  if (row) {
    const category = { kind: named.kind, slug: row.slug, name: row.name, count: row.count };
    const counts = [accessRows, otherRows, timeRows] as const;
    return {
      ...openedCategory(category, topRows, headRows, pickFeatured(featuredRows, now), counts, locale),
      ...(planned ? { ahead: planned.served(aheadRows) } : {}),
    };
  }
  const category = await findCategory(db, name);
  if (!category) return null;
  const [otherAccess, otherOthers, otherTimes] = attributeCountQueries(db, attributeScope(category), selected);
  const [otherTopRows, otherHeadRows, otherFeaturedRows, ...otherCounts] = await db.orm.batch([
    categoryTopCitiesQuery(db, category, rules, top),
    scopeHead(db, category, "recommended", headSize),
    featuredQuery(db, { category }, now, headSize),
    otherAccess,
    otherOthers,
    otherTimes,
  ]);
  return openedCategory(category, otherTopRows, otherHeadRows, pickFeatured(otherFeaturedRows, now), otherCounts, locale);
}

function openedCategory(
  category: CategoryScope,
  topRows: Array<{ city: string; count: number }>,
  headRows: StoredBusiness[],
  featured: Business[],
  counts: AttributeCounts,
  locale: string,
): OpenedListing & { category: CategoryScope; topCities: TopLink[] } {
  const scope = { kind: category.kind, slug: category.slug };
  return {
    category,
    topCities: toCategoryTopLinks(category, topRows, locale),
    scope,
    count: category.count,
    head: toBusinesses(headRows),
    featured,
    counts,
  };
}
