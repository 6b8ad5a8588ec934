/**
 * The search engine behind /search, /api/search and /api/businesses?search=.
 *
 * Every filter a visitor can set except "open now" is an FTS facet (migration
 * 20261122215431_search_facets, docs/decisions/0007-search-facets.md): the location text is resolved
 * through the summary tables into city, state, country or postal-code tokens, and the category and
 * minimum rating become tokens too. So the FTS match is exactly the result set, and a plan only has to
 * put it in order and read the page's rows:
 *
 * - any search with words, in any order: bounded (windowSearch, ADR 0012). The newest 100 matches
 *   by rowid (plus, when the match is denser, the exact name and recent name matches) are ordered in
 *   JS (relevance from column weights, then score; or the chosen sort); a match that fits is thereby
 *   ordered whole and counted exactly, a denser one continues newest first by keyset up to 1,000
 *   results with an approximate total. Never bm25 (it reads every phrase's whole doclist) and never
 *   `word*` (FTS5 builds a prefix's whole doclist): a prefix is expanded through the vocabulary.
 * - a location and nothing else, in the recommended order: the location's (column, score, id) index,
 *   exact, by OFFSET (the skipped index entries and the page's rows).
 * - any other search without words (rating or reviews order, a category, a minimum rating, open now):
 *   bounded (facetSearch, ADR 0015). A window of the first 101 entries of the smaller driving index
 *   (the location's or the category's, in recommended order) is read and filtered in JS; a driving
 *   set that fits is thereby the whole match, exact; a larger one gives the best of the window first
 *   (in the recommended order exactly the best matches), then the FTS match newest first, approximate.
 * - open now is computed in JS from hours and time zone (app/lib/business/hours.ts), on the rows a bounded
 *   search reads.
 */
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { isOpenNow, toBusiness, type Business } from "#app/lib/business/business";
import type { ListingFilters } from "#app/lib/search/listing-filters";
import { groupBySlug } from "#app/lib/business/category-groups";
import { countryCode } from "#app/lib/business/countries";
import { regionCode, splitLocation } from "#app/lib/search/locations";
import { SEARCH_PAGE_SIZE, type SearchParams } from "#app/lib/search/search-params";
import { foldedWords, porterStem, stems, surfaceFor } from "#app/lib/search/porter-stem";
import {
  andQuery,
  boundedTextQuery,
  buildFtsQuery,
  facetsQuery,
  facetToken,
  minRatingFacets,
  searchWords,
  type SearchWords,
} from "#app/lib/search/search-query";
import { slugify } from "#app/lib/business/slug";
import type { BusinessRow } from "#db/schema";
import type { Db } from "#app/server/platform/db.server";
import {
  distanceKm,
  nearCategoryFacet,
  nearSearch,
  ratingBandFacet,
  ratingBands,
  type NearFacet,
  type Point,
} from "#app/server/search/near.server";
import { b, CANDIDATE_COLUMNS, type CandidateRow } from "#app/server/search/candidates.server";

const FROM_B = sql`businesses AS b`;

export type ResolvedLocation = {
  /** What the visitor typed, tidied ("Chicago, IL"). */
  label: string;
  /** The same place as FTS facet expressions (AND-ed). */
  facets: string[];
  /** The same place as indexed predicates over `b`. */
  where: SQL[];
  /** The most selective place named: its index lists the location in recommended order. */
  driving: Place;
  /** Every place named (a word-less search's window checks them on its rows). */
  places: Place[];
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
  return found ? locationOf(found.label, found.places) : null;
}

function locationOf(label: string, places: Place[]): ResolvedLocation {
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
    places,
  };
}

/** A city the page already found (its slug): no text to read. */
export function cityLocation(slug: string, name: string): ResolvedLocation {
  return locationOf(name, [{ kind: "city", value: slug }]);
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

/** What an order compares: a plan's candidate or a bounded search's (narrow) candidate row. */
type Ordered = Pick<BusinessRow, "id" | "score" | "rating" | "reviewCount" | "createdAt"> & { relevance: number };

const COMPARE: Record<OrderKey, (a: Ordered, b: Ordered) => number> = {
  // Relevance is negative (lower is better); ties go to the higher recommended score, then the newer id.
  relevance: (a, b) => tier(a.relevance) - tier(b.relevance) || b.score - a.score || b.id - a.id,
  score: (a, b) => b.score - a.score || b.id - a.id,
  rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || b.id - a.id,
  reviews: (a, b) => b.reviewCount - a.reviewCount || b.rating - a.rating || b.id - a.id,
  latest: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
};

/** A plan: a query giving `id` and `relevance` in the result order, without LIMIT. */
type Plan = { query: SQL; order: OrderKey };

const indexedBy = (index: string) => sql.raw(`INDEXED BY ${index}`);

/** A location in recommended order, from its covering (column, score, id) index. */
function locationPlan(location: ResolvedLocation): Plan {
  return {
    query: sql`SELECT b.id, -b.score AS relevance FROM ${FROM_B} ${indexedBy(PLACES[location.driving.kind].index)}
          WHERE ${sql.join(location.where, sql` AND `)} ORDER BY b.score DESC, b.id DESC`,
    order: "score",
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

// ── Text searches: bounded candidate blocks (docs/decisions/0012-bounded-search.md) ──

/** Candidates per block: a dense first page reads 2 × (BLOCK + 1) + 2 × NAME_WINDOW rows, and the prefix's few. */
export const BLOCK = 100;
/** Name matches added to the first block (from about the newest NAME_SPAN_BLOCKS blocks' rowids). */
export const NAME_WINDOW = 20;
const NAME_SPAN_BLOCKS = 10;
/** At most this many results are listed for a dense search (the /search pager's 50 pages of 20). */
export const RESULT_CAP = 1000;
/** At most this many vocabulary terms stand for a typed prefix. */
export const MAX_EXPANSION = 12;

/** bm25's column weights as before (RANK_FUNCTION): a word in the name counts most. */
const COLUMN_WEIGHTS = [
  ["name", 10],
  ["category", 5],
  ["subtypes", 3],
  ["keywords", 2],
  ["description", 1],
] as const;

/** Facet tokens (migration 20261122215431) share the vocabulary: a prefix never expands to one. */
const FACET_TERM = /^(ci|st|co|zi|ca|gr|ra)\S*0$|^zz\d/;

/** A term found in at least DENSE_RECENT of the newest RECENT_ROWIDS businesses is not stepped past. */
const RECENT_ROWIDS = 300;
const DENSE_RECENT = 3;

/**
 * A typed prefix as stored terms, read from the vocabulary by seeks from the prefix's stem (a
 * recursive CTE over businesses_fts_terms, one term a step, MAX_EXPANSION at most) — never from the
 * prefix's doclists, which FTS5 would merge whole for `word*` (323 ms for "service"* over 1,000,000
 * businesses). A step past a term walks that term's doclist pages (FTS5 indexes only the pages
 * where terms begin): 15–30 ms past a term in all 1,000,000 businesses. So before each step the
 * term's density is sampled — does it occur DENSE_RECENT times among the newest RECENT_ROWIDS
 * rowids (≤ DENSE_RECENT rows read) — and the expansion ends at a dense term: it fills the blocks
 * anyway ("service" → servic; "fri" → friendli). The range starts at the typed word's stem
 * ("bakery" → bakeri, as stored), never at the word itself: a seek for "friendly" lands inside the
 * doclist of "friendli" and walks it (55 ms). Empty when nothing stored starts so: the search then
 * matches nothing, as `word*` would.
 */
async function expandPrefix(db: Db, prefix: string): Promise<string[]> {
  const folded = foldedWords(prefix);
  if (folded.length !== 1) return [];
  const start = porterStem(folded[0]);
  const end = `${start}\u{10FFFF}`;
  const recent = sql.raw(String(RECENT_ROWIDS));
  const rows = await db.orm.all<{ term: string | null }>(sql`
    WITH RECURSIVE t(term, n) AS (
      SELECT (SELECT term FROM businesses_fts_terms WHERE term >= ${start} LIMIT 1), 0
      UNION ALL
      SELECT (SELECT term FROM businesses_fts_terms WHERE term >= t.term || ' ' LIMIT 1), n + 1
      FROM t
      WHERE t.term < ${end} AND n < ${MAX_EXPANSION - 1}
        AND (SELECT count(*) FROM (
              SELECT 1 FROM businesses_fts
              WHERE businesses_fts MATCH '"' || replace(t.term, '"', '""') || '"'
                AND rowid >= (SELECT max(id) FROM businesses) - ${recent}
              LIMIT ${DENSE_RECENT})) < ${DENSE_RECENT})
    SELECT term FROM t WHERE term >= ${start} AND term < ${end}`);
  const found = rows.map((r) => r.term).filter((t): t is string => t !== null && !FACET_TERM.test(t));
  return found;
}

/** A text's match as the bounded searches ask it (a prefix expanded, never `word*`), with the facets; null: no word. */
async function boundedTextMatch(db: Db, text: string, facets: string): Promise<TextMatch | null> {
  const words = searchWords(text);
  if (words.whole.length === 0 && !words.prefix) return null;
  return textMatch(words, words.prefix ? await expandPrefix(db, words.prefix) : null, facets);
}

/** What a text search looks for: the match over the word columns, and over the name alone. */
type TextMatch = { words: SearchWords; expansion: string[] | null; match: string; nameMatch: string };

function textMatch(words: SearchWords, expansion: string[] | null, facets: string): TextMatch | null {
  const whole = expansion === null && words.prefix ? [...words.whole, words.prefix] : words.whole;
  const typed = foldedWords(words.prefix ?? "")[0] ?? "";
  const surfaces = expansion?.map((t) => surfaceFor(t, typed)).filter((w): w is string => w !== null) ?? null;
  const query = boundedTextQuery(whole, surfaces);
  if (!query) return null;
  return { words, expansion, match: andQuery(query, facets), nameMatch: andQuery(query.replace(/^\{[^}]*\}/, "name"), facets) };
}

type Scored = CandidateRow & { relevance: number };

/**
 * Relevance of a candidate, with bm25's column weights but without bm25 (which reads every phrase's
 * whole doclist to weigh it): per word, the weight of the best column holding it; a name equal to
 * the query's words above everything. Negative, like bm25: lower comes first.
 */
function relevanceOf(row: CandidateRow, m: TextMatch, queryText: string): number {
  const columns = COLUMN_WEIGHTS.map(([key, weight]) => ({ tokens: new Set(stems(row[key] ?? "")), weight }));
  const best = (has: (tokens: Set<string>) => boolean) => Math.max(0, ...columns.filter((c) => has(c.tokens)).map((c) => c.weight));
  const wholeWords = m.expansion === null && m.words.prefix ? [...m.words.whole, m.words.prefix] : m.words.whole;
  let relevance = 0;
  for (const stem of wholeWords.flatMap((w) => stems(w))) relevance += best((tokens) => tokens.has(stem));
  if (m.expansion) {
    const terms = m.expansion;
    relevance += best((tokens) => terms.some((t) => tokens.has(t)));
  }
  if (foldedWords(row.name).join(" ") === foldedWords(queryText).join(" ")) relevance += 1000;
  return -relevance;
}

/**
 * The business whose name is the query, wherever it lies in the match: its slug is the name's
 * (later namesakes get the city or a tag appended), found through the unique slug
 * index, and kept only if it is in the match (one FTS probe by rowid). One or two rows read. A
 * slice like matchSlice's, so it joins the name matches' query.
 */
function exactNameSlice(text: string, match: string): SQL | null {
  const slug = slugify(text).slice(0, 80).replace(/-+$/, "");
  if (!slug) return null;
  return sql`SELECT e.id AS rowid FROM businesses AS e WHERE e.slug = ${slug}
    AND EXISTS (SELECT 1 FROM businesses_fts WHERE businesses_fts MATCH ${match} AND rowid = e.id)`;
}

/**
 * Up to `limit` matches, newest rowid first, below `before` (a keyset: FTS5 seeks to it). The bound
 * is CAST: D1 binds a JS number as REAL, and FTS5 uses a rowid bound only when it is an INTEGER —
 * otherwise SQLite filters every row FTS5 returns (500,100 rows read for a block at rowid 500,000).
 */
function matchSlice(match: string, limit: number, before: number | null): SQL {
  return sql`SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ${match}${before === null ? sql`` : sql` AND rowid < CAST(${before} AS INTEGER)`} ORDER BY rowid DESC LIMIT ${limit}`;
}

/**
 * Up to `limit` matches with rowids from `from` up, in ascending order: FTS5 stops a descending
 * scan only at its LIMIT, not at a lower rowid bound (a name query that matches nothing in the
 * range took 138 ms descending, 1.1 ms ascending, over 1,000,000 businesses).
 */
function matchSliceFrom(match: string, limit: number, from: number): SQL {
  return sql`SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ${match} AND rowid >= CAST(${from} AS INTEGER) ORDER BY rowid LIMIT ${limit}`;
}

/** A slice's candidates, one query: the FTS rowids drive (CROSS JOIN), `businesses` is read for them only. */
async function candidates(db: Db, slice: SQL): Promise<CandidateRow[]> {
  const rows = await db.orm
    .select(CANDIDATE_COLUMNS)
    .from(sql`(${slice}) AS m`)
    .crossJoin(b)
    .where(sql`${b.id} = m.rowid`);
  return rows.sort((x, y) => y.id - x.id);
}

export type WindowResult = {
  rows: BusinessRow[];
  /** Exact when `approximate` is false; else how many results can be paged through (≤ RESULT_CAP). */
  total: number;
  approximate: boolean;
  /** The match's size: exact, or estimated from the first block's rowid span. */
  estimate: number;
};

type WindowQuery = {
  text: string;
  facets: string;
  /** The order inside a block: relevance (then score) or a stored order. */
  order: OrderKey;
  offset: number;
  limit: number;
  /** Overrides `order` (the admin list: newest id first). */
  compare?: (a: Scored, b: Scored) => number;
  /** A check on the row that FTS facets cannot express (open now, the admin's status filter). */
  keep?: (row: CandidateRow) => boolean;
  /**
   * Open now: past the first block, `keep` is checked on at most as many rows as results are still
   * wanted, and on none when the first block kept nothing. The admin's status filter reads on.
   */
  keepWindow?: boolean;
};

/** Matches' ids only (FTS rows, no `businesses` row read). */
async function idsOf(db: Db, slice: SQL): Promise<number[]> {
  return (await db.orm.all<{ rowid: number }>(slice)).map((r) => r.rowid);
}

/** Candidate rows for these ids, in the given order (bound ids, 100 a statement: D1's parameter limit). */
export async function candidatesByIds(db: Db, ids: number[]): Promise<CandidateRow[]> {
  const rows: CandidateRow[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    rows.push(
      ...(await db.orm
        .select(CANDIDATE_COLUMNS)
        .from(b)
        .where(
          sql`${b.id} IN (${sql.join(
            chunk.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )),
    );
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is CandidateRow => r !== undefined);
}

/**
 * A text search, bounded. The match is read in rowid order (newest first) — FTS5 streams a term's
 * doclist, so reading 101 matches costs the same for a word in every business as for a word in a
 * hundred. The first block (the newest BLOCK matches; when the match is denser, also the business
 * named as the query and up to NAME_WINDOW recent name matches) is put in the requested order in JS.
 * A match that fits in it is thereby ordered as a whole and counted exactly. A denser match
 * continues after the first block newest first, by keyset, up to RESULT_CAP results, with an
 * approximate total: a page there reads the ids before it (FTS rows only) and its own rows, so page
 * 11 of 20 reads ~270 rows, not 11 blocks. `keep` (open now, the admin's status) is checked on rows,
 * so with it every row up to the page is read; for open now (`keepWindow`) only a bounded few past
 * the first block.
 */
export async function windowSearch(db: Db, q: WindowQuery): Promise<WindowResult> {
  const none: WindowResult = { rows: [], total: 0, approximate: false, estimate: 0 };
  const m = await boundedTextMatch(db, q.text, q.facets);
  if (!m) return none;
  const match = m;
  const want = Math.min(q.offset + q.limit, RESULT_CAP);
  const scored = (rows: CandidateRow[]): Scored[] =>
    rows.filter((r) => !q.keep || q.keep(r)).map((r) => ({ ...r, relevance: relevanceOf(r, match, q.text) }));

  // The first block's rows are read only when the page can lie in it (it holds at most
  // BLOCK + NAME_WINDOW + 1 results) or rows must be checked.
  const firstRows = Boolean(q.keep) || q.offset < BLOCK + NAME_WINDOW + 1;
  const firstSlice = matchSlice(match.match, BLOCK + 1, null);
  const first = firstRows ? await candidates(db, firstSlice) : (await idsOf(db, firstSlice)).map((id) => ({ id }) as CandidateRow);
  if (first.length === 0) return none;
  const dense = first.length > BLOCK;
  const block: CandidateRow[] = first.slice(0, BLOCK);
  const seen = new Set(block.map((r) => r.id));
  if (dense) {
    // Name matches from about the first NAME_SPAN_BLOCKS blocks' rowids: bounded even when no name holds the words.
    const span = first[0].id - first[BLOCK].id + 1;
    const nameSlice = matchSliceFrom(match.nameMatch, NAME_WINDOW, Math.max(0, first[0].id - NAME_SPAN_BLOCKS * span));
    const exact = exactNameSlice(q.text, match.match);
    // One statement for both: each D1 statement has its own fixed cost.
    const slice = exact ? sql`${exact} UNION ALL SELECT rowid FROM (${nameSlice})` : nameSlice;
    const names = firstRows ? await candidates(db, slice) : (await idsOf(db, slice)).map((id) => ({ id }) as CandidateRow);
    for (const r of names) if (!seen.has(r.id)) block.push(r);
    for (const r of names) seen.add(r.id);
  }

  // The first block, ordered; without its rows only its size matters (the page lies after it).
  const ordered = firstRows ? scored(block).sort(q.compare ?? COMPARE[q.order]) : null;
  const firstSize = ordered ? ordered.length : block.length;
  let examined = block.length;
  const page: Scored[] = ordered ? ordered.slice(q.offset, want) : [];
  let position = firstSize;

  // The rest, newest first: ids read by keyset in chunks, rows only for the page (or for `keep`).
  let last = first[Math.min(BLOCK, first.length) - 1].id;
  let more = dense;
  // Open now past the first block checks at most as many rows as results are still wanted (as ADR
  // 0015's window does), and none when the first block kept nothing (its share, 0, is the estimate for
  // the rest): bounded when little is open (at night, or a dense word whose businesses list no hours,
  // which are never open now). The page may then come out short, with hasNext false.
  const windowed = Boolean(q.keep && q.keepWindow);
  let keepBudget = windowed ? (position === 0 ? 0 : want - position) : Infinity;
  while (more && position < want && keepBudget > 0) {
    const chunkSize = q.keep ? Math.min(BLOCK, keepBudget) : Math.min(BLOCK, want - position + (seen.size - BLOCK) + 1);
    const ids = await idsOf(db, matchSlice(match.match, chunkSize + 1, last));
    more = ids.length > chunkSize;
    const chunk = ids.slice(0, chunkSize);
    if (chunk.length === 0) break;
    last = chunk[chunk.length - 1];
    const fresh = chunk.filter((id) => !seen.has(id));
    if (q.keep) {
      examined += fresh.length;
      keepBudget -= chunk.length;
      const kept = scored(await candidatesByIds(db, fresh));
      page.push(...kept.slice(Math.max(0, q.offset - position), Math.max(0, want - position)));
      position += kept.length;
      continue;
    }
    const from = Math.max(0, q.offset - position);
    const to = Math.max(0, want - position);
    const onPage = fresh.slice(from, to);
    if (onPage.length) page.push(...scored(await candidatesByIds(db, onPage)));
    position += fresh.length;
  }

  // `facets` was not read: an empty string stands in (toBusiness never shows it).
  const rows: BusinessRow[] = page.map(({ relevance: _, ...row }) => ({ ...row, facets: "", geoTerms: null, nearFacets: null }));
  if (!dense) return { rows, total: firstSize, approximate: false, estimate: first.length };
  // The first block's density over its rowid span, applied to every rowid below it; with `keep`,
  // times the share of rows it let through.
  const span = Math.max(1, first[0].id - first[BLOCK].id + 1);
  const share = q.keep ? position / Math.max(1, examined) : 1;
  const estimate = Math.round(Math.max(BLOCK + 1, (BLOCK * first[0].id) / span) * Math.min(1, share));
  const total = Math.min(RESULT_CAP, Math.max(Math.min(position, RESULT_CAP), estimate));
  return { rows, total, approximate: true, estimate };
}

// ── Searches without words: a window of the recommended order (docs/decisions/0015-bounded-filter-search.md) ──

/**
 * Entries of the driving index a word-less search reads as its window (each costs an index row and
 * its table row): ~2 × FACET_WINDOW rows for a first page, whatever the location's size.
 */
export const FACET_WINDOW = 100;

/** An index listing some businesses in recommended order, and its equality predicate. */
type Driver = { index: string; where: SQL; size: number | null };

/** A facet's value as FTS5 sees it: the token drops spaces and hyphens, and unicode61 folds case. */
const facetValue = (value: string | number | null) =>
  String(value ?? "")
    .replace(/[ -]/g, "")
    .toLowerCase();

/** The row filters of a word-less search, checked in JS on the window's rows: exactly the FTS facets' meaning. */
function facetFilter(
  location: ResolvedLocation | null,
  category: Category | null,
  minRating: number | undefined,
): (row: CandidateRow) => boolean {
  const columns: Record<PlaceKind, keyof CandidateRow> = { zip: "zipCode", city: "citySlug", state: "stateCode", country: "countryCode" };
  const checks: Array<(row: CandidateRow) => boolean> = (location?.places ?? []).map(
    (p) => (row) => facetValue(row[columns[p.kind]] as string) === facetValue(p.value),
  );
  if (category) {
    const column = category.kind === "group" ? "groupSlug" : "categorySlug";
    checks.push((row) => facetValue(row[column]) === facetValue(category.slug));
  }
  if (minRating) {
    const from = Math.max(0, Math.ceil(minRating * 10 - 1e-9));
    checks.push((row) => Math.round(row.rating * 10) >= from);
  }
  return (row) => checks.every((check) => check(row));
}

type Category = { kind: "group" | "category"; slug: string };

function categoryOf(text: string | undefined): Category | null {
  const slug = slugify(text ?? "");
  if (!slug) return null;
  return { kind: groupBySlug(slug) ? "group" : "category", slug };
}

/**
 * The index whose businesses are fewest drives the window: the location's (column, score, id) index
 * or the category's (slug, score, id) index. Sizes come from the summary tables (a postal code is
 * taken as the smallest; a state, which has none, as 2% of the directory).
 */
async function chooseDriver(db: Db, location: ResolvedLocation | null, category: Category | null): Promise<Driver> {
  const categoryDriver = async (c: Category): Promise<Driver> => {
    const size = await valueOf(
      db,
      c.kind === "group"
        ? sql`SELECT business_count AS n FROM category_groups WHERE slug = ${c.slug}`
        : sql`SELECT business_count AS n FROM categories WHERE slug = ${c.slug}`,
    );
    return c.kind === "group"
      ? { index: "businesses_group_order_idx", where: sql`${b.groupSlug} = ${c.slug}`, size }
      : { index: "businesses_category_order_idx", where: sql`${b.categorySlug} = ${c.slug}`, size };
  };
  // A listing's filters without a place (/businesses, a category page).
  if (!location) return category ? categoryDriver(category) : { index: "businesses_order_idx", where: sql`1 = 1`, size: null };
  const { kind, value } = location.driving;
  const place: Driver = {
    index: PLACES[kind].index,
    where: sql`${PLACES[kind].column} = ${value}`,
    size: kind === "zip" ? 0 : await locationSize(db, location),
  };
  if (!category || place.size === 0) return place;
  const driver = await categoryDriver(category);
  if (driver.size === null) return place;
  const placeSize = place.size ?? (await totalBusinesses(db)) / 50;
  return driver.size >= placeSize ? place : driver;
}

type FacetQuery = {
  /** Null: no place (a listing page's filters over a category or the whole directory). */
  location: ResolvedLocation | null;
  category: Category | null;
  minRating: number | undefined;
  /** The same filters as one FTS query (the continuation past the window reads it newest first). */
  match: string;
  order: Exclude<OrderKey, "relevance" | "latest">;
  offset: number;
  limit: number;
  keep?: (row: CandidateRow) => boolean;
};

/**
 * A word-less search, bounded. The window: the first FACET_WINDOW + 1 entries of the driving index in
 * recommended order, their rows read and filtered in JS (the other places, the category, the
 * minimum rating, open now). When the driving index held no more, the window is the whole match:
 * ordered and paged exactly. Otherwise its hits are, in the recommended order, exactly the best
 * matches (a prefix of the whole order); in another order (rating, reviews) the best of those. A
 * page past the hits continues like a dense text search: the FTS match newest first by keyset, the
 * hits skipped, ids only up to the page (rows for `keep`, at most as many as results are still wanted),
 * at most RESULT_CAP results, approximate.
 */
export async function facetSearch(db: Db, q: FacetQuery): Promise<{ rows: BusinessRow[]; approximate: boolean; total: number | null }> {
  const driver = await chooseDriver(db, q.location, q.category);
  const window = await db.orm
    .select(CANDIDATE_COLUMNS)
    .from(
      sql`(SELECT b.id FROM ${FROM_B} ${sql.raw(`INDEXED BY ${driver.index}`)} WHERE ${driver.where}
          ORDER BY b.score DESC, b.id DESC LIMIT ${FACET_WINDOW + 1}) AS w`,
    )
    .crossJoin(b)
    .where(sql`${b.id} = w.id`);
  const filter = facetFilter(q.location, q.category, q.minRating);
  const hits = window
    .filter((row) => filter(row) && (!q.keep || q.keep(row)))
    .map((row) => ({ ...row, relevance: 0 }))
    .sort(COMPARE[q.order]);
  const want = Math.min(q.offset + q.limit, RESULT_CAP);
  const page: CandidateRow[] = hits.slice(q.offset, want);
  const complete = window.length <= FACET_WINDOW;

  // Past the window's hits: the match newest first (FTS ids), the hits skipped.
  const seen = new Set(hits.map((r) => r.id));
  let position = hits.length;
  let last: number | null = null;
  // Without any facet (open now over the whole directory) there is no FTS match to continue with.
  let more = !complete && q.match !== "";
  // Rows checked past the window for `keep` (open now): as many as results are still wanted, so a
  // page stays bounded when few businesses are open (at night); the page may then come out short.
  let scan = Math.max(0, want - position);
  while (more && position < want && (!q.keep || scan > 0)) {
    const chunkSize = q.keep ? Math.min(BLOCK, scan) : Math.min(BLOCK, want - position + seen.size + 1);
    scan -= chunkSize;
    const ids = await idsOf(db, matchSlice(q.match, chunkSize + 1, last));
    more = ids.length > chunkSize;
    const chunk = ids.slice(0, chunkSize);
    if (chunk.length === 0) break;
    last = chunk[chunk.length - 1];
    const fresh = chunk.filter((id) => !seen.has(id));
    if (q.keep) {
      const kept = (await candidatesByIds(db, fresh)).filter(q.keep);
      page.push(...kept.slice(Math.max(0, q.offset - position), Math.max(0, want - position)));
      position += kept.length;
      continue;
    }
    const onPage = fresh.slice(Math.max(0, q.offset - position), Math.max(0, want - position));
    if (onPage.length) page.push(...(await candidatesByIds(db, onPage)));
    position += fresh.length;
  }
  // `facets` was not read: an empty string stands in (toBusiness never shows it).
  const rows: BusinessRow[] = page.map((row) => ({ ...row, facets: "", geoTerms: null, nearFacets: null }));
  // A complete window is the whole match, filters and open now included: its hits are the count.
  return { rows, approximate: !complete, total: complete ? hits.length : null };
}

/** A result, with its distance when the search has a point (near=, or the location's centre). */
export type SearchBusiness = Business & { distanceKm?: number };

export type SearchResult = {
  businesses: SearchBusiness[];
  page: number;
  pageSize: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /**
   * True when the results come from a bounded window of a larger match (ADR 0012, ADR 0015): the
   * first ones are the best of that window, the rest newest first, and at most 1,000 are listed.
   */
  approximate: boolean;
  /** The location as understood, or null when none was given. */
  location: { text: string; label: string; found: boolean } | null;
  /** Where distances are measured from: near=, or the location's centre for sort=distance; else null. */
  point: Point | null;
  /** How many results there are, when the search knows it exactly (never when approximate); else null. */
  total: number | null;
};

type Criteria = { text: string; location: ResolvedLocation | null; filters: string[]; facets: string; match: string };

/**
 * What a search looks for: its words, its location, its filters, and all of them as one FTS query.
 * Null when there is nothing to search by or the location names nothing we know. Exported for the
 * benchmark, which measures the match's size.
 */
export async function searchCriteria(db: Db, params: SearchParams): Promise<Criteria | null> {
  let location: ResolvedLocation | null = null;
  if (params.location) {
    location = await resolveLocation(db, params.location);
    if (!location) return null;
  }
  const text = params.q;
  const hasWords = searchWords(text).whole.length > 0 || searchWords(text).prefix !== null;
  // Nothing to search by: text without a searchable word and no location.
  if (!hasWords && !location) return null;
  const filters = filterFacets(params);
  const facets = facetsQuery([...(location?.facets ?? []), ...filters]);
  // The match as FTS5 itself defines it (`word*` for the last word): the benchmark counts its size.
  return { text: hasWords ? text : "", location, filters, facets, match: andQuery(hasWords ? buildFtsQuery(text) : "", facets) };
}

/** The category and minimum rating asked for, as facet tokens. */
function filterFacets(params: SearchParams): string[] {
  const category = params.category ? categoryFacet(params.category) : null;
  return [category, params.minRating ? minRatingFacets(params.minRating) : null].filter((f): f is string => Boolean(f));
}

/** A rating band holds about a quarter of the businesses: more bands than this narrow a near walk too little to join. */
const MAX_JOINED_BANDS = 2;

/**
 * The filters of a near search: the one joined with the cells (near_facets: a category, else a
 * minimum rating of 4 or more), and the others as facets of the match. A joined rating whose minimum
 * is no band's bound (4.2) keeps its facet too, so the match stays exact.
 */
function nearFilters(params: SearchParams): { facets: string[]; joined: NearFacet | null } {
  const category = categoryOf(params.category);
  const rating = params.minRating ? minRatingFacets(params.minRating) : null;
  if (category) return { joined: [nearCategoryFacet(category.kind, category.slug)], facets: rating ? [rating] : [] };
  if (params.minRating && rating) {
    const { bands, exact } = ratingBands(params.minRating);
    if (bands.length <= MAX_JOINED_BANDS) return { joined: bands.map(ratingBandFacet), facets: exact ? [] : [rating] };
  }
  return { joined: null, facets: rating ? [rating] : [] };
}

/** One page of results. Never throws on visitor text: unusable text gives an empty page. */
export async function search(db: Db, params: SearchParams, now: Date = new Date()): Promise<SearchResult> {
  const result = await searchPage(db, params, now);
  const { point } = result;
  if (!point) return result;
  const withDistance = (business: SearchBusiness): SearchBusiness =>
    business.distanceKm !== undefined || business.latitude === null || business.longitude === null
      ? business
      : { ...business, distanceKm: distanceKm(point, { lat: business.latitude, lng: business.longitude }) };
  return { ...result, businesses: result.businesses.map(withDistance) };
}

/**
 * The centre of a location, for "pizza in Hue" sorted by distance: the mean position of up to 50 of
 * its businesses, read from the location's own index. Null when none has coordinates.
 */
async function locationCentre(db: Db, location: ResolvedLocation): Promise<Point | null> {
  const { kind, value } = location.driving;
  const row = await db.orm.get<{ lat: number | null; lng: number | null }>(
    sql`SELECT avg(lat) AS lat, avg(lng) AS lng FROM (SELECT b.latitude AS lat, b.longitude AS lng FROM ${FROM_B} ${indexedBy(PLACES[kind].index)}
        WHERE ${PLACES[kind].column} = ${value} AND b.latitude IS NOT NULL AND b.longitude IS NOT NULL LIMIT 50)`,
  );
  return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}

async function searchPage(db: Db, params: SearchParams, now: Date): Promise<SearchResult> {
  const page = params.page;
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const empty: SearchResult = {
    businesses: [],
    page,
    pageSize: SEARCH_PAGE_SIZE,
    hasPrevious: page > 1,
    hasNext: false,
    approximate: false,
    location: null,
    point: params.near ?? null,
    total: null,
  };
  const criteria = await searchCriteria(db, params);
  if (params.location) {
    empty.location = { text: params.location, label: criteria?.location?.label ?? params.location, found: Boolean(criteria?.location) };
    if (!criteria?.location) return empty;
  }
  const keep = params.openNow ? (row: CandidateRow) => isOpenNow(row, now) : undefined;

  // Nearest first: from near=, else from the location's centre. Near alone (no words, no place) is a search too.
  const point = params.near ?? (params.sort === "distance" && criteria?.location ? await locationCentre(db, criteria.location) : null);
  if (point && (params.sort === "distance" || !criteria)) {
    // The words and the filters (place, category, rating) are one FTS match with the cells around the
    // point; a category or a high minimum rating is matched joined with the cells.
    const filters = nearFilters(params);
    const facets = facetsQuery([...(criteria?.location?.facets ?? []), ...filters.facets]);
    const match = criteria?.text ? ((await boundedTextMatch(db, criteria.text, facets))?.match ?? null) : facets || null;
    // Words that match nothing the vocabulary knows: nothing near either.
    if (criteria?.text && !match) return { ...empty, point };
    const found = await nearSearch(db, {
      point,
      radiusKm: params.radius,
      count: Math.min(offset + SEARCH_PAGE_SIZE + 1, RESULT_CAP),
      match,
      facet: filters.joined,
      keep,
    });
    const list = found.rows.slice(offset).map((row) => ({ ...toBusiness(row, now), distanceKm: row.distanceKm }));
    // Fewer than asked for: everything within the radius was found, so that is the total.
    const all = !found.approximate && found.rows.length < Math.min(offset + SEARCH_PAGE_SIZE + 1, RESULT_CAP);
    return {
      ...empty,
      point,
      total: all ? found.rows.length : null,
      businesses: list.slice(0, SEARCH_PAGE_SIZE),
      hasNext: list.length > SEARCH_PAGE_SIZE,
      approximate: found.approximate,
    };
  }
  if (!criteria) return empty;
  const { text, location, filters, match } = criteria;
  const order = params.sort === "distance" ? "relevance" : params.sort;

  if (text) {
    const found = await windowSearch(db, {
      text,
      facets: criteria.facets,
      order,
      offset,
      limit: SEARCH_PAGE_SIZE + 1,
      keep,
      keepWindow: true,
    });
    const list = found.rows.map((r) => toBusiness(r, now));
    return {
      ...empty,
      businesses: list.slice(0, SEARCH_PAGE_SIZE),
      hasNext: list.length > SEARCH_PAGE_SIZE,
      approximate: found.approximate,
      // Open now is checked on the rows a page reads, so the match's size is not the count of open ones.
      total: found.approximate || keep ? null : found.total,
    };
  }
  if (!location) return empty;

  // A location alone in the recommended order: its own (column, score, id) index, exact, read to the page.
  if (order === "relevance" && filters.length === 0 && !keep) {
    const [rows, size] = await Promise.all([
      planRows(db, locationPlan(location), sql`LIMIT ${SEARCH_PAGE_SIZE + 1} OFFSET ${offset}`),
      // A city's or a country's count is in the summary tables (one row); a state's or postal code's is not.
      locationSize(db, location),
    ]);
    const list = rows.sort(COMPARE.score).map((r) => toBusiness(r, now));
    return { ...empty, businesses: list.slice(0, SEARCH_PAGE_SIZE), hasNext: list.length > SEARCH_PAGE_SIZE, total: size };
  }
  // Anything else without words: a bounded window of the recommended order (ADR 0015).
  const found = await facetSearch(db, {
    location,
    category: categoryOf(params.category),
    minRating: params.minRating,
    match,
    order: order === "relevance" ? "score" : order,
    offset,
    limit: SEARCH_PAGE_SIZE + 1,
    keep,
  });
  const list = found.rows.map((r) => toBusiness(r, now));
  return {
    ...empty,
    businesses: list.slice(0, SEARCH_PAGE_SIZE),
    hasNext: list.length > SEARCH_PAGE_SIZE,
    approximate: found.approximate,
    total: found.total,
  };
}

export type ListingScope =
  | { kind: "city"; slug: string; name: string }
  | { kind: "group" | "category"; slug: string }
  | { kind: "all" }
  // A city × category page (/city/{city}/{category}).
  | { kind: "city-category"; city: { slug: string; name: string }; category: { kind: "group" | "category"; slug: string } };

export type ListingPage = { businesses: Business[]; hasNext: boolean; approximate: boolean; total: number | null };

/**
 * A listing page (/businesses, a city, a category) with the search's filters (open now and
 * a minimum rating on every listing): the bounded word-less search of ADR 0015, driven by the city's
 * or the category's index, or by the recommended order of the whole directory.
 */
export async function listingSearch(
  db: Db,
  scope: ListingScope,
  filters: ListingFilters,
  page: number,
  pageSize: number,
  now: Date = new Date(),
): Promise<ListingPage> {
  const location =
    scope.kind === "city"
      ? cityLocation(scope.slug, scope.name)
      : scope.kind === "city-category"
        ? cityLocation(scope.city.slug, scope.city.name)
        : null;
  const category: Category | null =
    scope.kind === "group" || scope.kind === "category"
      ? { kind: scope.kind, slug: scope.slug }
      : scope.kind === "city-category"
        ? { kind: scope.category.kind, slug: scope.category.slug }
        : null;
  const facets = [
    ...(location?.facets ?? []),
    ...(category ? [facetToken(category.kind, category.slug)] : []),
    ...(filters.minRating ? [minRatingFacets(filters.minRating)] : []),
  ];
  const found = await facetSearch(db, {
    location,
    category,
    minRating: filters.minRating,
    match: facetsQuery(facets),
    order: "score",
    offset: (page - 1) * pageSize,
    limit: pageSize + 1,
    keep: filters.openNow ? (row) => isOpenNow(row, now) : undefined,
  });
  const list = found.rows.map((r) => toBusiness(r, now));
  return { businesses: list.slice(0, pageSize), hasNext: list.length > pageSize, approximate: found.approximate, total: found.total };
}

/**
 * GET /api/businesses?search=…: /search's matcher and ranking, in a category scope,
 * with the list endpoint's totals. A dense search (more matches than one block) lists at most
 * RESULT_CAP results and says so: `approximate` is true, `total` is what can be paged through and
 * `estimate` the match's estimated size.
 */
export async function searchList(
  db: Db,
  text: string,
  scope: { column: "category_slug" | "group_slug"; slug: string } | null,
  sort: "recommended" | "latest",
  limit: number,
  offset: number,
): Promise<{ rows: BusinessRow[]; total: number; approximate: boolean; estimate: number }> {
  const facet = scope ? facetToken(scope.column === "group_slug" ? "group" : "category", scope.slug) : null;
  const found = await windowSearch(db, {
    text,
    facets: facetsQuery(facet ? [facet] : []),
    order: sort === "latest" ? "latest" : "relevance",
    offset,
    limit,
  });
  return {
    rows: found.rows,
    total: found.total,
    approximate: found.approximate,
    estimate: found.estimate,
  };
}
