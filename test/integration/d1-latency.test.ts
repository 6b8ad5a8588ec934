/**
 * The benchmarks' latency model (BENCH_D1_RTT_MS, app/server/platform/d1-latency.server.ts): every
 * D1 round trip is delayed once, and a page reports the same round trips with it as without it.
 * Delays are counted, never timed.
 */
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { delayedRoundTrips, withLatency } from "#app/server/platform/d1-latency.server";
import { Db } from "#app/server/platform/db.server";
import { businesses } from "#db/schema";
import { buildBusiness, idOf, insert, resetDirectory, roundTrips } from "../helpers/factories";
import { fetchWith } from "../helpers/worker";

const tag = `latency-${crypto.randomUUID().slice(0, 8)}`;
// Not one of wrangler.toml's vars: the bench passes it to `wrangler dev` only.
const withRtt = { BENCH_D1_RTT_MS: "1" } as Partial<Env>;

/** How many round trips `work` delayed. */
async function delayedBy(work: () => Promise<unknown>): Promise<number> {
  const before = delayedRoundTrips.count;
  await work();
  return delayedRoundTrips.count - before;
}

beforeAll(async () => {
  await resetDirectory();
  await insert(
    buildBusiness({ placeId: `${tag}-1`, name: "Latency Pizza One", city: "Springfield", category: "Pizza restaurant" }),
    buildBusiness({ placeId: `${tag}-2`, name: "Latency Pizza Two", city: "Springfield", category: "Pizza restaurant" }),
  );
});

describe("D1 with network latency", () => {
  it("delays each round trip the meter counts once: statements, drizzle, batches, on a session", async () => {
    const db = new Db(withLatency(env.DB, 1), { session: () => "first-unconstrained" });
    const delayed = await delayedBy(async () => {
      await db.all("SELECT id FROM businesses");
      await db.first("SELECT id FROM businesses WHERE id = ?1", [0]);
      await db.orm.select({ id: businesses.id }).from(businesses);
      await db.orm.all(sql`SELECT count(*) AS n FROM businesses`);
      await db.batch([db.statement("SELECT id FROM businesses"), db.statement("SELECT name FROM businesses")]);
      await db.run("UPDATE businesses SET name = name WHERE id = ?1", [0]);
    });
    expect(db.meter.roundTrips).toBe(6);
    expect(delayed).toBe(6);
  });

  it("gives the same answers as the binding itself, .first() and .raw() included", async () => {
    const slow = withLatency(env.DB, 1);
    const query = "SELECT name, id FROM businesses ORDER BY id";
    let answers: unknown[] = [];
    const delayed = await delayedBy(async () => {
      const session = slow.withSession("first-primary");
      answers = [
        await slow.prepare(query).raw(),
        await slow.prepare(query).first("name"),
        await session.prepare(query).raw({ columnNames: true }),
        await session.prepare(query).first(),
        (await slow.batch([slow.prepare(query), slow.prepare("SELECT ?1 AS x").bind(7)])).map((r) => r.results),
      ];
    });
    expect(delayed).toBe(5);
    expect(answers).toEqual([
      await env.DB.prepare(query).raw(),
      await env.DB.prepare(query).first("name"),
      await env.DB.prepare(query).raw({ columnNames: true }),
      await env.DB.prepare(query).first(),
      (await env.DB.batch([env.DB.prepare(query), env.DB.prepare("SELECT ?1 AS x").bind(7)])).map((r) => r.results),
    ]);
  });

  it("a page rendered with BENCH_D1_RTT_MS reports the round trips it reports without, and each was delayed", async () => {
    const id = await idOf(`${tag}-1`);
    const pages = ["/", `/business/${id}`, "/city/Springfield", "/category/pizza-restaurant", "/businesses", "/search?q=pizza"];
    for (const page of pages) {
      const plain = await fetchWith({}, page);
      expect(plain.status, page).toBe(200);
      let slow: Response | undefined;
      const delayed = await delayedBy(async () => {
        slow = await fetchWith(withRtt, page);
      });
      expect(slow?.status, page).toBe(200);
      expect(roundTrips(slow!), page).toBe(roundTrips(plain));
      expect(delayed, page).toBe(roundTrips(slow!));
      expect(delayed, page).toBeGreaterThan(0);
    }
  });

  it("without the setting the Worker's binding is not delayed", async () => {
    const id = await idOf(`${tag}-2`);
    expect(await delayedBy(() => fetchWith({}, `/business/${id}`))).toBe(0);
  });
});
