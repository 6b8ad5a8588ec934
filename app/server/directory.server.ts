/**
 * Public reads shared by the JSON API and the page loaders. Every query reads O(its page) rows:
 * totals come from the summary tables, pages from the dense rank columns (docs/decisions/0002).
 */
import { toBusiness, type Business, type BusinessDbRow } from "~/lib/business";
import { groupBySlug } from "~/lib/category-groups";
import { detailSlugCandidates, slugify } from "~/lib/slug";
import { hasControlCharacters } from "~/lib/untrusted-text";
import type { Db } from "./db.server";
import { searchList } from "./search.server";

const BUSINESS_COLUMNS = `id, place_id, slug, name, category, category_slug, group_slug, subtypes, description,
  address, city, state, zip_code, country, country_code, phone, email, website, rating, review_count,
  is_open, is_verified, photos, opening_hours, about, time_zone, latitude, longitude, location_link,
  business_status, seo_title, seo_description, canonical_url, unique_content, created_at, updated_at`;

const B_COLUMNS = BUSINESS_COLUMNS.split(",")
  .map((c) => `b.${c.trim()}`)
  .join(", ");

export type Statistics = { totalBusinesses: number; verifiedBusinesses: number; categories: number; totalCities: number };
export type PopularCity = { id: number; name: string; businessCount: number };
export type CategorySummary = { category: string; slug: string; businessCount: number };
export type CountrySummary = { country: string; code: string; businessCount: number };
export type BusinessPage = { businesses: Business[]; totalPages: number; totalCount: number };
export type ListSort = "recommended" | "latest";

type StatsRow = {
  total_businesses: number;
  verified_businesses: number;
  categories: number;
  total_cities: number;
  data_version: number;
  ranks_dirty: number;
};

async function statsRow(db: Db): Promise<StatsRow> {
  const row = await db.first<StatsRow>(
    "SELECT total_businesses, verified_businesses, categories, total_cities, data_version, ranks_dirty FROM site_stats WHERE id = 1",
  );
  return row ?? { total_businesses: 0, verified_businesses: 0, categories: 0, total_cities: 0, data_version: 0, ranks_dirty: 0 };
}

export async function getStatistics(db: Db): Promise<Statistics> {
  const s = await statsRow(db);
  return {
    totalBusinesses: s.total_businesses,
    verifiedBusinesses: s.verified_businesses,
    categories: s.categories,
    totalCities: s.total_cities,
  };
}

/** Changes on every admin write; public caches key on it. */
export async function getDataVersion(db: Db): Promise<number> {
  return (await statsRow(db)).data_version;
}

export async function getPopularCities(db: Db, limit: number): Promise<PopularCity[]> {
  const rows = await db.all<{ id: number; name: string; business_count: number }>(
    "SELECT id, name, business_count FROM cities WHERE business_count > 0 ORDER BY business_count DESC, name LIMIT ?1",
    [limit],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, businessCount: r.business_count }));
}

export async function getCategories(db: Db, limit: number, offset: number): Promise<CategorySummary[]> {
  const rows = await db.all<{ slug: string; name: string; business_count: number }>(
    "SELECT slug, name, business_count FROM categories WHERE business_count > 0 ORDER BY business_count DESC, name LIMIT ?1 OFFSET ?2",
    [limit, offset],
  );
  return rows.map((r) => ({ category: r.name, slug: r.slug, businessCount: r.business_count }));
}

export async function getCountries(db: Db, limit: number, offset: number): Promise<CountrySummary[]> {
  const rows = await db.all<{ name: string; code: string; business_count: number }>(
    "SELECT name, code, business_count FROM countries WHERE business_count > 0 ORDER BY business_count DESC, name LIMIT ?1 OFFSET ?2",
    [limit, offset],
  );
  return rows.map((r) => ({ country: r.name, code: r.code, businessCount: r.business_count }));
}

function mapRows(rows: BusinessDbRow[]): Business[] {
  const now = new Date();
  return rows.map((r) => toBusiness(r, now));
}

export async function getBusinessById(db: Db, id: number): Promise<Business | null> {
  const row = await db.first<BusinessDbRow>(`SELECT ${BUSINESS_COLUMNS} FROM businesses WHERE id = ?1`, [id]);
  return row ? toBusiness(row) : null;
}

/**
 * Resolves every link form of SPEC §2: the stored slug, `{slug}-{first 7 of placeId or id}` (the
 * city page's link) and, for old name-based links, `{name}-{suffix}` by the suffix's place_id
 * prefix or id. Each step is an index seek.
 */
export async function getBusinessBySlug(db: Db, value: string): Promise<Business | null> {
  // No slug holds a control character; without this, "/details/name%00-ChIJabc" would reach a
  // business through the name match below and answer 200 at an address that is not one.
  if (hasControlCharacters(value)) return null;
  const exact = await db.first<BusinessDbRow>(`SELECT ${BUSINESS_COLUMNS} FROM businesses WHERE slug = ?1`, [value]);
  if (exact) return toBusiness(exact);
  const candidates = detailSlugCandidates(value);
  const ownSuffix = (r: BusinessDbRow) => String(r.place_id || r.id).slice(0, 7);
  for (const { base, suffix } of candidates) {
    const row = await db.first<BusinessDbRow>(`SELECT ${BUSINESS_COLUMNS} FROM businesses WHERE slug = ?1`, [base]);
    if (row && ownSuffix(row) === suffix) return toBusiness(row);
  }
  for (const { base, suffix } of candidates) {
    // Google place ids share their first characters ("ChIJ"), so the prefix alone is not selective:
    // bound the scan and let the name decide.
    const rows = await db.all<BusinessDbRow>(
      `SELECT ${BUSINESS_COLUMNS} FROM businesses
       WHERE (place_id >= ?1 AND place_id < ?1 || char(1114111)) OR id = ?2
       LIMIT 50`,
      [suffix, /^\d+$/.test(suffix) ? Number(suffix) : -1],
    );
    const wanted = slugify(base);
    const match = rows.find((r) => ownSuffix(r) === suffix && wanted !== "" && slugify(r.name) === wanted);
    if (match) return toBusiness(match);
  }
  return null;
}

/** Top businesses by the recommended score (rating weighted by review count). */
export async function getRecommended(db: Db, limit: number): Promise<Business[]> {
  const rows = await db.all<BusinessDbRow>(
    `SELECT ${BUSINESS_COLUMNS} FROM businesses ORDER BY score DESC, id DESC LIMIT ?1`,
    [limit],
  );
  return mapRows(rows);
}

export async function getLatest(db: Db, limit: number): Promise<Business[]> {
  const rows = await db.all<BusinessDbRow>(
    `SELECT ${BUSINESS_COLUMNS} FROM businesses ORDER BY created_at DESC, id DESC LIMIT ?1`,
    [limit],
  );
  return mapRows(rows);
}

type Scope =
  | { kind: "all" }
  | { kind: "category"; slug: string; count: number }
  | { kind: "group"; slug: string; count: number }
  | { kind: "city"; slug: string; count: number };

type ScopeSql = { where: string; list: string | null; params: Array<string | number> };

/** Filter and ranked list (list_ranks key) of a scope; null list = no dense ranks, exact OFFSET. */
function scopeSql(scope: Scope, sort: ListSort): ScopeSql {
  switch (scope.kind) {
    case "all":
      return { where: "1 = 1", list: sort === "latest" ? "latest" : "all", params: [] };
    case "category":
      return { where: "category_slug = ?", list: sort === "latest" ? null : `c:${scope.slug}`, params: [scope.slug] };
    case "group":
      return { where: "group_slug = ?", list: sort === "latest" ? null : `g:${scope.slug}`, params: [scope.slug] };
    case "city":
      return { where: "city_slug = ?", list: sort === "latest" ? null : `city:${scope.slug}`, params: [scope.slug] };
  }
}

const ORDER_BY: Record<ListSort, string> = {
  recommended: "score DESC, id DESC",
  latest: "created_at DESC, id DESC",
};

/**
 * One page of a scope. While ranks are fresh, the page is the primary-key range (offset,
 * offset+limit] of the scope's list in list_ranks; right after a write (before the rank pass ran)
 * it falls back to an exact ORDER BY … OFFSET over the scope's covering index.
 */
async function pageOfScope(db: Db, scope: Scope, sort: ListSort, limit: number, offset: number, ranksDirty: boolean) {
  const { where, list, params } = scopeSql(scope, sort);
  if (ranksDirty || list === null) {
    return db.all<BusinessDbRow>(
      `SELECT ${BUSINESS_COLUMNS} FROM businesses WHERE ${where} ORDER BY ${ORDER_BY[sort]} LIMIT ? OFFSET ?`,
      [...params, limit, offset],
    );
  }
  return db.all<BusinessDbRow>(
    `SELECT ${B_COLUMNS} FROM list_ranks AS r JOIN businesses AS b ON b.id = r.business_id
     WHERE r.list = ? AND r.rank > ? AND r.rank <= ? ORDER BY r.rank`,
    [list, offset, offset + limit],
  );
}

export type CategoryScope = { kind: "category" | "group"; slug: string; name: string; count: number };

/** A URL's category: a group slug ("restaurants") or a fine category ("italian-restaurant", "Italian restaurant"). */
export async function findCategory(db: Db, name: string): Promise<CategoryScope | null> {
  // slugify would drop the control characters and find the category, and the page would then
  // show the address's own text ("Nice\u0000") in its title: such an address names nothing.
  if (hasControlCharacters(name)) return null;
  const slug = slugify(name);
  if (!slug) return null;
  const group = await db.first<{ slug: string; name: string; business_count: number }>(
    "SELECT slug, name, business_count FROM category_groups WHERE slug = ?1",
    [slug],
  );
  if (group) return { kind: "group", slug: group.slug, name: group.name, count: group.business_count };
  const category = await db.first<{ slug: string; name: string; business_count: number }>(
    "SELECT slug, name, business_count FROM categories WHERE slug = ?1",
    [slug],
  );
  if (category) return { kind: "category", slug: category.slug, name: category.name, count: category.business_count };
  // A group named by its display name ("Beauty & Wellness" → beauty-and-wellness) still resolves.
  const byName = groupBySlug(slug.replace(/-and-/g, "-"));
  if (byName) return findCategory(db, byName.slug);
  return null;
}

export type CityScope = { slug: string; name: string; count: number };

export async function findCity(db: Db, name: string): Promise<CityScope | null> {
  // As for categories: "/city/Nice%00" is no city, not Nice with a NUL in its title.
  if (hasControlCharacters(name)) return null;
  const slug = slugify(name);
  if (!slug) return null;
  const city = await db.first<{ slug: string; name: string; business_count: number }>(
    "SELECT slug, name, business_count FROM cities WHERE slug = ?1",
    [slug],
  );
  return city ? { slug: city.slug, name: city.name, count: city.business_count } : null;
}

export async function listCategoryBusinesses(db: Db, category: CategoryScope, limit: number, offset: number) {
  const s = await statsRow(db);
  const rows = await pageOfScope(db, { kind: category.kind, slug: category.slug, count: category.count }, "recommended", limit, offset, Boolean(s.ranks_dirty));
  return mapRows(rows);
}

export async function listCityBusinesses(db: Db, city: CityScope, limit: number, offset: number) {
  const s = await statsRow(db);
  const rows = await pageOfScope(db, { kind: "city", slug: city.slug, count: city.count }, "recommended", limit, offset, Boolean(s.ranks_dirty));
  return mapRows(rows);
}

export type ListQuery = { limit: number; offset: number; search?: string; category?: string; sort: ListSort };

/** GET /api/businesses: a page plus totals, from summaries (no COUNT over businesses). */
export async function listBusinesses(db: Db, query: ListQuery): Promise<BusinessPage> {
  const { limit, offset, sort } = query;
  const stats = await statsRow(db);
  let scope: Scope = { kind: "all" };
  let total = stats.total_businesses;
  if (query.category) {
    const category = await findCategory(db, query.category);
    if (!category) return { businesses: [], totalPages: 0, totalCount: 0 };
    scope = { kind: category.kind, slug: category.slug, count: category.count };
    total = category.count;
  }
  if (query.search) return searchBusinesses(db, query.search, scope, query);
  const rows = await pageOfScope(db, scope, sort, limit, offset, Boolean(stats.ranks_dirty));
  return { businesses: mapRows(rows), totalCount: total, totalPages: Math.ceil(total / limit) };
}

/** Full-text search within a scope: the /search matcher and ranking (search.server.ts). */
async function searchBusinesses(db: Db, text: string, scope: Scope, query: ListQuery): Promise<BusinessPage> {
  const column = scope.kind === "category" ? "category_slug" : scope.kind === "group" ? "group_slug" : null;
  const { rows, total } = await searchList(
    db,
    text,
    column && "slug" in scope ? { column, slug: scope.slug } : null,
    query.sort,
    query.limit,
    query.offset,
  );
  return { businesses: mapRows(rows), totalCount: total, totalPages: Math.ceil(total / query.limit) };
}

export type CountryCity = { name: string; state: string; country: string; businessCount: number };

/**
 * /cities (CLARIFICATIONS 3): every city with businesses, grouped by country, A–Z, one page at a
 * time through the (country, name) index; `hasMore` from one extra row instead of a COUNT.
 */
export async function listCitiesByCountry(db: Db, limit: number, offset: number): Promise<{ cities: CountryCity[]; hasMore: boolean }> {
  const rows = await db.all<{ name: string; state: string; country: string; business_count: number }>(
    `SELECT name, state, country, business_count FROM city_countries
     WHERE business_count > 0 ORDER BY country, name LIMIT ?1 OFFSET ?2`,
    [limit + 1, offset],
  );
  return {
    cities: rows.slice(0, limit).map((r) => ({ name: r.name, state: r.state, country: r.country, businessCount: r.business_count })),
    hasMore: rows.length > limit,
  };
}
