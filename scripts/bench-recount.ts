/**
 * The summaries a bench's writes must leave exact, recounted from the businesses themselves in the
 * local D1 file (read-only, one read transaction: one consistent state while workerd keeps serving):
 * the site's statistics, the category, group, city, country and city × category counts, the FTS
 * index's rows, the listings' attribute counts and the list positions of
 * docs/decisions/0011-list-positions.md. The same figures the tests compare
 * (test/helpers/summaries.ts, list-positions.ts, filter-backfill.test.ts), here for a bench that
 * runs outside the test pool. Returns what disagrees, empty when everything does.
 */
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { LIST_KINDS } from "#app/server/write/list-positions.server";

/** The local D1 database of a state directory (`--persist-to`), opened read-only. */
export function openD1(state: string): DatabaseSync {
  const dir = path.join(state, "v3/d1/miniflare-D1DatabaseObject");
  const file = fs.readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database under ${dir}`);
  return new DatabaseSync(path.join(dir, file), { readOnly: true });
}

type Counted = Record<string, number>;

/** Each kept figure beside its recount: key → count, zero counts left out on both sides. */
const PAIRS: Array<{ name: string; kept: string; recounted: string }> = [
  {
    name: "site statistics",
    kept: `SELECT 'total' AS k, total_businesses AS n FROM site_stats WHERE id = 1
           UNION ALL SELECT 'verified', verified_businesses FROM site_stats WHERE id = 1
           UNION ALL SELECT 'categories', categories FROM site_stats WHERE id = 1
           UNION ALL SELECT 'cities', total_cities FROM site_stats WHERE id = 1`,
    recounted: `SELECT 'total' AS k, count(*) AS n FROM businesses
           UNION ALL SELECT 'verified', coalesce(sum(is_verified), 0) FROM businesses
           UNION ALL SELECT 'categories', count(DISTINCT nullif(category_slug, '')) FROM businesses
           UNION ALL SELECT 'cities', count(DISTINCT nullif(city_slug, '')) FROM businesses`,
  },
  {
    name: "category counts",
    kept: "SELECT slug AS k, business_count AS n FROM categories",
    recounted: "SELECT category_slug AS k, count(*) AS n FROM businesses WHERE category_slug <> '' GROUP BY 1",
  },
  {
    name: "category group counts",
    kept: "SELECT slug AS k, business_count AS n FROM category_groups",
    recounted: "SELECT group_slug AS k, count(*) AS n FROM businesses GROUP BY 1",
  },
  {
    name: "city counts",
    kept: "SELECT slug AS k, business_count AS n FROM cities",
    recounted: "SELECT city_slug AS k, count(*) AS n FROM businesses WHERE city_slug <> '' GROUP BY 1",
  },
  {
    name: "country counts",
    kept: "SELECT name AS k, business_count AS n FROM countries",
    recounted: "SELECT country AS k, count(*) AS n FROM businesses WHERE country <> '' GROUP BY 1",
  },
  {
    name: "city × category counts",
    kept: "SELECT city_slug || ' ' || kind || ' ' || slug AS k, business_count AS n FROM city_categories",
    recounted: `SELECT city_slug || ' category ' || category_slug AS k, count(*) AS n FROM businesses
                  WHERE city_slug <> '' AND category_slug <> '' GROUP BY city_slug, category_slug
                UNION ALL
                SELECT city_slug || ' group ' || group_slug, count(*) FROM businesses
                  WHERE city_slug <> '' AND group_slug <> '' GROUP BY city_slug, group_slug`,
  },
  {
    name: "search index rows",
    kept: "SELECT 'rows' AS k, count(*) AS n FROM businesses_fts",
    recounted: "SELECT 'rows' AS k, count(*) AS n FROM businesses",
  },
  {
    // Per listing the business is in, each of its filter terms but the weekly slots (`opmon100`…),
    // as app/lib/search/listing-filters.ts spells the scopes.
    name: "attribute counts",
    kept: "SELECT scope || ' ' || term AS k, business_count AS n FROM attribute_counts",
    recounted: `WITH b AS (
                  SELECT id, coalesce(city_slug, '') AS city, coalesce(category_slug, '') AS category,
                    coalesce(group_slug, '') AS grp, filter_terms FROM businesses WHERE filter_terms IS NOT NULL),
                scopes AS (
                  SELECT id, 'all' AS scope FROM b
                  UNION ALL SELECT id, 'city:' || city FROM b WHERE city <> ''
                  UNION ALL SELECT id, 'category:' || category FROM b WHERE category <> ''
                  UNION ALL SELECT id, 'group:' || grp FROM b WHERE grp <> ''
                  UNION ALL SELECT id, 'city:' || city || '/category:' || category FROM b WHERE city <> '' AND category <> ''
                  UNION ALL SELECT id, 'city:' || city || '/group:' || grp FROM b WHERE city <> '' AND grp <> '')
                SELECT s.scope || ' ' || t.value AS k, count(*) AS n
                FROM scopes s JOIN b ON b.id = s.id, json_each(b.filter_terms) t
                WHERE t.value NOT GLOB 'op[a-z][a-z][a-z][0-9][0-9]0'
                GROUP BY s.scope, t.value`,
  },
];

function counted(db: DatabaseSync, sql: string): Counted {
  const out: Counted = {};
  for (const row of db.prepare(sql).all() as Array<{ k: string; n: number }>) if (Number(row.n) !== 0) out[row.k] = Number(row.n);
  return out;
}

function differences(name: string, kept: Counted, recounted: Counted): string[] {
  const keys = [...new Set([...Object.keys(kept), ...Object.keys(recounted)])].sort();
  return keys.filter((k) => kept[k] !== recounted[k]).map((k) => `${name}: ${k} kept ${kept[k] ?? 0}, recounted ${recounted[k] ?? 0}`);
}

type Start = { start_key: number; start_id: number };
type Entry = { id: number; key: number };

/** Whether an entry (or a start) comes at or after `start` in the list's order (key, then id, descending). */
const atOrAfter = (entry: { key: number; id: number }, start: Start) =>
  entry.key < start.start_key || (entry.key === start.start_key && entry.id <= start.start_id);
const startAtOrAfter = (a: Start, b: Start) => atOrAfter({ key: a.start_key, id: a.start_id }, b);

/**
 * The stored structure of every list against its businesses: each block counts exactly the entries
 * from its start to the next block's and belongs to the nearest section at or above it, each section
 * sums its blocks and sits at the entries before it in its chapter, each chapter sums its sections,
 * the chapters hold every entry, none outgrows its limit, and no list waits for maintenance.
 */
function positionDifferences(db: DatabaseSync): string[] {
  const out: string[] = [];
  const lists = (db.prepare("SELECT DISTINCT list FROM list_sections").all() as Array<{ list: string }>).map((r) => r.list);
  for (const list of lists) {
    const kind = LIST_KINDS.find((k) => (k.prefix === "all" || k.prefix === "latest" ? list === k.prefix : list.startsWith(k.prefix)));
    if (!kind) {
      out.push(`list positions: unknown list ${list}`);
      continue;
    }
    const where = kind.column ? `WHERE ${kind.column} = ?1` : "";
    const params = kind.column ? [list.slice(kind.prefix.length)] : [];
    const entries = db
      .prepare(`SELECT id, ${kind.key} AS key FROM businesses ${where} ORDER BY ${kind.key} DESC, id DESC`)
      .all(...params) as Entry[];
    const ordered = (table: string) =>
      db.prepare(`SELECT * FROM ${table} WHERE list = ?1 ORDER BY start_key DESC, start_id DESC`).all(list) as Array<
        Start & { id: number; entries: number; section_id: number; chapter_id: number; position: number }
      >;
    const blocks = ordered("list_blocks");
    const sections = ordered("list_sections");
    const chapters = ordered("list_chapters");
    const bad = (what: string) => out.push(`list positions: ${list} ${what}`);
    if (blocks.length === 0 || blocks[0].start_key !== 1e300) bad("does not start with the open block");
    // Entries per block, walking both in order.
    const inBlock = new Map<number, number>();
    let b = 0;
    for (const entry of entries) {
      while (b + 1 < blocks.length && atOrAfter(entry, blocks[b + 1])) b++;
      if (blocks[b]) inBlock.set(blocks[b].id, (inBlock.get(blocks[b].id) ?? 0) + 1);
    }
    for (const block of blocks) {
      if (block.entries !== (inBlock.get(block.id) ?? 0))
        bad(`block ${block.start_id}: stored ${block.entries} entries, ${inBlock.get(block.id) ?? 0} there`);
      if (block.entries > 100) bad(`block ${block.start_id} holds ${block.entries} > 100`);
      const home = sections.filter((s) => startAtOrAfter(block, s)).at(-1);
      if (block.section_id !== home?.id) bad(`block ${block.start_id} is in section ${block.section_id}, not ${home?.id}`);
    }
    let total = 0;
    for (const chapter of chapters) {
      const own = sections.filter((s) => s.chapter_id === chapter.id);
      if (own.length > 32) bad(`chapter ${chapter.start_id} holds ${own.length} > 32 sections`);
      let before = 0;
      for (const section of own) {
        if (chapters.filter((c) => startAtOrAfter(section, c)).at(-1)?.id !== chapter.id)
          bad(`section ${section.start_id} is in the wrong chapter`);
        const ofSection = blocks.filter((x) => x.section_id === section.id);
        if (ofSection.length > 100) bad(`section ${section.start_id} holds ${ofSection.length} > 100 blocks`);
        const sum = ofSection.reduce((t, x) => t + x.entries, 0);
        if (section.position !== before || section.entries !== sum)
          bad(`section ${section.start_id}: position ${section.position} (expected ${before}), entries ${section.entries} (blocks ${sum})`);
        before += section.entries;
      }
      if (chapter.entries !== before) bad(`chapter ${chapter.start_id}: ${chapter.entries} entries, its sections ${before}`);
      total += before;
    }
    if (!sections.every((s) => chapters.some((c) => c.id === s.chapter_id))) bad("has a section in no chapter");
    if (total !== entries.length) bad(`counts ${total} entries, ${entries.length} businesses`);
  }
  const touched = (db.prepare("SELECT count(*) AS n FROM lists_touched").get() as { n: number }).n;
  if (touched) out.push(`list positions: ${touched} lists still waiting in lists_touched`);
  return out;
}

/** Everything kept that disagrees with its recount, read in one transaction. */
export function recount(state: string): string[] {
  const db = openD1(state);
  try {
    db.exec("BEGIN");
    const out = PAIRS.flatMap(({ name, kept, recounted }) => differences(name, counted(db, kept), counted(db, recounted)));
    out.push(...positionDifferences(db));
    db.exec("COMMIT");
    return out;
  } finally {
    db.close();
  }
}
