/**
 * `npm run db:seed [-- --if-empty] [-- --count N]`: inserts the demo directory into the local D1
 * (the same state `npm start` and `npm run preview` use) through the app's own write module.
 */
import { getPlatformProxy } from "wrangler";
import { businessInputSchema } from "../../app/lib/business";
import { finishWrites, insertBusinesses } from "../../app/server/business-writer.server";
import { Db } from "../../app/server/db.server";
import { generateDemoBusinesses } from "./generate";

const args = process.argv.slice(2);
const ifEmpty = args.includes("--if-empty");
const countArg = args.indexOf("--count");
const count = countArg >= 0 ? Number(args[countArg + 1]) : 1200;

// Same folder as `wrangler --persist-to` and the Vite plugin use (LOCALATLAS_STATE, default .wrangler/state).
const proxy = await getPlatformProxy<Env>({ persist: { path: `${process.env.LOCALATLAS_STATE || ".wrangler/state"}/v3` } });
try {
  const db = new Db(proxy.env.DB);
  const stats = await db.first<{ total_businesses: number }>("SELECT total_businesses FROM site_stats WHERE id = 1");
  if (ifEmpty && (stats?.total_businesses ?? 0) > 0) {
    console.log(`Seed skipped: the local database already holds ${stats?.total_businesses} businesses.`);
  } else {
    const started = Date.now();
    const inputs = generateDemoBusinesses({ count }).map((b) => businessInputSchema.parse(b));
    const outcome = await insertBusinesses(db, inputs);
    await finishWrites(db);
    console.log(`Seeded ${outcome.inserted} demo businesses (${outcome.duplicates.length} already present) in ${Date.now() - started} ms.`);
  }
} finally {
  await proxy.dispose();
}
