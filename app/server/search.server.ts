/**
 * The search engine behind /search, /api/search and /api/businesses?search=.
 *
 * Every filter a visitor can set except "open now" is an FTS facet (migration
 * 20261122215431_search_facets, docs/decisions/0007-search-facets.md): the location text is resolved
 * through the summary tables into city, state, country or postal-code tokens, and the category and
 * minimum rating become tokens too. So the FTS match is exactly the result set, and a plan only has to
 * put it in order and read the page's rows:
 *
 * - relevance with text: FTS5 bm25 (weights in RANK_FUNCTION) in rank order, joined to `businesses`
 *   for the first page + TIE_SLACK rows only; ties are broken by the recommended score.
 * - a location and nothing else: the location's (column, score, id) index, read to the page.
 * - any other order (rating, reviews, or score with category/rating filters): the match is counted
 *   (FTS only) up to √(want · businesses). A smaller match is read whole and sorted; a larger one is
 *   dense enough that walking the order's index and probing the match finds the page within about
 *   the same number of index entries. Either way at most ~2√(want · N) rows, exact.
 * - open now is computed in JS from hours and time zone (app/lib/hours.ts): the plan's ids are read
 *   in order and their rows fetched in growing chunks until the page is full of open businesses.
 */
import { isOpenNow, toBusiness, type Business, type BusinessDbRow } from "~/lib/business";
import { groupBySlug } from "~/lib/category-groups";
import { countryCode } from "~/lib/countries";
import { regionCode, splitLocation } from "~/lib/locations";
import { SEARCH_PAGE_SIZE, type SearchParams } from "~/lib/search-params";
import { andQuery, buildFtsQuery, facetsQuery, facetToken, minRatingFacets, RANK_FUNCTION } from "~/lib/search-query";
import { slugify } from "~/lib/slug";
import type { Db } from "./db.server";

const COLUMNS = `id, place_id, slug, name, category, category_slug, group_slug, subtypes, description,
  address, city, state, zip_code, country, country_code, phone, email, website, rating, review_count,
  score, is_open, is_verified, photos, opening_hours, about, time_zone, latitude, longitude, location_link,
  business_status, seo_title, seo_description, canonical_url, unique_content, created_at, updated_at`
  .split(",")
  .map((c) => `b.${c.trim()}`)
  .join(", ");

/** Rows beyond the page kept so that relevance ties at the page's edge are still broken by score. */
const TIE_SLACK = 20;
/** Ids taken from a plan per round while "open now" filters in JS. */
const OPEN_NOW_IDS = 1000;
/** Rows fetched by the first open-now chunk; each next chunk doubles. */
const OPEN_NOW_FIRST_CHUNK = 60;

type SqlValue = string | number;
type Predicates = { where: string[]; params: SqlValue[] };

export type ResolvedLocation = Predicates & {
  /** What the visitor typed, tidied ("Chicago, IL"). */
  label: string;
  /** The same place as FTS facet expressions (AND-ed). */
  facets: string[];
  /** The most selective place named: its index lists the location in recommended order. */
  driving: Place;
};

async function exists(db: Db, sql: string, params: SqlValue[]): Promise<boolean> {
  return (await db.first<{ one: number }>(sql, params)) !== null;
}

function stateCodeExists(db: Db, code: string) {
  return exists(db, "SELECT 1 AS one FROM businesses WHERE state_code = ?1 LIMIT 1", [code]);
}

function cityExists(db: Db, slug: string) {
  return slug ? exists(db, "SELECT 1 AS one FROM cities WHERE slug = ?1 AND business_count > 0", [slug]) : Promise.resolve(false);
}

/**
 * A place the location text names: its column, its facet, the (column, score, id) index that lists it,
 * and the summary query that counts its businesses (none for states and postal codes).
 */
type Place = { column: string; value: string; facet: string; index: string; sizeSql: string | null };

const place = {
  zip: (v: string): Place => ({ column: "b.zip_code", value: v, facet: facetToken("zip", v), index: "businesses_zip_score_idx", sizeSql: null }),
  city: (v: string): Place => ({
    column: "b.city_slug",
    value: v,
    facet: facetToken("city", v),
    index: "businesses_city_score_idx",
    sizeSql: "SELECT business_count AS n FROM cities WHERE slug = ?1",
  }),
  state: (v: string): Place => ({ column: "b.state_code", value: v, facet: facetToken("state", v), index: "businesses_state_score_idx", sizeSql: null }),
  country: (v: string): Place => ({
    column: "b.country_code",
    value: v,
    facet: facetToken("country", v),
    index: "businesses_country_score_idx",
    sizeSql: "SELECT coalesce(sum(business_count), 0) AS n FROM countries WHERE code = ?1",
  }),
};

/** A qualifier after the first comma: a state (code or name) or a country (name or code). */
async function qualifier(db: Db, text: string): Promise<Place | null> {
  const upper = text.toUpperCase();
  if (/^[A-Z]{2,3}$/.test(upper) && (await stateCodeExists(db, upper))) return place.state(upper);
  const region = regionCode(text);
  if (region) return place.state(region);
  const country = countryCode(text);
  if (country) return place.country(country);
  return null;
}

/** Most selective first: the location's listing reads this column's index. */
const DRIVING_ORDER = ["b.zip_code", "b.city_slug", "b.state_code", "b.country_code"];

/**
 * Location text → facets and indexed predicates, or null when it names nothing we know (the search
 * is then empty rather than silently unfiltered). Accents and case do not matter: cities compare by slug.
 */
export async function resolveLocation(db: Db, text: string): Promise<ResolvedLocation | null> {
  const found = await readLocation(db, text);
  if (!found) return null;
  const { label, places } = found;
  const driving = DRIVING_ORDER.map((c) => places.find((p) => p.column === c)).find(Boolean) as Place;
  return {
    label,
    facets: places.map((p) => p.facet),
    // With no table statistics SQLite may pick the state's index for "Chicago, IL"; a unary `+`
    // keeps the other predicates off their indexes so the most selective one drives.
    where: places.map((p) => `${p === driving ? "" : "+"}${p.column} = ?`),
    params: places.map((p) => p.value),
    driving,
  };
}

async function readLocation(db: Db, text: string): Promise<{ label: string; places: Place[] } | null> {
  const { parts, postalCode } = splitLocation(text);
  const label = [...parts, postalCode].filter(Boolean).join(", ");
  const places: Place[] = postalCode ? [place.zip(postalCode)] : [];
  const found = () => (places.length ? { label, places } : null);
  if (parts.length === 0) return found();

  const [first, ...rest] = parts;
  for (const q of rest) {
    const p = await qualifier(db, q);
    if (!p) return null;
    places.push(p);
  }
  const slug = slugify(first);
  if (await cityExists(db, slug)) {
    places.push(place.city(slug));
    return found();
  }
  // Not a city: a state or a country on its own ("Illinois", "IL", "Switzerland").
  if (rest.length === 0) {
    const p = await qualifier(db, first);
    if (p) {
      places.push(p);
      return found();
    }
  }
  return postalCode ? found() : null;
}

/** A category filter as a facet: a group slug ("restaurants") or a fine category ("italian-restaurant"). */
export function categoryFacet(category: string): string | null {
  const slug = slugify(category);
  if (!slug) return null;
  return facetToken(groupBySlug(slug) ? "group" : "category", slug);
}

type Candidate = BusinessDbRow & { score: number; relevance: number };

/** Relevance to two decimals: a closer difference than that counts as a tie. */
function tier(relevance: number): number {
  return Math.round(relevance * 100);
}

/** The orders a plan can produce, each with its comparator (the SQL ORDER BY in JS). */
type OrderKey = "relevance" | "score" | "rating" | "reviews" | "latest";

const ORDER_SQL: Record<Exclude<OrderKey, "relevance">, { by: string; index: string }> = {
  score: { by: "b.score DESC, b.id DESC", index: "businesses_order_idx" },
  rating: { by: "b.rating DESC, b.review_count DESC, b.id DESC", index: "businesses_rating_order_idx" },
  reviews: { by: "b.review_count DESC, b.rating DESC, b.id DESC", index: "businesses_reviews_order_idx" },
  latest: { by: "b.created_at DESC, b.id DESC", index: "businesses_created_idx" },
};

const COMPARE: Record<OrderKey, (a: Candidate, b: Candidate) => number> = {
  // bm25 is negative (lower is better); ties go to the higher recommended score, then the newer id.
  relevance: (a, b) => tier(a.relevance) - tier(b.relevance) || b.score - a.score || b.id - a.id,
  score: (a, b) => b.score - a.score || b.id - a.id,
  rating: (a, b) => b.rating - a.rating || b.review_count - a.review_count || b.id - a.id,
  reviews: (a, b) => b.review_count - a.review_count || b.rating - a.rating || b.id - a.id,
  latest: (a, b) => (b.created_at ?? 0) - (a.created_at ?? 0) || b.id - a.id,
};

/**
 * A plan: a query giving `id` and `relevance` in the result order, without LIMIT. `resumable` when
 * running it again with an OFFSET costs only the rows skipped (an index walk), not the whole match.
 */
type Plan = { sql: string; params: SqlValue[]; order: OrderKey; resumable: boolean };

const MATCH_IDS = "SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?";

/** FTS5 ranks the match inside the virtual table: no `businesses` row is read to order it. */
function rankedPlan(match: string): Plan {
  return {
    sql: "SELECT rowid AS id, rank AS relevance FROM businesses_fts WHERE businesses_fts MATCH ? AND rank MATCH ? ORDER BY rank",
    params: [match, RANK_FUNCTION],
    order: "relevance",
    resumable: false,
  };
}

/** A location in recommended order, from its covering (column, score, id) index. */
function locationPlan(location: ResolvedLocation): Plan {
  return {
    sql: `SELECT b.id, -b.score AS relevance FROM businesses AS b INDEXED BY ${location.driving.index}
          WHERE ${location.where.join(" AND ")} ORDER BY b.score DESC, b.id DESC`,
    params: location.params,
    order: "score",
    resumable: true,
  };
}

/** How many businesses there are (site_stats, one row). */
async function totalBusinesses(db: Db): Promise<number> {
  const row = await db.first<{ n: number }>("SELECT total_businesses AS n FROM site_stats WHERE id = 1");
  return Math.max(1, row?.n ?? 1);
}

/** Businesses in a city or a country from the summary tables; null for a state or a postal code. */
async function locationSize(db: Db, location: ResolvedLocation): Promise<number | null> {
  const { sizeSql, value } = location.driving;
  return sizeSql ? ((await db.first<{ n: number }>(sizeSql, [value]))?.n ?? null) : null;
}

/**
 * The match in a stored order. Counted first (FTS only) up to √(want · P), P the businesses whose
 * index is walked: a match no larger is read whole and sorted (≤ √(want · P) rows); a larger one
 * holds at least one in √(P / want) of them, so walking the order's index and probing the match
 * (materialized once) fills `want` within about √(want · P) index entries. With 100,000 businesses
 * and a first page: at most ~2,000 rows either way. For the recommended order within a city or a
 * country, P is that place and its own (column, score, id) index is walked.
 */
async function orderedPlan(
  db: Db,
  match: string,
  order: Exclude<OrderKey, "relevance">,
  want: number,
  location: ResolvedLocation | null,
): Promise<Plan> {
  const local = order === "score" && location ? await locationSize(db, location) : null;
  const population = local ?? (await totalBusinesses(db));
  const cap = Math.ceil(Math.sqrt(want * Math.max(1, population)));
  const counted = await db.first<{ n: number }>(`SELECT count(*) AS n FROM (${MATCH_IDS} LIMIT ?)`, [match, cap + 1]);
  const { by, index } = ORDER_SQL[order];
  if ((counted?.n ?? 0) <= cap) {
    // CROSS JOIN: the match drives (rowid lookups), never an index walk for the ORDER BY.
    return {
      sql: `SELECT b.id, 0 AS relevance FROM (${MATCH_IDS}) AS m CROSS JOIN businesses AS b ON b.id = m.rowid ORDER BY ${by}`,
      params: [match],
      order,
      resumable: false,
    };
  }
  const scope = local !== null && location ? location : null;
  return {
    sql: `SELECT b.id, 0 AS relevance FROM businesses AS b INDEXED BY ${scope ? scope.driving.index : index}
          WHERE ${scope ? `${scope.where.join(" AND ")} AND ` : ""}b.id IN (${MATCH_IDS}) ORDER BY ${by}`,
    params: [...(scope ? scope.params : []), match],
    order,
    resumable: true,
  };
}

/** The first `want` rows of a plan: one query, `businesses` read only for them. */
async function pageRows(db: Db, plan: Plan, want: number): Promise<Candidate[]> {
  const rows = await db.all<Candidate>(
    `SELECT ${COLUMNS}, p.relevance AS relevance FROM (${plan.sql} LIMIT ?) AS p CROSS JOIN businesses AS b ON b.id = p.id`,
    [...plan.params, want],
  );
  return rows.sort(COMPARE[plan.order]);
}

/**
 * The first `want` open businesses of a plan. Open now depends on hours and the business's own time
 * zone, so it is decided in JS (exactly as the card shows it), over rows read in the plan's order in
 * chunks of 60, 120, 240, … until enough are open. A resumable plan is re-run per chunk with an
 * OFFSET; any other gives its ids once (OPEN_NOW_IDS at a time) and the rows are read by id.
 */
async function openRows(db: Db, plan: Plan, want: number, now: Date): Promise<Candidate[]> {
  const isOpen = (row: Candidate) => isOpenNow(row, now);
  const open: Candidate[] = [];
  let chunk = OPEN_NOW_FIRST_CHUNK;
  if (plan.resumable) {
    for (let skip = 0; open.length < want; skip += chunk, chunk *= 2) {
      const rows = await db.all<Candidate>(
        `SELECT ${COLUMNS}, p.relevance AS relevance FROM (${plan.sql} LIMIT ? OFFSET ?) AS p CROSS JOIN businesses AS b ON b.id = p.id`,
        [...plan.params, chunk, skip],
      );
      open.push(...rows.filter(isOpen));
      if (rows.length < chunk) break;
    }
    return open.sort(COMPARE[plan.order]);
  }
  for (let skip = 0; ; skip += OPEN_NOW_IDS) {
    const ids = await db.all<{ id: number; relevance: number }>(`${plan.sql} LIMIT ? OFFSET ?`, [...plan.params, OPEN_NOW_IDS, skip]);
    for (let i = 0; i < ids.length && open.length < want; i += chunk, chunk *= 2) {
      const slice = ids.slice(i, i + chunk);
      const rows = await db.all<Candidate>(
        `SELECT ${COLUMNS} FROM businesses AS b WHERE b.id IN (SELECT value FROM json_each(?1))`,
        [JSON.stringify(slice.map((s) => s.id))],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const s of slice) {
        const row = byId.get(s.id);
        if (row && isOpen(row)) open.push({ ...row, relevance: s.relevance });
      }
    }
    if (open.length >= want || ids.length < OPEN_NOW_IDS) break;
  }
  return open.sort(COMPARE[plan.order]);
}

export type SearchResult = {
  businesses: Business[];
  page: number;
  pageSize: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The location as understood, or null when none was given. */
  location: { text: string; label: string; found: boolean } | null;
};

type Criteria = { text: string; location: ResolvedLocation | null; filters: string[]; match: string };

/**
 * What a search looks for: its words, its location, its filters, and all of them as one FTS query.
 * Null when there is nothing to search by or the location names nothing we know. Exported for the
 * benchmark, which measures the match's size.
 */
export async function searchCriteria(db: Db, params: SearchParams): Promise<Criteria | null> {
  const text = buildFtsQuery(params.q);
  let location: ResolvedLocation | null = null;
  if (params.location) {
    location = await resolveLocation(db, params.location);
    if (!location) return null;
  }
  // Nothing to search by: text without a searchable word and no location.
  if (!text && !location) return null;
  const category = params.category ? categoryFacet(params.category) : null;
  const filters = [category, params.minRating ? minRatingFacets(params.minRating) : null].filter((f): f is string => Boolean(f));
  return { text, location, filters, match: andQuery(text, facetsQuery([...(location?.facets ?? []), ...filters])) };
}

/** One page of results. Never throws on visitor text: unusable text gives an empty page. */
export async function search(db: Db, params: SearchParams, now: Date = new Date()): Promise<SearchResult> {
  const page = params.page;
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const empty: SearchResult = {
    businesses: [],
    page,
    pageSize: SEARCH_PAGE_SIZE,
    hasPrevious: page > 1,
    hasNext: false,
    location: null,
  };
  const criteria = await searchCriteria(db, params);
  if (params.location) {
    empty.location = { text: params.location, label: criteria?.location?.label ?? params.location, found: Boolean(criteria?.location) };
  }
  if (!criteria) return empty;
  const { text, location, filters, match } = criteria;
  const needed = offset + SEARCH_PAGE_SIZE + 1;

  let plan: Plan;
  let want = needed;
  if (params.sort !== "relevance") plan = await orderedPlan(db, match, params.sort, want, location);
  else if (text) {
    plan = rankedPlan(match);
    want += TIE_SLACK;
  } else if (location && filters.length === 0) plan = locationPlan(location);
  else plan = await orderedPlan(db, match, "score", want, location);

  const rows = params.openNow ? await openRows(db, plan, want, now) : await pageRows(db, plan, want);
  const list = rows.map((r) => toBusiness(r, now));
  return {
    ...empty,
    businesses: list.slice(offset, offset + SEARCH_PAGE_SIZE),
    hasNext: list.length > offset + SEARCH_PAGE_SIZE,
  };
}

/**
 * GET /api/businesses?search=… (CLARIFICATIONS 4): the same matcher and ranking, in a category scope,
 * with the list endpoint's totals. The scope is a facet, so the total is an FTS-only count.
 */
export async function searchList(
  db: Db,
  text: string,
  scope: { column: "category_slug" | "group_slug"; slug: string } | null,
  sort: "recommended" | "latest",
  limit: number,
  offset: number,
): Promise<{ rows: BusinessDbRow[]; total: number }> {
  const words = buildFtsQuery(text);
  if (!words) return { rows: [], total: 0 };
  const facet = scope ? facetToken(scope.column === "group_slug" ? "group" : "category", scope.slug) : null;
  const match = andQuery(words, facetsQuery(facet ? [facet] : []));
  const count = await db.first<{ n: number }>("SELECT count(*) AS n FROM businesses_fts WHERE businesses_fts MATCH ?1", [match]);
  const total = count?.n ?? 0;
  if (total <= offset) return { rows: [], total };
  const want = offset + limit;
  const rows =
    sort === "latest"
      ? await pageRows(db, await orderedPlan(db, match, "latest", want, null), want)
      : await pageRows(db, rankedPlan(match), want + TIE_SLACK);
  return { rows: rows.slice(offset, offset + limit), total };
}
