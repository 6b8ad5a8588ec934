import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ValidBusinessInput } from "~/lib/business";
import {
  deleteAllBusinesses,
  deleteBusiness,
  finishWrites,
  insertBusinesses,
  setVerified,
  updateBusiness,
} from "~/server/business-writer.server";
import { buildBusiness, getJson, idOf, testDb } from "../helpers/factories";

type Entry = { id: number; key: number };
type Block = { id: number; list: string; section_id: number; start_key: number; start_id: number; entries: number };
type Section = { id: number; list: string; chapter_id: number; start_key: number; start_id: number; entries: number; position: number };
type Chapter = { id: number; list: string; start_key: number; start_id: number; entries: number };

/** The lists of docs/decisions/0011 and how each orders and scopes its businesses. */
const LISTS = [
  { prefix: "all", key: "score", column: null },
  { prefix: "latest", key: "created_at", column: null },
  { prefix: "c:", key: "score", column: "category_slug" },
  { prefix: "g:", key: "score", column: "group_slug" },
  { prefix: "city:", key: "score", column: "city_slug" },
] as const;

async function all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
}

/** A list's businesses in its order, straight from the businesses table. */
async function listEntries(list: string): Promise<Entry[]> {
  const kind = LISTS.find((k) => (k.prefix === "all" || k.prefix === "latest" ? list === k.prefix : list.startsWith(k.prefix)));
  if (!kind) throw new Error(`unknown list ${list}`);
  const where = kind.column ? `WHERE ${kind.column} = ?1` : "";
  const params = kind.column ? [list.slice(kind.prefix.length)] : [];
  return all<Entry>(`SELECT id, ${kind.key} AS key FROM businesses ${where} ORDER BY ${kind.key} DESC, id DESC`, ...params);
}

const atOrAfter = (entry: Entry, start: { start_key: number; start_id: number }) =>
  entry.key < start.start_key || (entry.key === start.start_key && entry.id <= start.start_id);

/**
 * The stored structure against the businesses themselves: every block counts exactly the entries
 * from its start to the next block's, every section sums its blocks and sits at the number of
 * entries before it in its chapter, every chapter sums its sections, each belongs to the nearest
 * start at or above its own, and none has outgrown its limit.
 */
async function expectPositionsExact() {
  const lists = (await all<{ list: string }>("SELECT DISTINCT list FROM list_sections")).map((r) => r.list);
  expect(lists).toContain("all");
  for (const list of lists) {
    const entries = await listEntries(list);
    const blocks = await all<Block>("SELECT * FROM list_blocks WHERE list = ?1 ORDER BY start_key DESC, start_id DESC", list);
    const sections = await all<Section>("SELECT * FROM list_sections WHERE list = ?1 ORDER BY start_key DESC, start_id DESC", list);
    const chapters = await all<Chapter>("SELECT * FROM list_chapters WHERE list = ?1 ORDER BY start_key DESC, start_id DESC", list);
    expect(blocks[0].start_key).toBe(1e300);
    blocks.forEach((block, i) => {
      const next = blocks[i + 1];
      const inBlock = entries.filter((e) => atOrAfter(e, block) && !(next && atOrAfter(e, next)));
      expect({ list, start: block.start_id, entries: block.entries }).toEqual({ list, start: block.start_id, entries: inBlock.length });
      expect(block.entries).toBeLessThanOrEqual(100);
      const home = sections
        .filter((s) => s.start_key > block.start_key || (s.start_key === block.start_key && s.start_id >= block.start_id))
        .at(-1);
      expect(block.section_id).toBe(home?.id);
    });
    const startsAtOrAbove = (a: { start_key: number; start_id: number }, b: { start_key: number; start_id: number }) =>
      a.start_key > b.start_key || (a.start_key === b.start_key && a.start_id >= b.start_id);
    let total = 0;
    for (const chapter of chapters) {
      const own = sections.filter((s) => s.chapter_id === chapter.id);
      expect(own.length).toBeLessThanOrEqual(32);
      let before = 0;
      for (const section of own) {
        expect(chapters.filter((c) => startsAtOrAbove(c, section)).at(-1)?.id).toBe(chapter.id);
        const blocksOfSection = blocks.filter((b) => b.section_id === section.id);
        expect(blocksOfSection.length).toBeLessThanOrEqual(100);
        expect({ list, position: section.position, entries: section.entries }).toEqual({
          list,
          position: before,
          entries: blocksOfSection.reduce((sum, b) => sum + b.entries, 0),
        });
        before += section.entries;
      }
      expect({ list, chapter: chapter.start_id, entries: chapter.entries }).toEqual({ list, chapter: chapter.start_id, entries: before });
      total += before;
    }
    expect(sections.every((s) => chapters.some((c) => c.id === s.chapter_id))).toBe(true);
    expect(total).toBe(entries.length);
  }
  expect(await all("SELECT * FROM lists_touched")).toEqual([]);
}

/** /api/businesses answers { businesses, … }; /api/category and /api/city answer the array itself. */
type Page = { businesses: Array<{ id: number }> } | Array<{ id: number }>;
const pageIds = (page: Page) => (Array.isArray(page) ? page : page.businesses).map((b) => b.id);

/** Pages through the public API equal the exact ORDER BY … LIMIT … OFFSET of the list. */
async function expectPagesExact(path: (limit: number, offset: number) => string, list: string) {
  const entries = await listEntries(list);
  for (const offset of [0, 7, 99, 100, 101, 250, entries.length - 3, entries.length]) {
    if (offset < 0) continue;
    const { body } = await getJson<Page>(path(20, offset));
    expect({ list, offset, ids: pageIds(body) }).toEqual({
      list,
      offset,
      ids: entries.slice(offset, offset + 20).map((e) => e.id),
    });
  }
}

function spread(count: number, tag: string): ValidBusinessInput[] {
  // Many equal scores (the same rating and reviews), so ties are ordered by id as the lists say.
  return Array.from({ length: count }, (_, i) =>
    buildBusiness({
      placeId: `${tag}-${i}`,
      name: `${tag} ${i}`,
      category: i % 3 === 0 ? "Plumber" : i % 3 === 1 ? "Dentist" : "Bakery",
      city: `Posville ${i % 2}`,
      rating: 3 + ((i * 7) % 20) / 10,
      reviewCount: (i * 13) % 40,
    }),
  );
}

describe("list positions (blocks and sections instead of dense ranks)", () => {
  it("cut a large batch into blocks and sections that count exactly, and serve exact pages at any offset", async () => {
    const db = testDb();
    // 6,000 rows in two batches: the first block of each list outgrows 100 at once and is cut up,
    // the "all" list needs more than one section of blocks. (Chapters split at 32 sections: the
    // last test splits one.)
    const outcome = await insertBusinesses(db, spread(6000, "pos-bulk"));
    expect(outcome.inserted).toBe(6000);
    await expectPositionsExact();
    const sections = await all<{ n: number }>("SELECT count(*) AS n FROM list_sections WHERE list = 'all'");
    expect(sections[0].n).toBeGreaterThan(1);
    await expectPagesExact((limit, offset) => `/api/businesses?limit=${limit}&offset=${offset}`, "all");
    await expectPagesExact((limit, offset) => `/api/businesses?limit=${limit}&offset=${offset}&sort=latest`, "latest");
    await expectPagesExact((limit, offset) => `/api/category/plumber?limit=${limit}&offset=${offset}`, "c:plumber");
    await expectPagesExact((limit, offset) => `/api/city/Posville%201?limit=${limit}&offset=${offset}`, "city:posville-1");
  }, 120_000);

  it("stay exact through edits that move a business, verifications, deletes and a clustered import", async () => {
    const db = testDb();
    await insertBusinesses(db, spread(400, "pos-edit"));
    const ids = await Promise.all([0, 1, 2, 3, 50, 399].map((i) => idOf(`pos-edit-${i}`)));
    // Up to the top, into another category and city, down to the bottom.
    expect(await updateBusiness(db, ids[0], buildBusiness({ placeId: "pos-edit-0", rating: 5, reviewCount: 900 }))).toBe(true);
    expect(await updateBusiness(db, ids[1], buildBusiness({ placeId: "pos-edit-1", category: "Florist", city: "Elsewhere" }))).toBe(true);
    expect(await updateBusiness(db, ids[2], buildBusiness({ placeId: "pos-edit-2", rating: 1, reviewCount: 0 }))).toBe(true);
    expect(await setVerified(db, ids[3], true)).toBe(true);
    expect(await deleteBusiness(db, ids[4])).toBe(true);
    expect(await deleteBusiness(db, ids[5])).toBe(true);
    expect(await deleteBusiness(db, ids[5])).toBe(false);
    // 300 equal newcomers land in one block of each list: it is cut up in the same batch.
    await insertBusinesses(
      db,
      Array.from({ length: 300 }, (_, i) =>
        buildBusiness({ placeId: `pos-cluster-${i}`, category: "Plumber", rating: 4.2, reviewCount: 7 }),
      ),
    );
    await expectPositionsExact();
    await expectPagesExact((limit, offset) => `/api/businesses?limit=${limit}&offset=${offset}`, "all");
    await expectPagesExact((limit, offset) => `/api/category/plumber?limit=${limit}&offset=${offset}`, "c:plumber");
    const { body } = await getJson<Page>("/api/businesses?limit=1&offset=0");
    expect(pageIds(body)).toEqual([ids[0]]);
  }, 120_000);

  it("are emptied at once by a delete-all; one that stopped half-way reads exact pages and is rebuilt by the next write's end", async () => {
    const db = testDb();
    await insertBusinesses(db, spread(700, "pos-stop"));
    // What a delete-all that stopped after its first chunks leaves: lists emptied, the flag set, some rows gone.
    await env.DB.batch([
      env.DB.prepare("UPDATE site_stats SET lists_need_rebuild = 1 WHERE id = 1"),
      env.DB.prepare("DELETE FROM list_blocks"),
      env.DB.prepare("DELETE FROM list_sections"),
      env.DB.prepare("DELETE FROM list_chapters"),
      env.DB.prepare("DELETE FROM businesses WHERE id IN (SELECT id FROM businesses ORDER BY id LIMIT 500)"),
    ]);
    await expectPagesExact((limit, offset) => `/api/businesses?limit=${limit}&offset=${offset}`, "all");
    await expectPagesExact((limit, offset) => `/api/category/plumber?limit=${limit}&offset=${offset}`, "c:plumber");
    // An edit and an import meanwhile do not touch the (empty) lists…
    await insertBusinesses(db, spread(150, "pos-meanwhile"));
    expect(await all("SELECT id FROM list_blocks")).toEqual([]);
    // …and the operation's end rebuilds them from the businesses.
    await finishWrites(db);
    await expectPositionsExact();
    await expectPagesExact((limit, offset) => `/api/businesses?limit=${limit}&offset=${offset}&sort=latest`, "latest");

    expect(await deleteAllBusinesses(db)).toBeGreaterThan(0);
    expect(await all("SELECT id FROM list_chapters")).toEqual([]);
    expect(await all("SELECT lists_need_rebuild AS flag FROM site_stats")).toEqual([{ flag: 0 }]);
    await insertBusinesses(db, spread(120, "pos-after"));
    await expectPositionsExact();
  }, 120_000);
});
