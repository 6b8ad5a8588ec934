/**
 * npm run bench:scale — what every public route and every admin write costs in D1 at 10k, 100k and
 * 1,000,000 businesses: rows_read, rows_written, queries and D1 ms per request,
 * read from the `Server-Timing: d1;dur=<ms>;desc="rows_read=N rows_written=W queries=M round_trips=T"` header the
 * Worker puts on every response. Only HTTP: nothing here knows how a route reads its rows.
 *
 *   npm run bench:scale -- [--sizes 10k,100k,1m] [--state-dir /tmp/localatlas-scale] [--reuse]
 *                          [--rev <commit>] [--runs 3] [--port 8796] [--merge] [--out docs/perf/scale.md]
 *                          [--sparse Lumière] [--dense friendly] [--seed-1m /tmp/seed-1m] [--keep-run]
 *                          [--reviews 5x | --reviews 5000000]
 *
 * What it does, per size:
 *   1. The code measured is copied out of this checkout into <state-dir>/src (the working tree as it
 *      is, or `git archive <rev>` with --rev), built there, and served from there by `vite preview`
 *      with EDGE_CACHE=off and the test admin credentials in ITS build/server/.dev.vars: several people
 *      build and preview in this working tree at once, and turning the cache off in the shared
 *      build/ would change their runs.
 *   2. A pristine directory <state-dir>/<size>-schema-<hash of the measured code's migrations> (10k,
 *      100k, 1m; one per schema, since older code cannot read a state migrated by newer code): with
 *      --reuse it is kept when a count of its businesses table (`wrangler d1 execute`, not the
 *      summaries) says it holds exactly that many;
 *      otherwise it is made again — migrated, then `npm run db:seed -- --count N --reviews R` (resumable); for 1m
 *      a copy of --seed-1m (default /tmp/seed-1m, never written to) when it exists, topped up by the seed.
 *      R is --reviews: "5x" (the default) is 5 published reviews a business on average (5,000,000 at
 *      1m), a plain number the same total at every size; a reused directory with fewer reviews is topped up.
 *   3. The pristine directory is copied to <state-dir>/<size>-run, migrated with the measured code's
 *      migrations and served. Every admin write below mutates it (delete removes a business, the
 *      import adds 5,000): working on a throw-away copy keeps reruns identical and --reuse honest.
 *   4. Public reads: each route once to warm up, then --runs times; rows and queries of the last run
 *      (a run that differs is marked "~"), D1 ms and wall ms as medians. Targets are found over HTTP
 *      (the top business of /api/businesses, the biggest city and category, the first business
 *      sitemap file). Page 40,000 of /businesses is the last page when the directory has fewer.
 *   5. Admin writes, once each, logged in as the test admin: edit the top business's description
 *      (its place in the lists unchanged), edit its rating (it moves in the lists), verify (toggle),
 *      import a 5,000-row Outscraper .xlsx (scripts/bench-file.ts, "varied"; every request the import
 *      makes is summed: the upload, and the status polls if it runs as a job — a job's background
 *      slices answer no request, so their D1 work is then missing and the row says so), then delete
 *      the top business (the first in every list order: the worst case for list positions).
 *   4b. The filters (has=…, openAt, openLate, open24h, with openNow and minRating) on a city, a
 *      category, a city × category, /businesses and /search (words, a location, near me), each on
 *      its first page and page 10 — reached by the pages' next links (as a visitor pages; a filtered
 *      listing's carry its cursor) and asked for directly (?page=10, by OFFSET); then three dense searches paged to the end through /api/search,
 *      the count /search's first page shows against the results listed (it must not overstate).
 *   6. Reviews written here: the business with the most published reviews (a query on the run's copy
 *      before the server starts), its page, the first page of GET /api/businesses/{id}/reviews and a
 *      deep one (its `next` followed REVIEW_PAGES_DEEP times); then a visitor writes a review through
 *      the public form and publishes it by following the link e-mailed to the outbox (the GET page's
 *      form posted as a browser would): two write rows.
 *
 * Limits flagged (the row budgets): a public read over 300 rows read (a child sitemap file over
 * 45,000); an edit, verify or delete over 1,000 rows written; a dense search over 3× the D1 ms of the
 * sparse one (local D1 reports whole milliseconds and one request jitters by a few on this shared
 * machine, so a sparse time under SPARSE_FLOOR_MS counts as SPARSE_FLOOR_MS). The machine is shared:
 * D1 ms and wall ms are noisy, rows and queries are exact.
 *
 * --report-only writes the table again from the saved JSON of the same code (--rev, or HEAD with
 * "-dirty" when the working tree has changes), measuring nothing.
 *
 * Output: the table on stdout and as markdown in --out (default docs/perf/scale.md), and each size's
 * figures as JSON in <state-dir>/results-<size>-<commit>.json; --merge adds the sizes saved there by
 * earlier runs of the same code that this run did not measure.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { editValues } from "#app/lib/admin/admin-businesses";
import { HONEYPOT_FIELD } from "#app/lib/moderation/honeypot";
import type { Business } from "#app/lib/business/business";
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME } from "../test/setup/admin-credentials";
import { benchFile } from "./bench-file";
import { login, root, sleep } from "./bench-server";

// ── Options ──────────────────────────────────────────────────────────────────

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`--${name} needs a value`);
  return value;
};
const flag = (name: string) => argv.includes(`--${name}`);

const SIZES: Record<string, number> = { "10k": 10_000, "100k": 100_000, "1m": 1_000_000 };
const sizes = option("sizes", "10k,100k,1m")
  .split(",")
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
for (const s of sizes) if (!(s in SIZES)) throw new Error(`--sizes takes ${Object.keys(SIZES).join(", ")}, not ${s}`);
const stateDir = path.resolve(option("state-dir", "/tmp/localatlas-scale"));
const reuse = flag("reuse");
const rev = option("rev", "");
const runs = Math.max(1, Number(option("runs", "3")) || 3);
const port = Number(option("port", "8796"));
const out = path.resolve(root, option("out", "docs/perf/scale.md"));
const sparse = option("sparse", "Lumière");
const dense = option("dense", "friendly");
const seed1m = option("seed-1m", "/tmp/seed-1m");
const keepRun = flag("keep-run");
const merge = flag("merge");
const reportOnly = flag("report-only");
const reviewsOption = option("reviews", "5x");
/** Published reviews seeded into the pristine directory of `size` businesses. */
const reviewsFor = (size: number) => {
  const perBusiness = /^(\d+(?:\.\d+)?)x$/.exec(reviewsOption);
  const total = perBusiness ? Math.round(Number(perBusiness[1]) * size) : Number(reviewsOption);
  if (!Number.isSafeInteger(total) || total < 0)
    throw new Error(`--reviews takes a count or a count a business ("5x"), not ${reviewsOption}`);
  return total;
};
/** Pages of a business's reviews followed through `next` to reach the deep page measured. */
const REVIEW_PAGES_DEEP = 50;

/** The row budgets: what one request may read or write. */
const PUBLIC_ROWS_READ = 300;
const SITEMAP_FILE_ROWS_READ = 45_000;
const SINGLE_WRITE_ROWS_WRITTEN = 1_000;
const DENSE_OVER_SPARSE = 3;
/** Below this a D1 time is resolution and jitter (whole ms, 2 shared cores), not a measure to multiply. */
const SPARSE_FLOOR_MS = 5;
const IMPORT_ROWS = 5_000;
/** Pending requests in the moderation queue while its pages are measured (docs/people.md). */
const QUEUED = 100_000;
/** /businesses shows 20 a page (SPEC §2); page 40,000 is the deep page measured. */
const PAGE_SIZE = 20;
const DEEP_PAGE = 40_000;

// ── Shell ────────────────────────────────────────────────────────────────────

const nodeBin = path.join(root, "node_modules/.bin");
const shellEnv = (extra: Record<string, string> = {}) => ({
  ...process.env,
  PATH: `${nodeBin}:${process.env.PATH ?? ""}`,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  ...extra,
});

function sh(command: string, cwd: string, env: Record<string, string> = {}, quiet = true): string {
  const result = spawnSync(command, { shell: true, cwd, env: shellEnv(env), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (!quiet && result.stdout) process.stdout.write(result.stdout);
  if (result.status !== 0) throw new Error(`${command} failed (${result.status}):\n${result.stderr.slice(-2000)}`);
  return result.stdout;
}

/** Streams the command's output (the seed prints its progress). */
function shLive(command: string, cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, { shell: true, cwd, env: shellEnv(env), stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} failed (${result.status})`);
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const seconds = (since: number) => (performance.now() - since) / 1000;
const fmtS = (s: number) => (s >= 59.5 ? `${Math.floor(Math.round(s) / 60)} min ${Math.round(s) % 60} s` : `${s.toFixed(1)} s`);
const n = (x: number) => x.toLocaleString("en-US");

// ── The code measured: a private copy, built with the edge cache off ────────

const src = path.join(stateDir, "src");

type Source = { commit: string; label: string; key: string; schema: string };

function prepareSource(): Source {
  fs.mkdirSync(stateDir, { recursive: true });
  fs.rmSync(src, { recursive: true, force: true });
  fs.mkdirSync(src, { recursive: true });
  let commit: string;
  let label: string;
  if (rev) {
    commit = sh(`git rev-parse --verify ${q(`${rev}^{commit}`)}`, root).trim();
    sh(`git archive ${commit} | tar -x -C ${q(src)}`, root);
    label = `commit ${commit.slice(0, 7)}`;
  } else {
    commit = sh("git rev-parse HEAD", root).trim();
    // Tracked and untracked files as they are now (deleted ones skipped), .gitignore respected.
    sh(
      `git ls-files -z --cached --others --exclude-standard | tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -x -C ${q(src)}`,
      root,
    );
    const dirty = sh("git status --porcelain --untracked-files=no", root).trim() !== "";
    label = dirty ? `the working tree on ${commit.slice(0, 7)}, with uncommitted changes` : `commit ${commit.slice(0, 7)}`;
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(src, "node_modules"));
  console.log(`measuring ${label}; building it in ${src}…`);
  sh("npm run build", src);
  sh("npx tsx scripts/ensure-dev-vars.ts --file build/server/.dev.vars", src, {
    LOCALATLAS_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOCALATLAS_ADMIN_USERNAME: TEST_ADMIN_USERNAME,
  });
  const vars = path.join(src, "build/server/.dev.vars");
  const kept = fs
    .readFileSync(vars, "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("EDGE_CACHE=") && !line.startsWith("EMAIL_OUTBOX="));
  // The outbox keeps the review's e-mail: "publish one review" follows its link.
  fs.writeFileSync(vars, [...kept, "EDGE_CACHE=off", "EMAIL_OUTBOX=on", ""].join("\n"), { mode: 0o600 });
  // Pristine directories are kept per schema: a state migrated by newer code may lack the tables older code reads.
  const migrations = path.join(src, "db/migrations");
  const schemaHash = createHash("sha256");
  for (const file of fs
    .readdirSync(migrations)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    schemaHash.update(file).update(fs.readFileSync(path.join(migrations, file)));
  }
  const key = rev || !label.includes("uncommitted") ? commit.slice(0, 7) : `${commit.slice(0, 7)}-dirty`;
  return { commit, label, key, schema: schemaHash.digest("hex").slice(0, 8) };
}

/** The key of the saved results for --report-only, without copying or building anything. */
function savedSource(): Source {
  const commit = sh(`git rev-parse --verify ${q(`${rev || "HEAD"}^{commit}`)}`, root).trim();
  const dirty = !rev && sh("git status --porcelain --untracked-files=no", root).trim() !== "";
  return { commit, label: "", key: dirty ? `${commit.slice(0, 7)}-dirty` : commit.slice(0, 7), schema: "" };
}

// ── States ───────────────────────────────────────────────────────────────────

/** One query's rows through `wrangler d1 execute` (setup only: nothing measured goes this way). */
function d1Query<T>(state: string, sql: string): T[] {
  const json = sh(`npx wrangler d1 execute DB --local --persist-to ${q(state)} --json --command ${q(sql)}`, src);
  const parsed = JSON.parse(json.slice(json.indexOf("["))) as Array<{ results: T[] }>;
  return parsed[0].results;
}

/** SELECT count(*) over the businesses table itself (not the summaries). */
function countBusinesses(state: string): number {
  return d1Query<{ n: number }>(state, "SELECT count(*) AS n FROM businesses")[0].n;
}

/** SELECT count(*) over the reviews table itself. */
function countReviews(state: string): number {
  return d1Query<{ n: number }>(state, "SELECT count(*) AS n FROM reviews")[0].n;
}

/** Within 0.1 %: /tmp/seed-1m holds 999,999 (a resumed seed's gap, docs/perf/seed.md); the table prints the exact count. */
const closeEnough = (count: number, size: number) => count <= size && count >= size - size / 1000;

const migrate = (state: string) => sh("npm run db:migrate", src, { LOCALATLAS_STATE: state });

/**
 * QUEUED pending requests of every kind on the run's copy, in one statement (setup, not measured):
 * each names one of the directory's businesses, the additions the name of one.
 */
function queueRequests(state: string): void {
  const sql = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${QUEUED}),
    ids AS (SELECT min(id) AS lo, max(id) AS hi FROM businesses)
  INSERT INTO submissions (kind, business_id, payload, contact_email, sender, locale)
  SELECT CASE i % 5 WHEN 0 THEN 'edit' WHEN 1 THEN 'closed' WHEN 2 THEN 'duplicate' WHEN 3 THEN 'addition' ELSE 'advertise' END,
    CASE WHEN i % 5 = 3 THEN NULL ELSE ids.lo + i % (ids.hi - ids.lo + 1) END,
    CASE i % 5
      WHEN 0 THEN '{"phone":"(217) 555-0199","openingHours":{"Monday":"8:00 AM - 4:00 PM"}}'
      WHEN 1 THEN '{"closure":"temporarily"}'
      WHEN 2 THEN '{"duplicateOfId":' || (ids.lo + (i + 7) % (ids.hi - ids.lo + 1)) || '}'
      WHEN 3 THEN json_object('name', 'Queued Shop ' || i, 'category', 'Plumber', 'address', '1 Main St', 'city', 'Springfield', 'country', 'United States')
      ELSE '{"contactName":"Ana","businessName":"Ana Shop"}' END,
    'bench-' || i || '@example.com', 'bench', 'en'
  FROM n, ids`;
  sh(`npx wrangler d1 execute DB --local --persist-to ${q(state)} --command ${q(sql.replace(/\s+/g, " "))}`, src);
}

/** The pristine directory of `size` businesses; what was done to get it. */
function prepareState(label: string, size: number, schema: string): { state: string; how: string; count: number } {
  const state = path.join(stateDir, `${label}-schema-${schema}`);
  const started = performance.now();
  const reviews = reviewsFor(size);
  const seedReviews = () => {
    if (reviews === 0 || countReviews(state) >= reviews) return false;
    console.log(`  npm run db:seed -- --count ${size} --reviews ${reviews} into ${state}…`);
    shLive(`npm run db:seed -- --count ${size} --reviews ${reviews}`, src, { LOCALATLAS_STATE: state });
    return true;
  };
  if (reuse && fs.existsSync(state)) {
    const count = countBusinesses(state);
    if (closeEnough(count, size)) {
      migrate(state);
      const toppedUp = seedReviews() ? `, reviews topped up in ${fmtS(seconds(started))}` : "";
      return { state, how: `reused (count ${n(count)}, ${n(countReviews(state))} reviews${toppedUp})`, count };
    }
    console.log(`  ${state} holds ${n(count)} businesses, not ${n(size)}: making it again`);
  }
  fs.rmSync(state, { recursive: true, force: true });
  let how: string;
  if (size === 1_000_000 && fs.existsSync(seed1m)) {
    console.log(`  copying ${seed1m} (read only) to ${state}…`);
    sh(`cp -a ${q(seed1m)} ${q(state)}`, root);
    how = `copied from ${seed1m}`;
  } else {
    how = "seeded";
  }
  migrate(state);
  if (!closeEnough(countBusinesses(state), size)) {
    console.log(`  npm run db:seed -- --count ${size} into ${state}…`);
    shLive(`npm run db:seed -- --count ${size}`, src, { LOCALATLAS_STATE: state });
    if (how !== "seeded") how += ", topped up by db:seed";
  }
  const reviewsStarted = performance.now();
  if (seedReviews()) how += `, ${n(reviews)} reviews seeded in ${fmtS(seconds(reviewsStarted))}`;
  const count = countBusinesses(state);
  if (!closeEnough(count, size)) console.log(`  warning: ${state} holds ${n(count)} businesses, not ${n(size)}`);
  return { state, how: `${how} in ${fmtS(seconds(started))} (count ${n(count)}, ${n(countReviews(state))} reviews)`, count };
}

// ── The server ───────────────────────────────────────────────────────────────

type Server = { origin: string; stop(): Promise<void> };

/** `vite preview` of the private build on `state`, in its own process group, waited for. */
async function startPreview(state: string): Promise<Server> {
  const origin = `http://localhost:${port}`;
  if (await fetch(`${origin}/`, { signal: AbortSignal.timeout(2000) }).catch(() => null)) throw new Error(`port ${port} is taken: --port`);
  const child: ChildProcess = spawn("npx", ["vite", "preview", "--port", String(port), "--strictPort"], {
    cwd: src,
    env: shellEnv({ LOCALATLAS_STATE: state }),
    stdio: ["ignore", process.env.BENCH_LOG ? "inherit" : "ignore", "inherit"],
    detached: true,
  });
  const pid = child.pid as number;
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  const onExit = () => kill("SIGKILL");
  process.on("exit", onExit);
  const stop = async () => {
    kill("SIGTERM");
    for (let i = 0; i < 20 && child.exitCode === null; i++) await sleep(250);
    kill("SIGKILL");
    process.off("exit", onExit);
    for (let i = 0; i < 40 && (await fetch(`${origin}/`, { signal: AbortSignal.timeout(1000) }).catch(() => null)); i++) await sleep(250);
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if ((await fetch(`${origin}/api/statistics`, { signal: AbortSignal.timeout(10_000) }).catch(() => null))?.ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error("the preview server did not start");
    }
    await sleep(500);
  }
  return { origin, stop };
}

// ── Measuring ────────────────────────────────────────────────────────────────

type D1 = { rowsRead: number; rowsWritten: number | null; queries: number; d1Ms: number; roundTrips?: number };
type Cell = D1 & { wallMs: number; status: number; varies: boolean; note?: string; error?: string };
type Row = { key: string; route: string; kind: "public" | "sitemap-file" | "admin-read" | "write" | "import"; pair?: string };

const TIMING = /d1;dur=([\d.]+);desc="rows_read=(\d+)(?: rows_written=(\d+))? queries=(\d+)(?: round_trips=(\d+))?"/;

function d1Of(response: Response, body: string, wallMs: number): D1 {
  const header = response.headers.get("server-timing") ?? "";
  const m = TIMING.exec(header);
  if (!m) {
    const text = body.replace(/\s+/g, " ").trim().slice(0, 120);
    throw new Error(`HTTP ${response.status} after ${(wallMs / 1000).toFixed(1)} s without a d1 Server-Timing: ${text}`);
  }
  return {
    d1Ms: Number(m[1]),
    rowsRead: Number(m[2]),
    rowsWritten: m[3] === undefined ? null : Number(m[3]),
    queries: Number(m[4]),
    ...(m[5] === undefined ? {} : { roundTrips: Number(m[5]) }),
  };
}

type Answer = { response: Response; body: string; d1: D1; wallMs: number; retried: boolean };

/** vite preview's own 500 page: miniflare's connection to workerd was dropped; the Worker never saw the request. */
const proxyFailed = (response: Response, body: string) =>
  response.status === 500 && !response.headers.has("server-timing") && body.includes("fetch failed");

/**
 * One request. Right after a request of several seconds, `vite preview` sometimes answers the next
 * one at once with "TypeError: fetch failed" (proxyFailed): that one request is sent again, and the
 * cell says so.
 */
async function request(url: string, init: RequestInit = {}, retried = false): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(300_000) });
  const body = await response.text();
  const wallMs = performance.now() - started;
  if (!retried && proxyFailed(response, body)) {
    await sleep(1000);
    return request(url, init, true);
  }
  return { response, body, d1: d1Of(response, body, wallMs), wallMs, retried };
}

const RETRIED = "sent twice: vite preview answered the first at once with its own 500 'fetch failed' (the Worker did not run it)";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A read: one warm-up, then `runs` requests. */
/**
 * The address of page `page` as a visitor reaches it: the `rel="next"` link of each page followed
 * from `url` (the first page); when the list ends before, its last page (`reached` says which).
 */
async function pageByLinks(url: string, page: number): Promise<{ url: string; reached: number }> {
  let at = url;
  for (let p = 1; p < page; p++) {
    const tag = /<a[^>]*\brel="next"[^>]*>/.exec((await request(at)).body)?.[0];
    const href = tag ? /\bhref="([^"]*)"/.exec(tag)?.[1] : undefined;
    if (href === undefined) return { url: at, reached: p };
    at = new URL(href.replace(/&amp;/g, "&"), at).toString();
  }
  return { url: at, reached: page };
}

/** The page a URL's answer says it is (the pager's current page; the one asked for without a pager). */
async function pageServed(url: string, asked: number): Promise<{ url: string; reached: number }> {
  const current = /aria-current="page"[^>]*><span class="sr-only">[^<]*<\/span>([\d,]+)</.exec((await request(url)).body)?.[1];
  return { url, reached: current ? Number(current.replace(/,/g, "")) : asked };
}

async function measureRead(url: string, init: RequestInit = {}): Promise<Cell> {
  await request(url, init);
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await request(url, init));
  const last = samples[samples.length - 1];
  const same = (a: D1, b: D1) =>
    a.rowsRead === b.rowsRead && a.rowsWritten === b.rowsWritten && a.queries === b.queries && a.roundTrips === b.roundTrips;
  return {
    ...last.d1,
    d1Ms: median(samples.map((s) => s.d1.d1Ms)),
    wallMs: median(samples.map((s) => s.wallMs)),
    status: last.response.status,
    varies: samples.some((s) => !same(s.d1, last.d1)),
    note: samples.some((s) => s.retried) ? RETRIED : undefined,
  };
}

const writeCell = (r: Answer): Cell => ({
  ...r.d1,
  wallMs: r.wallMs,
  status: r.response.status,
  varies: false,
  note: r.retried ? RETRIED : undefined,
});

type SizeResult = {
  label: string;
  size: number;
  count: number;
  measured: string;
  commit: string;
  date: string;
  how: string;
  benchSeconds: number;
  targets: Record<string, string>;
  rows: Row[];
  cells: Record<string, Cell>;
  /** Dense searches paged to the end (absent in results saved by older code). */
  counts?: CountCheck[];
};

const getJson = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
  const { response, body } = await request(url, init);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as T;
};

async function measureSize(label: string, size: number, source: Source): Promise<SizeResult> {
  console.log(`\n== ${label}: ${n(size)} businesses`);
  const pristine = prepareState(label, size, source.schema);
  console.log(`  state: ${pristine.how}`);
  const started = performance.now();
  const state = path.join(stateDir, `${label}-run`);
  fs.rmSync(state, { recursive: true, force: true });
  sh(`cp -a ${q(pristine.state)} ${q(state)}`, root);
  migrate(state);
  queueRequests(state);
  // The business with the most published reviews (setup, not measured).
  const reviewed = d1Query<{ id: number; n: number }>(
    state,
    "SELECT id, own_review_count AS n FROM businesses ORDER BY own_review_count DESC LIMIT 1",
  )[0];
  let server = await startPreview(state);
  let headers: Record<string, string> = {};
  const o = server.origin;
  const rows: Row[] = [];
  const cells: Record<string, Cell> = {};
  const targets: Record<string, string> = {};
  const counts: CountCheck[] = [];
  const enc = encodeURIComponent;
  try {
    // The edge cache must be off: a second request for the same page reads as much D1 as the first.
    await request(`${o}/cities`);
    const again = await request(`${o}/cities`);
    if (again.d1.queries <= 1) throw new Error(`/cities answered a second time with ${again.d1.queries} query: the edge cache is on`);

    // Targets, found over HTTP.
    type Page = { businesses: Business[]; totalPages: number; totalCount: number };
    const first = await getJson<Page>(`${o}/api/businesses?limit=${PAGE_SIZE}&offset=0`);
    const top = first.businesses[0];
    if (!top?.slug) throw new Error("/api/businesses returned no business with a slug");
    const city = (await getJson<Array<{ name: string }>>(`${o}/api/cities/popular`))[0].name;
    const category = (await getJson<Array<{ slug: string; category: string }>>(`${o}/api/categories`))[0];
    const group = "restaurants";
    const deepPage = Math.min(DEEP_PAGE, first.totalPages);
    const index = (await request(`${o}/sitemap.xml`)).body;
    const childFile = /\/sitemaps\/(businesses-\d+\.xml)/.exec(index)?.[1] ?? "businesses-1.xml";
    Object.assign(targets, {
      business: `id ${top.id}, /details/${top.slug} (the first of /api/businesses)`,
      city,
      category: `${category.category} (/category/${category.slug})`,
      group,
      "deep page": deepPage === DEEP_PAGE ? `page ${n(DEEP_PAGE)}` : `last page ${n(deepPage)} (fewer than ${n(DEEP_PAGE)} pages)`,
      "sitemap child": `/sitemaps/${childFile}`,
      sparse,
      dense,
      reviews: `id ${reviewed.id}, ${n(reviewed.n)} published reviews (the most)`,
    });
    // A failed measurement (an error answer, no Server-Timing, workerd gone) is recorded and the run goes
    // on, on a restarted server when this one no longer answers.
    const guarded = async (row: Row, send: (admin: Record<string, string>) => Promise<Cell>) => {
      rows.push(row);
      try {
        cells[row.key] = await send(headers);
      } catch (error) {
        const message =
          error instanceof Error
            ? error.cause instanceof Error
              ? `${error.message}: ${error.cause.message}`
              : error.message
            : String(error);
        cells[row.key] = {
          rowsRead: 0,
          rowsWritten: null,
          queries: 0,
          d1Ms: 0,
          wallMs: 0,
          status: 0,
          varies: false,
          error: message.slice(0, 200),
        };
        if (!(await fetch(`${o}/api/statistics`, { signal: AbortSignal.timeout(30_000) }).catch(() => null))?.ok) {
          console.log("  the server no longer answers: restarting it");
          await server.stop();
          server = await startPreview(state);
          if (headers.Cookie) headers = await login(o);
        }
      }
      report(row, cells);
    };
    const deepLabel = "(or the last page)";

    const reads: Array<Row & { path: string }> = [
      { key: "home", route: "/", path: "/", kind: "public" },
      { key: "business-id", route: "/business/{id}", path: `/business/${top.id}`, kind: "public" },
      { key: "business-slug", route: "/details/{slug}", path: `/details/${enc(top.slug)}`, kind: "public" },
      { key: "city", route: "/city/{biggest city}", path: `/city/${enc(city)}`, kind: "public" },
      { key: "category", route: "/category/{biggest category}", path: `/category/${enc(category.slug)}`, kind: "public" },
      { key: "group", route: `/category/${group} (group)`, path: `/category/${group}`, kind: "public" },
      { key: "businesses-1", route: "/businesses", path: "/businesses", kind: "public" },
      { key: "businesses-deep", route: `/businesses?page=${DEEP_PAGE} ${deepLabel}`, path: `/businesses?page=${deepPage}`, kind: "public" },
      { key: "cities", route: "/cities", path: "/cities", kind: "public" },
      { key: "search-sparse", route: `/search?q=${sparse}`, path: `/search?q=${enc(sparse)}`, kind: "public" },
      { key: "search-dense", route: `/search?q=${dense}`, path: `/search?q=${enc(dense)}`, kind: "public", pair: "search-sparse" },
      // A dense word in the biggest city: the first block, its name matches and the city's look-up.
      {
        key: "search-pizza-new-york",
        route: "/search?q=pizza&location=New York",
        path: "/search?q=pizza&location=New%20York",
        kind: "public",
      },
      { key: "sitemap-index", route: "/sitemap.xml", path: "/sitemap.xml", kind: "public" },
      { key: "sitemap-file", route: `/sitemaps/${childFile}`, path: `/sitemaps/${childFile}`, kind: "sitemap-file" },
      { key: "api-statistics", route: "/api/statistics", path: "/api/statistics", kind: "public" },
      { key: "api-cities-popular", route: "/api/cities/popular", path: "/api/cities/popular", kind: "public" },
      { key: "api-recommended", route: "/api/businesses/recommended", path: "/api/businesses/recommended", kind: "public" },
      { key: "api-latest", route: "/api/businesses/latest", path: "/api/businesses/latest", kind: "public" },
      { key: "api-by-slug", route: "/api/businesses/slug/{slug}", path: `/api/businesses/slug/${enc(top.slug)}`, kind: "public" },
      { key: "api-by-id", route: "/api/businesses/{id}", path: `/api/businesses/${top.id}`, kind: "public" },
      { key: "api-businesses-1", route: "/api/businesses?limit=20&offset=0", path: "/api/businesses?limit=20&offset=0", kind: "public" },
      {
        key: "api-businesses-deep",
        route: `/api/businesses?limit=20&offset=${(DEEP_PAGE - 1) * PAGE_SIZE} ${deepLabel}`,
        path: `/api/businesses?limit=20&offset=${(deepPage - 1) * PAGE_SIZE}`,
        kind: "public",
      },
      {
        key: "api-businesses-category",
        route: "/api/businesses?category={biggest}",
        path: `/api/businesses?limit=20&offset=0&category=${enc(category.slug)}`,
        kind: "public",
      },
      {
        key: "api-businesses-sparse",
        route: `/api/businesses?search=${sparse}`,
        path: `/api/businesses?limit=20&offset=0&search=${enc(sparse)}`,
        kind: "public",
      },
      {
        key: "api-businesses-dense",
        route: `/api/businesses?search=${dense}`,
        path: `/api/businesses?limit=20&offset=0&search=${enc(dense)}`,
        kind: "public",
        pair: "api-businesses-sparse",
      },
      { key: "api-search-sparse", route: `/api/search?q=${sparse}`, path: `/api/search?q=${enc(sparse)}`, kind: "public" },
      {
        key: "api-search-dense",
        route: `/api/search?q=${dense}`,
        path: `/api/search?q=${enc(dense)}`,
        kind: "public",
        pair: "api-search-sparse",
      },
      { key: "api-city", route: "/api/city/{biggest city}", path: `/api/city/${enc(city)}`, kind: "public" },
      { key: "api-category", route: "/api/category/{biggest category}", path: `/api/category/${enc(category.slug)}`, kind: "public" },
      { key: "api-categories", route: "/api/categories", path: "/api/categories", kind: "public" },
      { key: "api-countries", route: "/api/countries", path: "/api/countries", kind: "public" },
      // People who take part: a business's suggestion form and claim page (signed out), the request forms.
      { key: "suggest", route: "/business/{id}/suggest", path: `/business/${top.id}/suggest`, kind: "public" },
      { key: "claim", route: "/business/{id}/claim (signed out)", path: `/business/${top.id}/claim`, kind: "public" },
      { key: "add-business", route: "/add-business", path: "/add-business", kind: "public" },
      // Reviews written here: the business with the most, its page and the first page of the API.
      { key: "business-reviews", route: "/business/{id} (the most reviews)", path: `/business/${reviewed.id}`, kind: "public" },
      { key: "api-reviews-1", route: "/api/businesses/{id}/reviews", path: `/api/businesses/${reviewed.id}/reviews`, kind: "public" },
    ];
    for (const read of reads) {
      const { path: p, ...row } = read;
      await guarded(row, () => measureRead(`${o}${p}`));
    }

    // The attribute and opening-time filters (docs/search-and-lists.md), each on its first page and page 10.
    const cityPage = (await request(`${o}/city/${enc(city)}`)).body;
    const cityCategory = /href="\/city\/([^/"?]+)\/([a-z0-9-]+)"/.exec(cityPage);
    const point = top.latitude !== null && top.longitude !== null ? `${top.latitude.toFixed(4)},${top.longitude.toFixed(4)}` : null;
    targets.filters = `${cityCategory ? `city × category /city/${cityCategory[1]}/${cityCategory[2]}` : "no city × category linked"}; near ${point ?? "(the top business has no coordinates)"}`;
    const filterReads: Array<[string, string, string | null]> = [
      ["city-has", "/city/{city}?has=delivery", `/city/${enc(city)}?has=delivery`],
      ["city-has-2", "/city/{city}?has=delivery,takeout", `/city/${enc(city)}?has=delivery,takeout`],
      ["city-open-at", "/city/{city}?openAt=sun-10:00", `/city/${enc(city)}?openAt=sun-10:00`],
      ["city-open-late", "/city/{city}?openLate=1", `/city/${enc(city)}?openLate=1`],
      ["city-open-24h", "/city/{city}?open24h=1", `/city/${enc(city)}?open24h=1`],
      [
        "city-has-open-now",
        "/city/{city}?has=wheelchair-accessible-entrance&openNow=1",
        `/city/${enc(city)}?has=wheelchair-accessible-entrance&openNow=1`,
      ],
      ["city-has-rating", "/city/{city}?has=delivery&minRating=4", `/city/${enc(city)}?has=delivery&minRating=4`],
      // Open now and a minimum rating alone: the window of the city's recommended order (ADR 0015).
      ["city-rating", "/city/{city}?minRating=4", `/city/${enc(city)}?minRating=4`],
      ["city-open-now", "/city/{city}?openNow=1", `/city/${enc(city)}?openNow=1`],
      ["search-words", `/search?q=${dense}`, `/search?q=${enc(dense)}`],
      ["category-has", "/category/{category}?has=delivery", `/category/${enc(category.slug)}?has=delivery`],
      [
        "city-category-has",
        "/city/{city}/{category}?has=delivery",
        cityCategory ? `/city/${cityCategory[1]}/${cityCategory[2]}?has=delivery` : null,
      ],
      ["businesses-has", "/businesses?has=delivery", "/businesses?has=delivery"],
      // A minimum rating and open now on the other listings: their window is read with the opening (ADR 0032).
      ["category-rating", "/category/{category}?minRating=4", `/category/${enc(category.slug)}?minRating=4`],
      ["category-open-now", "/category/{category}?openNow=1", `/category/${enc(category.slug)}?openNow=1`],
      [
        "city-category-rating",
        "/city/{city}/{category}?minRating=4",
        cityCategory ? `/city/${cityCategory[1]}/${cityCategory[2]}?minRating=4` : null,
      ],
      ["businesses-rating", "/businesses?minRating=4", "/businesses?minRating=4"],
      ["search-words-has", `/search?q=${dense}&has=delivery`, `/search?q=${enc(dense)}&has=delivery`],
      ["search-location-has", "/search?location={city}&has=delivery", `/search?location=${enc(city)}&has=delivery`],
      ["search-near-has", "/search?near={point}&has=delivery", point ? `/search?near=${point}&has=delivery` : null],
    ];
    // Page 10 twice: reached as a visitor does, by the pager's next links (a filtered listing's carry
    // its cursor past the first block: ADR 0031), and asked for directly (?page=10, read by OFFSET).
    for (const [key, route, p] of filterReads) {
      const pages = [
        { key: "1", label: "", url: async (u: string) => ({ url: u, reached: 1 }) },
        { key: "10", label: " page 10 (by the next links)", url: (u: string) => pageByLinks(u, 10) },
        { key: "10-direct", label: " page 10 (direct, ?page=10)", url: (u: string) => pageServed(`${u}&page=10`, 10) },
      ];
      for (const page of pages) {
        const row: Row = { key: `filter-${key}-${page.key}`, route: `${route}${page.label}`, kind: "public" };
        await guarded(row, async () => {
          if (p === null) throw new Error("no such page in this directory");
          const { url, reached } = await page.url(`${o}${p}`);
          const cell = await measureRead(url);
          if (reached < 10 && page.key === "10") return { ...cell, note: `the list ends on page ${reached}: that page measured` };
          // A list paged by cursor answers a deep number without its cursor with its last numbered page (ADR 0031).
          if (reached !== 10 && page.key === "10-direct") return { ...cell, note: `answered with page ${reached}` };
          return cell;
        });
      }
    }

    // A listing past its end (its last page, in the same read), and the biggest city × group's deep
    // pages: by number up to its numbered pages, then by the pager's cursor (ADR 0025).
    const pair = `/city/${enc(city)}/${group}`;
    const deepLists: Array<[string, string, string, (u: string) => Promise<{ url: string; reached: number }>]> = [
      ["city-past-end", "/city/{biggest city}?page=99999 (its last page)", `/city/${enc(city)}?page=99999`, (u) => pageServed(u, 99999)],
      ["pair-1", `/city/{biggest city}/${group}`, pair, async (u) => ({ url: u, reached: 1 })],
      ["pair-50", `/city/{biggest city}/${group} page 50 (by the next links)`, pair, (u) => pageByLinks(u, 50)],
      ["pair-direct", `/city/{biggest city}/${group}?page=50 (direct)`, `${pair}?page=50`, (u) => pageServed(u, 50)],
    ];
    for (const [key, route, p, at] of deepLists) {
      const row: Row = { key, route, kind: "public" };
      await guarded(row, async () => {
        const { url, reached } = await at(`${o}${p}`);
        const cell = await measureRead(url);
        if (key === "pair-50" && reached < 50) return { ...cell, note: `the list ends on page ${reached}: that page measured` };
        return key === "pair-1" ? cell : { ...cell, note: `page ${reached}` };
      });
    }

    // A dense word's deep pages as a visitor reaches them: past its ordered part by cursor (ADR 0012).
    for (const page of [20, 50]) {
      const row: Row = { key: `search-words-${page}`, route: `/search?q=${dense} page ${page} (by the next links)`, kind: "public" };
      await guarded(row, async () => {
        const { url, reached } = await pageByLinks(`${o}/search?q=${enc(dense)}`, page);
        const cell = await measureRead(url);
        return reached < page ? { ...cell, note: `the list ends on page ${reached}: that page measured` } : cell;
      });
    }

    // Counts never overstate: three dense searches paged to the end, page 1's count against the results listed.
    for (const words of DENSE_SEARCHES(dense)) {
      const check = await pagedCount(o, words);
      counts.push(check);
      console.log(
        `  /search?q=${words}: page 1 says "${check.shown}", ${n(check.listed)} listed in ${check.pages} pages${check.ok ? "" : "  ⚠ overstates"}`,
      );
    }

    // A deep page of the reviews API: its `next` cursor followed REVIEW_PAGES_DEEP times.
    await guarded(
      { key: "api-reviews-deep", route: `/api/businesses/{id}/reviews?cursor= (page ${REVIEW_PAGES_DEEP + 1})`, kind: "public" },
      async () => {
        const base = `${o}/api/businesses/${reviewed.id}/reviews`;
        let url = base;
        let pages = 1;
        for (; pages <= REVIEW_PAGES_DEEP; pages++) {
          const page = await getJson<{ next?: string | number | null }>(url);
          if (page.next === undefined || page.next === null) break;
          url = `${base}?cursor=${enc(String(page.next))}`;
        }
        return { ...(await measureRead(url)), note: pages <= REVIEW_PAGES_DEEP ? `the last page, ${pages}` : undefined };
      },
    );
    // A visitor writes a review (the public form), then publishes it from the link e-mailed to the outbox.
    const reviewer = `bench-${Date.now()}@example.com`;
    await guarded({ key: "review-write", route: "write a review (POST /business/{id}/review)", kind: "write" }, async () => {
      const r = await request(`${o}/business/${reviewed.id}/review`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: o, "CF-Connecting-IP": "203.0.113.77" },
        body: new URLSearchParams({
          rating: "4",
          title: "Measured by bench:scale",
          body: "Friendly staff, fair prices and a short wait: a visit worth writing about.",
          visitMonth: "",
          name: "Bench Reviewer",
          email: reviewer,
          [HONEYPOT_FIELD]: "",
        }).toString(),
      });
      if (r.response.status >= 400) throw new Error(`HTTP ${r.response.status}: ${r.body.slice(0, 200)}`);
      return writeCell(r);
    });
    await guarded({ key: "review-publish", route: "publish it (the e-mailed link's confirm)", kind: "write" }, async () => {
      const mail = d1Query<{ text_body: string }>(
        state,
        `SELECT text_body FROM outbox WHERE to_address = '${reviewer}' ORDER BY id DESC LIMIT 1`,
      )[0];
      const link = mail && /https?:\/\/\S+/.exec(mail.text_body)?.[0];
      if (!link) throw new Error(`no link e-mailed to ${reviewer} in the outbox`);
      const target = new URL(link);
      const pageUrl = `${o}${target.pathname}${target.search}`;
      // The GET page shows a button; its form (action and hidden fields) is what the browser posts.
      const page = (await request(pageUrl)).body;
      const form = /<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(page);
      if (!form) throw new Error(`the link's page has no POST form: ${page.replace(/\s+/g, " ").slice(0, 120)}`);
      const action = /action="([^"]*)"/.exec(form[0])?.[1]?.replace(/&amp;/g, "&") || `${target.pathname}${target.search}`;
      const fields = new URLSearchParams();
      for (const input of form[1].matchAll(/<input[^>]*>/g)) {
        const name = /name="([^"]*)"/.exec(input[0])?.[1];
        if (name) fields.set(name, (/value="([^"]*)"/.exec(input[0])?.[1] ?? "").replace(/&amp;/g, "&"));
      }
      const r = await request(new URL(action, pageUrl).href, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: o, "CF-Connecting-IP": "203.0.113.77" },
        body: fields.toString(),
      });
      if (r.response.status >= 400) throw new Error(`HTTP ${r.response.status}: ${r.body.slice(0, 200)}`);
      return writeCell(r);
    });

    // Admin: its reads (the admin list's search), then the writes.
    headers = await login(o);
    const adminReads: Array<Row & { path: string }> = [
      { key: "admin-sitemap-stats", route: "/api/admin/sitemap-stats", path: "/api/admin/sitemap-stats", kind: "admin-read" },
      { key: "admin-list", route: "/api/admin/businesses (page 1)", path: "/api/admin/businesses", kind: "public" },
      {
        key: "admin-search-sparse",
        route: `/api/admin/businesses?search=${sparse}`,
        path: `/api/admin/businesses?search=${enc(sparse)}`,
        kind: "public",
      },
      {
        key: "admin-search-dense",
        route: `/api/admin/businesses?search=${dense}`,
        path: `/api/admin/businesses?search=${enc(dense)}`,
        kind: "public",
        pair: "admin-search-sparse",
      },
      // The moderation queue with QUEUED pending requests, and the Owners tab.
      { key: "moderation", route: `/admin-panel/moderation (${n(QUEUED)} pending)`, path: "/admin-panel/moderation", kind: "public" },
      {
        key: "moderation-additions",
        route: "/admin-panel/moderation?kind=addition",
        path: "/admin-panel/moderation?kind=addition",
        kind: "public",
      },
      {
        key: "moderation-all-kind",
        route: "/api/admin/submissions?status=all&kind=advertise",
        path: "/api/admin/submissions?status=all&kind=advertise",
        kind: "public",
      },
      { key: "owners", route: "/admin-panel/owners", path: "/admin-panel/owners", kind: "public" },
    ];
    for (const read of adminReads) {
      const { path: p, ...row } = read;
      await guarded(row, (admin) => measureRead(`${o}${p}`, { headers: admin }));
    }

    const current = await getJson<Business>(`${o}/api/admin/businesses/${top.id}`, { headers });
    const stamp = new Date().toISOString();
    const answered = (r: Answer) => {
      if (r.response.status >= 300) throw new Error(`HTTP ${r.response.status}: ${r.body.slice(0, 200)}`);
      return writeCell(r);
    };
    const patch = (admin: Record<string, string>, body: object) =>
      request(`${o}/api/admin/businesses/${top.id}`, {
        method: "PATCH",
        headers: { ...admin, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    await guarded({ key: "edit-text", route: "edit (description; list order unchanged)", kind: "write" }, async (admin) =>
      answered(
        await patch(admin, { ...editValues(current), description: `${current.description ?? ""} Edited by bench:scale ${stamp}.`.trim() }),
      ),
    );
    const rating = current.rating >= 4 ? 3.1 : 4.9;
    await guarded(
      { key: "edit-rating", route: `edit (rating ${current.rating} → ${rating}; moves in the lists)`, kind: "write" },
      async (admin) => answered(await patch(admin, { ...editValues(current), rating })),
    );
    await guarded(
      { key: "verify", route: `verify (${current.isVerified ? "verified → pending" : "pending → verified"})`, kind: "write" },
      async (admin) =>
        answered(
          await request(`${o}/api/admin/businesses/${top.id}/verify`, {
            method: "POST",
            headers: { ...admin, "Content-Type": "application/json" },
            body: JSON.stringify({ verified: !current.isVerified }),
          }),
        ),
    );
    // A visitor's suggestion (the public form), then the admin approving one queued suggestion and featuring the business.
    await guarded({ key: "suggestion", route: "a visitor's suggestion (POST /business/{id}/suggest)", kind: "write" }, async () =>
      answered(
        await request(`${o}/business/${top.id}/suggest`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: o },
          body: new URLSearchParams({ kind: "edit", phone: "(217) 555-0142", website: "", address: "" }).toString(),
        }),
      ),
    );
    await guarded({ key: "approve", route: "approve one suggested edit (hours and phone)", kind: "write" }, async (admin) => {
      const queued = await getJson<{ items: Array<{ id: number }> }>(`${o}/api/admin/submissions?kind=edit`, { headers: admin });
      return answered(
        await request(`${o}/api/admin/submissions`, {
          method: "POST",
          headers: { ...admin, "Content-Type": "application/json" },
          body: JSON.stringify({ action: "approve", id: queued.items[0].id }),
        }),
      );
    });
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await guarded({ key: "feature", route: "feature a business for a week", kind: "write" }, async (admin) =>
      answered(
        await request(`${o}/api/admin/businesses/${top.id}/feature`, {
          method: "POST",
          headers: { ...admin, "Content-Type": "application/json" },
          body: JSON.stringify({ until }),
        }),
      ),
    );
    await guarded({ key: "import", route: `import of ${n(IMPORT_ROWS)} rows (all its requests)`, kind: "import" }, (admin) =>
      importRows(o, admin),
    );
    await guarded({ key: "delete", route: "delete one business (the first in the lists)", kind: "write" }, async (admin) =>
      answered(await request(`${o}/api/admin/businesses/${top.id}`, { method: "DELETE", headers: admin })),
    );
  } finally {
    await server.stop();
    if (!keepRun) fs.rmSync(state, { recursive: true, force: true });
  }
  const benchSeconds = seconds(started);
  console.log(`  ${label} measured in ${fmtS(benchSeconds)} (after the state was ready)`);
  return {
    label,
    size,
    count: pristine.count,
    measured: source.label,
    commit: source.commit,
    date: new Date().toISOString(),
    how: pristine.how,
    benchSeconds,
    targets,
    rows,
    cells,
    counts,
  };
}

/** Dense words of the seed (every description says "known for friendly service and fair prices"). */
const DENSE_SEARCHES = (dense: string) => [...new Set([dense, "fair prices", "restaurant"])];

/** A dense search's page 1 count ("100+ results") and what paging /api/search to the end lists. */
type CountCheck = { words: string; shown: string; listed: number; pages: number; ok: boolean };

/**
 * Pages /api/search?q=words while it has a next page (50 at most: RESULT_CAP), and reads the count
 * /search's first page shows: it must be no larger than the results listed, and equal where exact.
 */
async function pagedCount(origin: string, words: string): Promise<CountCheck> {
  const q = encodeURIComponent(words);
  const html = (await request(`${origin}/search?q=${q}`)).body.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ");
  const m = /(More than )?(\d[\d,]*)(\+)? results?\b/.exec(html.replace(/\s+/g, " "));
  let listed = 0;
  let pages = 0;
  // By number, and past page 6 by the answer's `next` cursor (a deeper number alone is refused).
  let after: number | null = null;
  for (let page = 1; page <= 60; page++) {
    const cursor: string = after === null ? "" : `&after=${after}`;
    const body: { businesses: unknown[]; hasNext: boolean; next: number | null } = await getJson(
      `${origin}/api/search?q=${q}&page=${page}${cursor}`,
    );
    listed += body.businesses.length;
    pages = page;
    after = body.next;
    if (!body.hasNext) break;
  }
  if (!m) return { words, shown: "(no count shown)", listed, pages, ok: listed === 0 };
  const shown = Number(m[2].replace(/,/g, ""));
  const ok = m[3] ? shown <= listed : m[1] ? shown < listed : shown === listed;
  return { words, shown: m[0], listed, pages, ok };
}

/** POST /api/admin/import with a 5,000-row .xlsx; the D1 work of every request it takes, summed. */
async function importRows(origin: string, headers: Record<string, string>): Promise<Cell> {
  const file = benchFile(IMPORT_ROWS, "varied");
  const form = new FormData();
  form.set("excelFile", new Blob([fs.readFileSync(file)]), path.basename(file));
  const total = { rowsRead: 0, rowsWritten: 0 as number | null, queries: 0, d1Ms: 0, wallMs: 0 };
  const add = (r: { d1: D1; wallMs: number }) => {
    total.rowsRead += r.d1.rowsRead;
    total.rowsWritten = r.d1.rowsWritten === null || total.rowsWritten === null ? null : total.rowsWritten + r.d1.rowsWritten;
    total.queries += r.d1.queries;
    total.d1Ms += r.d1.d1Ms;
  };
  const started = performance.now();
  const upload = await request(`${origin}/api/admin/import`, { method: "POST", headers, body: form });
  add(upload);
  let requests = 1;
  let answer = JSON.parse(upload.body) as { message: string; statusUrl?: string; stats?: { inserted?: number } };
  let note: string | undefined;
  if (upload.response.status === 202 && answer.statusUrl) {
    // A job: its slices run after a response (waitUntil), so no header reports their D1 work.
    for (;;) {
      await sleep(500);
      const poll = await request(`${origin}${answer.statusUrl}`, { headers });
      add(poll);
      requests += 1;
      const status = JSON.parse(poll.body) as { status: string; message: string };
      if (status.status !== "running") {
        answer = { message: status.message };
        break;
      }
    }
    note = `ran as a job: ${requests} requests summed, but the background slices' D1 work is in no response (incomplete)`;
  } else if (upload.response.status !== 200) {
    throw new Error(`import answered ${upload.response.status}: ${upload.body.slice(0, 300)}`);
  } else {
    note = `1 request (inline import${upload.retried ? `; ${RETRIED}` : ""}); ${answer.message}`;
  }
  total.wallMs = performance.now() - started;
  return { ...total, status: upload.response.status, varies: false, note };
}

// ── Flags and output ─────────────────────────────────────────────────────────

function flags(row: Row, cell: Cell, cells: Record<string, Cell>): string[] {
  const out: string[] = [];
  if (cell.status >= 400) out.push(`HTTP ${cell.status}`);
  if (row.kind === "public" && cell.rowsRead > PUBLIC_ROWS_READ) out.push(`> ${PUBLIC_ROWS_READ} rows read`);
  if (row.kind === "sitemap-file" && cell.rowsRead > SITEMAP_FILE_ROWS_READ) out.push(`> ${n(SITEMAP_FILE_ROWS_READ)} rows read`);
  if (row.kind === "write" && (cell.rowsWritten ?? 0) > SINGLE_WRITE_ROWS_WRITTEN)
    out.push(`> ${n(SINGLE_WRITE_ROWS_WRITTEN)} rows written`);
  const sparseCell = row.pair ? cells[row.pair] : undefined;
  if (sparseCell && cell.d1Ms > DENSE_OVER_SPARSE * Math.max(SPARSE_FLOOR_MS, sparseCell.d1Ms))
    out.push(`D1 ms > ${DENSE_OVER_SPARSE}× sparse`);
  return out;
}

const cellText = (cell: Cell | undefined, row: Row, cells: Record<string, Cell>, markdown: boolean) => {
  if (!cell) return "—";
  if (cell.error) return markdown ? `⚠ **failed** (${cell.error.replace(/\|/g, "\\|")})` : `⚠ failed (${cell.error})`;
  const w = cell.rowsWritten === null ? "?" : n(cell.rowsWritten);
  const f = flags(row, cell, cells);
  const trips = cell.roundTrips === undefined ? "" : ` · ${cell.roundTrips} rt`;
  const text = `${cell.varies ? "~" : ""}${n(cell.rowsRead)} r · ${w} w · ${cell.queries} q${trips} · ${Math.round(cell.d1Ms)} ms`;
  if (!f.length) return text;
  return markdown ? `⚠ **${text}** (${f.join("; ")})` : `⚠ ${text} (${f.join("; ")})`;
};

function report(row: Row, cells: Record<string, Cell>) {
  const cell = cells[row.key];
  const text = cellText(cell, row, cells, false);
  console.log(`  ${row.route.padEnd(58)} ${text}  [wall ${Math.round(cell.wallMs)} ms]${cell.note ? ` — ${cell.note}` : ""}`);
}

function table(results: SizeResult[], markdown: boolean): string {
  const order: Row[] = [];
  for (const r of results) for (const row of r.rows) if (!order.some((o) => o.key === row.key)) order.push(row);
  const routeOf = (row: Row) => (markdown ? row.route.replace(/\|/g, "\\|") : row.route);
  const head = ["route", ...results.map((r) => `${r.label} (${n(r.count)})`)];
  const body = order.map((row) => [
    routeOf(row),
    ...results.map((r) => {
      const own = r.rows.find((x) => x.key === row.key) ?? row;
      return cellText(r.cells[row.key], own, r.cells, markdown);
    }),
  ]);
  if (markdown) {
    return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...body.map((line) => `| ${line.join(" | ")} |`)].join("\n");
  }
  const widths = head.map((_, i) => Math.max(...[head, ...body].map((line) => line[i].length)));
  return [head, ...body].map((line) => line.map((c, i) => c.padEnd(widths[i])).join("  ")).join("\n");
}

/** The dense searches paged to the end: the count page 1 shows against the results listed. */
function countsTable(results: SizeResult[]): string {
  const lines = results.flatMap((r) =>
    (r.counts ?? []).map(
      (c) =>
        `| ${r.label} | /search?q=${c.words} | ${c.shown} | ${n(c.listed)} in ${c.pages} pages | ${c.ok ? "yes" : "⚠ **no: the count overstates**"} |`,
    ),
  );
  if (!lines.length) return "";
  return `
Counts never overstate: each dense search paged to the end through \`/api/search\` (at most 1,000
results, 50 pages), and the count its first page on \`/search\` shows — exact, or a lower bound ("N+").

| size | search | page 1 says | listed | count ≤ listed (= when exact) |
|---|---|---|---|---|
${lines.join("\n")}
`;
}

/** What the cells cannot say: requests sent twice, failures. */
function notes(results: SizeResult[]): string {
  const lines = results.flatMap((r) =>
    r.rows
      .filter((row) => row.kind !== "import" && (r.cells[row.key]?.note || r.cells[row.key]?.error))
      .map((row) => `- ${r.label}, ${row.route.replace(/\|/g, "\\|")}: ${r.cells[row.key].error ?? r.cells[row.key].note}`),
  );
  return lines.length ? `\nNotes:\n\n${lines.join("\n")}\n` : "";
}

function markdown(results: SizeResult[], command: string): string {
  const wallRows = results
    .map((r) => {
      const c = r.cells;
      return `| ${r.label} | ${r.measured} | ${r.date.slice(0, 16).replace("T", " ")} UTC | ${r.how} | ${fmtS(r.benchSeconds)} | ${Object.entries(
        r.targets,
      )
        .map(([k, v]) => `${k}: ${v}`)
        .join("; ")
        .replace(/\|/g, "\\|")} | ${c.import?.note?.replace(/\|/g, "\\|") ?? "—"} |`;
    })
    .join("\n");
  return `# Scale: D1 work per request at 10k, 100k and 1,000,000 businesses

${reportOnly ? `Written by \`${command}\` from the figures its measuring run saved` : `Made by \`${command}\``} (scripts/bench-scale.ts). Each cell is one request's D1 work as the Worker's
\`Server-Timing\` header reports it: **r** rows read, **w** rows written, **q** queries, **rt** round trips to D1, **ms** D1's own
time (meta.duration, whole milliseconds locally). Public reads: the median D1 ms of ${runs} requests after
a warm-up (rows and queries are exact; "~" marks a route whose counts differed between requests).
Admin writes: one request each, on a throw-away copy of the directory. The built Worker was served by
\`vite preview\` (workerd, local D1) with \`EDGE_CACHE=off\`, so every request reached D1.

⚠ marks the row budgets: a public read (and the admin list's search) over ${PUBLIC_ROWS_READ} rows
read, a child sitemap file over ${n(SITEMAP_FILE_ROWS_READ)}; an edit, verify or delete over
${n(SINGLE_WRITE_ROWS_WRITTEN)} rows written; a dense search over ${DENSE_OVER_SPARSE}× the D1 ms of the sparse
one (whole milliseconds that jitter by a few here: a sparse time under ${SPARSE_FLOOR_MS} ms counts as ${SPARSE_FLOOR_MS} ms). The import's limit (5,000 × (1 + indexes + summaries) rows written)
depends on the schema and is not flagged: read its rows written against 5,000.

**Noise:** the machine has 2 cores shared with other sessions while this ran: D1 ms (and the wall
times behind them) vary by tens of percent between runs; rows read, rows written and queries do not.

${table(results, true)}
${notes(results)}
${countsTable(results)}
| size | code measured | when | directory | bench time | targets | import |
|---|---|---|---|---|---|---|
${wallRows}
`;
}

// ── Main ─────────────────────────────────────────────────────────────────────

const command = `npm run bench:scale -- ${argv.join(" ")}`.trim();
const began = performance.now();
const results: SizeResult[] = [];
const source = reportOnly ? savedSource() : prepareSource();
for (const label of reportOnly ? [] : sizes) {
  const sizeStarted = performance.now();
  const result = await measureSize(label, SIZES[label], source);
  fs.writeFileSync(path.join(stateDir, `results-${label}-${source.key}.json`), JSON.stringify(result, null, 2));
  results.push(result);
  console.log(`  ${label}: ${fmtS(seconds(sizeStarted))} in all (state + bench)`);
}
if (merge || reportOnly) {
  for (const label of reportOnly ? sizes : Object.keys(SIZES)) {
    const saved = path.join(stateDir, `results-${label}-${source.key}.json`);
    if (!results.some((r) => r.label === label) && fs.existsSync(saved))
      results.push(JSON.parse(fs.readFileSync(saved, "utf8")) as SizeResult);
  }
  results.sort((a, b) => a.size - b.size);
}
console.log(`\n${table(results, false)}\n`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, markdown(results, command));
console.log(`written to ${path.relative(root, out)}; whole run ${fmtS(seconds(began))}`);
process.exit(0);
