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
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { isOpenNow, toBusiness, type Business } from "~/lib/business";
import { groupBySlug } from "~/lib/category-groups";
import { countryCode } from "~/lib/countries";
import { regionCode, splitLocation } from "~/lib/locations";
import { SEARCH_PAGE_SIZE, type SearchParams } from "~/lib/search-params";
import { andQuery, buildFtsQuery, facetsQuery, facetToken, minRatingFacets, RANK_FUNCTION } from "~/lib/search-query";
import { slugify } from "~/lib/slug";
import { businesses, type BusinessRow } from "#db/schema";
import type { Db } from "./db.server";

/** `businesses AS b`: the plans below name their columns as b.… (FROM_B in hand-written SQL). */
const b = alias(businesses, "b");
const FROM_B = sql`businesses AS b`;

/** Rows beyond the page kept so that relevance ties at the page's edge are still broken by score. */
const TIE_SLACK = 20;
/** Ids taken from a plan per round while "open now" filters in JS. */
const OPEN_NOW_IDS = 1000;
/** Rows fetched by the first open-now chunk; each next chunk doubles. */
const OPEN_NOW_FIRST_CHUNK = 60;

export type ResolvedLocation = {
  /** What the visitor typed, tidied ("Chicago, IL"). */
  label: string;
  /** The same place as FTS facet expressions (AND-ed). */
  facets: string[];
  /** The same place as indexed predicates over `b`. */
  where: SQL[];
  /** The most selective place named: its index lists the location in recommended order. */
  driving: Place;
};

/** `n` of a hand-written `SELECT … AS n` (a count, a size, 1 for "exists"); null when it gives no row. */
async function valueOf(db: Db, query: SQL): Promise<number | null> {
  return (await db.orm.get<{ n: number } | undefined>(query))?.n ?? null;
}

const stateCodeExists = async (db: Db, code: string) =>
  (await valueOf(db, sql`SELECT 1 AS n FROM businesses WHERE state_code = ${code} LIMIT 1`)) !== null;

const cityExists = async (db: Db, slug: string) =>
  slug !== "" && (await valueOf(db, sql`SELECT 1 AS n FROM cities WHERE slug = ${slug} AND business_count > 0`)) !== null;

type PlaceKind = "zip" | "city" | "state" | "country";

/**
 * Per kind of place, most selective first: its column, the (column, score, id) index that lists its
 * businesses in recommended order, and the summary query that counts them (none for states and postal codes).
 */
const PLACES: Record<PlaceKind, { column: SQLiteColumn; index: string; size: ((value: string) => SQL) | null }> = {
  zip: { column: b.zipCode, index: "businesses_zip_score_idx", size: null },
  city: {
    column: b.citySlug,
    index: "businesses_city_score_idx",
    size: (v) => sql`SELECT business_count AS n FROM cities WHERE slug = ${v}`,
  },
  state: { column: b.stateCode, index: "businesses_state_score_idx", size: null },
  country: {
    column: b.countryCode,
    index: "businesses_country_score_idx",
    size: (v) => sql`SELECT coalesce(sum(business_count), 0) AS n FROM countries WHERE code = ${v}`,
  },
};

/** A place the location text names. */
type Place = { kind: PlaceKind; value: string };

/** A qualifier after the first comma: a state (code or name) or a country (name or code). */
async function qualifier(db: Db, text: string): Promise<Place | null> {
  const upper = text.toUpperCase();
  if (/^[A-Z]{2,3}$/.test(upper) && (await stateCodeExists(db, upper))) return { kind: "state", value: upper };
  const region = regionCode(text);
  if (region) return { kind: "state", value: region };
  const country = countryCode(text);
  if (country) return { kind: "country", value: country };
  return null;
}

/**
 * Location text → facets and indexed predicates, or null when it names nothing we know (the search
 * is then empty rather than silently unfiltered). Accents and case do not matter: cities compare by slug.
 */
export async function resolveLocation(db: Db, text: string): Promise<ResolvedLocation | null> {
  const found = await readLocation(db, text);
  if (!found) return null;
  const { label, places } = found;
  // The most selective place drives: the location's listing reads its index.
  const kinds = Object.keys(PLACES) as PlaceKind[];
  const driving = [...places].sort((x, y) => kinds.indexOf(x.kind) - kinds.indexOf(y.kind))[0];
  return {
    label,
    facets: places.map((p) => facetToken(p.kind, p.value)),
    // With no table statistics SQLite may pick the state's index for "Chicago, IL"; a unary `+`
    // keeps the other predicates off their indexes so the most selective one drives.
    where: places.map((p) => sql`${sql.raw(p === driving ? "" : "+")}${PLACES[p.kind].column} = ${p.value}`),
    driving,
  };
}

async function readLocation(db: Db, text: string): Promise<{ label: string; places: Place[] } | null> {
  const { parts, postalCode } = splitLocation(text);
  const label = [...parts, postalCode].filter(Boolean).join(", ");
  const places: Place[] = postalCode ? [{ kind: "zip", value: postalCode }] : [];
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
    places.push({ kind: "city", value: slug });
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

type Candidate = BusinessRow & { relevance: number };

/** Relevance to two decimals: a closer difference than that counts as a tie. */
const tier = (relevance: number) => Math.round(relevance * 100);

/** The orders a plan can produce, each with its comparator (the SQL ORDER BY in JS). */
type OrderKey = "relevance" | "score" | "rating" | "reviews" | "latest";

const ORDER_SQL: Record<Exclude<OrderKey, "relevance">, { by: SQL; index: string }> = {
  score: { by: sql`b.score DESC, b.id DESC`, index: "businesses_order_idx" },
  rating: { by: sql`b.rating DESC, b.review_count DESC, b.id DESC`, index: "businesses_rating_order_idx" },
  reviews: { by: sql`b.review_count DESC, b.rating DESC, b.id DESC`, index: "businesses_reviews_order_idx" },
  latest: { by: sql`b.created_at DESC, b.id DESC`, index: "businesses_created_idx" },
};

const COMPARE: Record<OrderKey, (a: Candidate, b: Candidate) => number> = {
  // bm25 is negative (lower is better); ties go to the higher recommended score, then the newer id.
  relevance: (a, b) => tier(a.relevance) - tier(b.relevance) || b.score - a.score || b.id - a.id,
  score: (a, b) => b.score - a.score || b.id - a.id,
  rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || b.id - a.id,
  reviews: (a, b) => b.reviewCount - a.reviewCount || b.rating - a.rating || b.id - a.id,
  latest: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
};

/**
 * A plan: a query giving `id` and `relevance` in the result order, without LIMIT. `resumable` when
 * running it again with an OFFSET costs only the rows skipped (an index walk), not the whole match.
 */
type Plan = { query: SQL; order: OrderKey; resumable: boolean };

const matchIds = (match: string) => sql`SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ${match}`;
const indexedBy = (index: string) => sql.raw(`INDEXED BY ${index}`);

/** FTS5 ranks the match inside the virtual table: no `businesses` row is read to order it. */
function rankedPlan(match: string): Plan {
  return {
    query: sql`SELECT rowid AS id, rank AS relevance FROM businesses_fts WHERE businesses_fts MATCH ${match} AND rank MATCH ${RANK_FUNCTION} ORDER BY rank`,
    order: "relevance",
    resumable: false,
  };
}

/** A location in recommended order, from its covering (column, score, id) index. */
function locationPlan(location: ResolvedLocation): Plan {
  return {
    query: sql`SELECT b.id, -b.score AS relevance FROM ${FROM_B} ${indexedBy(PLACES[location.driving.kind].index)}
          WHERE ${sql.join(location.where, sql` AND `)} ORDER BY b.score DESC, b.id DESC`,
    order: "score",
    resumable: true,
  };
}

/** How many businesses there are (site_stats, one row). */
async function totalBusinesses(db: Db): Promise<number> {
  return Math.max(1, (await valueOf(db, sql`SELECT total_businesses AS n FROM site_stats WHERE id = 1`)) ?? 1);
}

/** Businesses in a city or a country from the summary tables; null for a state or a postal code. */
async function locationSize(db: Db, location: ResolvedLocation): Promise<number | null> {
  const { kind, value } = location.driving;
  const size = PLACES[kind].size;
  return size ? valueOf(db, size(value)) : null;
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
  const counted = await valueOf(db, sql`SELECT count(*) AS n FROM (${matchIds(match)} LIMIT ${cap + 1})`);
  const { by, index } = ORDER_SQL[order];
  if ((counted ?? 0) <= cap) {
    // CROSS JOIN: the match drives (rowid lookups), never an index walk for the ORDER BY.
    return {
      query: sql`SELECT b.id, 0 AS relevance FROM (${matchIds(match)}) AS m CROSS JOIN ${FROM_B} ON b.id = m.rowid ORDER BY ${by}`,
      order,
      resumable: false,
    };
  }
  const scope = local !== null && location ? location : null;
  return {
    query: sql`SELECT b.id, 0 AS relevance FROM ${FROM_B} ${indexedBy(scope ? PLACES[scope.driving.kind].index : index)}
          WHERE ${scope ? sql`${sql.join(scope.where, sql` AND `)} AND ` : sql``}b.id IN (${matchIds(match)}) ORDER BY ${by}`,
    order,
    resumable: true,
  };
}

/**
 * Rows of a plan's `slice` (LIMIT/OFFSET) with their relevance: the plan gives the ids, and
 * `businesses` is read for them only. CROSS JOIN keeps the plan's ids driving (rowid lookups).
 */
function planRows(db: Db, plan: Plan, slice: SQL): Promise<Candidate[]> {
  return db.orm
    .select({ ...getTableColumns(b), relevance: sql<number>`p.relevance` })
    .from(sql`(${plan.query} ${slice}) AS p`)
    .crossJoin(b)
    .where(sql`${b.id} = p.id`);
}

/** The first `want` rows of a plan: one query, `businesses` read only for them. */
async function pageRows(db: Db, plan: Plan, want: number): Promise<Candidate[]> {
  const rows = await planRows(db, plan, sql`LIMIT ${want}`);
  return rows.sort(COMPARE[plan.order]);
}

/**
 * The first `want` open businesses of a plan. Open now depends on hours and the business's own time
 * zone, so it is decided in JS (exactly as the card shows it), over rows read in the plan's order in
 * chunks of 60, 120, 240, … until enough are open. A resumable plan is re-run per chunk with an
 * OFFSET; any other gives its ids once (OPEN_NOW_IDS at a time) and the rows are read by id.
 */
async function openRows(db: Db, plan: Plan, want: number, now: Date): Promise<Candidate[]> {
  const isOpen = (row: BusinessRow) => isOpenNow(row, now);
  const open: Candidate[] = [];
  let chunk = OPEN_NOW_FIRST_CHUNK;
  if (plan.resumable) {
    for (let skip = 0; open.length < want; skip += chunk, chunk *= 2) {
      const rows = await planRows(db, plan, sql`LIMIT ${chunk} OFFSET ${skip}`);
      open.push(...rows.filter(isOpen));
      if (rows.length < chunk) break;
    }
    return open.sort(COMPARE[plan.order]);
  }
  for (let skip = 0; ; skip += OPEN_NOW_IDS) {
    const ids = await db.orm.all<{ id: number; relevance: number }>(sql`${plan.query} LIMIT ${OPEN_NOW_IDS} OFFSET ${skip}`);
    for (let i = 0; i < ids.length && open.length < want; i += chunk, chunk *= 2) {
      const slice = ids.slice(i, i + chunk);
      const rows = await db.orm
        .select()
        .from(b)
        .where(sql`${b.id} IN (SELECT value FROM json_each(${JSON.stringify(slice.map((s) => s.id))}))`);
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
  const empty: SearchResult = { businesses: [], page, pageSize: SEARCH_PAGE_SIZE, hasPrevious: page > 1, hasNext: false, location: null };
  const criteria = await searchCriteria(db, params);
  if (params.location) {
    empty.location = { text: params.location, label: criteria?.location?.label ?? params.location, found: Boolean(criteria?.location) };
  }
  if (!criteria) return empty;
  const { text, location, filters, match } = criteria;

  let plan: Plan;
  let want = offset + SEARCH_PAGE_SIZE + 1;
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
): Promise<{ rows: BusinessRow[]; total: number }> {
  const words = buildFtsQuery(text);
  if (!words) return { rows: [], total: 0 };
  const facet = scope ? facetToken(scope.column === "group_slug" ? "group" : "category", scope.slug) : null;
  const match = andQuery(words, facetsQuery(facet ? [facet] : []));
  const total = (await valueOf(db, sql`SELECT count(*) AS n FROM businesses_fts WHERE businesses_fts MATCH ${match}`)) ?? 0;
  if (total <= offset) return { rows: [], total };
  const want = offset + limit;
  const rows =
    sort === "latest"
      ? await pageRows(db, await orderedPlan(db, match, "latest", want, null), want)
      : await pageRows(db, rankedPlan(match), want + TIE_SLACK);
  return { rows: rows.slice(offset, offset + limit), total };
}
