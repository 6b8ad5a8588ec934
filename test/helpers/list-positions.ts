/**
 * The list positions (docs/decisions/0011-list-positions.md) checked against the businesses
 * themselves: every write that can move a business (edit, import, update-mode re-import, delete)
 * must leave them exact.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { LIST_KINDS } from "#app/server/write/list-positions.server";
import { getJson } from "./factories";

type Entry = { id: number; key: number };
type Block = { id: number; list: string; section_id: number; start_key: number; start_id: number; entries: number; position: number };
type Section = { id: number; list: string; chapter_id: number; start_key: number; start_id: number; entries: number; position: number };
type Chapter = { id: number; list: string; start_key: number; start_id: number; entries: number };

export async function all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
}

/** A list's businesses in its order, straight from the businesses table. */
async function listEntries(list: string): Promise<Entry[]> {
  const kind = LIST_KINDS.find((k) => (k.prefix === "all" || k.prefix === "latest" ? list === k.prefix : list.startsWith(k.prefix)));
  if (!kind) throw new Error(`unknown list ${list}`);
  const where = kind.column ? `WHERE ${kind.column} = ?1` : "";
  const params = kind.column ? [list.slice(kind.prefix.length)] : [];
  return all<Entry>(`SELECT id, ${kind.key} AS key FROM businesses ${where} ORDER BY ${kind.key} DESC, id DESC`, ...params);
}

const atOrAfter = (entry: Entry, start: { start_key: number; start_id: number }) =>
  entry.key < start.start_key || (entry.key === start.start_key && entry.id <= start.start_id);

/**
 * The stored structure against the businesses themselves: every block counts exactly the entries
 * from its start to the next block's and sits at the number of entries before it in its section,
 * every section sums its blocks and sits at the number of entries before it in its chapter, every chapter sums its sections, each belongs to the nearest
 * start at or above its own, and none has outgrown its limit.
 */
export async function expectPositionsExact() {
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
        // Each block sits at the number of entries before it in its section.
        let inSection = 0;
        for (const block of blocksOfSection) {
          expect({ list, block: block.start_id, position: block.position }).toEqual({ list, block: block.start_id, position: inSection });
          inSection += block.entries;
        }
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
  expect(await all("SELECT * FROM sections_touched")).toEqual([]);
}

/** /api/businesses answers { businesses, … }; /api/category and /api/city answer the array itself. */
export type Page = { businesses: Array<{ id: number }> } | Array<{ id: number }>;
export const pageIds = (page: Page) => (Array.isArray(page) ? page : page.businesses).map((b) => b.id);

/** Pages through the public API equal the exact ORDER BY … LIMIT … OFFSET of the list. */
export async function expectPagesExact(path: (limit: number, offset: number) => string, list: string) {
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
