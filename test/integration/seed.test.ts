import { describe, expect, it } from "vitest";
import { businessInputSchema, type ValidBusinessInput } from "#app/lib/business/business";
import { FOOTER_GROUPS, groupForCategory, HEADER_GROUP_SLUGS } from "#app/lib/business/category-groups";
import { parseDayText } from "#app/lib/business/hours";
import { WRITE_BATCH_ROWS } from "#app/lib/import/import-plan";
import { finishWrites, insertBatch, insertBusinesses } from "#app/server/write/business-writer.server";
import { demoBusinesses, generateDemoBusinesses } from "../../scripts/seed/generate";
import { getJson, testDb } from "../helpers/factories";

describe("demo data generator", () => {
  const demo = generateDemoBusinesses().map((b) => businessInputSchema.parse(b));

  it("is deterministic", () => {
    expect(generateDemoBusinesses({ count: 50 })).toEqual(generateDemoBusinesses({ count: 50 }));
  });

  it("streams: the rows from any index on are those of the whole sequence (what a resumed seed writes)", () => {
    const whole = generateDemoBusinesses({ count: 300 });
    expect([...demoBusinesses({ count: 300, from: 120 })]).toEqual(whole.slice(120));
    expect(generateDemoBusinesses({ count: 120 })).toEqual(whole.slice(0, 120));
  });

  it("holds at least 1,000 businesses in 25+ cities across 8+ countries", () => {
    expect(demo.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(demo.map((b) => b.city)).size).toBeGreaterThanOrEqual(25);
    expect(new Set(demo.map((b) => b.country)).size).toBeGreaterThanOrEqual(8);
  });

  it("covers every header and footer category group", () => {
    const groups = new Set(demo.map((b) => groupForCategory(b.category).slug));
    for (const slug of [...HEADER_GROUP_SLUGS, ...FOOTER_GROUPS.map((g) => g.slug)]) expect(groups).toContain(slug);
  });

  it("has realistic hours, including past-midnight and 24-hour days, and some without hours", () => {
    const days = demo.flatMap((b) => Object.values(b.openingHours ?? {}).map((text) => parseDayText(text)));
    expect(days.every((d) => d !== null)).toBe(true);
    expect(days.some((d) => d?.kind === "24h")).toBe(true);
    expect(days.some((d) => d?.kind === "closed")).toBe(true);
    expect(days.some((d) => d?.kind === "intervals" && d.intervals.some((i) => i.close < i.open))).toBe(true);
    expect(demo.some((b) => !b.openingHours)).toBe(true);
  });

  it("has some businesses without phone or photo, and ratings from 0 to 5", () => {
    expect(demo.some((b) => !b.phone)).toBe(true);
    expect(demo.some((b) => b.photos.length === 0)).toBe(true);
    expect(demo.some((b) => b.rating === 0)).toBe(true);
    expect(demo.every((b) => b.rating >= 0 && b.rating <= 5)).toBe(true);
  });

  it("loads through the write module, and loading it again changes nothing", async () => {
    const db = testDb();
    const first = await insertBusinesses(db, demo);
    await finishWrites(db);
    const stats = (await getJson("/api/statistics")).body;
    const again = await insertBusinesses(db, demo);
    await finishWrites(db);
    expect(first.inserted).toBe(demo.length);
    expect(again).toEqual({ inserted: 0, updated: 0, duplicates: demo.map((_, i) => i) });
    expect((await getJson("/api/statistics")).body).toEqual(stats);
  });

  it("written in batches, stopped and resumed, stores every row once with exact summaries", async () => {
    const db = testDb();
    const write = async (rows: Iterable<unknown>) => {
      let batch: ValidBusinessInput[] = [];
      let inserted = 0;
      for (const row of rows) {
        batch.push(businessInputSchema.parse(row));
        if (batch.length < WRITE_BATCH_ROWS) continue;
        inserted += (await insertBatch(db, batch)).inserted;
        batch = [];
      }
      if (batch.length) inserted += (await insertBatch(db, batch)).inserted;
      return inserted;
    };
    // Another seed number: its own place ids, whatever else the database holds.
    const first = await write(demoBusinesses({ count: 700, seed: 7 }));
    // Resumed a little before where the first run stopped, as run.ts does: the overlap is skipped.
    const rest = await write(demoBusinesses({ count: 1500, seed: 7, from: 650 }));
    await finishWrites(db);
    expect([first, rest]).toEqual([700, 800]);
    const stored = await db.all<{ place_id: string }>("SELECT place_id FROM businesses WHERE place_id LIKE 'demo-7-%' ORDER BY place_id");
    expect(stored.map((r) => r.place_id)).toEqual(
      generateDemoBusinesses({ count: 1500, seed: 7 })
        .map((b) => b.placeId)
        .sort(),
    );
    // Every summary equals the count it summarises (what `/api/statistics` and the city pages read).
    const checks = [
      "SELECT 'total' AS what FROM site_stats WHERE total_businesses <> (SELECT count(*) FROM businesses)",
      "SELECT 'verified' FROM site_stats WHERE verified_businesses <> (SELECT count(*) FROM businesses WHERE is_verified = 1)",
      "SELECT 'city ' || c.slug FROM cities c WHERE c.business_count <> (SELECT count(*) FROM businesses b WHERE b.city_slug = c.slug)",
      "SELECT 'category ' || c.slug FROM categories c WHERE c.business_count <> (SELECT count(*) FROM businesses b WHERE b.category_slug = c.slug)",
      "SELECT 'country ' || c.name FROM countries c WHERE c.business_count <> (SELECT count(*) FROM businesses b WHERE b.country = c.name)",
      "SELECT 'fts' WHERE (SELECT count(*) FROM businesses_fts_docsize) <> (SELECT count(*) FROM businesses)",
    ];
    const mismatched = (await Promise.all(checks.map((sql) => db.all(sql)))).flat();
    expect(mismatched).toEqual([]);
  });
});
