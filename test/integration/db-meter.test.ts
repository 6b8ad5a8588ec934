import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Db } from "#app/server/platform/db.server";
import { businesses } from "#db/schema";
import { buildBusiness, insert, resetDirectory } from "../helpers/factories";

beforeAll(async () => {
  await resetDirectory();
  await insert(buildBusiness({ name: "Meter One" }), buildBusiness({ name: "Meter Two" }), buildBusiness({ name: "Meter Three" }));
});

/** The budget tests read rows_read from the meter: every way the code reaches D1 must be counted. */
describe("the rows-read meter", () => {
  it("counts drizzle's query builder, whose .raw() drops D1's meta", async () => {
    const db = new Db(env.DB);
    const rows = await db.orm.select({ id: businesses.id, name: businesses.name }).from(businesses).orderBy(businesses.id);
    expect(rows.map((r) => r.name)).toEqual(["Meter One", "Meter Two", "Meter Three"]);
    expect(db.meter.queries).toBe(1);
    expect(db.meter.rowsRead).toBeGreaterThanOrEqual(3);
  });

  it("gives .raw() rows in column order, as D1's own .raw() does", async () => {
    const db = new Db(env.DB);
    const query = "SELECT name, id, rating, 1 AS one FROM businesses ORDER BY id";
    expect(await db.d1.prepare(query).raw()).toEqual(await env.DB.prepare(query).raw());
  });

  it("counts drizzle's sql``, the Db helpers and batches", async () => {
    const db = new Db(env.DB);
    await db.orm.all(sql`SELECT id FROM businesses`);
    await db.all("SELECT id FROM businesses");
    await db.batch([db.statement("SELECT id FROM businesses"), db.statement("SELECT id FROM businesses WHERE id = ?1", [0])]);
    expect(db.meter.queries).toBe(4);
    expect(db.meter.rowsRead).toBeGreaterThanOrEqual(9);
    // Two statements on their own, then two in one batch: three round trips to D1.
    expect(db.meter.roundTrips).toBe(3);
  });

  it("counts drizzle's batch of builders and sql`` as one round trip with all their statements", async () => {
    const db = new Db(env.DB);
    const [rows, raw] = await db.orm.batch([
      db.orm.select({ name: businesses.name }).from(businesses).orderBy(businesses.id).limit(2),
      db.orm.all<{ n: number }>(sql`SELECT count(*) AS n FROM businesses`),
    ]);
    expect(rows.map((r) => r.name)).toEqual(["Meter One", "Meter Two"]);
    expect(raw).toEqual([{ n: 3 }]);
    expect(db.meter).toMatchObject({ queries: 2, roundTrips: 1 });
  });
});
