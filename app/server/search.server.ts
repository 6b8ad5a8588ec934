/**
 * The search engine behind /search, /api/search and /api/businesses?search=.
 *
 * Relevance is FTS5 bm25 over name, category, subtypes, description and the category group's
 * keywords (weights in RANK_FUNCTION), ties broken by the recommended score. The location text is
 * resolved first, through the summary tables and index seeks, into predicates on indexed columns
 * (city_slug, state_code, zip_code, country_code). Then one of three plans runs:
 *
 * - text-driven: the FTS match in rank order (FTS5 sorts it inside the virtual table) is joined row
 *   by row to `businesses`, which is read only until the page (plus a little slack) is full. The
 *   FTS side is capped at TEXT_WINDOW matches, so `businesses` reads stay bounded even when
 *   the filters are selective.
 * - location-driven: for a small location (a postal code, a city of at most SMALL_LOCATION
 *   businesses) the location's rows are intersected with the FTS match: exact, and bounded by the
 *   location's size. Also the fallback when the text-driven window ran out before the page filled.
 * - location listing (no query text): the location's index in score order, read up to the page.
 *
 * Open now is computed from hours and time zone in JS (app/lib/hours.ts), so it cannot be an SQL
 * predicate: the engine over-fetches a bounded window of candidates (OPEN_NOW_POOL_MAX at most)
 * and filters it. Sorting by rating or reviews re-sorts the SORT_POOL most relevant candidates.
 * Both bounds are the price of O(page) reads; they are reported as `approximate` in the result.
 */
import { toBusiness, type Business, type BusinessDbRow } from "~/lib/business";
import { groupBySlug } from "~/lib/category-groups";
import { countryCode } from "~/lib/countries";
import { regionCode, splitLocation } from "~/lib/locations";
import { SEARCH_PAGE_SIZE, type SearchParams, type SearchSort } from "~/lib/search-params";
import { buildFtsQuery, RANK_FUNCTION } from "~/lib/search-query";
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
/**
 * FTS matches (best first) the text-driven plan may walk. FTS5 ranks every match anyway, so a large
 * window costs nothing until the filters are selective; `businesses` is read only until the page fills.
 */
const TEXT_WINDOW = 5000;
/** A location with at most this many businesses is intersected with the FTS match directly. */
const SMALL_LOCATION = 3000;
/** Candidates re-sorted when sorting by rating or reviews. */
export const SORT_POOL = 200;
/** Most candidates read to find open businesses. */
const OPEN_NOW_POOL_MAX = 1500;

type SqlValue = string | number;
type Predicates = { where: string[]; params: SqlValue[] };

export type ResolvedLocation = Predicates & {
  /** What the visitor typed, tidied ("Chicago, IL"). */
  label: string;
  /** Businesses in the location when a summary table knows it; null when unknown. */
  size: number | null;
  /** Small enough to intersect with the FTS match directly. */
  small: boolean;
};

async function exists(db: Db, sql: string, params: SqlValue[]): Promise<boolean> {
  return (await db.first<{ one: number }>(sql, params)) !== null;
}

function stateCodeExists(db: Db, code: string) {
  return exists(db, "SELECT 1 AS one FROM businesses WHERE state_code = ?1 LIMIT 1", [code]);
}

async function cityCount(db: Db, slug: string): Promise<number | null> {
  if (!slug) return null;
  const row = await db.first<{ business_count: number }>("SELECT business_count FROM cities WHERE slug = ?1", [slug]);
  return row ? row.business_count : null;
}

async function countryCount(db: Db, code: string): Promise<number> {
  const row = await db.first<{ n: number }>("SELECT coalesce(sum(business_count), 0) AS n FROM countries WHERE code = ?1", [code]);
  return row?.n ?? 0;
}

/** A qualifier after the first comma: a state (code or name) or a country (name or code). */
async function qualifier(db: Db, text: string): Promise<Predicates | null> {
  const upper = text.toUpperCase();
  if (/^[A-Z]{2,3}$/.test(upper) && (await stateCodeExists(db, upper))) {
    return { where: ["b.state_code = ?"], params: [upper] };
  }
  const region = regionCode(text);
  if (region) return { where: ["b.state_code = ?"], params: [region] };
  const country = countryCode(text);
  if (country) return { where: ["b.country_code = ?"], params: [country] };
  return null;
}

/**
 * Location text → indexed predicates, or null when it names nothing we know (the search is then
 * empty rather than silently unfiltered). Accents and case do not matter: cities compare by slug.
 */
export async function resolveLocation(db: Db, text: string): Promise<ResolvedLocation | null> {
  const resolved = await readLocation(db, text);
  return resolved ? preferOneIndex(resolved) : null;
}

/** Most selective first: the location's rows are read through this column's index. */
const DRIVING_ORDER = ["b.zip_code", "b.city_slug", "b.state_code", "b.country_code"];

/**
 * With no table statistics SQLite may pick the state's index for "Chicago, IL"; a unary `+` keeps
 * the other predicates off their indexes so the most selective one drives.
 */
function preferOneIndex(location: ResolvedLocation): ResolvedLocation {
  const driving = DRIVING_ORDER.find((c) => location.where.some((w) => w.startsWith(`${c} `)));
  return { ...location, where: location.where.map((w) => (driving && !w.startsWith(`${driving} `) ? `+${w}` : w)) };
}

async function readLocation(db: Db, text: string): Promise<ResolvedLocation | null> {
  const { parts, postalCode } = splitLocation(text);
  const label = [...parts, postalCode].filter(Boolean).join(", ");
  const out: ResolvedLocation = { label, where: [], params: [], size: null, small: false };
  if (postalCode) {
    out.where.push("b.zip_code = ?");
    out.params.push(postalCode);
    // A postal code holds few businesses anywhere.
    out.small = true;
  }
  if (parts.length === 0) return postalCode ? out : null;

  const [place, ...rest] = parts;
  for (const q of rest) {
    const p = await qualifier(db, q);
    if (!p) return null;
    out.where.push(...p.where);
    out.params.push(...p.params);
  }

  const slug = slugify(place);
  const count = await cityCount(db, slug);
  if (count !== null) {
    out.where.push("b.city_slug = ?");
    out.params.push(slug);
    out.size = count;
    out.small ||= count <= SMALL_LOCATION;
    return out;
  }
  // Not a city: a state or a country on its own ("Illinois", "IL", "Switzerland", "Schweiz" no).
  if (rest.length === 0) {
    const p = await qualifier(db, place);
    if (p) {
      out.where.push(...p.where);
      out.params.push(...p.params);
      if (p.where[0] === "b.country_code = ?") {
        out.size = await countryCount(db, String(p.params[0]));
        out.small ||= out.size <= SMALL_LOCATION;
      }
      return out;
    }
  }
  return postalCode ? out : null;
}

/** A category filter: a group slug ("restaurants") or a fine category ("italian-restaurant"). */
export function categoryPredicate(category: string): Predicates | null {
  const slug = slugify(category);
  if (!slug) return null;
  // `+`: a residual filter; the location's index or the FTS match drives the query.
  if (groupBySlug(slug)) return { where: ["+b.group_slug = ?"], params: [slug] };
  return { where: ["+b.category_slug = ?"], params: [slug] };
}

type Candidate = BusinessDbRow & { score: number; relevance: number };

function whereSql(p: Predicates): string {
  return p.where.length ? p.where.join(" AND ") : "1 = 1";
}

/** Relevance to two decimals: a closer difference than that counts as a tie. */
function tier(relevance: number): number {
  return Math.round(relevance * 100);
}

/** bm25 is negative (lower is better); ties go to the higher recommended score, then the newer id. */
function byRelevance(a: Candidate, b: Candidate): number {
  return tier(a.relevance) - tier(b.relevance) || b.score - a.score || b.id - a.id;
}

/**
 * Text-driven plan. CROSS JOIN keeps the FTS window as the outer loop, so rows arrive in rank order
 * and the outer LIMIT stops reading `businesses` once `want` rows passed the filters.
 */
async function textDriven(db: Db, match: string, filters: Predicates, want: number, window: number): Promise<Candidate[]> {
  return db.all<Candidate>(
    `SELECT ${COLUMNS}, m.rank AS relevance
     FROM (SELECT rowid AS id, rank FROM businesses_fts
           WHERE businesses_fts MATCH ? AND rank MATCH ? ORDER BY rank LIMIT ?) AS m
     CROSS JOIN businesses AS b ON b.id = m.id
     WHERE ${whereSql(filters)}
     LIMIT ?`,
    [match, RANK_FUNCTION, window, ...filters.params, want],
  );
}

/** Whether the FTS match has more rows than the text-driven window walked. */
async function matchExceeds(db: Db, match: string, window: number): Promise<boolean> {
  const row = await db.first<{ n: number }>(
    "SELECT count(*) AS n FROM (SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?1 LIMIT ?2)",
    [match, window + 1],
  );
  return (row?.n ?? 0) > window;
}

/**
 * Exact plan: the FTS match intersected with the filters, ordered in SQL. From a small location, its
 * rows (index seek) are read and probed against the materialized match; otherwise each match probes
 * `businesses` by primary key. Either way bounded by the smaller side we can know of.
 */
async function exactPlan(db: Db, match: string, filters: Predicates, want: number, fromLocation: boolean): Promise<Candidate[]> {
  // MATERIALIZED: otherwise SQLite re-runs the FTS query for every location row it probes.
  const m = "WITH m AS MATERIALIZED (SELECT rowid AS id, rank FROM businesses_fts WHERE businesses_fts MATCH ? AND rank MATCH ?)";
  const from = fromLocation ? "businesses AS b CROSS JOIN m ON m.id = b.id" : "m CROSS JOIN businesses AS b ON b.id = m.id";
  return db.all<Candidate>(
    `${m} SELECT ${COLUMNS}, m.rank AS relevance FROM ${from}
     WHERE ${whereSql(filters)}
     ORDER BY round(m.rank, 2), b.score DESC, b.id DESC
     LIMIT ?`,
    [match, RANK_FUNCTION, ...filters.params, want],
  );
}

/** Location listing (no text): the location's index in recommended order. */
async function locationListing(db: Db, filters: Predicates, want: number): Promise<Candidate[]> {
  return db.all<Candidate>(
    `SELECT ${COLUMNS}, -b.score AS relevance FROM businesses AS b
     WHERE ${whereSql(filters)}
     ORDER BY b.score DESC, b.id DESC LIMIT ?`,
    [...filters.params, want],
  );
}

function merge(...parts: Array<Predicates | null | undefined>): Predicates {
  const out: Predicates = { where: [], params: [] };
  for (const p of parts) {
    if (!p) continue;
    out.where.push(...p.where);
    out.params.push(...p.params);
  }
  return out;
}

export type SearchResult = {
  businesses: Business[];
  page: number;
  pageSize: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The location as understood, or null when none was given. */
  location: { text: string; label: string; found: boolean } | null;
  /** True when a bounded window (open now, rating/reviews sort) may have left matches out. */
  approximate: boolean;
};

type CandidateQuery = {
  match: string;
  location: ResolvedLocation | null;
  filters: Predicates;
  want: number;
};

/** Candidates in relevance order, at least `want` of them when that many exist (see the plans). */
async function candidates(db: Db, q: CandidateQuery): Promise<{ rows: Candidate[]; approximate: boolean }> {
  const filters = merge(q.location, q.filters);
  if (!q.match) {
    return { rows: await locationListing(db, filters, q.want), approximate: false };
  }
  if (q.location?.small) {
    return { rows: await exactPlan(db, q.match, filters, q.want, true), approximate: false };
  }
  const rows = await textDriven(db, q.match, filters, q.want, TEXT_WINDOW);
  if (rows.length >= q.want || !(await matchExceeds(db, q.match, TEXT_WINDOW))) {
    rows.sort(byRelevance);
    return { rows, approximate: false };
  }
  // The filters are selective and the FTS match is larger than the window walked: read the smaller side.
  if (q.location) {
    const fromLocation = q.location.size !== null && q.location.size <= TEXT_WINDOW;
    return { rows: await exactPlan(db, q.match, filters, q.want, fromLocation), approximate: false };
  }
  rows.sort(byRelevance);
  return { rows, approximate: true };
}

const SORTERS: Record<Exclude<SearchSort, "relevance">, (a: Business, b: Business) => number> = {
  rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount,
  reviews: (a, b) => b.reviewCount - a.reviewCount || b.rating - a.rating,
};

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
    approximate: false,
  };
  const match = buildFtsQuery(params.q);
  let location: ResolvedLocation | null = null;
  if (params.location) {
    location = await resolveLocation(db, params.location);
    empty.location = { text: params.location, label: location?.label ?? params.location, found: location !== null };
    if (!location) return empty;
  }
  // Nothing to search by: text without a searchable word and no location.
  if (!match && !location) return empty;

  const filters = merge(
    params.category ? categoryPredicate(params.category) : null,
    params.minRating ? { where: ["+b.rating >= ?"], params: [params.minRating] } : null,
  );
  const needed = offset + SEARCH_PAGE_SIZE + 1;
  const pooled = params.sort !== "relevance";
  let want = needed + TIE_SLACK;
  if (pooled) want = Math.max(SORT_POOL, needed);
  if (params.openNow) want = Math.min(OPEN_NOW_POOL_MAX, Math.max(want, needed * 3 + 60));

  const { rows, approximate } = await candidates(db, { match, location, filters, want });
  let list = rows.map((r) => toBusiness(r, now));
  if (params.openNow) list = list.filter((b) => b.isOpen);
  if (pooled) list.sort(SORTERS[params.sort as Exclude<SearchSort, "relevance">]);
  const windowFull = rows.length >= want;
  return {
    ...empty,
    businesses: list.slice(offset, offset + SEARCH_PAGE_SIZE),
    hasNext: list.length > offset + SEARCH_PAGE_SIZE,
    approximate: approximate || ((params.openNow || pooled) && windowFull),
  };
}

/**
 * GET /api/businesses?search=… (CLARIFICATIONS 4): the same matcher and ranking, in a category scope,
 * with the list endpoint's totals. The total counts FTS matches (FTS rows only) when unscoped.
 */
export async function searchList(
  db: Db,
  text: string,
  scope: { column: "category_slug" | "group_slug"; slug: string } | null,
  sort: "recommended" | "latest",
  limit: number,
  offset: number,
): Promise<{ rows: BusinessDbRow[]; total: number }> {
  const match = buildFtsQuery(text);
  if (!match) return { rows: [], total: 0 };
  const filters: Predicates = scope ? { where: [`+b.${scope.column} = ?`], params: [scope.slug] } : { where: [], params: [] };
  const countSql = scope
    ? `SELECT count(*) AS n FROM businesses_fts JOIN businesses AS b ON b.id = businesses_fts.rowid
       WHERE businesses_fts MATCH ? AND ${whereSql(filters)}`
    : "SELECT count(*) AS n FROM businesses_fts WHERE businesses_fts MATCH ?";
  const count = db.first<{ n: number }>(countSql, [match, ...filters.params]);
  let rows: Candidate[];
  if (sort === "latest") {
    rows = await db.all<Candidate>(
      `SELECT ${COLUMNS}, 0 AS relevance FROM businesses_fts JOIN businesses AS b ON b.id = businesses_fts.rowid
       WHERE businesses_fts MATCH ? AND ${whereSql(filters)} ORDER BY b.created_at DESC, b.id DESC LIMIT ? OFFSET ?`,
      [match, ...filters.params, limit, offset],
    );
  } else if (offset + limit + TIE_SLACK <= TEXT_WINDOW) {
    const want = offset + limit + TIE_SLACK;
    rows = await textDriven(db, match, filters, want, TEXT_WINDOW);
    if (rows.length < want && (await matchExceeds(db, match, TEXT_WINDOW))) {
      rows = await exactPlan(db, match, filters, want, false);
    }
    rows.sort(byRelevance);
    rows = rows.slice(offset, offset + limit);
  } else {
    // Deep pages of the JSON list: exact, ordered in SQL.
    rows = await db.all<Candidate>(
      `SELECT ${COLUMNS}, m.rank AS relevance FROM (SELECT rowid AS id, rank FROM businesses_fts
         WHERE businesses_fts MATCH ? AND rank MATCH ?) AS m JOIN businesses AS b ON b.id = m.id
       WHERE ${whereSql(filters)} ORDER BY round(m.rank, 2), b.score DESC, b.id DESC LIMIT ? OFFSET ?`,
      [match, RANK_FUNCTION, ...filters.params, limit, offset],
    );
  }
  return { rows, total: (await count)?.n ?? 0 };
}
