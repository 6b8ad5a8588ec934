import { describe, expect, it } from "vitest";
import { businessInputSchema } from "~/lib/business";
import { FOOTER_GROUPS, groupForCategory, HEADER_GROUP_SLUGS } from "~/lib/category-groups";
import { parseDayText } from "~/lib/hours";
import { finishWrites, insertBusinesses } from "~/server/business-writer.server";
import { generateDemoBusinesses } from "../../db/seed/generate";
import { getJson, testDb } from "../helpers/factories";

describe("demo data generator", () => {
  const demo = generateDemoBusinesses().map((b) => businessInputSchema.parse(b));

  it("is deterministic", () => {
    expect(generateDemoBusinesses({ count: 50 })).toEqual(generateDemoBusinesses({ count: 50 }));
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
    expect(again).toEqual({ inserted: 0, duplicates: demo.map((_, i) => i) });
    expect((await getJson("/api/statistics")).body).toEqual(stats);
  });
});
