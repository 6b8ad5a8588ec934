/**
 * Positions in the public lists, kept in proportion to what a write changes
 * (docs/decisions/0011-list-positions.md, replacing the dense ranks of ADR 0002).
 *
 * A list ("all", "latest", "c:{category}", "g:{group}", "city:{city}") is its businesses in
 * (sort key, id) descending order, read from the order indexes of `businesses`. `list_blocks` cuts
 * it into blocks of at most BLOCK_MAX entries, `list_sections` groups at most SECTION_MAX blocks and
 * `list_chapters` at most CHAPTER_MAX sections; each is named by its first entry's (key, id) and
 * runs to the next one's start. A chapter and a block store their count; a section its count and
 * its position within its chapter. So:
 * - page N: the list's chapters (a few rows: ~8 at 1,000,000 businesses), the section at or before
 *   N in its chapter (one index seek), its blocks' counts (≤ SECTION_MAX rows), then the order index
 *   from that block's start, skipping fewer than BLOCK_MAX entries;
 * - a write: its block's, section's and chapter's counts, and the positions of the sections after it
 *   in its chapter (< CHAPTER_MAX), all in the write's own atomic batch. A block that outgrows
 *   BLOCK_MAX is cut in halves (a section or chapter likewise) in the same batch, counted from the
 *   businesses themselves.
 *
 * Every statement here is plain SQL run inside the caller's `db.batch`: counts and positions commit
 * with the rows they describe or not at all.
 */
import { sql, type SQL } from "drizzle-orm";
import { listBlocks, listChapters, listSections } from "#db/schema";
import type { Db, Params } from "#app/server/platform/db.server";

/** A block is split once it holds more than BLOCK_MAX businesses (the partial index's literal). */
const BLOCK_MAX = 100;
/** A section is split once it holds more than SECTION_MAX blocks. */
const SECTION_MAX = 100;
/** A chapter is split once it holds more than CHAPTER_MAX sections. */
const CHAPTER_MAX = 32;
/** What a split leaves in each part: half the maximum, so a part can grow again before splitting. */
const BLOCK_SPLIT = BLOCK_MAX / 2;
const SECTION_SPLIT = SECTION_MAX / 2;
const CHAPTER_SPLIT = CHAPTER_MAX / 2;

/**
 * Where an overfull run of `total` items (numbered `n` from 1) is cut: a new part starts at every
 * `size`-th item, except that a remainder under half a part stays with the part before it, so parts
 * hold size to 1.5 × size items (not a last sliver of one).
 */
function cutAt(size: number): string {
  return `n > 1 AND (n - 1) % ${size} = 0 AND total - n + 1 >= ${size / 2}`;
}

/** The start of every list's first section and block: above any score or created_at. */
const LIST_START = "1e300";
/** Past the last block of a list. */
const LIST_END = "-1e300";

/** The blocks to split or count: the partial index list_blocks_rebalance_idx, spelled exactly as it is. */
const REBALANCE = "(entries > 100 OR entries < 0)";

type SortKey = "score" | "created_at";

type ListKind = {
  /** "all" and "latest" name one list each; the others a list per value of `column`. */
  prefix: "all" | "latest" | "c:" | "g:" | "city:";
  key: SortKey;
  column: "category_slug" | "group_slug" | "city_slug" | null;
};

/** The lists and how each orders and scopes its businesses (the benches and tests recount them from it). */
export const LIST_KINDS: readonly ListKind[] = [
  { prefix: "all", key: "score", column: null },
  { prefix: "latest", key: "created_at", column: null },
  { prefix: "c:", key: "score", column: "category_slug" },
  { prefix: "g:", key: "score", column: "group_slug" },
  { prefix: "city:", key: "score", column: "city_slug" },
];

/** The list key of a business row aliased `b`. */
const listOf = (kind: ListKind) => (kind.column ? `'${kind.prefix}' || b.${kind.column}` : `'${kind.prefix}'`);
/** True for the list keys of this kind (`list` is a SQL expression). */
const names = (kind: ListKind, list: string) =>
  kind.column ? `substr(${list}, 1, ${kind.prefix.length}) = '${kind.prefix}'` : `${list} = '${kind.prefix}'`;
/** True for the businesses (aliased `b`) of list `list` (a SQL expression). */
const members = (kind: ListKind, list: string) => (kind.column ? `b.${kind.column} = substr(${list}, ${kind.prefix.length + 1})` : "1");

/*
 * SQLite seeks an index by a row value's first column only ("(score, id) <= (?, ?)" reads every
 * tie of the score), and the lists hold long ties: a whole import shares one created_at, every
 * business without reviews one score. So each "(key, id) at or after a start" below is spelled as
 * two seeks: the start's own key from its id down, then the keys below it.
 */

/**
 * The block, section or chapter (`table`) of list `list` holding an entry or part that starts at
 * (key, id): the one whose start is the nearest at or above it.
 */
function partHolding(table: "list_blocks" | "list_sections" | "list_chapters", list: string, key: string, id: string): string {
  return `coalesce(
    (SELECT p.id FROM ${table} p WHERE p.list = ${list} AND p.start_key = ${key} AND p.start_id >= ${id} ORDER BY p.start_id LIMIT 1),
    (SELECT p.id FROM ${table} p WHERE p.list = ${list} AND p.start_key > ${key} ORDER BY p.start_key, p.start_id LIMIT 1))`;
}

/**
 * Recomputes the positions of the parts `where` selects within their parents — sections within their
 * chapters, blocks within their sections: the entries of the parts before each there. Writes only
 * the ones that moved.
 */
function positionsSql(table: "list_sections" | "list_blocks", where: string): string {
  const parent = table === "list_sections" ? "chapter_id" : "section_id";
  return `WITH p AS (
       SELECT id, coalesce(sum(entries) OVER (PARTITION BY ${parent} ORDER BY start_key DESC, start_id DESC
         ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS position
       FROM ${table} WHERE ${where})
     UPDATE ${table} SET position = p.position FROM p WHERE ${table}.id = p.id AND ${table}.position <> p.position`;
}

const sectionPositionsSql = (where: string) => positionsSql("list_sections", where);
const blockPositionsSql = (where: string) => positionsSql("list_blocks", where);

/** The block after block `o` in its list (null for the last). */
const NEXT_BLOCK = `coalesce(
  (SELECT n.id FROM list_blocks n WHERE n.list = o.list AND n.start_key = o.start_key AND n.start_id < o.start_id ORDER BY n.start_id DESC LIMIT 1),
  (SELECT n.id FROM list_blocks n WHERE n.list = o.list AND n.start_key < o.start_key ORDER BY n.start_key DESC, n.start_id DESC LIMIT 1))`;

/**
 * The businesses of block `o` (its start, and its end = the next block's start or LIST_END), as
 * index ranges with no OR between them (an OR would keep SQLite from bounding the id range): the
 * start key from the start id down (to the end id when the block lies within one key), the keys
 * strictly between, and the end key above the end id. Each is a condition on a business `b`.
 */
function blockRanges(kind: ListKind): string[] {
  const k = `b.${kind.key}`;
  const scope = members(kind, "o.list");
  return [
    `${scope} AND o.end_key = o.start_key AND ${k} = o.start_key AND b.id <= o.start_id AND b.id > o.end_id`,
    `${scope} AND o.end_key < o.start_key AND ${k} = o.start_key AND b.id <= o.start_id`,
    `${scope} AND ${k} < o.start_key AND ${k} > o.end_key`,
    `${scope} AND o.end_key < o.start_key AND ${k} = o.end_key AND b.id > o.end_id`,
  ];
}

/**
 * The statements that add (delta 1) or remove (delta -1) the businesses of `source` in every list
 * they belong to. `source` is a FROM clause over `businesses AS b` (its parameters are `params`,
 * numbered ?1…): run the -1 statements before a row changes or goes, the +1 ones after it is written.
 */
export function listChangeStatements(db: Db, source: string, params: Params, delta: 1 | -1): D1PreparedStatement[] {
  const changes = `changes(list, key, id) AS (${LIST_KINDS.map((kind) => `SELECT ${listOf(kind)}, b.${kind.key}, b.id ${source}`).join(
    " UNION ALL ",
  )})`;
  const statements: string[] = [];
  if (delta === 1) {
    // A list's first business creates its first chapter, section and block, all starting at LIST_START.
    statements.push(
      `WITH ${changes} INSERT OR IGNORE INTO list_chapters (list, start_key, start_id, entries)
       SELECT DISTINCT list, ${LIST_START}, 0, 0 FROM changes`,
      `WITH ${changes} INSERT OR IGNORE INTO list_sections (list, chapter_id, start_key, start_id, entries, position)
       SELECT c.list, c.id, ${LIST_START}, 0, 0, 0 FROM list_chapters c
       WHERE c.list IN (SELECT list FROM changes) AND c.start_key = ${LIST_START} AND c.start_id = 0`,
      `WITH ${changes} INSERT OR IGNORE INTO list_blocks (list, section_id, start_key, start_id, entries)
       SELECT s.list, s.id, ${LIST_START}, 0, 0 FROM list_sections s
       WHERE s.list IN (SELECT list FROM changes) AND s.start_key = ${LIST_START} AND s.start_id = 0`,
    );
  }
  statements.push(
    `WITH ${changes}, hits AS (SELECT ${partHolding("list_blocks", "c.list", "c.key", "c.id")} AS block, count(*) AS n FROM changes c GROUP BY 1)
     UPDATE list_blocks SET entries = entries + (${delta}) * hits.n FROM hits WHERE list_blocks.id = hits.block`,
    // The sections whose blocks changed count: their blocks' positions are recomputed once, at the batch's end.
    `WITH ${changes} INSERT OR IGNORE INTO sections_touched (section_id)
     SELECT DISTINCT k.section_id FROM changes c JOIN list_blocks k ON k.id = ${partHolding("list_blocks", "c.list", "c.key", "c.id")}`,
    `WITH ${changes}, hits AS (
       SELECT k.section_id AS section, count(*) AS n FROM changes c JOIN list_blocks k ON k.id = ${partHolding("list_blocks", "c.list", "c.key", "c.id")}
       GROUP BY 1)
     UPDATE list_sections SET entries = entries + (${delta}) * hits.n FROM hits WHERE list_sections.id = hits.section`,
    `WITH ${changes}, hits AS (
       SELECT s.chapter_id AS chapter, count(*) AS n FROM changes c
         JOIN list_blocks k ON k.id = ${partHolding("list_blocks", "c.list", "c.key", "c.id")} JOIN list_sections s ON s.id = k.section_id
       GROUP BY 1)
     UPDATE list_chapters SET entries = entries + (${delta}) * hits.n FROM hits WHERE list_chapters.id = hits.chapter`,
    `WITH ${changes} INSERT OR IGNORE INTO lists_touched (list) SELECT DISTINCT list FROM changes`,
  );
  return statements.map((sql) => db.statement(sql, params));
}

/**
 * Ends a write batch: cuts blocks past BLOCK_MAX (and then sections past SECTION_MAX) in halves,
 * counts the cut blocks from the businesses, and recomputes the positions of the sections of every
 * list the batch touched. Cheap when nothing outgrew its limit: the partial index finds no block.
 */
export function rebalanceStatements(db: Db): D1PreparedStatement[] {
  // Marked blocks of one kind with where they end: the next block's start, or LIST_END.
  const marked = (kind: ListKind) => `SELECT o.id, o.list, o.section_id, o.start_key, o.start_id,
      coalesce(n.start_key, ${LIST_END}) AS end_key, coalesce(n.start_id, 0) AS end_id
    FROM list_blocks o LEFT JOIN list_blocks n ON n.id = ${NEXT_BLOCK}
    WHERE ${REBALANCE.replace(/entries/g, "o.entries")} AND ${names(kind, "o.list")}`;
  // INDEXED BY: for DISTINCT section_id the planner would rather scan the whole section index.
  const rebalancedLists = "SELECT list FROM lists_touched WHERE rebalanced = 1";
  const crowdedSections = `SELECT DISTINCT section_id FROM list_blocks INDEXED BY list_blocks_rebalance_idx WHERE ${REBALANCE}`;
  return [
    `INSERT INTO lists_touched (list, rebalanced) SELECT DISTINCT list, 1 FROM list_blocks WHERE ${REBALANCE}
     ON CONFLICT (list) DO UPDATE SET rebalanced = 1`,
    // New blocks at every BLOCK_SPLIT-th entry of an overfull block; -1 marks them for counting.
    ...LIST_KINDS.map(
      (kind) => `WITH over AS MATERIALIZED (${marked(kind)} AND o.entries > ${BLOCK_MAX}),
        inside AS (${blockRanges(kind)
          .map(
            (range) => `SELECT o.id AS block, o.list, o.section_id, b.${kind.key} AS key, b.id FROM over o JOIN businesses b ON ${range}`,
          )
          .join(" UNION ALL ")}),
        numbered AS (
          SELECT list, section_id, key, id, row_number() OVER (PARTITION BY block ORDER BY key DESC, id DESC) AS n,
            count(*) OVER (PARTITION BY block) AS total
          FROM inside)
        INSERT OR IGNORE INTO list_blocks (list, section_id, start_key, start_id, entries)
        SELECT list, section_id, key, id, -1 FROM numbered WHERE ${cutAt(BLOCK_SPLIT)}`,
    ),
    // A section that now has more than SECTION_MAX blocks gets a new section every SECTION_SPLIT blocks…
    `WITH numbered AS (
       SELECT k.list, k.start_key, k.start_id, s.chapter_id,
         row_number() OVER (PARTITION BY k.section_id ORDER BY k.start_key DESC, k.start_id DESC) AS n,
         count(*) OVER (PARTITION BY k.section_id) AS total
       FROM list_blocks k JOIN list_sections s ON s.id = k.section_id WHERE k.section_id IN (${crowdedSections}))
     INSERT OR IGNORE INTO list_sections (list, chapter_id, start_key, start_id, entries, position)
     SELECT list, chapter_id, start_key, start_id, 0, 0 FROM numbered
     WHERE total > ${SECTION_MAX} AND ${cutAt(SECTION_SPLIT)}`,
    // …and its blocks go to the section whose start is the nearest at or above theirs.
    `WITH moved AS (
       SELECT k.id, ${partHolding("list_sections", "k.list", "k.start_key", "k.start_id")} AS section
       FROM list_blocks k WHERE k.section_id IN (${crowdedSections}))
     UPDATE list_blocks SET section_id = moved.section FROM moved WHERE list_blocks.id = moved.id AND list_blocks.section_id <> moved.section`,
    // The cut blocks, counted from the order index (each under 1.5 × BLOCK_SPLIT entries now).
    ...LIST_KINDS.map(
      (kind) => `WITH counted AS (
          SELECT o.id, ${blockRanges(kind)
            .map((range) => `(SELECT count(*) FROM businesses b WHERE ${range})`)
            .join(" + ")} AS n
          FROM (${marked(kind)}) o)
        UPDATE list_blocks SET entries = counted.n FROM counted WHERE list_blocks.id = counted.id`,
    ),
    `WITH sums AS (
       SELECT k.section_id AS id, sum(k.entries) AS entries FROM list_blocks k
       WHERE k.list IN (${rebalancedLists}) GROUP BY k.section_id)
     UPDATE list_sections SET entries = sums.entries FROM sums WHERE list_sections.id = sums.id AND list_sections.entries <> sums.entries`,
    // A chapter past CHAPTER_MAX sections: a new chapter every CHAPTER_SPLIT sections…
    `WITH numbered AS (
       SELECT list, start_key, start_id,
         row_number() OVER (PARTITION BY chapter_id ORDER BY start_key DESC, start_id DESC) AS n,
         count(*) OVER (PARTITION BY chapter_id) AS total
       FROM list_sections WHERE list IN (${rebalancedLists}))
     INSERT OR IGNORE INTO list_chapters (list, start_key, start_id, entries)
     SELECT list, start_key, start_id, 0 FROM numbered WHERE total > ${CHAPTER_MAX} AND ${cutAt(CHAPTER_SPLIT)}`,
    // …its sections go to the chapter whose start is the nearest at or above theirs…
    `WITH moved AS (
       SELECT s.id, ${partHolding("list_chapters", "s.list", "s.start_key", "s.start_id")} AS chapter FROM list_sections s WHERE s.list IN (${rebalancedLists}))
     UPDATE list_sections SET chapter_id = moved.chapter FROM moved WHERE list_sections.id = moved.id AND list_sections.chapter_id <> moved.chapter`,
    // …and the chapters count their sections.
    `WITH sums AS (
       SELECT chapter_id AS id, sum(entries) AS entries FROM list_sections WHERE list IN (${rebalancedLists}) GROUP BY chapter_id)
     UPDATE list_chapters SET entries = sums.entries FROM sums WHERE list_chapters.id = sums.id AND list_chapters.entries <> sums.entries`,
    // Positions within their sections of the blocks whose sections' counts changed, and of every block
    // of the lists that were cut (blocks new, counted or moved to new sections).
    blockPositionsSql(`section_id IN (SELECT section_id FROM sections_touched) OR list IN (${rebalancedLists})`),
    // Positions within each chapter of the touched lists.
    sectionPositionsSql("list IN (SELECT list FROM lists_touched)"),
    "DELETE FROM lists_touched",
    "DELETE FROM sections_touched",
  ].map((sql) => db.statement(sql));
}

const EMPTY_LISTS_SQL = [
  "DELETE FROM list_blocks",
  "DELETE FROM list_sections",
  "DELETE FROM list_chapters",
  "DELETE FROM lists_touched",
  "DELETE FROM sections_touched",
];

/** Empties every list at once (delete-all, before its chunks; a rebuild, before it starts). */
export function emptyListStatements(db: Db): D1PreparedStatement[] {
  return EMPTY_LISTS_SQL.map((sql) => db.statement(sql));
}

/** A rebuilt list's sections hold this many entries (parts half full, so both can grow). */
const REBUILT_SECTION_ENTRIES = BLOCK_SPLIT * SECTION_SPLIT;

/**
 * The lists built afresh from the businesses (what migration 20261123194714 did for the rows then
 * stored): blocks of BLOCK_SPLIT, sections of SECTION_SPLIT blocks, chapters of CHAPTER_SPLIT
 * sections, and lists_need_rebuild cleared. O(directory): only after a delete-all that stopped
 * half-way (~20 s at 1,000,000 businesses here).
 */
export function rebuildListStatements(db: Db): D1PreparedStatement[] {
  const numbered = (kind: ListKind) => {
    const partition = kind.column ? `PARTITION BY b.${kind.column}` : "";
    return `SELECT ${listOf(kind)} AS list, b.${kind.key} AS key, b.id AS id,
        row_number() OVER (${partition} ORDER BY b.${kind.key} DESC, b.id DESC) - 1 AS n, count(*) OVER (${partition}) AS total
      FROM businesses b`;
  };
  const start = `CASE WHEN n = 0 THEN ${LIST_START} ELSE key END, CASE WHEN n = 0 THEN 0 ELSE id END`;
  return [
    ...EMPTY_LISTS_SQL,
    ...LIST_KINDS.flatMap((kind) => [
      `INSERT INTO list_sections (list, chapter_id, start_key, start_id, entries, position)
       SELECT list, 0, ${start}, min(${REBUILT_SECTION_ENTRIES}, total - n), 0 FROM (${numbered(kind)})
       WHERE n % ${REBUILT_SECTION_ENTRIES} = 0`,
      `INSERT INTO list_blocks (list, section_id, start_key, start_id, entries)
       SELECT list, 0, ${start}, min(${BLOCK_SPLIT}, total - n) FROM (${numbered(kind)}) WHERE n % ${BLOCK_SPLIT} = 0`,
    ]),
    `INSERT INTO list_chapters (list, start_key, start_id, entries)
     SELECT list, start_key, start_id, 0 FROM (
       SELECT list, start_key, start_id, row_number() OVER (PARTITION BY list ORDER BY start_key DESC, start_id DESC) - 1 AS n
       FROM list_sections)
     WHERE n % ${CHAPTER_SPLIT} = 0`,
    `UPDATE list_blocks SET section_id = ${partHolding("list_sections", "list_blocks.list", "list_blocks.start_key", "list_blocks.start_id")}`,
    `UPDATE list_sections SET chapter_id = ${partHolding("list_chapters", "list_sections.list", "list_sections.start_key", "list_sections.start_id")}`,
    `UPDATE list_chapters SET entries = (SELECT coalesce(sum(entries), 0) FROM list_sections WHERE chapter_id = list_chapters.id)`,
    blockPositionsSql("1"),
    sectionPositionsSql("1"),
    "UPDATE site_stats SET lists_need_rebuild = 0 WHERE id = 1",
  ].map((sql) => db.statement(sql));
}

/**
 * Where a page of `list` starting at entry `offset` walks its order index from, as a CTE (`anchor`:
 * one row, none for a list without businesses or an offset past it): the last non-empty block
 * starting at or before `offset` — its start (`anchor_key`, `anchor_id`) and its position in the
 * list (`anchor_position`). Three seeks in one statement: the list's chapters added up by a window
 * function to the last non-empty one starting at or before `offset` (a few rows: ~8 at 1,000,000
 * businesses), that chapter's section positions, then that section's block positions. `offset` may be
 * a SQL expression (positionedPage's last page).
 */
export function listAnchorCte(db: Db, list: string, offset: number | SQL) {
  return db.orm
    .$with("anchor", {
      key: sql<number>`anchor_key`.as("anchor_key"),
      id: sql<number>`anchor_id`.as("anchor_id"),
      position: sql<number>`anchor_position`.as("anchor_position"),
    })
    .as(
      sql`SELECT k.start_key AS anchor_key, k.start_id AS anchor_id, c.base + s.position + k.position AS anchor_position
        FROM (SELECT id, base FROM (
            SELECT id, entries, coalesce(sum(entries) OVER (ORDER BY start_key DESC, start_id DESC
              ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS base
            FROM ${listChapters} WHERE list = ${list})
          WHERE entries > 0 AND base <= ${offset} ORDER BY base DESC LIMIT 1) AS c
        CROSS JOIN ${listSections} s CROSS JOIN ${listBlocks} k
        WHERE s.id = (SELECT id FROM ${listSections} WHERE chapter_id = c.id AND position <= ${offset} - c.base AND entries > 0
            ORDER BY position DESC LIMIT 1)
          AND k.id = (SELECT id FROM ${listBlocks} WHERE section_id = s.id AND position <= ${offset} - c.base - s.position AND entries > 0
            ORDER BY position DESC LIMIT 1)`,
    );
}
