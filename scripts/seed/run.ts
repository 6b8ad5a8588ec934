/**
 * `npm run db:seed [-- --if-empty] [-- --count N] [-- --no-resume] [-- --reviews N]`: inserts the demo directory into
 * the local D1 (the same state `npm start` and `npm run preview` use, or LOCALATLAS_STATE) through
 * the app's own write module, so the FTS index and the summaries are kept exactly as an import keeps
 * them.
 *
 * Streamed: rows are generated lazily, validated and written one WRITE_BATCH_ROWS batch at a time
 * (one atomic D1 batch each), and the next batch is prepared while the current one is written, so
 * at most two batches are held whatever the count (docs/perf/seed.md). Batches are written in
 * order and each commits whole, so the demo rows present are always the first k: a seed that was
 * stopped starts again at row k (row i is the same whichever run writes it), and `--no-resume`
 * walks from row 0 (the writer skips the place ids already stored).
 *
 * `--reviews N` then adds N published reviews spread over the directory's businesses (./reviews.ts),
 * set-based: one INSERT … SELECT FROM json_each per REVIEW_BATCH_ROWS rows, the next batch generated
 * while one is written. Resumable the same way: it starts after the last seeded review stored (the
 * same N must be given, since the publication dates are spread over it). Without `--reviews` the
 * seed is exactly the directory.
 */
import { readdirSync, readFileSync } from "node:fs";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { getPlatformProxy } from "wrangler";
import { businessInputSchema, type ValidBusinessInput } from "#app/lib/business/business";
import { WRITE_BATCH_ROWS } from "#app/lib/import/import-plan";
import { finishWrites, insertBatch, type InsertOutcome } from "#app/server/write/business-writer.server";
import { Db } from "#app/server/platform/db.server";
import { demoBusinesses } from "./generate";
import { demoReview, INSERT_REVIEWS_SQL, seedReviewIndex, type SeedReviewRow } from "./reviews";

const SEED = 2025;
/**
 * Batches written at once. D1 runs them one after the other (each is one transaction), but while
 * workerd writes one, this process validates and prepares the next (its slugs and duplicates).
 * SEED_WRITES_IN_FLIGHT overrides it, for measuring (3 gained nothing: docs/perf/seed.md).
 */
const WRITES_IN_FLIGHT = Math.max(1, Math.floor(Number(process.env.SEED_WRITES_IN_FLIGHT)) || 2);
/** Attempts at one batch: two batches prepared at once may both pick a free slug, and the second fails whole. */
const SLUG_RACE_ATTEMPTS = 5;
/** Rows validated between two turns of the event loop, so the write in flight is answered promptly. */
const PREPARE_SLICE = 250;
/** A progress line at most this often. */
const PROGRESS_MS = 10_000;

const args = process.argv.slice(2);
const ifEmpty = args.includes("--if-empty");
const resume = !args.includes("--no-resume");
const countArg = args.indexOf("--count");
const count = countArg >= 0 ? Number(args[countArg + 1]) : 1200;
if (!Number.isSafeInteger(count) || count < 0) throw new Error(`--count must be a whole number, not ${args[countArg + 1]}`);
const reviewsArg = args.indexOf("--reviews");
const reviewCount = reviewsArg >= 0 ? Number(args[reviewsArg + 1]) : 0;
if (!Number.isSafeInteger(reviewCount) || reviewCount < 0) throw new Error(`--reviews must be a whole number, not ${args[reviewsArg + 1]}`);
/** Reviews per INSERT statement (one JSON parameter of about 300 bytes a row). */
const REVIEW_BATCH_ROWS = Math.max(1, Math.floor(Number(process.env.SEED_REVIEW_BATCH)) || 5_000);

let slugRetries = 0;

/** The demo place ids sort between these two (the '.' after '-'), so the place_id index counts them. */
const DEMO_RANGE = [`demo-${SEED}-`, `demo-${SEED}.`];
const COUNT_DEMO_SQL = "SELECT count(*) AS n FROM businesses WHERE place_id >= ?1 AND place_id < ?2";

// Same folder as `wrangler --persist-to` and the Vite plugin use (LOCALATLAS_STATE, default .wrangler/state).
const proxy = await getPlatformProxy<Env>({ persist: { path: `${process.env.LOCALATLAS_STATE || ".wrangler/state"}/v3` } });
try {
  const db = new Db(proxy.env.DB);
  const stats = await db.first<{ total_businesses: number }>("SELECT total_businesses FROM site_stats WHERE id = 1");
  if (ifEmpty && (stats?.total_businesses ?? 0) > 0) {
    console.log(`Seed skipped: the local database already holds ${stats?.total_businesses} businesses.`);
  } else {
    await seed(db);
  }
  if (reviewCount > 0) await seedReviews(db);
} finally {
  await proxy.dispose();
}

async function seed(db: Db): Promise<void> {
  const started = performance.now();
  const present = resume ? ((await db.first<{ n: number }>(COUNT_DEMO_SQL, DEMO_RANGE))?.n ?? 0) : 0;
  // A stopped run may have committed up to WRITES_IN_FLIGHT - 1 batches beyond its first gap (the
  // batches in flight commit in any order): start that far back; the writer skips what is stored.
  const from = Math.max(0, Math.min(present, count) - (WRITES_IN_FLIGHT - 1) * WRITE_BATCH_ROWS);
  if (present > 0)
    console.log(`Resuming at row ${from.toLocaleString("en")}: ${present.toLocaleString("en")} demo businesses are stored already.`);

  const rows = demoBusinesses({ count, seed: SEED, from });
  let inserted = 0;
  let duplicates = 0;
  let written = from;
  let lastProgress = started;
  let next = prepareBatch(rows);
  const inFlight: Array<Promise<void>> = [];
  for (let batch = await next; batch.length > 0; batch = await next) {
    next = prepareBatch(rows); // validated while the batches in flight are written
    inFlight.push(
      writeBatch(db, batch).then((outcome) => {
        inserted += outcome.inserted;
        duplicates += outcome.duplicates.length;
        written += batch.length;
        const now = performance.now();
        if (now - lastProgress < PROGRESS_MS) return;
        lastProgress = now;
        const seconds = (now - started) / 1000;
        console.log(
          `  ${written.toLocaleString("en")} / ${count.toLocaleString("en")} (${Math.round((written - from) / seconds)} rows/s, ${seconds.toFixed(0)} s, ${mb(process.memoryUsage.rss())} MB resident)`,
        );
      }),
    );
    if (inFlight.length >= WRITES_IN_FLIGHT) await inFlight.shift();
  }
  await Promise.all(inFlight);
  const writtenMs = performance.now() - started;
  await finishWrites(db);
  const totalMs = performance.now() - started;
  const stored = (await db.first<{ n: number }>(COUNT_DEMO_SQL, DEMO_RANGE))?.n ?? 0;
  console.log(
    `Seeded ${inserted} demo businesses (${duplicates} already present) in ${Math.round(totalMs)} ms: ` +
      `${Math.round(inserted / (writtenMs / 1000)) || 0} rows/s written (list positions kept by each batch). ` +
      `${stored} demo businesses stored.`,
  );
  if (slugRetries) console.log(`${slugRetries} batches written again after a slug race.`);
  console.log(`Peak resident memory: seed ${mb(process.resourceUsage().maxRSS * 1024)} MB${workerdPeaks()}.`);
  if (stored < count) console.warn(`Only ${stored} of the first ${count} demo businesses are stored: run again with --no-resume.`);
}

/**
 * `--reviews N`: N published reviews over the businesses stored (demo or not), in id order. Batches
 * are written one at a time, in order, so the seeded reviews stored are always the first k: the
 * newest seeded one (found backwards on the (status, id) index) says where to start again.
 */
async function seedReviews(db: Db): Promise<void> {
  const started = performance.now();
  const ids: number[] = [];
  for (let after = 0; ;) {
    const page = await db.all<{ id: number }>("SELECT id FROM businesses WHERE id > ?1 ORDER BY id LIMIT 100000", [after]);
    for (const row of page) ids.push(row.id);
    if (page.length < 100_000) break;
    after = page[page.length - 1].id;
  }
  if (ids.length === 0) {
    console.warn("No businesses stored: no reviews seeded.");
    return;
  }
  const last = resume
    ? await db.first<{ email: string }>("SELECT email FROM reviews WHERE status = 'published' AND sender = 'seed' ORDER BY id DESC LIMIT 1")
    : null;
  const from = last ? Math.min(reviewCount, (seedReviewIndex(SEED, last.email) ?? -1) + 1) : 0;
  if (from > 0) console.log(`Resuming reviews at ${from.toLocaleString("en")}: the first ones are stored already.`);
  const idsMs = performance.now() - started;

  const batchOf = (start: number): SeedReviewRow[] => {
    const rows: SeedReviewRow[] = [];
    for (let i = start; i < Math.min(reviewCount, start + REVIEW_BATCH_ROWS); i++) rows.push(demoReview(SEED, i, reviewCount, ids));
    return rows;
  };
  let inserted = 0;
  let lastProgress = performance.now();
  const writeStarted = performance.now();
  let pending: Promise<D1Result> | null = null;
  for (let start = from; start < reviewCount || pending; start += REVIEW_BATCH_ROWS) {
    const json = start < reviewCount ? JSON.stringify(batchOf(start)) : null; // made while the batch before is written
    if (pending) await pending;
    pending = json ? db.run(INSERT_REVIEWS_SQL, [json]) : null;
    inserted = Math.min(start, reviewCount) - from;
    const now = performance.now();
    if (now - lastProgress >= PROGRESS_MS) {
      lastProgress = now;
      const s = (now - writeStarted) / 1000;
      console.log(
        `  reviews ${Math.min(start, reviewCount).toLocaleString("en")} / ${reviewCount.toLocaleString("en")} (${Math.round(inserted / s)} rows/s, ${s.toFixed(0)} s)`,
      );
    }
  }
  const writeMs = performance.now() - writeStarted;
  inserted = reviewCount - from;
  console.log(
    `Seeded reviews ${from.toLocaleString("en")} to ${reviewCount.toLocaleString("en")} (${inserted.toLocaleString("en")}; those already stored skipped) over ${ids.length.toLocaleString("en")} businesses in ${Math.round(idsMs + writeMs)} ms ` +
      `(${Math.round(idsMs)} ms reading the ids): ${Math.round(inserted / (writeMs / 1000)) || 0} rows/s written, ` +
      `each with its business's own rating kept by the trigger.`,
  );
}

/**
 * One batch through the writer. Two batches in flight may pick the same free slug (each looks its
 * slugs up before the other commits); the unique index then refuses the later one whole, and it is
 * simply written again with the slugs as they now are.
 */
async function writeBatch(db: Db, batch: ValidBusinessInput[]): Promise<InsertOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertBatch(db, batch);
    } catch (error) {
      if (attempt >= SLUG_RACE_ATTEMPTS || !/UNIQUE constraint failed: businesses\.slug/.test(String(error))) throw error;
      slugRetries++;
    }
  }
}

/** The next WRITE_BATCH_ROWS rows, validated; yields to the event loop every PREPARE_SLICE rows. */
async function prepareBatch(rows: Iterator<unknown>): Promise<ValidBusinessInput[]> {
  const batch: ValidBusinessInput[] = [];
  while (batch.length < WRITE_BATCH_ROWS) {
    const next = rows.next();
    if (next.done) break;
    batch.push(businessInputSchema.parse(next.value));
    if (batch.length % PREPARE_SLICE === 0) await yieldToLoop();
  }
  return batch;
}

function mb(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}

/** Peak resident memory (VmHWM) of the workerd processes this one started (Linux only; else ""). */
function workerdPeaks(): string {
  try {
    const peaks: string[] = [];
    const visit = (pid: string) => {
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean)) {
          if (readFileSync(`/proc/${child}/comm`, "utf8").trim() === "workerd") {
            const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child}/status`, "utf8"))?.[1] ?? 0);
            peaks.push(`${mb(kb * 1024)} MB`);
          }
          visit(child);
        }
      }
    };
    visit(String(process.pid));
    return peaks.length ? `, workerd ${peaks.join(" + ")}` : "";
  } catch {
    return "";
  }
}
