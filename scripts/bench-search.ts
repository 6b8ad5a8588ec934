/**
 * `npm run bench:search`: seeds BENCH_COUNT (default 100,000) demo businesses into a throw-away local
 * state through the write module, then runs typical searches and prints, per search, the D1 time
 * (sum of meta.duration), rows_read, the size of the whole FTS match (words and filters; D1 counts
 * the rows an FTS query returns as read) and the number of queries.
 * Budget: O(page) rows beyond the FTS match and ≤ 50 ms of D1 time.
 * Then (ADR 0012) every search form — /search, /api/businesses?search= (searchList) and the
 * admin list's search — for a sparse, a dense, a prefix and a multi-word term: rows_read ≤ 300 and a
 * dense search's D1 time ≤ 3 × the sparse one's. `LOCALATLAS_STATE=/tmp/… BENCH_COUNT=1000000` reuses
 * a seeded state (nothing is seeded when it holds enough businesses).
 * Near-me searches (in SEARCHES; ADR 0017) and type-ahead suggestions (SUGGESTS): rows_read ≤ 300 and
 * ≤ 50, D1 time flat from 10k to 1M.
 */
import { getPlatformProxy } from "wrangler";
import { businessInputSchema } from "#app/lib/business/business";
import { parseSearchParams } from "#app/lib/search/search-params";
import { finishWrites, insertBusinesses } from "#app/server/write/business-writer.server";
import { Db } from "#app/server/platform/db.server";
import { adminListQuerySchema } from "#app/lib/admin/admin-businesses";
import { listAdminBusinesses } from "#app/server/admin/admin-businesses.server";
import { getStatistics } from "#app/server/lists/directory.server";
import { search, searchList, searchPlan } from "#app/server/search/search.server";
import { suggest, type SuggestKind } from "#app/server/search/suggest.server";
import { generateDemoBusinesses } from "./seed/generate";

const count = Number(process.env.BENCH_COUNT || 100_000);
const state = process.env.LOCALATLAS_STATE || ".wrangler/bench-state";
const RUNS = Number(process.env.BENCH_RUNS || 10);
/** BENCH_ONLY=regex: only the searches and terms it matches. */
const only = new RegExp(process.env.BENCH_ONLY || "");

const SEARCHES = [
  "q=lumiere",
  "q=trattoria",
  "q=service",
  "q=known+for+friendly",
  "q=fair+prices",
  "q=se",
  "q=pizz",
  "q=service&sort=rating",
  "q=service&openNow=1",
  "q=service&page=10",
  "q=pizza",
  "q=restaurant",
  "q=restaurant&location=Chicago",
  "q=dentist&location=New+York%2C+NY",
  "q=coffee&location=Zurich",
  "q=plumb&location=Chicago%2C+IL",
  "q=doctor&location=Illinois",
  "q=hair+salon&location=United+States",
  "q=italian+restaurant&page=3",
  "location=Chicago",
  "location=60601",
  "q=restaurant&location=Chicago&openNow=1",
  "q=restaurant&location=Chicago&sort=rating",
  "q=auto+repair&minRating=4.5&category=auto-services",
  "q=%22NEAR(%20*%20OR",
  "q=restaurant&sort=rating",
  "q=restaurant&sort=reviews",
  "q=restaurant&openNow=1",
  "q=coffee&location=United+States&minRating=4.5",
  "location=Illinois&sort=reviews",
  "location=Chicago&category=restaurants",
  "location=United+States&openNow=1&page=5",
  // Word-less searches (ADR 0015): every order and filter, first and later pages.
  "location=Illinois",
  "location=Illinois&page=10",
  "location=Illinois&sort=rating",
  "location=United+States&sort=reviews",
  "location=Chicago&sort=rating&page=3",
  "location=Chicago&category=italian-restaurant",
  "location=Chicago&category=restaurants&page=2",
  "location=Chicago&category=restaurants&page=11",
  "location=Chicago%2C+IL&category=restaurants&minRating=4.5",
  "location=United+States&category=plumber&sort=rating",
  "location=Illinois&minRating=4.5&sort=reviews",
  "location=Chicago&openNow=1",
  "location=60601&category=restaurants",
  // Near me (ADR 0017): the centre of the demo's Chicago (41.8781,-87.6298), and a point
  // with nothing around it (the middle of the Atlantic).
  "near=41.8781,-87.6298",
  "near=41.8781,-87.6298&sort=distance",
  "near=41.8781,-87.6298&sort=distance&page=5",
  "q=pizza&near=41.8781,-87.6298&sort=distance",
  "q=service&near=41.8781,-87.6298&sort=distance",
  "near=41.8781,-87.6298&category=restaurants&sort=distance",
  "q=restaurant&location=Chicago&sort=distance",
  "near=30,-40&sort=distance",
  // The demo's densest city (New York), open now, and words with a rating on a second page.
  "near=40.7128,-74.006&openNow=1&sort=distance",
  "q=coffee&near=40.7128,-74.006&minRating=4.5&sort=distance&page=2",
  // A rare category near a dense point, second page (the category is joined with the cells).
  "near=40.7128,-74.006&category=dentist&sort=distance&page=2",
];

/** Type-ahead: a prefix per box, short and long. */
const SUGGESTS: Array<[string, SuggestKind]> = [
  ["c", "location"],
  ["chi", "location"],
  ["new y", "location"],
  ["zu", "location"],
  ["s", "service"],
  ["pizz", "service"],
  ["rest", "service"],
  ["hair sal", "service"],
];

const proxy = await getPlatformProxy<Env>({ persist: { path: `${state}/v3` } });
try {
  const db = new Db(proxy.env.DB);
  if ((await getStatistics(db)).totalBusinesses < count) {
    const started = Date.now();
    // Names made unique: the demo generator repeats names, and the writer's slug resolution for
    // repeated names costs a range scan that grows with each repeat (measured: 50k rows in 15 min).
    const inputs = generateDemoBusinesses({ count }).map((b, i) =>
      businessInputSchema.parse({ ...b, name: i < 7 ? b.name : `${b.name} ${(i + 1).toString(36)}` }),
    );
    const outcome = await insertBusinesses(db, inputs);
    await finishWrites(db);
    console.log(`Seeded ${outcome.inserted} businesses in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  const total = (await getStatistics(db)).totalBusinesses;
  console.log(
    `\n${total} businesses. Each search: a warm-up run, then RUNS runs: D1 ms is their mean (local D1 reports whole milliseconds per statement), wall ms the median.\n`,
  );
  const rows: Array<Record<string, string | number>> = [];
  for (const query of SEARCHES.filter((q) => only.test(q))) {
    const params = parseSearchParams(`https://bench.test/search?${query}`);
    const runs: Array<{ d1: number; wall: number; rowsRead: number; queries: number; results: number; approximate: boolean }> = [];
    for (let i = 0; i <= RUNS; i++) {
      const timed = new Db(proxy.env.DB);
      const started = performance.now();
      const result = await search(timed, params);
      const wall = performance.now() - started;
      if (i > 0)
        runs.push({
          d1: timed.meter.d1Ms,
          wall,
          rowsRead: timed.meter.rowsRead,
          queries: timed.meter.queries,
          results: result.businesses.length,
          // Older results have no `approximate` (the bench also runs against earlier commits).
          approximate: (result as { approximate?: boolean }).approximate === true,
        });
    }
    const meanD1 = runs.reduce((sum, r) => sum + r.d1, 0) / runs.length;
    runs.sort((a, b) => a.wall - b.wall);
    const median = runs[Math.floor(runs.length / 2)];
    // The whole FTS match (words, location, category, rating), as D1 counts reading it.
    let matchRows = 0;
    const { wholeMatch } = await searchPlan(new Db(proxy.env.DB), params);
    if (wholeMatch) {
      const fts = await proxy.env.DB.prepare("SELECT count(*) AS n FROM businesses_fts WHERE businesses_fts MATCH ?1")
        .bind(wholeMatch)
        .all();
      matchRows = fts.meta.rows_read ?? 0;
    }
    rows.push({
      search: decodeURIComponent(query.replace(/\+/g, " ")),
      "D1 ms": Number(meanD1.toFixed(2)),
      "wall ms": Number(median.wall.toFixed(1)),
      rows_read: median.rowsRead,
      "match size": matchRows,
      queries: median.queries,
      results: `${median.results}${median.approximate ? " ~" : ""}`,
    });
  }
  console.table(rows);
  const worst = Math.max(...rows.map((r) => Number(r["D1 ms"])));
  console.log(`Slowest search: ${worst} ms of D1 time (budget 50 ms).`);

  // The other forms: the list API's search (sort recommended, limit 20) and the admin list's search.
  const TERMS = ["lumiere", "trattoria", "service", "known for friendly", "fair prices", "se", "pizz"];
  const forms: Array<[string, (db: Db, term: string) => Promise<unknown>]> = [
    ["/api/businesses?search=", (db, term) => searchList(db, term, null, "recommended", 20, 0)],
    [
      "/api/businesses?search=&category=plumber",
      (db, term) => searchList(db, term, { column: "category_slug", slug: "plumber" }, "latest", 20, 0),
    ],
    ["admin list search", (db, term) => listAdminBusinesses(db, adminListQuerySchema.parse({ search: term }))],
    ["admin list search, pending", (db, term) => listAdminBusinesses(db, adminListQuerySchema.parse({ search: term, status: "pending" }))],
  ];
  const formRows: Array<Record<string, string | number>> = [];
  for (const [form, run] of forms) {
    for (const term of TERMS.filter((t) => only.test(t))) {
      const runs: Array<{ d1: number; rowsRead: number; queries: number; total: string }> = [];
      for (let i = 0; i <= RUNS; i++) {
        const timed = new Db(proxy.env.DB);
        const result = (await run(timed, term)) as { total?: number; totalCount?: number; approximate?: boolean };
        const n = result.total ?? result.totalCount ?? 0;
        if (i > 0)
          runs.push({
            d1: timed.meter.d1Ms,
            rowsRead: timed.meter.rowsRead,
            queries: timed.meter.queries,
            total: `${n}${result.approximate ? "+" : ""}`,
          });
      }
      const meanD1 = runs.reduce((sum, r) => sum + r.d1, 0) / runs.length;
      const median = runs[Math.floor(runs.length / 2)];
      formRows.push({
        form,
        term,
        "D1 ms": Number(meanD1.toFixed(2)),
        rows_read: median.rowsRead,
        queries: median.queries,
        total: median.total,
      });
    }
  }
  console.table(formRows);

  const suggestRows: Array<Record<string, string | number>> = [];
  for (const [text, kind] of SUGGESTS.filter(([t]) => only.test(t))) {
    const runs: Array<{ d1: number; rowsRead: number; queries: number; found: number }> = [];
    for (let i = 0; i <= RUNS; i++) {
      const timed = new Db(proxy.env.DB);
      const found = await suggest(timed, text, kind);
      if (i > 0) runs.push({ d1: timed.meter.d1Ms, rowsRead: timed.meter.rowsRead, queries: timed.meter.queries, found: found.length });
    }
    const meanD1 = runs.reduce((sum, r) => sum + r.d1, 0) / runs.length;
    const median = runs[Math.floor(runs.length / 2)];
    suggestRows.push({
      suggest: `${kind}: ${text}`,
      "D1 ms": Number(meanD1.toFixed(2)),
      rows_read: median.rowsRead,
      queries: median.queries,
      found: median.found,
    });
  }
  console.table(suggestRows);
} finally {
  await proxy.dispose();
}
