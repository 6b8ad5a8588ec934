import { env } from "cloudflare:workers";

const all = async (sql: string) => (await env.DB.prepare(sql).all()).results;

/** The statistics and summaries as the writer and the triggers keep them. */
export async function keptSummaries() {
  return {
    stats: await env.DB.prepare(
      "SELECT total_businesses, verified_businesses, categories, total_cities FROM site_stats WHERE id = 1",
    ).first(),
    categories: await all("SELECT slug, business_count AS n FROM categories WHERE business_count > 0 ORDER BY slug"),
    groups: await all("SELECT slug, business_count AS n FROM category_groups WHERE business_count > 0 ORDER BY slug"),
    cities: await all("SELECT slug, business_count AS n FROM cities WHERE business_count > 0 ORDER BY slug"),
    countries: await all("SELECT name, business_count AS n FROM countries WHERE business_count > 0 ORDER BY name"),
    cityCategories: await all(
      "SELECT city_slug, kind, slug, business_count AS n FROM city_categories WHERE business_count > 0 ORDER BY city_slug, kind, slug",
    ),
    fts: await env.DB.prepare("SELECT count(*) AS n FROM businesses_fts").first(),
  };
}

/** The same figures recomputed from the businesses table (fine in a test; never at request time). */
export async function recomputedSummaries() {
  return {
    stats: await env.DB.prepare(
      `SELECT count(*) AS total_businesses, coalesce(sum(is_verified), 0) AS verified_businesses,
        count(DISTINCT nullif(category_slug, '')) AS categories, count(DISTINCT nullif(city_slug, '')) AS total_cities
       FROM businesses`,
    ).first(),
    categories: await all("SELECT category_slug AS slug, count(*) AS n FROM businesses WHERE category_slug <> '' GROUP BY 1 ORDER BY 1"),
    groups: await all("SELECT group_slug AS slug, count(*) AS n FROM businesses GROUP BY 1 ORDER BY 1"),
    cities: await all("SELECT city_slug AS slug, count(*) AS n FROM businesses WHERE city_slug <> '' GROUP BY 1 ORDER BY 1"),
    countries: await all("SELECT country AS name, count(*) AS n FROM businesses WHERE country <> '' GROUP BY 1 ORDER BY 1"),
    cityCategories: await all(
      `SELECT city_slug, 'category' AS kind, category_slug AS slug, count(*) AS n FROM businesses
         WHERE city_slug <> '' AND category_slug <> '' GROUP BY 1, 3
       UNION ALL
       SELECT city_slug, 'group', group_slug, count(*) FROM businesses WHERE city_slug <> '' AND group_slug <> '' GROUP BY 1, 3
       ORDER BY 1, 2, 3`,
    ),
    fts: await env.DB.prepare("SELECT count(*) AS n FROM businesses").first(),
  };
}
