/**
 * The search engine behind /search, /api/search, /api/businesses?search=, the listings' filters and
 * the admin list's search: parse → plan → run (docs/search-and-lists.md).
 *
 * app/lib/search/search-plan.ts parses a request once (parseSearch) and chooses its plan
 * (planSearch); this module looks up what that needs of the database (the location's places, its
 * centre, the prefix's vocabulary terms: searchPlan) and runs the plan. Every filter a visitor can
 * set except "open now" is an FTS facet (docs/decisions/0007-search-facets.md), so the FTS match is
 * exactly the result set and a plan only has to put it in order and read the page's rows:
 *
 * - words, in any order: a window of the newest BLOCK matches (and the exact name and recent name
 *   matches), ordered in JS; past it the match newest first by keyset, approximate (ADR 0012).
 *   Never bm25 and never `word*`: a prefix is expanded through the vocabulary.
 * - a location alone in the recommended order: the location's (column, score, id) index, by OFFSET.
 * - any other search without words: a window of the smaller driving index, filtered in JS; past it
 *   the match newest first, approximate (ADR 0015).
 * - near me: the grid or the FTS cells around the point, nearest first (near.server.ts, ADR 0017).
 * - open now is computed in JS from hours and time zone on the rows a plan reads.
 */
import { and, asc, desc, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { FILTER_TERM } from "#app/lib/business/attributes";
import { isOpenNow, toBusiness, type Business } from "#app/lib/business/business";
import { choicesFromRows } from "#app/lib/search/filter-choices";
import {
  attributeFiltersActive,
  attributeFiltersQuery,
  NO_ATTRIBUTE_FILTERS,
  type AttributeFilters,
  type FilterChoices,
  type ListingFilters,
} from "#app/lib/search/listing-filters";
import { COMPARE, relevance } from "#app/lib/search/ranking";
import { SEARCH_PAGE_SIZE } from "#app/lib/search/search-links";
import type { SearchParams } from "#app/lib/search/search-params";
import { STEMMED_ENDINGS } from "#app/lib/search/porter-stem";
import {
  BLOCK,
  EXPANSION_SLOT,
  FILTER_BLOCK,
  NUMBERED_PAGES,
  FACET_WINDOW,
  listingPlan,
  NAME_WINDOW,
  ORDERED_TEXT,
  parseSearch,
  parseText,
  planSearch,
  RESULT_CAP,
  textMatch,
  textMatchTemplate,
  type Category,
  type FacetPlan,
  type ListingScope,
  type Location,
  type Place,
  type OrderKey,
  type Point,
  type SearchPlan,
  type SearchQuery,
  type TextMatch,
  type TextQuery,
} from "#app/lib/search/search-plan";
import { andQuery, facetsQuery, facetToken, facetValue, ratingTenthsFrom } from "#app/lib/search/search-query";
import { cityCategories, type BusinessRow } from "#db/schema";
import type { Db } from "#app/server/platform/db.server";
import {
  batchThrough,
  readThrough,
  servedRows,
  type ReadAhead,
  type ReadAheadPlan,
  type Statement,
} from "#app/server/platform/read-ahead.server";
import {
  b,
  CANDIDATE_COLUMNS,
  CANDIDATE_SQL,
  candidateJson,
  candidatesFromJson,
  FROM_B,
  seekFrom,
  readCandidates,
  type CandidateRow,
} from "#app/server/search/candidates.server";
import { categoryWords } from "#app/server/search/category-words.server";
import { distanceKm, nearSearch } from "#app/server/search/near.server";
import {
  findLocation,
  knownLookups,
  lookupArms,
  knownSize,
  lookupsOf,
  PLACES,
  placeCentre,
  centreFrom,
  centreLookups,
  placeLookups,
  placeSize,
  placeWhere,
  totalBusinesses,
  valueOf,
  type LookupArm,
  type Lookups,
} from "#app/server/search/places.server";

export type { ListingScope };

/** A row checked in JS: open now, or the admin list's status. */
type Keep = (row: CandidateRow) => boolean;

// ── Looking up what the plan needs ──

/**
 * A search's plan: the request parsed once, and what that needs of the database looked up in one
 * statement (ADR 0032): the location's places (none: the plan is empty), for a search without words
 * the sizes that choose its driving index (`lookups`, which the plan's run reads), and the prefix's
 * vocabulary terms (`vocabulary: false`: none, the prefix is FTS5's `word*`) — and for a text plan
 * its first block (`first`: lookUpWithBlock), used when SQL wrote the plan's own match; for
 * sort=distance without near=, the centres of the places that may drive (centreLookups; a statement
 * more only when a later part of the location drives). Exported for the benchmark, which counts the
 * whole match.
 */
export async function searchPlan(
  db: Db,
  params: SearchParams,
  locales?: readonly string[],
  { vocabulary = true, numbered = null }: { vocabulary?: boolean; numbered?: number | null } = {},
): Promise<PlanWithLookUps> {
  // Category words of the enabled languages ("cà phê" → coffee shop) join the words' match: no D1 read.
  const q = parseSearch(params, categoryWords(locales));
  // A text page past `numbered` asked for by its number alone is answered with page `numbered` (run):
  // its first block comes with the look-ups as that page's would.
  const blockOffset = numbered !== null && q.page > numbered ? (numbered - 1) * SEARCH_PAGE_SIZE : q.offset;
  // One round trip for everything the plan depends on: the location's look-ups (and, for a search
  // without words, the sizes its driving index is chosen by) and the prefix's vocabulary terms.
  const expansion = q.text ? prefixExpansion(q.text, vocabulary) : { terms: null };
  // Near me reads no driving index: the category's size, which chooses one, is not looked up for it.
  const near = Boolean(q.near) && (q.sort === "distance" || (!q.text && !q.location));
  const sizes = { places: !q.text, category: q.text || near ? null : q.category };
  const expanded = "query" in expansion ? expansion : null;
  // Sorted by distance without near=: the centres of the places that may drive come with the look-ups
  // (centreLookups); the walk from the driving one's is then the plan's one round trip more.
  const centres = q.sort === "distance" && !q.near && q.location ? centreLookups(q.location) : null;
  // A text plan's first block comes in the same statement when it can (firstBlockWithLookUps); a walk
  // by distance reads no block.
  const withBlock = centres
    ? null
    : firstBlockWithLookUps({ ...q, offset: blockOffset }, lookupArms(q.location, sizes), expanded, vocabulary);
  const [lookupRows, termRows, block] = withBlock
    ? await lookUpWithBlock(db, withBlock)
    : [...(await lookUp(db, placeLookups(q.location, sizes), expanded?.query ?? null, centres)), null];
  const lookups = lookupsOf(lookupRows);
  const facts = { terms: "terms" in expansion ? expansion.terms : termsOf(termRows), prefixQuery: !vocabulary };
  const location = q.location ? findLocation(q.location, lookups) : null;
  if (q.location && !location) return { ...planSearch(q, { location: null, centre: null, terms: null }), lookups };
  const centre = q.sort === "distance" && !q.near && location ? await centreOf(db, lookups, location.driving) : null;
  const plan = planSearch(q, { location, centre, ...facts });
  // The block read with the look-ups serves only the match it was read for.
  const own = block && plan.kind === "text" && block.match === plan.match.match ? block : null;
  return { ...plan, lookups, ...(own ? { first: own.rows, ...(own.names ? { firstNames: own.names } : {}) } : {}) };
}

/** A place's centre: as the look-ups read it (centreLookups), else read now (another place drives). */
async function centreOf(db: Db, lookups: Lookups, place: Place): Promise<Point | null> {
  const read = centreFrom(lookups, place);
  return read !== undefined ? read : placeCentre(db, place);
}

/** A plan and what its look-ups read: the sizes, and a text plan's first block when it came with them. */
type PlanWithLookUps = SearchPlan & { lookups: Lookups; first?: CandidateRow[]; firstNames?: CandidateRow[] };

/**
 * The look-ups, the places' centres (centreLookups) and the prefix's terms as ONE statement (UNION ALL:
 * a look-up's row has a key `k`, a term's has `term`), or nothing to read.
 */
async function lookUp(db: Db, places: SQL | null, terms: SQL | null, centre: SQL | null = null): Promise<[LookupRow[], TermRow[]]> {
  const arms = [
    ...(places ? [sql`SELECT k, n, NULL AS term FROM (${places})`] : []),
    ...(centre ? [sql`SELECT k, n, NULL AS term FROM (${centre})`] : []),
    ...(terms ? [sql`SELECT NULL AS k, NULL AS n, term FROM (${terms})`] : []),
  ];
  if (arms.length === 0) return [[], []];
  const rows = await db.orm.all<LookupRow & TermRow>(sql.join(arms, sql` UNION ALL `));
  return [rows.filter((r) => r.k !== null) as LookupRow[], rows.filter((r) => r.k === null)];
}

type LookupRow = { k: string; n: number | null };
type TermRow = { term: string | null };

/** At most this many vocabulary terms stand for a typed prefix. */
const MAX_EXPANSION = 12;

/** Facet tokens (migration 20261122215431) and filter terms (attributes.ts) share the vocabulary: a prefix never expands to one. */
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
 * matches nothing, as `word*` would. Null when the words have no prefix.
 */
function prefixExpansion(text: TextQuery, vocabulary: boolean): { terms: string[] | null } | Expansion {
  if (!text.prefix) return { terms: null };
  const start = text.prefixStem;
  if (start === null) return { terms: [] };
  // Without the vocabulary table (FTS5VOCAB=off) the prefix is FTS5's own `word*` (textMatch).
  if (!vocabulary) return { terms: null };
  const end = `${start}\u{10FFFF}`;
  const recent = sql.raw(String(RECENT_ROWIDS));
  const cte = sql`t(term, n) AS (
      SELECT (SELECT term FROM businesses_fts_terms WHERE term >= ${start} LIMIT 1), 0
      UNION ALL
      SELECT (SELECT term FROM businesses_fts_terms WHERE term >= t.term || ' ' LIMIT 1), n + 1
      FROM t
      WHERE t.term < ${end} AND n < ${MAX_EXPANSION - 1}
        AND (SELECT count(*) FROM (
              SELECT 1 FROM businesses_fts
              WHERE businesses_fts MATCH '"' || replace(t.term, '"', '""') || '"'
                AND rowid >= (SELECT max(id) FROM businesses) - ${recent}
              LIMIT ${DENSE_RECENT})) < ${DENSE_RECENT})`;
  const select = sql`SELECT term FROM t WHERE term >= ${start} AND term < ${end}`;
  return { cte, select, query: sql`WITH RECURSIVE ${cte} ${select}`, stem: start, typed: text.typed };
}

/**
 * A prefix's expansion: the recursive CTE `t` over the vocabulary, the select of its terms from
 * it, both as one statement, and the prefix (its stem and the word as typed, folded).
 */
type Expansion = { cte: SQL; select: SQL; query: SQL; stem: string; typed: string };

const termsOf = (rows: TermRow[]) =>
  rows.map((r) => r.term).filter((t): t is string => t !== null && !FACET_TERM.test(t) && !FILTER_TERM.test(t));

/** At most this many look-ups decide how a location resolves for the first block read with them (2^N match spellings). */
const MAX_BLOCK_LOOKUPS = 4;

/** What a text plan's first block needs to come in the look-ups' statement: the look-ups, the prefix's expansion, the match per answer. */
type BlockWithLookUps = {
  arms: LookupArm[];
  expansion: Expansion | null;
  /** The name matches come too (a page within the first block): the query's slug, for the exact name. */
  names: { nameSlug: string } | null;
  /** Per set of look-ups found (bit i: arm i's row came), the matches (textMatchTemplate); null: no block. */
  templates: Array<{ terms: string | null; none: string | null } | null>;
};

/**
 * Whether a text plan's first block can be read in the look-ups' statement, and the matches it may
 * need: every way the location can resolve (each set of look-ups found, findLocation) spelled in JS,
 * the one the answers pick chosen in SQL, the prefix's terms written into it there. Only where the
 * plan reads the first block's rows (runWindow's `firstRows`) and something is to be looked up at all.
 */
function firstBlockWithLookUps(
  q: SearchQuery,
  arms: LookupArm[],
  expansion: Expansion | null,
  vocabulary: boolean,
): BlockWithLookUps | null {
  if (!q.text || (!q.openNow && q.offset >= ORDERED_TEXT)) return null;
  if ((arms.length === 0 && !expansion) || arms.length > MAX_BLOCK_LOOKUPS) return null;
  const templates = Array.from({ length: 2 ** arms.length }, (_, mask) => {
    const found: Lookups = new Map(arms.filter((_, i) => mask & (1 << i)).map((a) => [a.key, 1]));
    return textMatchTemplate(q, q.location ? findLocation(q.location, found) : null, !vocabulary);
  });
  // The name matches come with the block where runWindow would read them with it (namesFirst).
  const names = q.offset + SEARCH_PAGE_SIZE + 1 <= BLOCK ? { nameSlug: q.text.nameSlug } : null;
  return templates.some((t) => t?.terms || t?.none) ? { arms, expansion, names, templates } : null;
}

/**
 * A term SQL writes as itself may need another surface (surfaceFor: "coffe" is searched as
 * "coffee"), and a facet or filter term is no term of the words (termsOf): with such a term the
 * statement reads no block, and the plan reads it in its own round trip.
 */
function unsureTerm(stem: string): SQL {
  // The endings are the code's own lower-case letters: written into the statement, not bound (D1 binds 100 values at most).
  const endings = sql.raw(STEMMED_ENDINGS.map((e) => `term GLOB '*${e}'`).join(" OR "));
  return sql`(term GLOB '*0' OR term GLOB 'zz[0-9]*' OR (term <> ${stem} AND (${endings})))`;
}

/**
 * The look-ups, the prefix's terms and the first block (the newest BLOCK + 1 matches with their
 * rows) as ONE statement. Its first row carries the look-ups' answers and the terms (JSON) and the
 * match SQL wrote (null: none, and no block is read); the block's rows follow. A CTE read twice is
 * computed twice: the answers and the terms are read once, into the materialized `s`.
 */
async function lookUpWithBlock(
  db: Db,
  w: BlockWithLookUps,
): Promise<[LookupRow[], TermRow[], { match: string; rows: CandidateRow[]; names?: CandidateRow[] } | null]> {
  const lookups = w.arms.length
    ? sql.join(
        w.arms.map((a, i) => sql`SELECT k, n, ${sql.raw(String(1 << i))} AS bit FROM (${a.sql})`),
        sql` UNION ALL `,
      )
    : sql`SELECT NULL AS k, NULL AS n, 0 AS bit WHERE 0`;
  // The match per set of answers (NULL when none has one: CASE needs a WHEN).
  const cases = (which: "terms" | "none") => {
    const whens = w.templates.flatMap((t, mask) => (t?.[which] ? [sql`WHEN ${sql.raw(String(mask))} THEN ${t[which]}`] : []));
    return whens.length ? sql`CASE mask ${sql.join(whens, sql` `)} END` : sql`NULL`;
  };
  const e = w.expansion;
  // One pass over the answers and the terms (an aggregate each, FILTER-ed): a second would read them again.
  const answers = sql`json_group_array(json_array(k, n)) FILTER (WHERE k IS NOT NULL) AS lk, coalesce(sum(bit), 0) AS mask`;
  const spec = e
    ? sql`SELECT CASE WHEN cnt = 0 THEN none WHEN NOT unsure
            THEN replace(tpl, ${EXPANSION_SLOT}, CASE cnt WHEN 1 THEN qs ELSE '(' || qs || ')' END) END, tj, lk
          FROM (SELECT ${cases("terms")} AS tpl, ${cases("none")} AS none, * FROM (SELECT ${answers},
            json_group_array(term) FILTER (WHERE k IS NULL) AS tj, count(term) AS cnt,
            coalesce(max(${unsureTerm(e.stem)}), 0) AS unsure,
            group_concat('"' || replace(CASE WHEN term = ${e.stem} THEN ${e.typed} ELSE term END, '"', '""') || '"', ' OR ') AS qs
            FROM (SELECT k, n, bit, NULL AS term FROM l UNION ALL SELECT NULL, NULL, 0, term FROM x)))`
    : sql`SELECT ${cases("terms")}, NULL, lk FROM (SELECT ${answers} FROM l)`;
  // The match SQL wrote, and its name match (its columns `{…}` replaced by the name's): '""' (nothing) when none.
  const match = sql`coalesce((SELECT q FROM s), '""')`;
  const nameMatch = sql`coalesce((SELECT 'name' || substr(q, instr(q, '}') + 1) FROM s), '""')`;
  const nameArm = w.names
    ? sql` UNION ALL SELECT NULL, NULL, NULL, rowid, 1 FROM (${nameMatches({ match, nameMatch, nameSlug: w.names.nameSlug }, nameWindowFromMatch(match))})`
    : sql``;
  const statement = sql`WITH RECURSIVE ${e ? sql`${e.cte}, x AS (${e.select}),` : sql``}
      l(k, n, bit) AS (${lookups}),
      s(q, terms, lookups) AS MATERIALIZED (${spec})
    SELECT q, terms, lookups, NULL AS id, 0 AS "isName" FROM s
    UNION ALL
    SELECT NULL, NULL, NULL, rowid, 0 FROM (SELECT rowid FROM businesses_fts
      WHERE businesses_fts MATCH ${match} ORDER BY rowid DESC LIMIT ${sql.raw(String(BLOCK + 1))})${nameArm}`;
  const rows = await readCandidates<{ specMatch: string | null; specTerms: string | null; specLookups: string | null; isName: number }>(
    db,
    sql`SELECT u.q AS "specMatch", u.terms AS "specTerms", u.lookups AS "specLookups", u."isName", ${CANDIDATE_SQL}
      FROM (${statement}) AS u LEFT JOIN ${FROM_B} ON b.id = u.id`,
  );
  const head = rows.find((r) => r.specLookups !== null);
  if (!head) throw new Error("The look-ups' statement answered no look-ups row");
  const lookupRows = (JSON.parse(head.specLookups as string) as Array<[string, number | null]>).map(([k, n]) => ({ k, n }));
  const termRows = head.specTerms === null ? [] : (JSON.parse(head.specTerms) as string[]).map((term) => ({ term }));
  const [block, names] = byPart(
    rows.filter((r) => r.specLookups === null && r.id !== null).map(({ specMatch: _m, specTerms: _t, specLookups: _l, ...row }) => row),
  );
  return [lookupRows, termRows, head.specMatch === null ? null : { match: head.specMatch, rows: block, ...(w.names ? { names } : {}) }];
}

/** A prefix's terms on their own (the list API and the admin list): its own statement. */
async function expandPrefix(db: Db, text: TextQuery, vocabulary = true): Promise<string[] | null> {
  const expansion = prefixExpansion(text, vocabulary);
  return "query" in expansion ? termsOf(await db.orm.all<TermRow>(expansion.query)) : expansion.terms;
}

// ── Reading the match ──

/**
 * Up to `limit` matches, newest rowid first, below `before` (a keyset: FTS5 seeks to it). The bound
 * is CAST: D1 binds a JS number as REAL, and FTS5 uses a rowid bound only when it is an INTEGER —
 * otherwise SQLite filters every row FTS5 returns (500,100 rows read for a block at rowid 500,000).
 */
function matchSlice(match: string, limit: number, before: number | null): SQL {
  return sql`SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ${match}${before === null ? sql`` : sql` AND rowid < CAST(${before} AS INTEGER)`} ORDER BY rowid DESC LIMIT ${limit}`;
}

/** The words' match and name match, the query's slug: as strings, or as SQL that reads them (lookUpWithBlock). */
type NameQuery = { match: string | SQL; nameMatch: string | SQL; nameSlug: string };

const nameQueryOf = (m: TextMatch): NameQuery => ({ match: m.match, nameMatch: m.nameMatch, nameSlug: m.text.nameSlug });

/**
 * The business whose name is the query, wherever it lies in the match: its slug is the name's
 * (later namesakes get the city or a tag appended), found through the unique slug
 * index, and kept only if it is in the match (one FTS probe by rowid). One or two rows read. A
 * slice like matchSlice's, so it joins the name matches' query.
 */
function exactNameSlice(m: NameQuery): SQL | null {
  if (!m.nameSlug) return null;
  return sql`SELECT e.id AS rowid FROM businesses AS e WHERE e.slug = ${m.nameSlug}
    AND EXISTS (SELECT 1 FROM businesses_fts WHERE businesses_fts MATCH ${m.match} AND rowid = e.id)`;
}

/** A dense match's density is sampled from its newest SPAN_SAMPLE + 1 matches' rowids. */
const SPAN_SAMPLE = 10;

/**
 * Where a dense match's name matches are looked for: from about NAME_SPAN_BLOCKS blocks' worth of
 * matches below its newest (`newest`), the density taken from the rowid span of its newest
 * SPAN_SAMPLE + 1 (`sample`: the oldest of them). An expression of the two, so that a statement that
 * has not read them computes it in SQL exactly as the window does from the block it read.
 */
const nameWindowFrom = (newest: SQL | number, sample: SQL | number): SQL =>
  sql`max(0, ${newest} - ${(NAME_SPAN_BLOCKS * BLOCK) / SPAN_SAMPLE} * (${newest} - ${sample}))`;

/** nameWindowFrom read from the match itself: its newest SPAN_SAMPLE + 1 rowids (that many FTS rows). */
const nameWindowFromMatch = (match: string | SQL): SQL =>
  sql`(SELECT ${nameWindowFrom(sql`max(rowid)`, sql`min(rowid)`)} FROM (SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ${match} ORDER BY rowid DESC LIMIT ${SPAN_SAMPLE + 1}))`;

/**
 * The name matches that join a dense match's ordered part: the business named as the query, and the
 * oldest name matches from `from` up — NAME_WINDOW at most in all, so that the first block and they
 * fill at most ORDERED_TEXT results. Ascending: FTS5 stops a descending scan only at its LIMIT, not
 * at a lower rowid bound (a name query that matches nothing in the range took 138 ms descending,
 * 1.1 ms ascending, over 1,000,000 businesses).
 */
function nameMatches(m: NameQuery, from: SQL): SQL {
  const exact = exactNameSlice(m);
  const slice = sql`SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ${m.nameMatch} AND rowid >= CAST(${from} AS INTEGER)
    ORDER BY rowid LIMIT ${exact ? NAME_WINDOW - 1 : NAME_WINDOW}`;
  // One statement for both: each D1 statement has its own fixed cost.
  return exact ? sql`${exact} UNION ALL SELECT rowid FROM (${slice})` : slice;
}

/**
 * The matches below `before` that are not among `names` (a CTE of the name matches' rowids): the
 * match past a dense window, newest first (FTS rows only).
 */
const belowWindow = (match: string, before: number, limit: number) =>
  sql`SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ${match} AND rowid < CAST(${before} AS INTEGER)
    AND rowid NOT IN (SELECT rowid FROM names) ORDER BY rowid DESC LIMIT ${limit}`;

/** A slice's candidates, one query: the FTS rowids drive (CROSS JOIN), `businesses` is read for them only. */
async function candidates(db: Db, slice: SQL): Promise<CandidateRow[]> {
  const rows = await readCandidates(db, sql`SELECT ${CANDIDATE_SQL} FROM (${slice}) AS m CROSS JOIN ${FROM_B} WHERE b.id = m.rowid`);
  return rows.sort((x, y) => y.id - x.id);
}

/** The same as a query builder, for a batch (drizzle's D1 batch carries no hand-written statement with parameters). */
const candidatesQuery = (db: Db, slice: SQL) =>
  db.orm
    .select(CANDIDATE_COLUMNS)
    .from(sql`(${slice}) AS m`)
    .crossJoin(b)
    .where(sql`${b.id} = m.rowid`);

/** A slice's candidates as `candidates` reads them, or as they were read ahead (the same statement: ReadAhead). */
async function candidatesThrough(db: Db, slice: SQL, ahead: ReadAhead | undefined): Promise<CandidateRow[]> {
  const served = servedRows<CandidateRow>(ahead, candidatesQuery(db, slice));
  return served ? [...served].sort((x, y) => y.id - x.id) : candidates(db, slice);
}

/** Matches' ids only (FTS rows, no `businesses` row read). */
async function idsOf(db: Db, slice: SQL): Promise<number[]> {
  return (await db.orm.all<{ rowid: number }>(slice)).map((r) => r.rowid);
}

/**
 * Candidate rows for these ids, in the given order (bound ids, 100 a statement: D1's parameter limit).
 * The ids are a VALUES list joined to businesses (CROSS JOIN: the list stays the outer loop), one
 * row read per id; D1 counts two for `id IN (…)` (map-places.server.ts says how it was measured).
 */
async function candidatesByIds(db: Db, ids: number[]): Promise<CandidateRow[]> {
  const rows: CandidateRow[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const asked = sql.join(
      chunk.map((id) => sql`(${id})`),
      sql`, `,
    );
    rows.push(
      ...(await db.orm
        .select(CANDIDATE_COLUMNS)
        .from(sql`(VALUES ${asked}) AS asked`)
        .crossJoin(b)
        .where(sql`${b.id} = asked.column1`)),
    );
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is CandidateRow => r !== undefined);
}

/** Where a window's page stands when the match continues past it. */
type Continuation = {
  match: string;
  /** The keyset: the match continues below this rowid (null: from the newest). */
  before: number | null;
  /** Ids the window placed, skipped when met again; `pending` of them may still lie below `before`. */
  seen: Set<number>;
  pending: number;
  /** Results placed so far, and the page's span of results. */
  position: number;
  offset: number;
  want: number;
  keep?: Keep;
  /** With `keep`: rows checked at most (Infinity: unbounded). */
  budget: number;
};

/**
 * The match past a window, newest first: ids read by keyset in chunks of at most BLOCK (FTS rows
 * only), the window's ids skipped, rows read only for the page — or, with `keep`, for every fresh
 * id, at most `budget` of them (a page stays bounded when few rows pass: it may then come out short).
 * So page 11 of 20 reads the ids before it (one statement) and its own rows (~250 rows), not 11 blocks.
 * `position`: the results placed so far, every one read from the match (with `keep`, every one kept),
 * so a true lower bound of the count; `exhausted`: the match was read to its end, so `position` is
 * its exact count.
 */
async function continueMatch(
  db: Db,
  c: Continuation,
): Promise<{ rows: CandidateRow[]; position: number; examined: number; exhausted: boolean }> {
  const rows: CandidateRow[] = [];
  let { position, budget, before } = c;
  let examined = 0;
  let exhausted = false;
  for (let more = true; more && position < c.want && budget > 0;) {
    // Ids only: up to the page in one statement (each FTS statement reads its index's pages again);
    // rows to check come BLOCK at a time.
    const size = c.keep ? Math.min(BLOCK, budget) : Math.min(RESULT_CAP, c.want - position + c.pending + 1);
    budget -= size;
    const ids = await idsOf(db, matchSlice(c.match, size + 1, before));
    more = ids.length > size;
    exhausted = !more;
    const chunk = ids.slice(0, size);
    if (chunk.length === 0) break;
    before = chunk[chunk.length - 1];
    const fresh = chunk.filter((id) => !c.seen.has(id));
    const [from, to] = [Math.max(0, c.offset - position), Math.max(0, c.want - position)];
    if (c.keep) {
      examined += fresh.length;
      const kept = (await candidatesByIds(db, fresh)).filter(c.keep);
      rows.push(...kept.slice(from, to));
      position += kept.length;
    } else {
      const onPage = fresh.slice(from, to);
      if (onPage.length) rows.push(...(await candidatesByIds(db, onPage)));
      position += fresh.length;
    }
  }
  return { rows, position, examined, exhausted };
}

// ── Words: a window of the newest matches (docs/decisions/0012-bounded-search.md) ──

export type WindowResult = {
  rows: BusinessRow[];
  /**
   * Exact when `approximate` is false; else a true lower bound: the results known to exist so far
   * (read from the match, ≤ RESULT_CAP), never the cap itself nor an estimate (knownResults).
   */
  total: number;
  /** The count is a lower bound: the match was not read to its end. */
  approximate: boolean;
  /** An estimate of the match's size from the first block's rowid span: never shown as a count. */
  estimate: number;
  /** Rows of the match the window read (the first block's, else the page's): what the filter choices count on /search. */
  read: CandidateRow[];
  /** Whether `read` is the whole match (filters included): its counts are then exact, else lower bounds. */
  whole: boolean;
  /** The first block's smallest rowid when the match continues below it (the cursor past the block); else null. */
  blockEnd: number | null;
  /** With `blockEnd`, for a match of words: the results of its ordered part (the first block and the name matches). */
  ordered?: number;
};

/**
 * The results a bounded read knows to exist: those it placed, or, when the match was read to its
 * end, its exact count. Never more than RESULT_CAP can be listed, so a larger count is a lower bound.
 */
function knownResults(position: number, exhausted: boolean): { total: number; approximate: boolean } {
  return exhausted && position <= RESULT_CAP
    ? { total: position, approximate: false }
    : { total: Math.min(position, RESULT_CAP), approximate: true };
}

type WindowQuery = {
  /** The order inside the window: relevance (then score) or a stored order. */
  order: OrderKey;
  /** The first block's size: BLOCK for words, FILTER_BLOCK for a listing's filters (ADR 0031). */
  block?: number;
  offset: number;
  limit: number;
  /** Overrides `order` (the admin list: newest id first). */
  compare?: (a: CandidateRow & { relevance: number }, b: CandidateRow & { relevance: number }) => number;
  /** A check on the row that FTS facets cannot express (open now, the admin's status filter). */
  keep?: Keep;
  /** The first block's candidates when they were read already (the newest BLOCK + 1 matches: lookUpWithBlock). */
  first?: CandidateRow[];
  /** With `first`: the name matches read in the same statement (nameMatches), when they were. */
  firstNames?: CandidateRow[];
  /**
   * Open now: past the first block, `keep` is checked on at most as many rows as results are still
   * wanted, and on none when the first block kept nothing. The admin's status filter reads on.
   */
  keepWindow?: boolean;
  /** Statements read ahead (a listing's opening batch: ReadAhead), served to the window's statements that are the same. */
  ahead?: ReadAhead;
};

/**
 * Open now past the first block checks at most this many more rows (an id and a row each): a deep
 * page stays within the budget (ADR 0031), and comes out short when few of them are open.
 */
const KEEP_PAST_WINDOW = 15;

/** The deepest page of words with open now: its ordered part and the KEEP_PAST_WINDOW rows checked past it. */
const KEEP_PAGES = Math.ceil((ORDERED_TEXT + KEEP_PAST_WINDOW) / SEARCH_PAGE_SIZE);

/** Name matches of a dense text search come from about the newest NAME_SPAN_BLOCKS blocks' rowids. */
const NAME_SPAN_BLOCKS = 10;

const noMatch = (): WindowResult => ({ rows: [], total: 0, approximate: false, estimate: 0, read: [], whole: true, blockEnd: null });

/** `facets` was not read: an empty string stands in (toBusiness never shows it). */
const asRow = (row: CandidateRow): BusinessRow => ({ ...row, facets: "", geoTerms: null, nearFacets: null });

/**
 * A text search of the list API and the admin list: the words of `text` AND `facets`, bounded as
 * /search's (runWindow), category words of every locale with catalogs understood as /search's are.
 * Empty when the text holds no word or its prefix expands to nothing.
 */
export async function windowSearch(db: Db, q: WindowQuery & { text: string; facets: string }): Promise<WindowResult> {
  const text = parseText(q.text, categoryWords());
  const m = text ? textMatch(text, await expandPrefix(db, text), q.facets) : null;
  return m ? runWindow(db, m, q) : noMatch();
}

/** What a window reads: a text search's match (relevance, name matches), or a word-less one (relevance 0: ADR 0031). */
type WindowMatch = TextMatch | { match: string };

const wordsOf = (m: WindowMatch): TextMatch | null => ("text" in m ? m : null);

/**
 * A text search, bounded. The match is read in rowid order (newest first) — FTS5 streams a term's
 * doclist, so reading 101 matches costs the same for a word in every business as for a word in a
 * hundred. The first block (the newest BLOCK matches; when the match is denser, also the business
 * named as the query and up to NAME_WINDOW recent name matches) is put in the requested order in JS.
 * A match that fits in it is thereby ordered as a whole and counted exactly. A denser match
 * continues after the first block (continueMatch), up to RESULT_CAP results; its total is the
 * results read so far, a lower bound (`approximate`), until a page reads the match to its end. `keep` (open now, the admin's status) is checked on rows, so with it every row up to the
 * page is read; for open now (`keepWindow`) only a bounded few past the first block.
 */
async function runWindow(db: Db, m: WindowMatch, q: WindowQuery): Promise<WindowResult> {
  const want = Math.min(q.offset + q.limit, RESULT_CAP);
  const words = wordsOf(m);
  const blockSize = q.block ?? BLOCK;
  const scored = (rows: CandidateRow[]) =>
    rows.filter((r) => !q.keep || q.keep(r)).map((r) => ({ ...r, relevance: words ? relevance(r, words) : 0 }));

  // The first block's rows are read only when the page can lie in it (with its name matches it
  // holds at most ORDERED_TEXT results) or rows must be checked.
  const firstRows = Boolean(q.keep) || q.offset < (words ? ORDERED_TEXT : blockSize + NAME_WINDOW + 1);
  const read = async (slice: SQL) =>
    firstRows ? candidatesThrough(db, slice, q.ahead) : (await idsOf(db, slice)).map((id) => ({ id }) as CandidateRow);
  if (!words && !firstRows) return deepPage(db, m.match, q.offset, want, blockSize, q.ahead);
  // A page of a match without words that straddles the first block's end (its rows are checked by
  // no `keep`, and no name matches join the block): the block and the matches past it up to the
  // page are read in the same statement, as continueMatch would read them after it — newest first,
  // up to `want` and one more — so the page waits on D1 once.
  const straddle = !words && !q.keep && firstRows && want > blockSize;
  // Open now over a match without words: the rows it may check past the first block (at most
  // KEEP_PAST_WINDOW, below) come with the block, in its statement (checkedPastBlock).
  const windowed = Boolean(q.keep && q.keepWindow);
  const checkedPast = !words && windowed;
  // A page of words within the first block needs the name matches too: they come with the block, in
  // its statement (blockWithNames, or the look-ups' when they read it).
  const namesFirst = Boolean(words) && firstRows && !straddle && blockSize === BLOCK && want <= blockSize;
  let early: CandidateRow[] | null = namesFirst && q.first ? (q.firstNames ?? null) : null;
  let matches: CandidateRow[];
  if (q.first && firstRows && !straddle && blockSize === BLOCK) matches = q.first;
  else if (namesFirst && words) ({ block: matches, names: early } = await blockWithNames(db, words, blockSize + 1));
  else matches = await read(matchSlice(m.match, firstSliceSize(blockSize, want, straddle, checkedPast), null));
  const first = matches.slice(0, blockSize + 1);
  if (first.length === 0) return noMatch();
  const readRows = firstRows ? first.slice(0, blockSize).filter((r) => !q.keep || q.keep(r)) : [];
  const dense = first.length > blockSize;
  const block: CandidateRow[] = first.slice(0, blockSize);
  const seen = new Set(block.map((r) => r.id));
  // The first block's density over its rowid span.
  const span = dense ? Math.max(1, first[0].id - first[blockSize].id + 1) : 1;
  // A page of a dense match of words that reaches past the first block reads the matches below it
  // with the name matches, in the same statement (namesAndBelow): the names (NAME_WINDOW, and the
  // exact name once more at most) and after them as many matches as the page can need — the block
  // and the names hold `blockSize + names` results, and the page wants `want` and one more, which
  // tells whether the match goes on (pastBlock). When a name is among those matches (a small match)
  // they may fall short, and the page reads on as continueMatch does. Not with `keep`: rows past
  // the block are then checked a few at a time.
  let below: CandidateRow[] | null = null;
  if (dense && words) {
    // Name matches from about the first NAME_SPAN_BLOCKS blocks' rowids: bounded even when no name holds the words.
    const names = nameMatches(nameQueryOf(words), nameWindowFrom(first[0].id, first[SPAN_SAMPLE].id));
    const reach = firstRows && !q.keep && want > blockSize;
    const limit = Math.max(want - blockSize + 2, NAME_WINDOW) + 1;
    const found: { names: CandidateRow[]; below: CandidateRow[] | null } = early
      ? { names: early, below: null }
      : reach
        ? await namesAndBelow(db, words.match, names, first[blockSize - 1].id, limit)
        : { names: await read(names), below: null };
    for (const r of found.names) if (!seen.has(r.id)) block.push(r);
    for (const r of found.names) seen.add(r.id);
    below = found.below && !found.below.some((r) => seen.has(r.id)) ? found.below : null;
  }

  // The first block, ordered; without its rows only its size matters (the page lies after it).
  const ordered = firstRows ? scored(block).sort(q.compare ?? COMPARE[q.order]) : null;
  const firstSize = ordered ? ordered.length : block.length;
  const page: CandidateRow[] = ordered ? ordered.slice(q.offset, want).map(({ relevance: _, ...row }) => row) : [];
  if (!dense)
    return {
      rows: page.map(asRow),
      total: firstSize,
      approximate: false,
      estimate: first.length,
      read: readRows,
      whole: firstRows,
      blockEnd: null,
    };

  // Open now past the first block checks at most as many rows as results are still wanted (as ADR
  // 0015's window does), and none when the first block kept nothing (its share, 0, is the estimate for
  // the rest): bounded when little is open (at night, or a dense word whose businesses list no hours,
  // which are never open now).
  const budget = windowed ? (firstSize === 0 ? 0 : Math.min(want - firstSize, KEEP_PAST_WINDOW)) : Infinity;
  const rest = straddle
    ? pastBlock(matches.slice(blockSize), firstSize, q.offset, want)
    : checkedPast && q.keep
      ? checkedPastBlock(matches.slice(blockSize), firstSize, q.offset, want, q.keep, budget)
      : below
        ? pastBlock(below, firstSize, q.offset, want)
        : await continueMatch(db, {
            match: m.match,
            before: first[blockSize - 1].id,
            seen,
            pending: seen.size - blockSize,
            position: firstSize,
            offset: q.offset,
            want,
            keep: q.keep,
            budget,
          });
  page.push(...rest.rows);
  // The first block's density applied to every rowid below it; with `keep`, times the share of rows it let through.
  const share = q.keep ? rest.position / Math.max(1, block.length + rest.examined) : 1;
  const estimate = Math.round(Math.max(blockSize + 1, (blockSize * first[0].id) / span) * Math.min(1, share));
  // Without `keep` the first block's 101st match exists too, though continueMatch may not have read it.
  const placed = q.keep ? rest.position : Math.max(rest.position, seen.has(first[blockSize].id) ? seen.size : seen.size + 1);
  return {
    rows: page.map(asRow),
    ...knownResults(placed, rest.exhausted),
    estimate,
    read: readRows.length ? readRows : rest.rows,
    whole: false,
    blockEnd: first[blockSize - 1].id,
    ordered: firstSize,
  };
}

/**
 * The name matches below the first block (`blockEnd`: its smallest rowid; those above it are in the
 * block) and, after them, the matches below the block newest first — `limit` in all, with their rows:
 * ONE statement. The names come first, so the matches below are as many as the names leave room
 * for: SQLite stops reading them at the LIMIT. A name may be among them too (a small match), and
 * is then the caller's to skip.
 */
async function namesAndBelow(db: Db, match: string, names: SQL, blockEnd: number, limit: number) {
  const rows = await readCandidates<{ isName: number }>(
    db,
    sql`SELECT m."isName", ${CANDIDATE_SQL} FROM (
        SELECT rowid, 1 AS "isName" FROM (${names}) WHERE rowid < CAST(${blockEnd} AS INTEGER)
        UNION ALL
        SELECT rowid, 0 FROM (${matchSlice(match, limit, blockEnd)})
        LIMIT ${limit}) AS m CROSS JOIN ${FROM_B} WHERE b.id = m.rowid`,
  );
  const [below, named] = byPart(rows);
  return { names: named, below };
}

/** Rows of a statement of two parts (`isName` 0 and 1), each newest first. */
function byPart(rows: Array<CandidateRow & { isName: number }>): [CandidateRow[], CandidateRow[]] {
  const part = (isName: number) =>
    rows
      .filter((r) => r.isName === isName)
      .map(({ isName: _, ...row }): CandidateRow => row)
      .sort((x, y) => y.id - x.id);
  return [part(0), part(1)];
}

/**
 * A match of words' first block (its newest `limit` matches) and its name matches (nameMatches, from
 * the match's own newest rowids: nameWindowFromMatch), with their rows: ONE statement. The name
 * matches serve a dense match; a smaller one holds them in its block already.
 */
async function blockWithNames(db: Db, m: TextMatch, limit: number): Promise<{ block: CandidateRow[]; names: CandidateRow[] }> {
  const rows = await readCandidates<{ isName: number }>(
    db,
    sql`SELECT 0 AS "isName", ${CANDIDATE_SQL} FROM (${matchSlice(m.match, limit, null)}) AS m CROSS JOIN ${FROM_B} WHERE b.id = m.rowid
      UNION ALL
      SELECT 1, ${CANDIDATE_SQL} FROM (${nameMatches(nameQueryOf(m), nameWindowFromMatch(m.match))}) AS m CROSS JOIN ${FROM_B} WHERE b.id = m.rowid`,
  );
  const [block, names] = byPart(rows);
  return { block, names };
}

/**
 * continueMatch's answer from matches already read (a straddling page: runWindow): `below` are the
 * matches after the first block, newest first, as many as continueMatch's one chunk and one more.
 */
function pastBlock(below: CandidateRow[], position: number, offset: number, want: number) {
  const size = Math.min(RESULT_CAP, want - position + 1);
  const chunk = below.slice(0, size);
  const [from, to] = [Math.max(0, offset - position), Math.max(0, want - position)];
  return { rows: chunk.slice(from, to), position: position + chunk.length, examined: 0, exhausted: below.length <= size };
}

/**
 * The matches a match without words reads first, with their rows: its first block and one more (is
 * it dense?), or — for a page that straddles the block's end — up to the page and one more
 * (pastBlock), or with open now the block and the KEEP_PAST_WINDOW rows it may check past it and
 * one more (checkedPastBlock).
 */
function firstSliceSize(blockSize: number, want: number, straddle: boolean, checkedPast: boolean): number {
  if (straddle) return want + 2;
  return checkedPast ? blockSize + 2 + KEEP_PAST_WINDOW : blockSize + 1;
}

/**
 * continueMatch's read with `keep` when the matches below the first block came with it (the block's
 * statement read KEEP_PAST_WINDOW and one more): the first `budget` of them checked, the page's share
 * of those kept, and whether the match ends there.
 */
function checkedPastBlock(below: CandidateRow[], position: number, offset: number, want: number, keep: Keep, budget: number) {
  const size = Math.min(BLOCK, budget);
  if (size <= 0) return { rows: [], position, examined: 0, exhausted: false };
  const chunk = below.slice(0, size);
  const kept = chunk.filter(keep);
  const [from, to] = [Math.max(0, offset - position), Math.max(0, want - position)];
  return { rows: kept.slice(from, to), position: position + kept.length, examined: chunk.length, exhausted: below.length <= size };
}

/**
 * A page past the first block of a match without words: the first block is the newest BLOCK
 * matches (whatever their order inside it) and the rest follows newest first, so the page is the
 * match's ids from `offset` on — read in ONE statement up to the page (ADR 0031), with the page's
 * rows (deepPageQuery). The ids read are the results known to exist: the count is exact when the
 * match ended before `want`, else that lower bound.
 */
async function deepPage(db: Db, match: string, offset: number, want: number, blockSize: number, ahead?: ReadAhead): Promise<WindowResult> {
  const [found] = await readThrough(ahead, deepPageQuery(db, match, offset, want));
  const ids = JSON.parse(found?.ids ?? "[]") as number[];
  if (ids.length === 0) return noMatch();
  const byId = new Map(candidatesFromJson(found.rows).map(({ row }) => [row.id, row]));
  const rows = ids
    .slice(offset, want)
    .map((id) => byId.get(id))
    .filter((r): r is CandidateRow => r !== undefined);
  const span = ids.length > blockSize ? Math.max(1, ids[0] - ids[blockSize] + 1) : 1;
  const estimate = ids.length > blockSize ? Math.round(Math.max(blockSize + 1, (blockSize * ids[0]) / span)) : ids.length;
  const blockEnd = ids.length > blockSize ? ids[blockSize - 1] : null;
  return { rows: rows.map(asRow), ...knownResults(ids.length, ids.length <= want), estimate, read: rows, whole: false, blockEnd };
}

/**
 * deepPage's statement: the match's first `want + 1` rowids, newest first, as one JSON array (one
 * row: each rowid is one FTS row read), and the rows of those at positions `offset` to `want` (the
 * page and one more), picked from that array by position — a row read each. Reading the page's ids
 * again with OFFSET would read the match up to the page twice.
 */
function deepPageQuery(db: Db, match: string, offset: number, want: number) {
  const ids = db.orm
    .$with("ids", { list: sql<string>`list`.as("list") })
    .as(sql`SELECT json_group_array(rowid) AS list FROM (${matchSlice(match, want + 1, null)})`);
  // Each position a literal (a whole number): bound, a page of the list API's 100 would pass D1's 100 parameters.
  const positions = Array.from({ length: Math.max(0, want - offset) }, (_, i) => sql.raw(`json_extract(ids.list, '$[${offset + i}]')`));
  const rows = positions.length
    ? sql`(SELECT json_group_array(${candidateJson()}) FROM ${FROM_B} WHERE ${b.id} IN (${sql.join(positions, sql`, `)}))`
    : sql`NULL`;
  return db.orm
    .with(ids)
    .select({ ids: ids.list, rows: sql<string | null>`${rows}`.as("rows") })
    .from(ids);
}

// ── No words: a window of the recommended order (docs/decisions/0015-bounded-filter-search.md) ──

/** The equality predicate of an index listing some businesses in recommended order ((column, score, id)). */
type Driver = { where: SQL };

const categoryDriver = (c: Category): Driver =>
  c.kind === "group" ? { where: sql`${b.groupSlug} = ${c.slug}` } : { where: sql`${b.categorySlug} = ${c.slug}` };

const placeDriver = ({ kind, value }: Place): Driver => ({ where: sql`${PLACES[kind].column} = ${value}` });

/**
 * A city and a category (or a group) together: their (city, category, score, id) index, which lists
 * only the businesses both name. It drives a listing's window when the pair has at most
 * FACET_WINDOW businesses: the window is then the whole match, exact, and no page reads past it —
 * where the city's or the category's 101 best may hold less than a page of the pair. A bigger pair
 * keeps the smaller of the two: nearly all of its own window would pass a minimum rating, and its
 * last page by number would then pass over the window's ~100 entries in the matches past it
 * (309 rows at 100,000 businesses; docs/perf/filters.md).
 */
const cityCategoryDriver = (city: Place, c: Category): Driver => ({
  where: sql`${b.citySlug} = ${city.value} AND ${c.kind === "group" ? b.groupSlug : b.categorySlug} = ${c.slug}`,
});

/** The look-up key of a city × category's size (a listing's opening reads it: knownSizes). */
const pairKey = (citySlug: string, c: Category) => `${citySlug}/${c.kind}/${c.slug}`;

/**
 * The index whose businesses are fewest drives the window: a small city × category's own
 * (cityCategoryDriver, when the look-ups know the pair's size: a listing's), else the location's
 * (column, score, id) index or the category's (slug, score, id) index. Sizes come from the summary tables (a postal code is
 * taken as the smallest; a state, which has none, as 2% of the directory), and are read only when
 * there are two indexes to choose from: a place alone or a category alone drives without a look-up.
 */
/** A group's or a category's size, from its summary row (`n`). */
const categorySize = (category: Category) =>
  category.kind === "group"
    ? sql`SELECT business_count AS n FROM category_groups WHERE slug = ${category.slug}`
    : sql`SELECT business_count AS n FROM categories WHERE slug = ${category.slug}`;

async function chooseDriver(db: Db, location: Location | null, category: Category | null, lookups?: Lookups): Promise<Driver> {
  // A listing's filters without a place (/businesses, a category page).
  if (!location) return category ? categoryDriver(category) : { where: sql`1 = 1` };
  const { kind } = location.driving;
  const place = placeDriver(location.driving);
  if (!category || kind === "zip") return place;
  const pair = kind === "city" ? knownSize(lookups, "city-category", pairKey(location.driving.value, category)) : undefined;
  if ((pair ?? Infinity) <= FACET_WINDOW) return cityCategoryDriver(location.driving, category);
  const placeSized = await placeSize(db, location.driving, lookups);
  if (placeSized === 0) return place;
  const known = knownSize(lookups, category.kind, category.slug);
  const categorySized = known !== undefined ? known : await valueOf(db, categorySize(category));
  if (categorySized === null) return place;
  const placeCount = placeSized ?? (await totalBusinesses(db, lookups)) / 50;
  return categorySized >= placeCount ? place : categoryDriver(category);
}

/**
 * A word-less plan's filters on a row of `b`, in SQL: the places, the category and the minimum
 * rating as the FTS facets mean them (facetValue: no spaces or hyphens, any case; the rating in
 * tenths) — 1 for a match, else 0. The window's statement reads it with each entry (the hits), and a
 * cursor page's counts it over the window (windowOf): each knows where the hits end.
 */
function facetPasses(plan: FacetPlan): SQL {
  const folded = (column: SQLiteColumn) => sql`lower(replace(replace(${column}, ' ', ''), '-', ''))`;
  const checks = (plan.location?.places ?? []).map((p) => sql`${folded(PLACES[p.kind].column)} = ${facetValue(p.value)}`);
  const { category, minRating } = plan;
  if (category) checks.push(sql`${folded(category.kind === "group" ? b.groupSlug : b.categorySlug)} = ${facetValue(category.slug)}`);
  if (minRating) checks.push(sql`round(${b.rating} * 10) >= ${ratingTenthsFrom(minRating)}`);
  return checks.length ? sql`coalesce(${sql.join(checks, sql` AND `)}, 0)` : sql`1`;
}

/** A window's entry: its row, and whether it passes the plan's filters (facetPasses). */
type WindowRow = CandidateRow & { passes: number };

/**
 * A word-less window: the driving index's first FACET_WINDOW + 1 entries with their rows and whether
 * each passes the filters. Read directly, D1 counts one row an entry (a subquery of the index's ids
 * joined back to businesses counted two: measured with scripts/sql-probe.ts). Its equality and the
 * order leave SQLite that index alone. `limit`: a listing's read-ahead gates it (limitWhen).
 */
const windowQuery = (db: Db, driver: Driver, plan: FacetPlan, limit: number = FACET_WINDOW + 1) =>
  db.orm
    .select({ ...CANDIDATE_COLUMNS, passes: sql<number>`${facetPasses(plan)}`.as("passes") })
    .from(b)
    .where(driver.where)
    .orderBy(desc(b.score), desc(b.id))
    .limit(limit);

/**
 * A full window's page asked for by its number, for a caller whose pager links by cursor, without open
 * now (numberedPastWindow's rule, in SQL): how many matches past the window the page reaches to, given
 * the window's hits — the page is the last one by number at most, and reads past the window only when
 * the hits end before it (0 else).
 */
function pastWindowTake(plan: FacetPlan, hits: SQL): SQL {
  const pageSize = sql.raw(String(plan.pageSize));
  const asked = sql`min(${sql.raw(String(plan.page))}, ${sql.raw(String(NUMBERED_PAGES))}, CAST(${hits} / ${pageSize} AS INTEGER) + 1)`;
  return sql`max(0, ${asked} * ${pageSize} + 1 - ${hits})`;
}

/**
 * windowQuery and — when its hits end before the page (numberedPastWindow) — the newest matches past
 * it, in ONE statement: a page by number then waits on D1 once. The window is read once, into one row
 * (`w`: its entries as JSON with whether each passes, how many pass, its rowids): a materialized CTE
 * of 101 rows would be read again by each use, and D1 counts those rows too (101 more each,
 * scripts/sql-probe.ts). The statement answers that row and the matches past the window as JSON
 * (candidateJson); windowAndPastOf reads it. `limit`: a listing's read-ahead gates it (limitWhen).
 */
const windowAndPastQuery = (db: Db, driver: Driver, plan: FacetPlan, limit: number = FACET_WINDOW + 1) => {
  const w = db.orm
    .$with("w", {
      entries: sql<string | null>`entries`.as("entries"),
      hits: sql<number>`hits`.as("hits"),
      size: sql<number>`size`.as("size"),
      ids: sql<string | null>`ids`.as("ids"),
    })
    .as(
      sql`SELECT json_group_array(json(entry)) AS entries, coalesce(sum(passes), 0) AS hits, count(*) AS size,
          ',' || group_concat(id) || ',' AS ids
        FROM (SELECT ${b.id} AS id, ${facetPasses(plan)} AS passes, ${candidateJson([facetPasses(plan)])} AS entry
          FROM ${FROM_B} WHERE ${driver.where} ORDER BY ${b.score} DESC, ${b.id} DESC LIMIT ${limit})`,
    );
  const hits = sql`(SELECT hits FROM w)`;
  const take = sql`CASE WHEN (SELECT size FROM w) > ${sql.raw(String(FACET_WINDOW))} THEN ${pastWindowTake(plan, hits)} ELSE 0 END`;
  const past = sql`(SELECT json_group_array(${candidateJson()})
    FROM (${pastWindowSlice(plan.match, sql`(SELECT ids FROM w)`, null, take)}) AS m CROSS JOIN ${FROM_B} WHERE ${b.id} = m.rowid)`;
  return db.orm
    .with(w)
    .select({ entries: w.entries, hits: w.hits, size: w.size, past: sql<string | null>`${past}`.as("past") })
    .from(w);
};

/** windowAndPastQuery's row: the window (each entry with whether it passes) and the matches past it, newest first. */
function windowAndPastOf(rows: ReadonlyArray<{ entries: string | null; past: string | null }>): {
  window: WindowRow[];
  past: CandidateRow[];
} {
  const [row] = rows;
  const window = candidatesFromJson(row?.entries ?? null).map(({ row: r, extra }) => ({ ...r, passes: Number(extra[0]) }));
  const past = candidatesFromJson(row?.past ?? null)
    .map(({ row: r }) => r)
    .sort((x, y) => y.id - x.id);
  return { window, past };
}

/**
 * A word-less search, bounded. The window: the first FACET_WINDOW + 1 entries of the driving index in
 * recommended order, their rows read and filtered in JS (the other places, the category, the
 * minimum rating, open now). When the driving index held no more, the window is the whole match:
 * ordered and paged exactly. Otherwise its hits are, in the recommended order, exactly the best
 * matches (a prefix of the whole order); in another order (rating, reviews) the best of those. A
 * page past the hits continues like a dense text search (continueMatch), the hits skipped, at most
 * RESULT_CAP results; the total is then the results known so far, a lower bound (`approximate`), until
 * a page reads the match to its end.
 */
async function runFacets(
  db: Db,
  plan: FacetPlan,
  keep: Keep | undefined,
  after: number | null = null,
  lookups?: Lookups,
  cursors = false,
  before: number | null = null,
  ahead?: ReadAhead,
): Promise<FacetResult> {
  // Attribute filters (ADR 0031): the match drives, newest first, as words do (a filter term can be
  // rare in the scope, and a window of the scope's index would then hold none of it).
  if (attributeFiltersActive(plan.attributes)) {
    // Past the first block the match runs newest first, so a page there is the ids below the last
    // one shown (the cursor): its own ids and rows, whatever its number. Not with open now (rows
    // are checked), nor within the first block (ordered in JS); a cursor below which nothing lies
    // (the list changed) falls back to the page's number.
    if (after !== null && !keep && plan.offset >= FILTER_BLOCK) {
      const page = await cursorPage(db, plan.match, after, plan.page, plan.pageSize, ahead);
      if (page) return page;
    }
    // For a caller whose pager links by cursor (`cursors`: the HTML pages), a page is read by number
    // (OFFSET) up to NUMBERED_PAGES, and a deeper number without its cursor is answered with that
    // page. The APIs take no cursor: every page of theirs goes by number.
    const numbered = cursors && !keep ? NUMBERED_PAGES : null;
    const served = numbered === null || plan.page <= numbered ? plan : { ...plan, page: numbered, offset: (numbered - 1) * plan.pageSize };
    const found = await runWindow(
      db,
      { match: served.match },
      { order: served.order, offset: served.offset, limit: served.pageSize + 1, keep, keepWindow: true, block: FILTER_BLOCK, ahead },
    );
    const shown = found.rows.slice(0, served.pageSize);
    const end = served.offset + served.pageSize;
    // The next page's cursor once this page reaches the first block's end: the smallest rowid of the
    // block and of the page (the page's rows past the block are the newest below it, in order).
    const next =
      !keep && found.rows.length > served.pageSize && found.blockEnd !== null && end >= FILTER_BLOCK
        ? Math.min(found.blockEnd, ...shown.map((r) => r.id))
        : null;
    return {
      page: served.page,
      rows: found.rows,
      approximate: found.approximate,
      // Exact, or a true lower bound (the results read so far): the count says "N+".
      total: found.total,
      read: found.read,
      whole: found.whole,
      next,
      previous: null,
      before: null,
      numbered,
    };
  }
  const driver = await chooseDriver(db, plan.location, plan.category, lookups);
  // Past the window by a cursor (the pager's links): the page's own matches and rows, one statement
  // (with open now, the driving index continued from the cursor's entry).
  if (cursors && plan.match !== "" && plan.page > 1 && (after !== null || before !== null)) {
    const start = after !== null ? { below: after } : { from: before as number };
    const page = keep
      ? await openNowCursorPage(db, plan, driver, keep, start, ahead)
      : await pastWindowPage(db, plan, driver, start, ahead);
    if (page) return page;
  }
  // The driving index read directly, its rows with it (windowQuery) — with open now PAST_WINDOW_CHECKED
  // entries further, the index continued past the window; for a page by number with a pager by
  // cursor, without open now, with the matches past the window that the page reaches (windowAndPastQuery).
  const withPast = cursors && !keep && plan.match !== "";
  const size = windowSize(Boolean(keep));
  const read = withPast
    ? windowAndPastOf(await readThrough(ahead, windowAndPastQuery(db, driver, plan)))
    : { window: await readThrough<WindowRow>(ahead, windowQuery(db, driver, plan, size)), past: undefined };
  // `relevance: 0` (what COMPARE reads) stays on the rows and shows in the JSON answers, as it always has.
  const passing = (rows: WindowRow[]) =>
    rows.filter((row) => row.passes === 1 && (!keep || keep(row))).map(({ passes: _, ...row }) => ({ ...row, relevance: 0 }));
  const all = passing(read.window).sort(COMPARE[plan.order]);
  const want = Math.min(plan.offset + plan.pageSize + 1, RESULT_CAP);
  const page: CandidateRow[] = all.slice(plan.offset, want);
  // A complete read is the whole match, filters and open now included: its hits are the count.
  if (read.window.length < size)
    return { ...byNumber(plan), rows: page.map(asRow), approximate: false, total: all.length, read: all, whole: true };
  // Without any facet (open now over the whole directory) there is no FTS match to continue with:
  // the window's hits are all that is known to exist.
  if (plan.match === "") return { ...byNumber(plan), rows: page.map(asRow), ...knownResults(all.length, false), read: all, whole: false };
  if (cursors) {
    // With open now, the entries read past the window are its matches past it, in the index's order.
    const window = keep ? read.window.slice(0, FACET_WINDOW + 1) : read.window;
    const past = keep
      ? read.window
          .slice(FACET_WINDOW + 1)
          .filter((row) => row.passes === 1)
          .map(({ passes: _, ...row }): CandidateRow => row)
      : read.past;
    return numberedPastWindow(plan, passing(window).sort(COMPARE[plan.order]), keep, past ?? []);
  }
  const hits = all;
  const rest = await continueMatch(db, {
    match: plan.match,
    before: null,
    seen: new Set(hits.map((r) => r.id)),
    pending: hits.length,
    position: hits.length,
    offset: plan.offset,
    want,
    keep,
    budget: keep ? Math.max(0, want - hits.length) : Infinity,
  });
  page.push(...rest.rows);
  return { ...byNumber(plan), rows: page.map(asRow), ...knownResults(rest.position, rest.exhausted), read: hits, whole: false };
}

// ── Past a word-less window by cursor (docs/decisions/0031-attribute-filters.md, "Amendment") ──

/**
 * With open now, the entries of the driving index past a word-less window that one page checks (a
 * page may come out short): a page by number reads them with the window (windowSize), a page by
 * cursor from its cursor's entry on (openNowCursorPage). Without open now a page past the window
 * reads its own matches and one more: the window's 101 index entries, one FTS row a match it passes
 * over, and the rows of those.
 */
const PAST_WINDOW_CHECKED = 30;

/** The entries of the driving index a word-less page by number reads: the window and one more; with open now PAST_WINDOW_CHECKED more. */
const windowSize = (openNow: boolean) => FACET_WINDOW + 1 + (openNow ? PAST_WINDOW_CHECKED : 0);

/**
 * Where a read past the window starts: `below` a rowid, newest first (a page's `after=`); `from` a
 * rowid up, oldest first (a page's `before=`: the row itself, then the page above it); neither: the
 * newest match.
 */
type PastWindowFrom = { below: number } | { from: number } | null;

/**
 * A full word-less window's last page by number (without open now): the page where its hits end,
 * which shows the first matches past the window. Pages up to it are read with the window; pages
 * past it go by cursor, their links back too, so no page passes over the matches past the window
 * that come before it.
 */
const lastNumbered = (hits: number, pageSize: number) => Math.min(NUMBERED_PAGES, Math.floor(hits / pageSize) + 1);

/**
 * The window as a cursor page's statement reads it (a CTE, `w`): its entries' rowids as the string
 * pastWindowSlice leaves out (`,id,id,…,`), and how many of them pass the filters (facetPasses) —
 * the driving index's first FACET_WINDOW + 1 in recommended order, 101 rows (D1 counts one an
 * entry; referenced twice, SQLite materializes it: one row more a reference).
 */
const windowOf = (db: Db, plan: FacetPlan, driver: Driver) =>
  db.orm.$with("w", { ids: sql<string>`ids`, hits: sql<number>`hits` }).as(
    sql`SELECT ',' || group_concat(id) || ',' AS ids, sum(passes) AS hits FROM (SELECT ${b.id} AS id, ${facetPasses(plan)} AS passes
      FROM ${FROM_B} WHERE ${driver.where} ORDER BY ${b.score} DESC, ${b.id} DESC LIMIT ${sql.raw(String(FACET_WINDOW + 1))})`,
  );

/**
 * The match past a word-less window, FTS rows only, as a slice for `candidates` (which reads the rows
 * of those it keeps alone): from `start` (newest first, or from a rowid up), the window's own entries
 * left out by rowid (`inWindow`: windowOf's, or the window statement's own), `take` kept. One row
 * read a match passed over — the window's own entries included — and one more a match kept. The
 * window's rowids are one string, `,id,id,…,`, that a rowid must not be found in: `rowid NOT IN (…)`
 * is probed through a temporary index that D1 counts as a row read a match (243 rows against 121
 * for page 6 of a city × category at 100,000, scripts/sql-probe.ts); `rowid <> id AND …` hands FTS5
 * one constraint an id (it then refuses MATCH) and passes SQLite's expression depth (100 on D1);
 * comparing each match's (score, id) with the window's last entry reads its row.
 */
function pastWindowSlice(match: string, inWindow: SQL | string, start: PastWindowFrom, take: number | SQL): SQL {
  const cursor =
    start === null
      ? sql``
      : "below" in start
        ? sql` AND rowid < CAST(${start.below} AS INTEGER)`
        : sql` AND rowid >= CAST(${start.from} AS INTEGER)`;
  const order = start !== null && "from" in start ? sql`rowid` : sql`rowid DESC`;
  return sql`SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ${match}${cursor} AND instr(${inWindow}, ',' || rowid || ',') = 0
    ORDER BY ${order} LIMIT ${take}`;
}

/** The matches a page past a word-less window reads (pastWindowPage): the page and one more. */
const pastWindowLimit = (plan: FacetPlan) => Math.min(plan.pageSize + 1, RESULT_CAP - plan.offset);

/**
 * pastWindowPage's statement: the page's rows past the window, each with the window's hits
 * (`windowHits`); `limit`: a listing's read-ahead gates it (limitWhen).
 */
function pastWindowPageQuery(db: Db, plan: FacetPlan, driver: Driver, start: PastWindowFrom, limit: number = pastWindowLimit(plan)) {
  const w = windowOf(db, plan, driver);
  return db.orm
    .with(w)
    .select({ ...CANDIDATE_COLUMNS, windowHits: sql<number>`(SELECT hits FROM w)`.as("windowHits") })
    .from(sql`(${pastWindowSlice(plan.match, sql`(SELECT ids FROM w)`, start, limit)}) AS m`)
    .crossJoin(b)
    .where(sql`${b.id} = m.rowid`);
}

/**
 * A page past a word-less window by its cursor, one statement (the window is not read, only its ids
 * and how many of them pass: windowOf): `below` the previous page's last row (`after=`, the next
 * link), or the page above a row (`before=`, the previous link). The matches past the window, newest
 * first, are read: the page and one more. The pager links the previous page by `before=` (its first
 * row) past the list's last page by number (lastNumbered), by number up to it. The count: the results
 * before the page (its number says how many), on it and one more when a next page exists — a lower
 * bound, exact on the last page. Null when nothing lies there (a stale or forged cursor), or when the
 * page is one the window's hits reach (its cursor hand-made): the page is then read by number.
 */
async function pastWindowPage(
  db: Db,
  plan: FacetPlan,
  driver: Driver,
  start: { below: number } | { from: number },
  ahead?: ReadAhead,
): Promise<FacetResult | null> {
  const found = await readThrough(ahead, pastWindowPageQuery(db, plan, driver, start));
  if (found.length === 0) return null;
  const numbered = lastNumbered(found[0].windowHits, plan.pageSize);
  if (plan.page <= numbered) return null;
  const upward = "from" in start;
  // In the order the statement reads them: newest first below a row, oldest first from a row up.
  const read = found.map(({ windowHits: _, ...row }): CandidateRow => row).sort((x, y) => (upward ? x.id - y.id : y.id - x.id));
  return cursorPageOf(plan, read, start, numbered, false);
}

/**
 * Open now past a word-less window by its cursor: the driving index continued from the cursor's
 * entry, PAST_WINDOW_CHECKED entries with their rows in one statement (a seek on the index's
 * (score, id): one row read an entry and one for the cursor's), checked — a page may come out short;
 * a next link only where a result is known to follow. Below the cursor for `after=`, from it up for
 * `before=`; the pages by number end at NUMBERED_PAGES, and the previous link goes by `before=` past
 * them. Null when nothing lies there (a stale or forged cursor): the page is then read by number.
 */
async function openNowCursorPage(
  db: Db,
  plan: FacetPlan,
  driver: Driver,
  keep: Keep,
  start: { below: number } | { from: number },
  ahead?: ReadAhead,
): Promise<FacetResult | null> {
  const found = await readThrough<WindowRow>(ahead, openNowCursorQuery(db, plan, driver, start));
  const read = found.filter((row) => row.passes === 1).map(({ passes: _, ...row }): CandidateRow => row);
  return cursorPageOf(plan, read.filter(keep), start, NUMBERED_PAGES, found.length >= PAST_WINDOW_CHECKED);
}

/**
 * openNowCursorPage's statement: the driving index's entries below the cursor's (score, id), or from
 * it up, with their rows and whether each passes the filters. `limit`: a listing's read-ahead gates it (limitWhen).
 */
function openNowCursorQuery(
  db: Db,
  plan: FacetPlan,
  driver: Driver,
  start: { below: number } | { from: number },
  limit: number = PAST_WINDOW_CHECKED,
) {
  const seek = "from" in start ? seekFrom(b, start.from, "from") : seekFrom(b, start.below, "below");
  return db.orm
    .select({ ...CANDIDATE_COLUMNS, passes: sql<number>`${facetPasses(plan)}`.as("passes") })
    .from(b)
    .where(sql`${driver.where} AND ${seek.where}`)
    .orderBy(...seek.orderBy)
    .limit(limit);
}

/**
 * A page by its cursor from the results read in list order from the cursor on (`results`: below the
 * cursor's row, or from it up), as the pager answers it. `short`: the read stopped at its limit with
 * rows unchecked (open now), so its count is a lower bound. Null when the page shows nothing.
 */
function cursorPageOf(
  plan: FacetPlan,
  results: CandidateRow[],
  start: { below: number } | { from: number },
  numbered: number,
  short: boolean,
): FacetResult | null {
  const { page, offset, pageSize } = plan;
  let rows: CandidateRow[];
  if ("from" in start) {
    // From the row the next page starts with upwards: the page is the results just above it.
    const next = results.filter((r) => r.id === start.from);
    rows = [
      ...results
        .filter((r) => r.id !== start.from)
        .slice(0, pageSize)
        .reverse(),
      ...next,
    ];
  } else rows = results.slice(0, pageSize + 1);
  const shown = rows.slice(0, pageSize);
  if (shown.length === 0) return null;
  const hasNext = rows.length > pageSize;
  return {
    page,
    rows: rows.map(asRow),
    approximate: hasNext || short,
    total: hasNext ? null : offset + shown.length,
    read: shown,
    whole: false,
    next: hasNext ? shown[shown.length - 1].id : null,
    previous: null,
    before: page - 1 > numbered ? shown[0].id : null,
    numbered,
  };
}

/**
 * A page of a full word-less window asked for by its number, for a caller whose pager links by
 * cursor (the HTML pages): the window's hits, then — when the page reaches past them — the matches
 * past the window, read in the window's own statement: without open now the newest matches past it
 * that the page reaches (windowAndPastQuery), with open now the PAST_WINDOW_CHECKED entries of the
 * driving index that follow the window (windowQuery, windowSize), checked (the page may come out
 * short). Without open now the pages by number end where the hits do (lastNumbered), so such a page
 * reads at most a page of matches past the window; with open now the pages by number end at
 * NUMBERED_PAGES or where the read does. A deeper number is answered with the last page by number.
 * The next link carries the cursor (`after=`) once the page shows rows past the window.
 */
function numberedPastWindow(plan: FacetPlan, hits: CandidateRow[], keep: Keep | undefined, pastRead: CandidateRow[]): FacetResult {
  const { pageSize } = plan;
  const last = keep ? NUMBERED_PAGES : lastNumbered(hits.length, pageSize);
  const asked = Math.min(plan.page, last);
  // The results the page reaches to (its own and one more).
  const reach = asked * pageSize + 1;
  // Open now always has the entries past the window (read with it): at night a city's best may all be
  // closed while its 24-hour businesses are open further down, and the page must not say "none open".
  const readPast = Boolean(keep) || reach > hits.length;
  const take = keep ? PAST_WINDOW_CHECKED : reach - hits.length;
  const read = readPast ? pastRead : [];
  // Open now's read past the window ends with the index's PAST_WINDOW_CHECKED entries, not the match.
  const exhausted = !keep && readPast && read.length < take;
  const past = keep ? read.filter(keep) : read;
  const all = [...hits, ...past];
  // With open now, a number past what the read reaches is answered with the last page it reaches.
  const served = keep ? Math.min(asked, Math.max(1, Math.ceil(all.length / pageSize))) : asked;
  const offset = (served - 1) * pageSize;
  const rows = all.slice(offset, offset + pageSize + 1);
  const shown = rows.slice(0, pageSize);
  const hasNext = rows.length > pageSize;
  return {
    page: served,
    rows: rows.map(asRow),
    ...knownResults(all.length, exhausted),
    read: hits,
    whole: false,
    // Once the page shows rows past the window, the next page goes by its cursor: the last row shown.
    next: hasNext && offset + shown.length > hits.length ? shown[shown.length - 1].id : null,
    previous: null,
    before: null,
    numbered: keep ? Math.min(NUMBERED_PAGES, Math.max(1, Math.ceil(all.length / pageSize))) : last,
  };
}

/** A page every page of whose list is addressed by its number: no cursors. */
const byNumber = (plan: FacetPlan) => ({ page: plan.page, next: null, previous: null, before: null, numbered: null });

/** The match's first `limit` ids from `after` up, oldest first: a query builder, for a batch. */
const idsFrom = (db: Db, match: string, after: number, limit: number) =>
  db.orm
    .select({ id: sql<number>`rowid` })
    .from(sql`businesses_fts`)
    .where(sql`businesses_fts MATCH ${match} AND rowid >= CAST(${after} AS INTEGER)`)
    .orderBy(sql`rowid`)
    .limit(limit);

/**
 * cursorPage's statements: the page's matches with their rows, and — where the previous page goes by
 * its cursor too (its number is past NUMBERED_PAGES, and so past the first block) — the ids from
 * `after` up (null: not read).
 */
function cursorPageQueries(db: Db, match: string, after: number, page: number, pageSize: number) {
  const offset = (page - 1) * pageSize;
  return {
    pageQuery: candidatesQuery(db, matchSlice(match, Math.min(pageSize + 1, RESULT_CAP - offset), after)),
    back: page - 1 > NUMBERED_PAGES ? idsFrom(db, match, after, pageSize + 1) : null,
  };
}

/**
 * A page past the first block by cursor (ADR 0031): the `pageSize + 1` matches below `after`, newest
 * first, with their rows — and, for the pager's link back, the ids from `after` up: the previous
 * page's (`after` is its last) and the one above them, which is that page's own cursor. One round
 * trip. The results known are those before the page (its number says how many), on it and the one
 * after it: exact on the last page, else a lower bound. RESULT_CAP still ends the list. Null when
 * nothing lies below `after` (a stale or forged cursor).
 */
async function cursorPage(
  db: Db,
  match: string,
  after: number,
  page: number,
  pageSize: number,
  ahead?: ReadAhead,
): Promise<FacetResult | null> {
  const offset = (page - 1) * pageSize;
  const { pageQuery, back } = cursorPageQueries(db, match, after, page, pageSize);
  const [found, up] = back ? await batchThrough(db, ahead, pageQuery, back) : [await readThrough(ahead, pageQuery), []];
  const rows = found.sort((x, y) => y.id - x.id);
  if (rows.length === 0) return null;
  const hasNext = rows.length > pageSize;
  return {
    page,
    rows: rows.map(asRow),
    approximate: hasNext,
    total: hasNext ? null : offset + rows.length,
    read: rows,
    whole: false,
    next: hasNext ? rows[pageSize - 1].id : null,
    previous: up.length > pageSize ? up[pageSize].id : null,
    before: null,
    numbered: NUMBERED_PAGES,
  };
}

/**
 * A page past a dense text match's ordered part by its cursor (`after`: the last match past the
 * first block that the page before listed): the `pageSize + 1` matches below `after`, newest first,
 * the name matches skipped (the ordered part listed them), with their rows — and, for the pager's
 * link back where that page's number is past NUMBERED_PAGES, its cursor: the match `pageSize` places
 * above `after`. ONE statement. It computes where the name matches were looked for as the window
 * does (nameWindowFromMatch: 11 FTS rows), so the cursor stays one rowid. Null when nothing lies
 * below `after` (a stale or forged cursor).
 */
async function textCursorPage(db: Db, m: TextMatch, after: number, page: number, pageSize: number): Promise<FacetResult | null> {
  const offset = (page - 1) * pageSize;
  const limit = Math.min(pageSize + 1, RESULT_CAP - offset);
  if (limit <= 0) return null;
  const previous =
    page - 1 > NUMBERED_PAGES
      ? sql`(SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ${m.match} AND rowid >= CAST(${after} AS INTEGER)
          AND rowid NOT IN (SELECT rowid FROM names) ORDER BY rowid LIMIT 1 OFFSET ${pageSize})`
      : sql`NULL`;
  const found = await readCandidates<{ previousCursor: number | null }>(
    db,
    sql`WITH names(rowid) AS MATERIALIZED (${nameMatches(nameQueryOf(m), nameWindowFromMatch(m.match))}),
        below(rowid) AS (${belowWindow(m.match, after, limit)})
      SELECT ${CANDIDATE_SQL}, ${previous} AS "previousCursor" FROM below CROSS JOIN ${FROM_B} WHERE b.id = below.rowid`,
  );
  if (found.length === 0) return null;
  const rows = found.map(({ previousCursor: _, ...row }): CandidateRow => row).sort((x, y) => y.id - x.id);
  const hasNext = rows.length > pageSize;
  return {
    page,
    rows: rows.map(asRow),
    // The results before the page, on it and the one after it: a lower bound, exact on the last page.
    approximate: hasNext,
    total: offset + rows.length,
    read: rows,
    whole: false,
    next: hasNext ? rows[pageSize - 1].id : null,
    previous: found[0].previousCursor,
    numbered: NUMBERED_PAGES,
  };
}

/**
 * A word-less search's page: its rows, its count when exact, the rows it read that match (the filter
 * choices' sample), and `next`: the cursor of the next page when it lies past the first block of an
 * attribute-filtered match (the smallest rowid before it), else null.
 */
type FacetResult = {
  /** The page served: the one asked for, or NUMBERED_PAGES for a deeper number without its cursor. */
  page: number;
  rows: BusinessRow[];
  approximate: boolean;
  total: number | null;
  read: CandidateRow[];
  whole: boolean;
  next: number | null;
  /** The previous page's cursor when its number is past `numbered`; else null (it goes by number). */
  previous: number | null;
  /**
   * Past a word-less window: the previous page's cursor as `before=` (the page just above this rowid,
   * its first row) when its number is past `numbered`; else null or absent.
   */
  before?: number | null;
  /** The deepest page addressed by its number (the pager links past it by cursor); null: every page. */
  numbered: number | null;
};

// ── /search and /api/search ──

/** A result, with its distance when the search has a point (near=, or the location's centre). */
export type SearchBusiness = Business & { distanceKm?: number };

export type SearchResult = {
  businesses: SearchBusiness[];
  page: number;
  pageSize: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /**
   * True when `total` is a lower bound: the results come from a bounded window of a larger match
   * (ADR 0012, ADR 0015) — the first ones are the best of that window, the rest newest first, at
   * most 1,000 listed — and the match was not read to its end.
   */
  approximate: boolean;
  /** The location as understood, or null when none was given. */
  location: { text: string; label: string; found: boolean } | null;
  /** Where distances are measured from: near=, or the location's centre for sort=distance; else null. */
  point: Point | null;
  /**
   * How many results there are: exact when `approximate` is false; when it is true, a lower bound —
   * the results known to exist so far (read from the match, ≤ 1,000), never an estimate; null when the
   * search knows neither (the page then says "More than N" while there is a next page).
   */
  total: number | null;
  /**
   * The filter choices (ADR 0031): the attributes the results read have, counted on those rows —
   * exact when they are the whole result set, else lower bounds (`atLeast`); labels in `locale`.
   */
  filters: FilterChoices;
  /**
   * The next page's cursor (its `after=`) when the results run newest first past a filtered match's
   * first block or past a dense text match's ordered part (ADR 0031, ADR 0012): the next page then
   * reads its own matches only; null otherwise.
   */
  next: number | null;
  /** The previous page's cursor when its number is past `numbered`; else null (it goes by number). */
  previous: number | null;
  /** Past a word-less window: the previous page's `before=` cursor when its number is past `numbered`; else null. */
  before: number | null;
  /**
   * The deepest page addressed by its number: a list paged by cursor past its first block answers a
   * deeper number without its cursor with this page, and the pager links past it by cursor only;
   * null: every page goes by number.
   */
  numbered: number | null;
};

/**
 * One page of results. Never throws on visitor text: unusable text gives an empty page. `locales`:
 * the enabled languages, whose category words the search understands (by default every locale with
 * catalogs).
 */
export async function search(
  db: Db,
  params: SearchParams,
  {
    now = new Date(),
    locales,
    locale = "en",
    after = null,
    before = null,
    vocabulary = true,
    cursors = false,
    filtersByNumber = false,
  }: {
    now?: Date;
    locales?: readonly string[];
    locale?: string;
    after?: number | null;
    /** The page's `before=` cursor (the page just above this rowid: a word-less list past its window). */
    before?: number | null;
    vocabulary?: boolean;
    /** The caller's pager links pages past NUMBERED_PAGES by cursor (the HTML page); else pages go by number. */
    cursors?: boolean;
    /** With `cursors`: a search without words (filters, a minimum rating, open now) still goes by number at any depth (/api/search). */
    filtersByNumber?: boolean;
  } = {},
): Promise<SearchResult> {
  const numbered = cursors && after === null && before === null ? NUMBERED_PAGES : null;
  const plan = await searchPlan(db, params, locales, { vocabulary, numbered });
  const { sample, ...ran } = await run(db, plan, now, after, cursors, before, cursors && !filtersByNumber);
  const selected = {
    has: params.has ?? [],
    openAt: params.openAt ?? null,
    openLate: params.openLate ?? false,
    open24h: params.open24h ?? false,
  };
  const result: SearchResult = { ...ran, filters: choicesFromRows(sample.rows, sample.whole, selected, locale) };
  const { point } = result;
  if (!point) return result;
  const withDistance = (business: SearchBusiness): SearchBusiness =>
    business.distanceKm !== undefined || business.latitude === null || business.longitude === null
      ? business
      : { ...business, distanceKm: distanceKm(point, { lat: business.latitude, lng: business.longitude }) };
  return { ...result, businesses: result.businesses.map(withDistance) };
}

/** The rows a plan read that are results (the filter choices count on them), and whether they are all the results. */
type Sample = { rows: ReadonlyArray<Pick<CandidateRow, "about" | "filterTerms">>; whole: boolean };

/** Runs a plan: one page of it, and the rows it read. */
async function run(
  db: Db,
  plan: PlanWithLookUps,
  now: Date,
  after: number | null,
  cursors: boolean,
  before: number | null = null,
  facetCursors = cursors,
): Promise<Omit<SearchResult, "filters"> & { sample: Sample }> {
  const { page, offset, pageSize } = plan;
  const empty: Omit<SearchResult, "filters"> & { sample: Sample } = {
    businesses: [],
    page,
    pageSize,
    hasPrevious: page > 1,
    hasNext: false,
    approximate: false,
    location: plan.echo.location,
    point: plan.echo.point,
    total: null,
    next: null,
    previous: null,
    before: null,
    numbered: null,
    sample: { rows: [], whole: true },
  };
  const keep: Keep | undefined = plan.openNow ? (row) => isOpenNow(row, now) : undefined;
  const listed = (rows: BusinessRow[]) => rows.map((r) => toBusiness(r, now));
  const paged = (list: SearchBusiness[]) => ({ businesses: list.slice(0, pageSize), hasNext: list.length > pageSize });
  // A page of a list that may go by cursor (runFacets, textCursorPage), as the answer.
  const pageOf = (found: FacetResult) => ({
    ...empty,
    ...cursorPageAnswer(found, pageSize, now),
    hasPrevious: found.page > 1,
    sample: { rows: found.read, whole: found.whole },
  });

  switch (plan.kind) {
    case "empty":
      return { ...empty, total: plan.total };
    case "near": {
      const count = Math.min(offset + pageSize + 1, RESULT_CAP);
      const found = await nearSearch(db, {
        point: plan.point,
        radiusKm: plan.radiusKm,
        count,
        match: plan.match,
        facet: plan.joined,
        keep,
      });
      // A page past what a walk stopped at its budget reached (a deep page in a dense place): the last
      // page it did reach, rather than an empty one under a count that says there are more.
      const reached =
        found.approximate && found.rows.length > 0 && offset >= found.rows.length ? Math.ceil(found.rows.length / pageSize) : page;
      const list = found.rows.slice((reached - 1) * pageSize).map((row) => ({ ...toBusiness(row, now), distanceKm: row.distanceKm }));
      // Fewer than asked for: everything within the radius was found, so that is the total.
      const all = !found.approximate && found.rows.length < count;
      // Stopped at the budget: what was found exists, a lower bound.
      return {
        ...empty,
        page: reached,
        hasPrevious: reached > 1,
        total: all || found.approximate ? found.rows.length : null,
        ...paged(list),
        approximate: found.approximate,
        sample: { rows: found.rows, whole: all },
      };
    }
    case "text": {
      // Past a dense match's ordered part the results run newest first: a page there by its cursor
      // reads its own matches only (textCursorPage). Not with open now (rows are checked).
      const byCursor =
        after !== null && !keep && offset >= ORDERED_TEXT ? await textCursorPage(db, plan.match, after, page, pageSize) : null;
      if (byCursor) return pageOf(byCursor);
      // For a caller whose pager links by cursor (the HTML page; /api/search refuses it), a deeper
      // number without its cursor is answered with page NUMBERED_PAGES: its OFFSET would read every
      // match before it. Other callers' pages go by number at any depth.
      // With open now, past the first block only KEEP_PAST_WINDOW rows are checked: no result lies past
      // page KEEP_PAGES, and a deeper number is answered with it.
      const numbered = cursors ? (keep ? KEEP_PAGES : NUMBERED_PAGES) : null;
      const served = numbered !== null && page > numbered ? numbered : page;
      const servedOffset = (served - 1) * pageSize;
      const found = await runWindow(db, plan.match, {
        order: plan.order,
        offset: servedOffset,
        limit: pageSize + 1,
        keep,
        keepWindow: true,
        first: plan.first,
        firstNames: plan.firstNames,
      });
      // The next page's cursor where its number is past NUMBERED_PAGES (and so past the ordered part):
      // the last match past the block this page lists, or the block's end when it lists none. The
      // APIs answer it too: a client may page on by it (`after=`) rather than by number.
      const { blockEnd, ordered } = found;
      const shown = found.rows.slice(0, pageSize);
      const next =
        served >= NUMBERED_PAGES && blockEnd !== null && ordered !== undefined && !keep && found.rows.length > pageSize
          ? Math.min(blockEnd, ...shown.filter((_, i) => servedOffset + i >= ordered).map((r) => r.id))
          : null;
      // A match that ends within its first block has no page past it: the page asked for is empty.
      if (served < page && blockEnd === null) return { ...empty, total: found.total, sample: { rows: found.read, whole: found.whole } };
      // Exact when the match was read whole (open now checked on every row of it), else a lower bound.
      return {
        ...empty,
        page: served,
        hasPrevious: served > 1,
        ...paged(listed(found.rows)),
        approximate: found.approximate,
        total: found.total,
        next,
        numbered: blockEnd !== null ? numbered : null,
        sample: { rows: found.read, whole: found.whole },
      };
    }
    case "place": {
      // Its own (column, score, id) index, exact; a city's or a country's count is in the summary
      // tables (one row), a state's or a postal code's is not. The size is the look-ups' (the first
      // round trip): the page's rows are the only statement here. Up to NUMBERED_PAGES a page is read
      // by OFFSET; past it by its cursor (the index's keyset: O(page)), and for a caller whose pager
      // links by cursor a deeper number alone is answered with page NUMBERED_PAGES.
      const byCursor =
        after !== null && offset >= NUMBERED_PAGES * pageSize ? await placeCursorPage(db, plan.location, after, page, pageSize) : null;
      // A place of at most NUMBERED_PAGES pages goes by number (a page past its end is empty).
      const size = await placeSize(db, plan.location.driving, plan.lookups);
      const numbered = cursors && (size === null || size > NUMBERED_PAGES * pageSize) ? NUMBERED_PAGES : null;
      const served = byCursor || numbered === null || page <= numbered ? page : numbered;
      const rows = byCursor ? byCursor.rows : await placeRows(db, plan.location, pageSize + 1, (served - 1) * pageSize);
      const list = paged(listed(rows));
      return {
        ...empty,
        page: served,
        hasPrevious: served > 1,
        ...list,
        total: size,
        // The next page's cursor where its number is past NUMBERED_PAGES: the last business listed.
        next: served >= NUMBERED_PAGES && list.hasNext ? rows[pageSize - 1].id : null,
        previous: byCursor?.previous ?? null,
        numbered,
        // Only the page is read: its rows are a lower bound of each choice's count.
        sample: { rows, whole: size !== null && rows.length >= size && served === 1 },
      };
    }
    case "facet":
      return pageOf(await runFacets(db, plan, keep, after, plan.lookups, facetCursors, before));
  }
}

/**
 * A location's page in recommended order, from its (column, score, id) index by OFFSET, the rows read
 * with it (one row an entry, as the facet window's). Its rows carry `relevance` (-score) into the JSON
 * answers, as they always have.
 */
function placeRows(db: Db, location: Location, limit: number, offset: number, below?: SQL) {
  return db.orm
    .select({ ...getTableColumns(b), relevance: sql<number>`-b.score`.as("relevance") })
    .from(b)
    .where(below ? and(placeWhere(location), below) : placeWhere(location))
    .orderBy(desc(b.score), desc(b.id))
    .limit(limit)
    .offset(offset);
}

/**
 * A location's page past NUMBERED_PAGES by its cursor (`after`: the last business the page before
 * listed): the businesses after it in recommended order, a keyset on the location's (column, score,
 * id) index — and, for the pager's link back where that page's number is past NUMBERED_PAGES, its
 * cursor: the business `pageSize` places before `after`. One round trip. Null when `after` lists
 * nothing after it here (a stale or forged cursor: the page is then read by its number).
 */
async function placeCursorPage(db: Db, location: Location, after: number, page: number, pageSize: number) {
  const at = sql`(SELECT score, id FROM businesses WHERE id = ${after})`;
  const pageQuery = placeRows(db, location, pageSize + 1, 0, sql`(${b.score}, ${b.id}) < ${at}`);
  const upQuery = db.orm
    .select({ id: b.id })
    .from(b)
    .where(and(placeWhere(location), sql`(${b.score}, ${b.id}) >= ${at}`))
    .orderBy(asc(b.score), asc(b.id))
    .limit(pageSize + 1);
  const [rows, up] = page - 1 > NUMBERED_PAGES ? await db.orm.batch([pageQuery, upQuery]) : [await pageQuery, []];
  return rows.length ? { rows, previous: up.length > pageSize ? up[pageSize].id : null } : null;
}

// ── Listings and the list API ──

/**
 * `page`: the page served (a number past `numbered` without its cursor is answered with that page);
 * `next`/`previous`: the neighbours' cursors (`after=` in their URLs) where they go by cursor, else null
 * (SearchResult's).
 */
export type ListingPage = {
  page: number;
  businesses: Business[];
  hasNext: boolean;
  approximate: boolean;
  total: number | null;
  next: number | null;
  previous: number | null;
  before: number | null;
  numbered: number | null;
};

/**
 * A listing page (/businesses, a city, a category) with the search's filters: listingPlan's facet
 * window. `after`: the page's cursor from its URL (ADR 0031), used for a page past the first block of
 * an attribute-filtered match; a page without one (or where it does not apply) is read by OFFSET, up
 * to NUMBERED_PAGES where the list is paged by cursor (a deeper number is answered with that page).
 */
export async function listingSearch(
  db: Db,
  scope: ListingScope,
  filters: ListingFilters,
  page: number,
  pageSize: number,
  now: Date = new Date(),
  after: number | null = null,
  before: number | null = null,
  { ahead, sizes }: { ahead?: ReadAhead; sizes?: ListingSizes } = {},
): Promise<ListingPage> {
  const found = await runFacets(
    db,
    listingPlan(scope, filters, page, pageSize),
    filters.openNow ? (row) => isOpenNow(row, now) : undefined,
    after,
    sizes && scope.kind === "city-category" ? knownSizes(scope, sizes) : undefined,
    // The listings' pagers link past NUMBERED_PAGES by cursor.
    true,
    before,
    ahead,
  );
  return cursorPageAnswer(found, pageSize, now);
}

/**
 * A page of a list that may go by cursor (runFacets, textCursorPage) as its caller answers it: the
 * page's businesses (and whether one follows), its count and its neighbours' cursors.
 */
function cursorPageAnswer(found: FacetResult, pageSize: number, now: Date) {
  const list = found.rows.map((r) => toBusiness(r, now));
  return {
    page: found.page,
    businesses: list.slice(0, pageSize),
    hasNext: list.length > pageSize,
    approximate: found.approximate,
    total: found.total,
    next: found.next,
    previous: found.previous,
    before: found.before ?? null,
    numbered: found.numbered,
  };
}

// ── A filtered listing's first statement, read with its opening (ADR 0032) ──

/** A city × category listing's sizes as its opening read them (the city's, the category's and the pair's businesses): they choose its driving index. */
export type ListingSizes = { city: number; category: number; pair: number };

function knownSizes(scope: Extract<ListingScope, { kind: "city-category" }>, sizes: ListingSizes): Lookups {
  return knownLookups([
    { kind: "city", value: scope.city.slug, n: sizes.city },
    { kind: scope.category.kind, value: scope.category.slug, n: sizes.category },
    { kind: "city-category", value: pairKey(scope.city.slug, scope.category), n: sizes.pair },
  ]);
}

/**
 * A LIMIT of `n` where `gate` holds, else 0: SQLite then reads no row of the statement. drizzle's
 * limit() is typed for a number, and writes the SQL it is given as it is.
 */
const limitWhen = (gate: SQL, n: number) => sql`CASE WHEN ${gate} THEN ${n} ELSE 0 END` as unknown as number;

/** Whether a city × category's own index drives its word-less window (chooseDriver's rule, in SQL): the pair has at most FACET_WINDOW businesses. */
function pairDrives(location: Location, category: Category): SQL {
  const pair = sql`(SELECT ${cityCategories.businessCount} FROM ${cityCategories} WHERE ${cityCategories.citySlug} = ${location.driving.value}
    AND ${cityCategories.kind} = ${category.kind} AND ${cityCategories.slug} = ${category.slug})`;
  return sql`coalesce(${pair} <= ${FACET_WINDOW}, 0)`;
}

/**
 * Whether a city × category's city drives its word-less window when the pair does not (chooseDriver's
 * rule, in SQL): the category is no smaller than the city, or either size is missing or 0. Null
 * (neither drives) when the city has no row.
 */
function placeDrives(location: Location, category: Category): SQL {
  const city = sql`(${PLACES.city.size?.(location.driving.value)})`;
  const size = sql`(${categorySize(category)})`;
  return sql`(${size} IS NULL OR ${city} = 0 OR ${size} >= ${city})`;
}

/** A city × category's three drivers, each gated in SQL by chooseDriver's rule: the pair's own index, else the smaller of its city's and its category's. */
function cityCategoryArms(location: Location, category: Category): Array<{ driver: Driver; gate: SQL }> {
  const pair = pairDrives(location, category);
  const place = placeDrives(location, category);
  return [
    { driver: cityCategoryDriver(location.driving, category), gate: pair },
    { driver: placeDriver(location.driving), gate: sql`NOT ${pair} AND ${place}` },
    { driver: categoryDriver(category), gate: sql`NOT ${pair} AND NOT ${place}` },
  ];
}

/**
 * A statement read ahead: `query` is sent, and its rows serve `serves` (the plan's own statement).
 * Arms of one choice (the driving index of a city × category, chosen in SQL: limitWhen) each read
 * only when chosen: the one with rows serves its statement; when none has rows, none serves.
 */
type AheadChoice = Array<{ query: BatchItem<"sqlite">; serves: Statement; chosen?: (rows: unknown[]) => boolean }>;

/**
 * The statements a filtered listing's page (listingSearch, same arguments) sends first, for its
 * opening's batch: the page is then read in the opening's round trip (ADR 0032). Most pages need no
 * other: the first block of an attribute filter's match (or the page's cursor statements), the
 * word-less window of the scope's index (a city × category's arms, the one its sizes choose read:
 * pairDrives, placeDrives), or the page past the window by its cursor. The scope is the one the URL names: when the
 * opening finds another (a category named the long way), nothing read ahead serves.
 */
export function listingReadAhead(
  db: Db,
  scope: ListingScope,
  filters: ListingFilters,
  page: number,
  pageSize: number,
  after: number | null = null,
  before: number | null = null,
): ReadAheadPlan {
  const choices = firstStatements(db, listingPlan(scope, filters, page, pageSize), filters.openNow, after, before);
  return {
    statements: choices.flatMap((choice) => choice.map((arm) => arm.query)),
    served: (results) => {
      const ahead: Array<ReadAhead[number]> = [];
      let at = 0;
      for (const choice of choices) {
        const arms = choice.map((arm) => ({ ...arm, rows: results[at++] as unknown[] }));
        const read = arms.length === 1 ? arms[0] : arms.find((arm) => (arm.chosen ? arm.chosen(arm.rows) : arm.rows.length > 0));
        if (read) ahead.push({ ...read.serves.toSQL(), rows: read.rows });
      }
      return ahead;
    },
  };
}

/** runFacets' first statements for a listing's plan, as it would send them (each a choice of one, or the arms of a city × category's). */
function firstStatements(db: Db, plan: FacetPlan, openNow: boolean, after: number | null, before: number | null): AheadChoice[] {
  const one = (query: BatchItem<"sqlite"> & Statement): AheadChoice => [{ query, serves: query }];
  if (attributeFiltersActive(plan.attributes)) {
    if (after !== null && !openNow && plan.offset >= FILTER_BLOCK) {
      const { pageQuery, back } = cursorPageQueries(db, plan.match, after, plan.page, plan.pageSize);
      return back ? [one(pageQuery), one(back)] : [one(pageQuery)];
    }
    // runWindow's first block, or a deeper page's ids and rows (deepPage).
    const offset = !openNow && plan.page > NUMBERED_PAGES ? (NUMBERED_PAGES - 1) * plan.pageSize : plan.offset;
    const want = Math.min(offset + plan.pageSize + 1, RESULT_CAP);
    if (!openNow && offset >= FILTER_BLOCK + NAME_WINDOW + 1) return [one(deepPageQuery(db, plan.match, offset, want))];
    const straddle = !openNow && want > FILTER_BLOCK;
    return [one(candidatesQuery(db, matchSlice(plan.match, firstSliceSize(FILTER_BLOCK, want, straddle, openNow), null)))];
  }
  const drivers: Array<{ driver: Driver; gate: SQL | null }> = !plan.location
    ? [{ driver: plan.category ? categoryDriver(plan.category) : { where: sql`1 = 1` }, gate: null }]
    : !plan.category
      ? [{ driver: placeDriver(plan.location.driving), gate: null }]
      : cityCategoryArms(plan.location, plan.category);
  if (plan.match !== "" && plan.page > 1 && (after !== null || before !== null)) {
    const start = after !== null ? { below: after } : { from: before as number };
    if (openNow)
      return [
        drivers.map(({ driver, gate }) => ({
          query: openNowCursorQuery(db, plan, driver, start, gate ? limitWhen(gate, PAST_WINDOW_CHECKED) : PAST_WINDOW_CHECKED),
          serves: openNowCursorQuery(db, plan, driver, start),
        })),
      ];
    const limit = pastWindowLimit(plan);
    return [
      drivers.map(({ driver, gate }) => ({
        query: pastWindowPageQuery(db, plan, driver, start, gate ? limitWhen(gate, limit) : limit),
        serves: pastWindowPageQuery(db, plan, driver, start),
      })),
    ];
  }
  // A listing's page by number (its pager links by cursor) reads the matches past the window with it
  // unless open now is on: runFacets' withPast. The arm chosen is the one whose window has entries.
  if (!openNow && plan.match !== "")
    return [
      drivers.map(({ driver, gate }) => ({
        query: windowAndPastQuery(db, driver, plan, gate ? limitWhen(gate, FACET_WINDOW + 1) : FACET_WINDOW + 1),
        serves: windowAndPastQuery(db, driver, plan),
        chosen: (rows: unknown[]) => ((rows as Array<{ size: number }>)[0]?.size ?? 0) > 0,
      })),
    ];
  const size = windowSize(openNow);
  return [
    drivers.map(({ driver, gate }) => ({
      query: windowQuery(db, driver, plan, gate ? limitWhen(gate, size) : size),
      serves: windowQuery(db, driver, plan, size),
    })),
  ];
}

/**
 * GET /api/businesses?search=…: /search's matcher and ranking, in a category scope,
 * with the list endpoint's totals. A dense search (more matches than one block) lists at most
 * RESULT_CAP results and says so: while `approximate` is true, `total` is a lower bound (the results
 * known to exist so far) and `hasNext` whether a next page exists; `estimate` is the match's
 * estimated size, for measurements only (never shown as a count).
 */
export async function searchList(
  db: Db,
  text: string,
  scope: { column: "category_slug" | "group_slug"; slug: string } | null,
  sort: "recommended" | "latest",
  limit: number,
  offset: number,
  attributes: AttributeFilters = NO_ATTRIBUTE_FILTERS,
): Promise<{
  rows: BusinessRow[];
  total: number;
  approximate: boolean;
  hasNext: boolean;
  estimate: number;
  read: CandidateRow[];
  whole: boolean;
}> {
  const facet = scope ? facetToken(scope.column === "group_slug" ? "group" : "category", scope.slug) : null;
  const found = await windowSearch(db, {
    text,
    facets: andQuery(facetsQuery(facet ? [facet] : []), attributeFiltersQuery(attributes)),
    order: sort === "latest" ? "latest" : "relevance",
    offset,
    limit: limit + 1,
  });
  return { ...found, rows: found.rows.slice(0, limit), hasNext: found.rows.length > limit };
}

/**
 * GET /api/businesses with attribute filters and no words: the scope's match (its facets and the
 * filters' terms) newest first, its first block in the recommended order or newest first (`latest`),
 * as a filtered listing (ADR 0031), by limit and offset. `hasNext`: a result exists past the page.
 */
export async function filteredList(
  db: Db,
  scope: ListingScope,
  attributes: AttributeFilters,
  sort: "recommended" | "latest",
  limit: number,
  offset: number,
): Promise<WindowResult & { hasNext: boolean }> {
  const plan = listingPlan(scope, { openNow: false, ...attributes }, 1, limit);
  const found = await runWindow(
    db,
    { match: plan.match },
    { order: sort === "latest" ? "latest" : "score", offset, limit: limit + 1, block: FILTER_BLOCK },
  );
  return { ...found, rows: found.rows.slice(0, limit), hasNext: found.rows.length > limit };
}
