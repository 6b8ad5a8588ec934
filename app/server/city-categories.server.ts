/**
 * City × category pages (issue 20 item 4, docs/decisions/0020-indexing-and-city-categories.md):
 * "Dentists in Chicago" at /city/{city}/{category}. Counts come from the city_categories summary
 * (kept by the writer and the triggers), pages from the (city_slug, category_slug | group_slug,
 * score, id) indexes: every read is O(page).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { TopLink } from "~/components/top-links";
import { toBusiness, type Business } from "~/lib/business";
import { cityCategoryHeading } from "~/lib/city-category";
import { isListingIndexed, type IndexingRules } from "~/lib/indexing";
import { cityCategoryPath } from "~/lib/slug";
import { titleCaseFromSlug } from "~/lib/format";
import { businesses, cityCategories } from "#db/schema";
import type { Db } from "./db.server";
import { findCategory, findCity, storedColumns, type CategoryScope, type CityScope } from "./directory.server";

/**
 * The deepest page: OFFSET walks the order index, so the pages reach the first 1,000 businesses
 * of a combination (the city and the category pages list them all).
 */
export const CITY_CATEGORY_MAX_PAGE = 50;

export type CityCategoryScope = { city: CityScope; category: CategoryScope; count: number; heading: string };

/** The page of a city and a category, or null (404) when either is unknown or it has too few businesses. */
export async function findCityCategory(
  db: Db,
  cityName: string,
  categoryName: string,
  rules: IndexingRules,
): Promise<CityCategoryScope | null> {
  const [city, category] = await Promise.all([findCity(db, cityName), findCategory(db, categoryName)]);
  if (!city || !category) return null;
  const row = await db.orm
    .select({ count: cityCategories.businessCount })
    .from(cityCategories)
    .where(and(eq(cityCategories.citySlug, city.slug), eq(cityCategories.kind, category.kind), eq(cityCategories.slug, category.slug)))
    .get();
  const count = row?.count ?? 0;
  // Only where the page has value: below the listing minimum it does not exist.
  if (!isListingIndexed(count, rules)) return null;
  return { city, category, count, heading: cityCategoryHeading({ kind: category.kind, name: categoryNameOf(category) }, city.name) };
}

/** A category's display name: the stored one, or the slug's words for a group without one. */
const categoryNameOf = (category: CategoryScope) => category.name || titleCaseFromSlug(category.slug);

/** One page in the recommended order (score, then id, descending) through the pair's own index. */
export async function listCityCategoryBusinesses(db: Db, scope: CityCategoryScope, limit: number, offset: number): Promise<Business[]> {
  const column = scope.category.kind === "group" ? businesses.groupSlug : businesses.categorySlug;
  const rows = await db.orm
    .select(storedColumns)
    .from(businesses)
    .where(and(eq(businesses.citySlug, scope.city.slug), eq(column, scope.category.slug)))
    .orderBy(desc(businesses.score), desc(businesses.id))
    .limit(limit)
    .offset(offset);
  const now = new Date();
  return rows.map((r) => toBusiness(r, now));
}

/** The city page's links: its largest fine categories with a page of their own. */
export async function cityTopCategories(db: Db, citySlug: string, rules: IndexingRules, limit: number): Promise<TopLink[]> {
  const rows = await db.orm.all<{ slug: string; name: string; count: number; city: string }>(
    sql`SELECT cc.slug AS slug, cat.name AS name, cc.business_count AS count, c.name AS city
     FROM city_categories AS cc JOIN categories AS cat ON cat.slug = cc.slug JOIN cities AS c ON c.slug = cc.city_slug
     WHERE cc.city_slug = ${citySlug} AND cc.kind = 'category' AND cc.business_count >= ${Math.max(1, rules.indexMinListing)}
       AND cc.slug NOT IN (SELECT slug FROM category_groups)
     ORDER BY cc.business_count DESC, cc.slug LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    href: cityCategoryPath(r.city, r.slug),
    label: cityCategoryHeading({ kind: "category", name: r.name }, r.city),
    count: r.count,
  }));
}

/** The category page's links: the cities where it has most businesses, each with a page of its own. */
export async function categoryTopCities(db: Db, category: CategoryScope, rules: IndexingRules, limit: number): Promise<TopLink[]> {
  const rows = await db.orm.all<{ city: string; count: number }>(
    sql`SELECT c.name AS city, cc.business_count AS count
     FROM city_categories AS cc JOIN cities AS c ON c.slug = cc.city_slug
     WHERE cc.kind = ${category.kind} AND cc.slug = ${category.slug} AND cc.business_count >= ${Math.max(1, rules.indexMinListing)}
     ORDER BY cc.business_count DESC, cc.city_slug LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    href: cityCategoryPath(r.city, category.slug),
    label: cityCategoryHeading({ kind: category.kind, name: categoryNameOf(category) }, r.city),
    count: r.count,
  }));
}
