import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ValidBusinessInput } from "#app/lib/business/business";
import {
  deleteAllBusinesses,
  deleteBusiness,
  finishWrites,
  insertBusinesses,
  setVerified,
  updateBusiness,
} from "#app/server/write/business-writer.server";
import { buildBusiness, getJson, idOf, testDb } from "../helpers/factories";
import { all, expectPagesExact, expectPositionsExact, type Page, pageIds } from "../helpers/list-positions";

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
