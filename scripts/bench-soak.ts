/**
 * npm run bench:soak [-- --minutes M] [--import-rows N] [--businesses N] [--connections C] [--rate R] [--edits N] [--deletes N]
 *
 * The built Worker under mixed public traffic while the operator works, for M minutes (8), loopback
 * only (docs/perf/soak.md). The Worker is built (BENCH_NO_BUILD=1 takes build/ as it is), a fresh
 * state migrated and seeded with --businesses (10,000) demo businesses, and served as bench:http
 * serves it: `wrangler dev` on the build output, workerd listening on the port itself, its inspector
 * on the next port.
 *
 * Visitors: Debian's wrk (`-t2 -c C`, one run per minute) with a Lua script rotating the public
 * paths: home, business pages, city, category, city × category, /businesses, /search (a dense word,
 * a place, a prefix, filters), near me, /api/search, /api/businesses, suggest, the sitemap index and
 * its files, pages under /vi and /es. Debian's wrk has no fixed rate (that is wrk2): each connection
 * waits C × 1000 / R ms after each answer, so the traffic is at most R requests a second and each
 * minute at most 60 × R requests, whatever the machine; a loaded machine answers fewer.
 *
 * The operator, through the real admin API with a real session (POST /api/admin/login): a
 * --import-rows (50,000) Outscraper .xlsx imported (scripts/bench-file.ts, as bench:import), --edits
 * (100) edits of businesses spread over the first 60 % of the run (a new name, verified flipped;
 * every 4th a new category, every 5th a new city), --deletes (10) businesses deleted one by one, one
 * SEO generation once the import is done, then (all of that done) a check, and the delete-all Workflow
 * in the last minute.
 *
 * Per minute: requests, statuses (2xx, 3xx, 4xx and 5xx by status), socket errors, p50/p99 latency,
 * and the Worker isolate's used heap after a full GC: HeapProfiler.collectGarbage, then
 * Runtime.getHeapUsage, through the inspector (as bench:http --cpu-profile talks to it), sampled after
 * a warm-up and after each minute. V8 runs the collection as a task of the isolate, so the sampler
 * asks GET /api/statistics until it has run.
 *
 * The checks (PASS/FAIL):
 * - no bare 500: every response of the Worker carries the site's own headers (X-Frame-Options, set on
 *   every answer, error pages included); a 5xx without them is the runtime's own;
 * - no lost write, checked before the delete-all: each edit as the D1 row and the public API show
 *   it, each deleted business gone, every imported row there, the total exact; then the summaries
 *   equal a recount (scripts/bench-recount.ts), and again after the delete-all;
 * - the used heap after GC: at most 20 MB above the warm-up sample at the end, under 100 MB in every sample;
 * - no status other than 2xx before the delete-all (after it, the deleted pages answer 404 as they should).
 *
 * Process RSS is not reported: workerd's resident set grows under traffic for a bare React Router
 * Worker just as for this one (docs/perf/soak.md).
 *
 * Env: BENCH_PORT (8860; the inspector on the next port), BENCH_NO_BUILD=1, BENCH_KEEP=1 keeps the state and the server's log.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { editValues, type BusinessEditInput } from "#app/lib/admin/admin-businesses";
import type { Business } from "#app/lib/business/business";
import { benchFile } from "./bench-file";
import { openD1, recount } from "./bench-recount";
import { freshState, groupKiller, login, prepareBuild, root, run, sleep, workerdUnder } from "./bench-server";
import { openInspector } from "./inspector";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
};
const MINUTES = option("minutes", 8);
const IMPORT_ROWS = option("import-rows", 50_000);
const BUSINESSES = option("businesses", 10_000);
const CONNECTIONS = option("connections", 8);
const RATE = option("rate", 300);
const EDITS = option("edits", 100);
const DELETES = option("deletes", 10);
const WARM_UP_SECONDS = 20;
/** Minutes of traffic at most, extra minutes for unfinished admin work included. */
const MAX_MINUTES = 10;
const PORT = Number(process.env.BENCH_PORT ?? 8860);
const INSPECTOR_PORT = PORT + 1;
const origin = `http://127.0.0.1:${PORT}`;
const HEAP_DRIFT_MB = 20;
const HEAP_LIMIT_MB = 100;
const MB = 1024 * 1024;

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk is missing: install Debian's wrk (apt-get install -y wrk) and run again.");
  process.exit(1);
}
if (MINUTES < 1 || MINUTES > MAX_MINUTES) throw new Error(`--minutes must be between 1 and ${MAX_MINUTES}`);

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "localatlas-bench-soak-"));
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const log = (line: string) => console.log(`[${clock()}] ${line}`);

// ── The Worker, its state and its server ─────────────────────────────────────
const file = IMPORT_ROWS > 0 ? benchFile(IMPORT_ROWS) : "";
prepareBuild();
const state = freshState();
log(`seeding ${BUSINESSES.toLocaleString("en-US")} demo businesses…`);
run(`npx tsx scripts/seed/run.ts --count ${BUSINESSES}`, { LOCALATLAS_STATE: state });

/** What the traffic and the admin work need from the seeded state, read from the D1 file. */
function plan() {
  const db = openD1(state);
  try {
    const all = <T>(sql: string) => db.prepare(sql).all() as T[];
    // A fixed order (ids spread over the directory), so every run asks the same pages.
    const ids = all<{ id: number }>("SELECT id FROM businesses ORDER BY (id * 7919) % 10007, id").map((r) => r.id);
    const deleted = ids.slice(0, DELETES);
    const edited = ids.slice(DELETES, DELETES + EDITS);
    const asked = ids.slice(DELETES, DELETES + 300);
    const cities = all<{ slug: string; name: string }>("SELECT slug, name FROM cities ORDER BY business_count DESC, slug LIMIT 8");
    const categories = all<{ slug: string; name: string }>("SELECT slug, name FROM categories ORDER BY business_count DESC, slug LIMIT 8");
    const cityCategories = all<{ city_slug: string; slug: string }>(
      "SELECT city_slug, slug FROM city_categories WHERE kind = 'category' ORDER BY business_count DESC, city_slug, slug LIMIT 8",
    );
    // Places to move edited businesses to: a real business's city, state, postal code and country.
    const places = all<{ city: string; state: string; zip_code: string; country: string }>(
      "SELECT city, state, zip_code, country FROM businesses WHERE city <> '' GROUP BY city_slug ORDER BY count(*) DESC LIMIT 6",
    );
    const categoryNames = all<{ category: string }>(
      "SELECT category FROM businesses GROUP BY category_slug ORDER BY count(*) DESC LIMIT 6",
    ).map((r) => r.category);
    return { deleted, edited, asked, cities, categories, cityCategories, places, categoryNames };
  } finally {
    db.close();
  }
}
const seeded = plan();

/** `wrangler dev` on the build (as bench:http serves it), its log in the temp folder. */
async function serve(): Promise<{ stop: () => Promise<void>; logFile: string; workerd: () => string }> {
  const logFile = path.join(temp, "wrangler.log");
  const argv = ["wrangler", "dev", "-c", "build/server/wrangler.json", "--ip", "127.0.0.1", "--port", String(PORT)];
  argv.push("--persist-to", state, "--inspector-port", String(INSPECTOR_PORT));
  argv.push("--log-level", "error", "--show-interactive-dev-session=false", "--live-reload=false");
  const child: ChildProcess = spawn("npx", argv, {
    cwd: root,
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  // Its output in the log, each line with the run's clock (read beside the operator's lines).
  const out = fs.createWriteStream(logFile);
  for (const stream of [child.stdout, child.stderr])
    stream?.on("data", (chunk: Buffer) => out.write(chunk.toString("utf8").replace(/^(?=.)/gm, `[${clock()}] `)));
  const kill = groupKiller(child);
  for (let tries = 0; ; tries++) {
    if ((await fetch(`${origin}/api/statistics`).catch(() => null))?.ok) break;
    if (tries > 120 || child.exitCode !== null) throw new Error(`wrangler dev did not start on port ${PORT} (log: ${logFile})`);
    await sleep(500);
  }
  return {
    logFile,
    // Its workerd processes: the same ones all along, or the runtime was restarted (and its heap with it).
    workerd: () =>
      workerdUnder(child.pid as number)
        .sort()
        .join(","),
    stop: async () => {
      kill("SIGTERM");
      await sleep(1000);
      kill("SIGKILL");
    },
  };
}

// ── The isolate's heap, through the inspector ───────────────────────────────
type HeapReader = { usedHeapAfterGc: () => Promise<number>; close: () => void };

async function inspector(): Promise<HeapReader> {
  const { send, close } = await openInspector(INSPECTOR_PORT);
  return {
    close,
    async usedHeapAfterGc() {
      let collected = false;
      const gc = send("HeapProfiler.collectGarbage").then(() => (collected = true));
      // V8 collects in a task of the isolate: one request gives it a turn.
      for (let tries = 0; !collected; tries++) {
        if (tries > 120) throw new Error("the isolate did not run the collection");
        await Promise.race([gc, sleep(250)]);
        if (!collected) await (await fetch(`${origin}/api/statistics`).catch(() => null))?.arrayBuffer();
      }
      const usage = (await send("Runtime.getHeapUsage")) as { usedSize: number };
      return usage.usedSize;
    },
  };
}

// ── Visitors: the paths and wrk ─────────────────────────────────────────────
const enc = encodeURIComponent;
const NEAR = ["40.7128,-74.006", "41.8781,-87.6298", "34.0522,-118.2437"];
const KINDS: Array<{ weight: number; paths: string[] }> = [
  { weight: 6, paths: ["/"] },
  { weight: 3, paths: ["/vi", "/es"] },
  { weight: 22, paths: seeded.asked.map((id) => `/business/${id}`) },
  { weight: 4, paths: seeded.asked.slice(0, 60).flatMap((id) => [`/vi/business/${id}`, `/es/business/${id}`]) },
  { weight: 6, paths: seeded.cities.map((c) => `/city/${c.slug}`) },
  { weight: 6, paths: seeded.categories.map((c) => `/category/${c.slug}`) },
  { weight: 6, paths: seeded.cityCategories.map((c) => `/city/${c.city_slug}/${c.slug}`) },
  { weight: 5, paths: [1, 2, 3, 4, 5].map((p) => (p === 1 ? "/businesses" : `/businesses?page=${p}`)) },
  { weight: 6, paths: ["restaurant", "coffee", "pizza", "dentist", "hair salon"].map((q) => `/search?q=${enc(q)}`) },
  { weight: 5, paths: seeded.cities.map((c, i) => `/search?q=${["pizza", "coffee", "bakery"][i % 3]}&location=${enc(c.name)}`) },
  { weight: 4, paths: ["piz", "caf", "den", "bar"].map((q) => `/search?q=${q}`) },
  { weight: 4, paths: ["coffee", "restaurant"].map((q) => `/search?q=${q}&openNow=1&minRating=4.5`) },
  { weight: 3, paths: ["/businesses?has=wi-fi", ...seeded.categories.slice(0, 3).map((c) => `/category/${c.slug}?openLate=1`)] },
  { weight: 4, paths: NEAR.flatMap((p) => [`/search?near=${p}`, `/search?q=cafe&sort=distance&near=${p}`]) },
  { weight: 4, paths: seeded.cities.map((c) => `/api/search?q=coffee&location=${enc(c.name)}`) },
  { weight: 4, paths: [0, 20, 500, 5000].map((o) => `/api/businesses?limit=20&offset=${o}`) },
  { weight: 5, paths: ["pi", "new", "coff", "den", "chi"].map((q) => `/api/suggest?q=${q}`) },
  { weight: 1, paths: ["/sitemap.xml"] },
  {
    weight: 1,
    paths: ["main", "categories", "cities", "city-categories-1", "businesses-1"].map((f) => `/sitemaps/${f}.xml`),
  },
  {
    weight: 5,
    paths: [
      ...seeded.cities.slice(0, 3).map((c) => `/es/city/${c.slug}`),
      ...seeded.categories.slice(0, 3).map((c) => `/vi/category/${c.slug}`),
      "/vi/search?q=pizza",
      "/es/search?q=coffee",
    ],
  },
];

/** A fixed rotation of 2,000 paths, each kind as often as its weight (a seeded generator: the same every run). */
function rotation(): string[] {
  let seed = 2025;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const total = KINDS.reduce((t, k) => t + k.weight, 0);
  const next = KINDS.map(() => 0);
  return Array.from({ length: 2000 }, () => {
    let pick = random() * total;
    const kind = KINDS.findIndex((k) => (pick -= k.weight) < 0);
    const paths = KINDS[kind].paths;
    return paths[next[kind]++ % paths.length];
  });
}

const DELAY_MS = Math.round((CONNECTIONS * 1000) / RATE);

/** wrk's Lua: the rotation, the pause after each answer, statuses, and 5xx without the site's own headers. */
function luaScript(): string {
  const scriptFile = path.join(temp, "soak.lua");
  const lines = [
    `local paths = { ${rotation()
      .map((p) => JSON.stringify(p))
      .join(", ")} }`,
    "local threads = {}",
    "setup = function(thread) thread:set('id', #threads); table.insert(threads, thread) end",
    "statuses = {}",
    "bare = 0",
    "unmarked = 0",
    "init = function(args) n = id * 997 end",
    "request = function() n = n + 1; return wrk.format('GET', paths[(n % #paths) + 1]) end",
    `delay = function() return ${DELAY_MS} end`,
    "response = function(status, headers, body)",
    "  local key = tostring(status); statuses[key] = (statuses[key] or 0) + 1",
    // Every answer of the Worker carries X-Frame-Options (withSecurityHeaders), its error pages included.
    "  local marked = false",
    "  for name, _ in pairs(headers) do if string.lower(name) == 'x-frame-options' then marked = true end end",
    "  if not marked then unmarked = unmarked + 1; if status >= 500 then bare = bare + 1 end end",
    "end",
    "done = function(summary, latency, requests)",
    "  local all, b, u = {}, 0, 0",
    "  for _, t in ipairs(threads) do",
    "    for k, v in pairs(t:get('statuses')) do all[k] = (all[k] or 0) + v end",
    "    b = b + t:get('bare'); u = u + t:get('unmarked')",
    "  end",
    "  local parts = {}",
    "  for k, v in pairs(all) do table.insert(parts, string.format('\"%s\":%d', k, v)) end",
    "  local e = summary.errors",
    '  io.write(string.format(\'SOAK {"requests":%d,"us":%d,"errors":%d,"timeouts":%d,"p50":%d,"p99":%d,"bare":%d,"unmarked":%d,"statuses":{%s}}\\n\',',
    "    summary.requests, summary.duration, e.connect + e.read + e.write, e.timeout, latency:percentile(50), latency:percentile(99), b, u, table.concat(parts, ',')))",
    "end",
  ];
  fs.writeFileSync(scriptFile, lines.join("\n"));
  return scriptFile;
}

type Traffic = {
  requests: number;
  seconds: number;
  errors: number;
  timeouts: number;
  p50: number;
  p99: number;
  bare: number;
  unmarked: number;
  statuses: Record<string, number>;
};

function wrk(seconds: number, script: string): Promise<Traffic> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", ["-t2", `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "30s", "-s", script, `${origin}/`]);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("exit", () => {
      const line = /SOAK (\{.*\})/.exec(out)?.[1];
      if (!line) return reject(new Error(`wrk gave no figures:\n${out}`));
      const f = JSON.parse(line) as Omit<Traffic, "seconds"> & { us: number };
      resolve({ ...f, seconds: f.us / 1e6, p50: f.p50 / 1000, p99: f.p99 / 1000 });
    });
  });
}

// ── The operator: the admin API with a real session ─────────────────────────
type AdminHeaders = Record<string, string>;
const events: Array<{ at: number; what: string }> = [];
const note = (what: string) => {
  events.push({ at: Date.now(), what });
  log(what);
};
const failures: string[] = [];
let retried = 0;
/** The operator's calls the site answered 503 (D1 or R2 unavailable for a moment), sent again. */
let unavailable = 0;
let adminBare = 0;

async function call(headers: AdminHeaders, method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as AdminHeaders)["Content-Type"] = "application/json";
  }
  let response: Response;
  try {
    response = await fetch(`${origin}${url}`, init);
  } catch (error) {
    // A connection lost between wrangler's proxy and the Worker is answered as a failed fetch; the
    // proxy retries a GET itself, never a write. The operator sends the same call again, once.
    note(`${method} ${url}: ${String((error as Error).cause ?? error)}; sent again`);
    retried += 1;
    response = await fetch(`${origin}${url}`, init);
  }
  // D1 or R2 failing the call for a moment: the site answers 503 with Retry-After and has done
  // nothing of it (docs/deploying.md, "When D1 or R2 fails"). The operator sends it again, as one
  // would after the panel's message: after Retry-After (at most 5 s here), up to three times.
  for (let again = 0; again < 3 && response.status === 503 && response.headers.has("Retry-After"); again++) {
    note(`${method} ${url}: 503 (${(await response.text()).slice(0, 80)}); sent again`);
    unavailable += 1;
    await sleep(Math.min(Number(response.headers.get("Retry-After")) || 5, 5) * 1000);
    response = await fetch(`${origin}${url}`, init);
  }
  const text = await response.text();
  // The operator's calls are held to the same rule as the visitors': a 5xx carries the site's own headers.
  if (response.status >= 500 && !response.headers.has("X-Frame-Options")) {
    adminBare += 1;
    note(`${method} ${url} answered the runtime's bare ${response.status}: ${text.slice(0, 80).replace(/\s+/g, " ")}`);
  }
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, json };
}

/** An admin job's first answer followed to its end through its status URL; what it ends with is noted, a failure kept. */
async function followJob(headers: AdminHeaders, job: string, answer: { status: number; json: unknown }): Promise<void> {
  const body = answer.json as { statusUrl?: string; message: string };
  note(`${job} answered ${answer.status}`);
  if (body.statusUrl) {
    const end = await watch(headers, body.statusUrl, job);
    note(`${job} ${end.status}: ${end.message.slice(0, 120)}`);
    if (end.status !== "done") failures.push(`${job} ended ${end.status}: ${end.message}`);
  } else if (answer.status !== 200) failures.push(`${job} answered ${answer.status}: ${body.message}`);
}

/** A job's status call, every two seconds, until it is no longer running. */
async function watch(headers: AdminHeaders, statusUrl: string, job: string): Promise<{ status: string; message: string }> {
  for (;;) {
    await sleep(2000);
    const { status, json } = await call(headers, "GET", statusUrl);
    if (status !== 200) throw new Error(`${job} status answered ${status}: ${JSON.stringify(json).slice(0, 300)}`);
    const body = json as { status: string; message: string };
    if (body.status !== "running") return body;
  }
}

type Edit = { id: number; name: string; category: string; city: string; isVerified: boolean };

async function edit(headers: AdminHeaders, id: number, i: number): Promise<Edit | null> {
  const current = await call(headers, "GET", `/api/admin/businesses/${id}`);
  if (current.status !== 200) {
    failures.push(`edit ${i}: GET /api/admin/businesses/${id} answered ${current.status}`);
    return null;
  }
  const business = current.json as Business;
  const values: BusinessEditInput = { ...editValues(business), name: `${business.name.slice(0, 250)} (soak edit ${i})` };
  values.isVerified = !business.isVerified;
  if (i % 4 === 0) values.category = seeded.categoryNames.find((c) => c !== business.category) ?? business.category;
  if (i % 5 === 0) {
    const place = seeded.places.find((p) => p.city !== business.city) ?? seeded.places[0];
    Object.assign(values, { city: place.city, state: place.state, zipCode: place.zip_code, country: place.country });
  }
  const answer = await call(headers, "PATCH", `/api/admin/businesses/${id}`, values);
  if (answer.status !== 200) {
    failures.push(`edit ${i} of ${id} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
    return null;
  }
  return { id, name: values.name, category: values.category, city: values.city, isVerified: values.isVerified };
}

/** Every write visible: in the D1 file and through the public API (the edge cache included). */
async function lostWrites(edits: Edit[]): Promise<string[]> {
  const out: string[] = [];
  const db = openD1(state);
  try {
    const row = db.prepare("SELECT name, category, city, is_verified FROM businesses WHERE id = ?1");
    for (const e of edits) {
      const stored = row.get(e.id) as { name: string; category: string; city: string; is_verified: number } | undefined;
      const seen = { name: stored?.name, category: stored?.category, city: stored?.city, isVerified: Boolean(stored?.is_verified) };
      const wanted = { name: e.name, category: e.category, city: e.city, isVerified: e.isVerified };
      if (JSON.stringify(seen) !== JSON.stringify(wanted)) out.push(`edit of ${e.id} lost: D1 has ${JSON.stringify(seen)}`);
    }
    for (const id of seeded.deleted) if (row.get(id)) out.push(`deleted business ${id} is still in D1`);
    const count = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
    const imported = count("SELECT count(*) AS n FROM businesses WHERE place_id LIKE 'bench-place-%'");
    if (imported !== IMPORT_ROWS) out.push(`imported rows: ${imported} of ${IMPORT_ROWS}`);
    const total = count("SELECT count(*) AS n FROM businesses");
    const expected = BUSINESSES + IMPORT_ROWS - seeded.deleted.length;
    if (total !== expected) out.push(`businesses: ${total}, expected ${expected}`);
  } finally {
    db.close();
  }
  for (const e of edits) {
    const answer = await call({}, "GET", `/api/businesses/${e.id}`);
    const name = (answer.json as { name?: string }).name;
    if (answer.status !== 200 || name !== e.name) out.push(`edit of ${e.id} not public: ${answer.status} ${name}`);
  }
  for (const id of seeded.deleted) {
    const answer = await call({}, "GET", `/api/businesses/${id}`);
    // 410 Gone: the site remembers the deleted business's page.
    if (answer.status !== 410 && answer.status !== 404) out.push(`deleted business ${id} answers ${answer.status} on the public API`);
  }
  return out;
}

/** A part of the operator's work that threw: a failure of the run, the rest goes on. */
const failed =
  <T>(what: string, fallback: T) =>
  (error: unknown): T => {
    failures.push(`${what} failed: ${String(error)}`);
    return fallback;
  };

type Checks = { lost: string[]; before: string[]; after: string[]; deleteAllAt: number };

async function operator(runEnds: number): Promise<Checks> {
  const headers = await login(origin);
  const t0 = Date.now();
  const writesUntil = t0 + (runEnds - t0) * 0.6;
  // The import: uploaded, then watched through its status call.
  const importing = (async () => {
    if (!IMPORT_ROWS) return;
    const form = new FormData();
    form.set("excelFile", new Blob([fs.readFileSync(file)]), path.basename(file));
    note(`import of ${IMPORT_ROWS.toLocaleString("en-US")} rows: uploading`);
    const upload = await call(headers, "POST", "/api/admin/import", form);
    const answer = upload.json as { message: string; statusUrl?: string };
    // A small file is imported within the call (200); a large one runs as a Workflow (202).
    if (upload.status === 200) return note(`import done within the call: ${answer.message.slice(0, 120)}`);
    if (upload.status !== 202 || !answer.statusUrl) throw new Error(`import answered ${upload.status}: ${answer.message}`);
    note("import accepted (202), running as a Workflow");
    const end = await watch(headers, answer.statusUrl, "import");
    note(`import ${end.status}: ${end.message.slice(0, 120)}`);
    if (end.status !== "done") failures.push(`the import ended ${end.status}: ${end.message}`);
  })().catch(failed("the import", undefined));
  // The edits, evenly over the first 60 % of the run.
  const editing = (async () => {
    const done: Edit[] = [];
    for (const [i, id] of seeded.edited.entries()) {
      const due = t0 + ((writesUntil - t0) * i) / seeded.edited.length;
      if (due > Date.now()) await sleep(due - Date.now());
      const e = await edit(headers, id, i);
      if (e) done.push(e);
      if ((i + 1) % 25 === 0) note(`${i + 1} edits answered`);
    }
    return done;
  })().catch(failed("the edits", [] as Edit[]));
  // Businesses deleted one by one, in the middle of the edits.
  const deleting = (async () => {
    for (const [i, id] of seeded.deleted.entries()) {
      const due = t0 + ((writesUntil - t0) * (i + 0.5)) / seeded.deleted.length;
      if (due > Date.now()) await sleep(due - Date.now());
      const before = retried;
      const answer = await call(headers, "DELETE", `/api/admin/businesses/${id}`);
      // Sent again after a lost connection, a delete that went through the first time answers 404.
      if (answer.status !== 200 && !(answer.status === 404 && retried > before)) failures.push(`delete of ${id} answered ${answer.status}`);
    }
    note(`${seeded.deleted.length} businesses deleted one by one`);
  })().catch(failed("the deletes", undefined));
  await importing;
  // SEO generation for every business without its text, the import's included.
  await followJob(headers, "SEO generation", await call(headers, "POST", "/api/admin/generate-seo"));
  const edits = await editing;
  await deleting;
  // Every write answered: a second for the isolates' remembered data version, then the checks.
  await sleep(1500);
  const lost = await lostWrites(edits);
  const before = recount(state);
  note(`checked: ${lost.length} lost writes, ${before.length} summaries off their recount`);
  // The delete-all Workflow in the last minute of the run.
  const due = runEnds - 60_000;
  if (due > Date.now()) await sleep(due - Date.now());
  const deleteAllAt = Date.now();
  await followJob(headers, "delete all", await call(headers, "DELETE", "/api/admin/delete-all", { confirm: "DELETE" }));
  await sleep(1500);
  const after = recount(state);
  const db = openD1(state);
  const left = Number((db.prepare("SELECT count(*) AS n FROM businesses").get() as { n: number }).n);
  db.close();
  if (left !== 0) after.push(`${left} businesses left after delete all`);
  note(`after delete all: ${after.length} summaries off their recount`);
  return { lost, before, after, deleteAllAt };
}

// ── The run ─────────────────────────────────────────────────────────────────
const server = await serve();
const heap = await inspector();
const processes = server.workerd();
const script = luaScript();
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
/** The machine's load over 1, 5 and 15 minutes: the latencies below are this machine's. */
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
console.log(`\nload average before: ${loadAverage()}`);
log(
  `traffic: wrk -t2 -c${CONNECTIONS}, ${DELAY_MS} ms after each answer: at most ${RATE} requests/s, ${(RATE * 60).toLocaleString("en-US")} a minute`,
);
log(`warming up for ${WARM_UP_SECONDS} s…`);
await wrk(WARM_UP_SECONDS, script);
const warmHeap = await heap.usedHeapAfterGc();
log(`used heap after GC, after the warm-up: ${(warmHeap / MB).toFixed(1)} MB`);

type Minute = { minute: number; traffic: Traffic; heap: number; start: number; end: number };
const minutes: Minute[] = [];
const runEnds = Date.now() + MINUTES * 60_000;
let admin: Checks | null = null;
let adminError: unknown = null;
const adminDone = operator(runEnds).then(
  (c) => (admin = c),
  (e: unknown) => (adminError = e),
);
for (let minute = 1; minute <= MAX_MINUTES; minute++) {
  if (minute > MINUTES && (admin || adminError)) break;
  const start = Date.now();
  const traffic = await wrk(60, script);
  const used = await heap.usedHeapAfterGc();
  minutes.push({ minute, traffic, heap: used, start, end: Date.now() });
  if (server.workerd() !== processes) note(`workerd processes changed: ${processes} → ${server.workerd()}`);
  const s = traffic.statuses;
  log(
    `minute ${minute}: ${traffic.requests} requests, ${Object.entries(s)
      .map(([k, v]) => `${k}×${v}`)
      .join(" ")}, p50 ${traffic.p50.toFixed(0)} ms, p99 ${traffic.p99.toFixed(0)} ms, heap ${(used / MB).toFixed(1)} MB (load ${load()})`,
  );
}
await Promise.race([adminDone, sleep(1000)]);
heap.close();
await server.stop();
const loadAfter = loadAverage();

// ── Report ──────────────────────────────────────────────────────────────────
const byClass = (s: Record<string, number>, first: string) =>
  Object.entries(s)
    .filter(([k]) => k.startsWith(first))
    .sort()
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ") || "0";
const sum = (s: Record<string, number>, first: string) =>
  Object.entries(s)
    .filter(([k]) => k.startsWith(first))
    .reduce((t, [, v]) => t + v, 0);
const checks = admin as Checks | null;
const eventsOf = (m: Minute) =>
  events
    .filter((e) => e.at >= m.start && e.at < m.end)
    .map((e) => e.what.replace(/:.*$/, ""))
    .join("; ");

console.log(`\nload average after: ${loadAfter}`);
console.log(
  `\n${minutes.length} minutes of wrk -t2 -c${CONNECTIONS} (at most ${RATE} requests/s), ${BUSINESSES.toLocaleString("en-US")} seeded businesses, ${IMPORT_ROWS.toLocaleString("en-US")}-row import, ${EDITS} edits, ${DELETES} deletes, SEO generation, delete all; wrangler dev on the build; heap = the isolate's used heap after a full GC\n`,
);
console.log("| minute | requests | 2xx | 3xx | 4xx | 5xx | socket errors / timeouts | p50 ms | p99 ms | heap MB | operator |");
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
console.log(`| warm-up | | | | | | | | | ${(warmHeap / MB).toFixed(1)} | |`);
for (const m of minutes) {
  const t = m.traffic;
  console.log(
    `| ${m.minute} | ${t.requests} | ${sum(t.statuses, "2")} | ${byClass(t.statuses, "3")} | ${byClass(t.statuses, "4")} | ${byClass(t.statuses, "5")} | ${t.errors} / ${t.timeouts} | ${t.p50.toFixed(0)} | ${t.p99.toFixed(0)} | ${(m.heap / MB).toFixed(1)} | ${eventsOf(m)} |`,
  );
}
const total = minutes.reduce((t, m) => t + m.traffic.requests, 0);
const bare = minutes.reduce((t, m) => t + m.traffic.bare, 0);
const unmarked = minutes.reduce((t, m) => t + m.traffic.unmarked, 0);
const beforeDelete = minutes.filter((m) => !checks || m.end <= checks.deleteAllAt);
const non2xxBefore = beforeDelete.reduce((t, m) => t + m.traffic.requests - sum(m.traffic.statuses, "2"), 0);
const heaps = minutes.map((m) => m.heap);
const lastHeap = heaps.at(-1) ?? warmHeap;
const peakHeap = Math.max(warmHeap, ...heaps);
console.log(
  `\n${total.toLocaleString("en-US")} requests; ${retried} admin calls sent again after a lost connection, ${unavailable} after a 503 with Retry-After; ${unmarked} answers without the site's own headers; used heap after GC: warm-up ${(warmHeap / MB).toFixed(1)} MB, end ${(lastHeap / MB).toFixed(1)} MB, peak ${(peakHeap / MB).toFixed(1)} MB`,
);
if (adminError) failures.push(`the operator's work failed: ${String(adminError)}`);
else if (!checks) failures.push(`the operator's work did not finish within ${MAX_MINUTES} minutes`);
const lost = [...failures, ...(checks?.lost ?? [])];
const offRecount = [...(checks?.before ?? []), ...(checks?.after ?? [])];
const restarted = events.filter((e) => e.what.startsWith("workerd processes changed")).length;
const verdicts: Array<[string, boolean, string]> = [
  ["the same workerd processes throughout", restarted === 0, `workerd ${processes}, ${restarted} changes`],
  [
    "0 bare 500s",
    bare === 0 && unmarked === 0 && adminBare === 0,
    `${bare} visitors' 5xx without the site's headers (${unmarked} answers without them at all), ${adminBare} of the operator's calls`,
  ],
  ["0 lost writes", lost.length === 0, lost.length ? lost.slice(0, 10).join("; ") : "every edit, delete and imported row as written"],
  [
    "summaries equal a recount",
    !!checks && offRecount.length === 0,
    offRecount.length ? offRecount.slice(0, 10).join("; ") : "before and after the delete all",
  ],
  [
    `heap drift ≤ ${HEAP_DRIFT_MB} MB after warm-up`,
    lastHeap - warmHeap <= HEAP_DRIFT_MB * MB,
    `${((lastHeap - warmHeap) / MB).toFixed(1)} MB at the end (peak ${((peakHeap - warmHeap) / MB).toFixed(1)} MB over the warm-up)`,
  ],
  [`heap < ${HEAP_LIMIT_MB} MB`, peakHeap < HEAP_LIMIT_MB * MB, `peak ${(peakHeap / MB).toFixed(1)} MB`],
  ["only 2xx before the delete all", non2xxBefore === 0, `${non2xxBefore} other answers`],
];
console.log("");
for (const [name, ok, detail] of verdicts) console.log(`${ok ? "PASS" : "FAIL"}  ${name}: ${detail}`);
if (process.env.BENCH_KEEP) console.log(`\nkept: ${state}, ${server.logFile}`);
else {
  fs.rmSync(state, { recursive: true, force: true });
  fs.rmSync(temp, { recursive: true, force: true });
}
process.exit(verdicts.every(([, ok]) => ok) ? 0 : 1);
