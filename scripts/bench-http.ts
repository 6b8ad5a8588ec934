/**
 * npm run bench:http [-- --ref <commit>]… [--rounds N] [--seconds S] [--pages home,business,…] [--locale vi] [--floor] [--cpu-profile]
 *
 * The public pages against their own limit, a static file of the same bytes. For each
 * ref (default HEAD; give two to compare before and after in one interleaved run): its committed
 * tree exported to a temp folder (other engineers' uncommitted edits stay out), built there, a fresh
 * state migrated and seeded with 10,000 demo businesses, then served by `wrangler dev` on the build
 * output twice: with the edge cache on and with EDGE_CACHE=miss (the render path, what every miss
 * costs). `wrangler dev` rather than `vite preview`: workerd itself listens on the port, where
 * `vite preview` puts a Node HTTP server in front of workerd for every request (an extra hop on the
 * same two cores; docs/perf/http.md).
 *
 * Each page is measured with Debian's wrk (`wrk -t2 -c20`, its own Lua script for the figures) in
 * interleaved rounds: the page as a cache hit, the page rendered (EDGE_CACHE=miss), and a static asset
 * holding the page's own HTML, served by the same workerd. Per page and ref it prints the medians over
 * the rounds: req/s, p50 and p99 latency, and each round's req/s divided by that round's static
 * req/s. One more line per ref: a crawl of business pages never asked before (a cache miss that
 * renders and stores each), the long tail of business pages.
 *
 * A ref `A+B` is A's tree with the files of the render path (RENDER_PATH below) taken from B, to
 * compare only those files' work; it builds only while B's files still fit A's other modules (a
 * render path from before makeAppContext became async does not fit a later tree: compare whole
 * commits then).
 *
 * --locale L: each page also in locale L, under its prefix ("city@vi": /vi/city/…), measured in the
 * same rounds as the default locale's at the root (docs/i18n.md).
 *
 * --floor: also React Router's own floor, measured in the same rounds: a React Router app with nothing
 * else (scripts/bench-http-floor) whose one route renders each page's body as one string. Its
 * documents carry the pages' markup, but React builds none of their elements and no LocalAtlas code
 * runs: no LocalAtlas page can be rendered on this stack for less. Printed as req/s and the ratio to
 * a static file of the floor document's own bytes.
 *
 * --cpu-profile: after the rounds, the render server of the first ref is profiled through its
 * inspector while wrk asks one page (business unless --pages names one); the .cpuprofile goes to
 * $TMPDIR and the functions with the most self time are printed.
 *
 * --d1-rtt 0,25,80: instead of the rounds above, the pages with every D1 round trip delayed by each
 * given number of milliseconds (scripts/bench-http-rtt.ts; docs/perf/http.md, "Round trips under
 * network latency"): TTFB p50/p99 of hits and misses, each miss's round trips, the check
 * "miss p50 ≤ RTT × round trips + 30 ms", and the CPU time of a miss per page. One ref; --rounds
 * (default 1) and --seconds (default 3) per page and cell; --pages names some of its pages
 * ("search: dense word,search: near me").
 *
 * Env: BENCH_PORT (first port, 8840), BENCH_KEEP=1 keeps the temp folders.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureRtt } from "./bench-http-rtt";
import { groupKiller } from "./bench-server";
import { openInspector } from "./inspector";

const root = path.join(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const refs = args.flatMap((a, i) => (args[i - 1] === "--ref" ? [a] : []));
if (refs.length === 0) refs.push("HEAD");
const D1_RTTS = option("d1-rtt", "").split(",").filter(Boolean).map(Number);
const ROUNDS = Number(option("rounds", D1_RTTS.length ? "1" : "3"));
const SECONDS = Number(option("seconds", D1_RTTS.length ? "3" : "10"));
const CPU_PROFILE = args.includes("--cpu-profile");
const FLOOR = args.includes("--floor");
const BUSINESSES = 10_000;
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 8840);
const WRK = ["-t2", "-c20", "--timeout", "10s"];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** fetch, once more if a kept-alive socket was closed by the server meanwhile (undici does not retry it). */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

function sh(command: string, cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, {
    shell: true,
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} failed in ${cwd}:\n${result.stderr}\n${result.stdout}`);
  return result.stdout;
}

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk is missing: install Debian's wrk (apt-get install -y wrk) and run again.");
  process.exit(1);
}

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "localatlas-bench-http-"));
const env = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", PATH: `${root}/node_modules/.bin:${process.env.PATH}` };

type Tree = { ref: string; commit: string; dir: string; state: string };

/** The render path's files: the Worker entry and the server modules between React Router and the visitor. */
const RENDER_PATH = [
  "workers/app.ts",
  "app/entry.server.tsx",
  "app/root.tsx",
  "app/server/platform/edge-cache.server.ts",
  "app/server/platform/deferred-hydration.server.ts",
  "app/server/platform/security-headers.server.ts",
];

/** The ref's committed files in a folder of their own, built, with a migrated and seeded state. */
function prepare(ref: string, index: number): Tree {
  const [base, renderFrom] = ref.split("+");
  const short = (r: string) => sh(`git rev-parse --short ${r}`, root).trim();
  const commit = renderFrom ? `${short(base)}+${short(renderFrom)}` : short(base);
  const dir = path.join(temp, `tree-${index}-${commit}`);
  fs.mkdirSync(dir);
  sh(`git archive ${short(base)} | tar -x -C ${dir}`, root);
  for (const file of renderFrom ? RENDER_PATH : []) {
    const old = spawnSync("git", ["show", `${short(renderFrom)}:${file}`], { cwd: root, encoding: "utf8" });
    if (old.status === 0) fs.writeFileSync(path.join(dir, file), old.stdout);
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  console.log(`${ref} (${commit}): building, migrating, seeding ${BUSINESSES.toLocaleString("en-US")} businesses…`);
  sh("npx react-router build", dir, env);
  const state = path.join(temp, `state-${index}`);
  sh(`npx wrangler d1 migrations apply DB --local --persist-to ${state}`, dir, env);
  sh(`npx tsx scripts/seed/run.ts --count ${BUSINESSES}`, dir, { ...env, LOCALATLAS_STATE: state });
  // Each of the ref's two servers gets its own copy: two workerd processes on one SQLite file answer
  // an occasional 500 (SQLITE_BUSY on the data version read; 1–8 non-2xx per run when they shared one).
  fs.cpSync(state, `${state}-render`, { recursive: true });
  return { ref, commit, dir, state };
}

type Server = { origin: string; label: string; pid: number; stop: () => Promise<void>; inspector?: number };

let nextPort = FIRST_PORT;

/** `wrangler dev` on the tree's build: workerd listening on the port itself. */
async function serve(
  tree: Tree,
  cache: "on" | "off",
  inspector?: number,
  ready = "/api/statistics",
  { port = nextPort++, vars = {} }: { port?: number; vars?: Record<string, string> } = {},
): Promise<Server> {
  const origin = `http://127.0.0.1:${port}`;
  const argv = ["wrangler", "dev", "-c", "build/server/wrangler.json", "--ip", "127.0.0.1", "--port", String(port)];
  if (tree.state) argv.push("--persist-to", cache === "off" ? `${tree.state}-render` : tree.state);
  argv.push("--log-level", "error", "--show-interactive-dev-session=false", "--live-reload=false");
  // EDGE_CACHE=miss: each request rendered as a production miss is (the data version remembered as
  // on a miss, so the footer is not read again), nothing looked up or stored. EDGE_CACHE=off would
  // also drop those memos: what the test suite wants, not what a visitor's miss costs.
  // A tree from before EDGE_CACHE=miss existed would read "miss" as "on": it gets "off".
  const knowsMiss = fs.readFileSync(path.join(tree.dir, "workers/app.ts"), "utf8").includes('"miss"');
  if (cache === "off") argv.push("--var", `EDGE_CACHE:${knowsMiss ? "miss" : "off"}`);
  for (const [name, value] of Object.entries(vars)) argv.push("--var", `${name}:${value}`);
  argv.push("--inspector-port", String(inspector ?? port + 1000));
  const child: ChildProcess = spawn("npx", argv, { cwd: tree.dir, env: { ...process.env, ...env }, stdio: "ignore", detached: true });
  const kill = groupKiller(child);
  for (let tries = 0; ; tries++) {
    if ((await get(`${origin}${ready}`).catch(() => null))?.ok) break;
    if (tries > 120 || child.exitCode !== null) throw new Error(`wrangler dev on ${tree.dir} did not start`);
    await sleep(500);
  }
  return {
    origin,
    label: `${tree.commit} cache ${cache}`,
    pid: child.pid as number,
    inspector,
    stop: async () => {
      kill("SIGTERM");
      await sleep(1000);
      kill("SIGKILL");
    },
  };
}

/** The Lua script: figures as one JSON line; a crawl asks /business/<id> for ids never asked before. */
function luaScript(crawl?: { from: number; to: number }): string {
  const file = path.join(temp, crawl ? `crawl-${crawl.from}.lua` : "plain.lua");
  const lines = [
    "local threads = {}",
    "local counter = 0",
    "setup = function(thread) thread:set('id', #threads); table.insert(threads, thread) end",
    "hits = 0",
    "response = function(status, headers, body) if headers['X-Edge-Cache'] == 'HIT' or headers['x-edge-cache'] == 'HIT' then hits = hits + 1 end end",
  ];
  if (crawl) {
    lines.push(
      "init = function(args) n = 0 end",
      `request = function() n = n + 1; local i = ${crawl.from} + ((n * 2 + id) % ${crawl.to - crawl.from}); return wrk.format('GET', '/business/' .. i) end`,
    );
  }
  lines.push(
    "done = function(summary, latency, requests)",
    "  local h = 0; for _, t in ipairs(threads) do h = h + (t:get('hits') or 0) end",
    "  local e = summary.errors",
    '  io.write(string.format(\'BENCH {"requests":%d,"us":%d,"errors":%d,"non2xx":%d,"p50":%d,"p99":%d,"hits":%d}\\n\',',
    "    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status, latency:percentile(50), latency:percentile(99), h))",
    "end",
  );
  fs.writeFileSync(file, lines.join("\n"));
  return file;
}

type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number; hits: number; requests: number };

function wrk(url: string, seconds: number, script: string): Figures {
  const out = spawnSync("wrk", [...WRK, `-d${seconds}s`, "-s", script, url], { encoding: "utf8" }).stdout;
  const line = /BENCH (\{.*\})/.exec(out)?.[1];
  if (!line) throw new Error(`wrk gave no figures for ${url}:\n${out}`);
  const f = JSON.parse(line) as { requests: number; us: number; errors: number; non2xx: number; p50: number; p99: number; hits: number };
  return {
    rps: f.requests / (f.us / 1e6),
    p50: f.p50 / 1000,
    p99: f.p99 / 1000,
    errors: f.errors,
    non2xx: f.non2xx,
    hits: f.hits,
    requests: f.requests,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// ── Setup ───────────────────────────────────────────────────────────────────
const trees = refs.map(prepare);
if (D1_RTTS.length) {
  await measureRtt({
    serve: (cache, { port, inspector }, vars) => serve(trees[0], cache, inspector, "/api/statistics", { port, vars }),
    firstPort: FIRST_PORT,
    rtts: D1_RTTS,
    rounds: ROUNDS,
    seconds: SECONDS,
    businesses: BUSINESSES,
    commit: trees[0].commit,
    only: option("pages", "").split(",").filter(Boolean),
  });
  if (!process.env.BENCH_KEEP) fs.rmSync(temp, { recursive: true, force: true });
  process.exit(0);
}
let servers = await Promise.all(trees.map(async (tree) => ({ tree, on: await serve(tree, "on"), off: await serve(tree, "off") })));

const first = servers[0].on.origin;
const someBusiness = (
  (await (await get(`${first}/api/businesses?limit=1&offset=${BUSINESSES / 2}`)).json()) as { businesses: Array<{ id: number }> }
).businesses[0];
const cityName = ((await (await get(`${first}/api/cities/popular?limit=1`)).json()) as Array<{ name: string }>)[0].name;
const ROOT_PAGES: Record<string, string> = {
  home: "/",
  business: `/business/${someBusiness.id}`,
  category: "/category/restaurants",
  city: `/city/${encodeURIComponent(cityName)}`,
  search: `/search?q=restaurant&location=${encodeURIComponent(cityName)}`,
  businesses: "/businesses",
};
// --locale vi: each page again in that locale ("city@vi" → /vi/city/…), measured in the same rounds.
const locale = option("locale", "");
const ALL_PAGES: Record<string, string> = {
  ...ROOT_PAGES,
  ...(locale
    ? Object.fromEntries(
        Object.entries(ROOT_PAGES).map(([name, path]) => [`${name}@${locale}`, path === "/" ? `/${locale}` : `/${locale}${path}`]),
      )
    : {}),
};
const wanted = option("pages", Object.keys(ALL_PAGES).join(",")).split(",");
const pages = Object.entries(ALL_PAGES).filter(([name]) => wanted.includes(name));

// The static twin of each page: its own HTML as an asset, so the bytes on the wire are the same.
const staticPath = (name: string) => `/__bench/${name}`;
const sizes: Record<string, number> = {};
/** Each page's HTML as the first ref renders it (its static twin, and the floor's bodies). */
const htmls: Record<string, string> = {};
for (const [name, page] of pages) {
  const html = (htmls[name] = await (await get(`${servers[0].off.origin}${page}`)).text());
  sizes[name] = Buffer.byteLength(html);
  for (const tree of trees) {
    fs.mkdirSync(path.join(tree.dir, "build/client/__bench"), { recursive: true });
    fs.writeFileSync(path.join(tree.dir, `build/client/__bench/${name}.html`), html);
  }
}
/** Each ref's own bytes of each page (the static twin is the first ref's). */
const refSizes = new Map<string, number>();
// No page may grow: each ref's bytes of each page (times of day aside, the same data gives the same page).
for (const [name, page] of pages) {
  const bytes = await Promise.all(servers.map(async (s) => Buffer.byteLength(await (await get(`${s.off.origin}${page}`)).text())));
  bytes.forEach((b, i) => refSizes.set(`${trees[i].commit} ${name}`, b));
  console.log(`  ${name}: ${bytes.map((b, i) => `${trees[i].commit} ${b.toLocaleString("en-US")} B`).join(", ")}`);
}
// Assets are read when the server starts.
await Promise.all(servers.flatMap((s) => [s.on.stop(), s.off.stop()]));
servers = await Promise.all(trees.map(async (tree) => ({ tree, on: await serve(tree, "on"), off: await serve(tree, "off") })));
// The asset server answers `/x.html` with a 307 to `/x` (html_handling): the twin is asked as `/x`,
// and checked to be the page's bytes with a 200 (asked as `/x.html`, the bench would time that redirect instead).
for (const [name] of pages) {
  const twin = await get(`${servers[0].on.origin}${staticPath(name)}`);
  const bytes = Buffer.byteLength(await twin.text());
  if (twin.status !== 200 || bytes !== sizes[name])
    throw new Error(`static twin of ${name}: ${twin.status}, ${bytes} B (page: ${sizes[name]} B)`);
}

// React Router's floor (--floor): its own app, built once, each page's body in its documents.
let floor: Server | undefined;
if (FLOOR) {
  const dir = path.join(temp, "floor");
  fs.cpSync(path.join(root, "scripts/bench-http-floor"), dir, { recursive: true });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  const bodies = Object.fromEntries(pages.map(([name]) => [name, /<body[^>]*>([\s\S]*)<\/body>/.exec(htmls[name])?.[1] ?? ""]));
  fs.writeFileSync(path.join(dir, "app/pages.json"), JSON.stringify(bodies));
  console.log("React Router's floor: building…");
  sh("npx react-router build", dir, env);
  const tree: Tree = { ref: "floor", commit: "floor", dir, state: "" };
  floor = await serve(tree, "on", undefined, `/${pages[0][0]}`);
  fs.mkdirSync(path.join(dir, "build/client/__bench"), { recursive: true });
  for (const [name] of pages) {
    const html = await (await get(`${floor.origin}/${name}`)).text();
    sizes[`floor ${name}`] = Buffer.byteLength(html);
    fs.writeFileSync(path.join(dir, `build/client/__bench/${name}.html`), html);
  }
  await floor.stop();
  floor = await serve(tree, "on", undefined, `/${pages[0][0]}`);
  for (const [name] of pages) {
    const twin = await get(`${floor.origin}${staticPath(name)}`);
    if (twin.status !== 200 || Buffer.byteLength(await twin.text()) !== sizes[`floor ${name}`])
      throw new Error(`floor's static twin of ${name}: ${twin.status}`);
  }
}

const plain = luaScript();
console.log(`\nwarming up (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})…`);
for (const s of servers) for (const [, page] of pages) for (const server of [s.on, s.off]) wrk(`${server.origin}${page}`, 2, plain);
if (floor) for (const [name] of pages) wrk(`${floor.origin}/${name}`, 2, plain);
for (const s of servers) {
  const probe = await get(`${s.on.origin}${pages[0][1]}`);
  await probe.arrayBuffer();
  console.log(`  ${s.on.label}: ${pages[0][1]} answers X-Edge-Cache ${probe.headers.get("X-Edge-Cache")}`);
}

// ── Rounds ──────────────────────────────────────────────────────────────────
type Row = { hit: Figures[]; render: Figures[]; hitRatio: number[]; renderRatio: number[] };
const rows = new Map<string, Row>();
const statics = new Map<string, Figures[]>();
const crawls = new Map<string, { f: Figures[]; ratio: number[] }>();
const floors = new Map<string, { f: Figures[]; stat: Figures[]; ratio: number[] }>();
let crawlFrom = 1;
for (let round = 1; round <= ROUNDS; round++) {
  console.log(`round ${round}/${ROUNDS} (load ${os.loadavg()[0].toFixed(1)})`);
  for (const [name, page] of pages) {
    const stat = wrk(`${servers[0].on.origin}${staticPath(name)}`, SECONDS, plain);
    if (stat.non2xx > 0) throw new Error(`the static twin ${staticPath(name)} answered ${stat.non2xx} non-2xx responses`);
    statics.set(name, [...(statics.get(name) ?? []), stat]);
    for (const s of servers) {
      const key = `${name} ${s.tree.commit}`;
      const row = rows.get(key) ?? { hit: [], render: [], hitRatio: [], renderRatio: [] };
      const hit = wrk(`${s.on.origin}${page}`, SECONDS, plain);
      const render = wrk(`${s.off.origin}${page}`, SECONDS, plain);
      row.hit.push(hit);
      row.render.push(render);
      row.hitRatio.push(hit.rps / stat.rps);
      row.renderRatio.push(render.rps / stat.rps);
      rows.set(key, row);
      if (hit.non2xx || render.non2xx || hit.errors || render.errors)
        console.log(`  ${key}: non-2xx ${hit.non2xx + render.non2xx}, errors ${hit.errors + render.errors}`);
    }
  }
  for (const [name] of floor ? pages : []) {
    const f = wrk(`${floor!.origin}/${name}`, SECONDS, plain);
    const stat = wrk(`${floor!.origin}${staticPath(name)}`, SECONDS, plain);
    const row = floors.get(name) ?? { f: [], stat: [], ratio: [] };
    row.f.push(f);
    row.stat.push(stat);
    row.ratio.push(f.rps / stat.rps);
    floors.set(name, row);
  }
  // The long tail: business pages nobody asked for yet, each a miss that renders and stores.
  const stat = statics.get("business")?.at(-1) ?? wrk(`${servers[0].on.origin}${staticPath(pages[0][0])}`, SECONDS, plain);
  const span = Math.floor((BUSINESSES - 10) / ROUNDS);
  const crawl = luaScript({ from: crawlFrom, to: crawlFrom + span });
  crawlFrom += span;
  for (const s of servers) {
    const f = wrk(`${s.on.origin}/`, SECONDS, crawl);
    const c = crawls.get(s.tree.commit) ?? { f: [], ratio: [] };
    c.f.push(f);
    c.ratio.push(f.rps / stat.rps);
    crawls.set(s.tree.commit, c);
  }
}

// ── Report ──────────────────────────────────────────────────────────────────
const n0 = (x: number) => x.toFixed(0);
const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));
const r2 = (x: number) => x.toFixed(2);
console.log(
  `\n${ROUNDS} interleaved rounds of ${SECONDS} s, wrk ${WRK.join(" ")}, ${BUSINESSES.toLocaleString("en-US")} businesses, wrangler dev on the build`,
);
console.log("medians over the rounds; ratio = the round's req/s / the same round's static req/s of the page's own bytes\n");
console.log(
  "| page | ref | KB | hit req/s | hit p50 / p99 ms | hit / static | render req/s | render p50 / p99 ms | render / static | static req/s |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const [name] of pages) {
  const stat = statics.get(name) ?? [];
  for (const tree of trees) {
    const row = rows.get(`${name} ${tree.commit}`);
    if (!row) continue;
    const hitShare = row.hit.reduce((t, f) => t + f.hits, 0) / row.hit.reduce((t, f) => t + f.requests, 0);
    console.log(
      `| ${name} | ${tree.commit} | ${((refSizes.get(`${tree.commit} ${name}`) ?? sizes[name]) / 1024).toFixed(0)} | ${n0(median(row.hit.map((f) => f.rps)))}${hitShare < 0.99 ? ` (${(hitShare * 100).toFixed(0)} % hits)` : ""} | ${ms(median(row.hit.map((f) => f.p50)))} / ${ms(median(row.hit.map((f) => f.p99)))} | ${r2(median(row.hitRatio))} | ${n0(median(row.render.map((f) => f.rps)))} | ${ms(median(row.render.map((f) => f.p50)))} / ${ms(median(row.render.map((f) => f.p99)))} | ${r2(median(row.renderRatio))} | ${n0(median(stat.map((f) => f.rps)))} |`,
    );
  }
}
console.log("\n| crawl: business pages never asked before (miss + store) | req/s | p50 / p99 ms | / static (business) | cache hits |");
console.log("|---|---|---|---|---|");
for (const tree of trees) {
  const c = crawls.get(tree.commit);
  if (!c) continue;
  const hits = c.f.reduce((t, f) => t + f.hits, 0);
  const total = c.f.reduce((t, f) => t + f.requests, 0);
  console.log(
    `| ${tree.commit} | ${n0(median(c.f.map((f) => f.rps)))} | ${ms(median(c.f.map((f) => f.p50)))} / ${ms(median(c.f.map((f) => f.p99)))} | ${r2(median(c.ratio))} | ${hits} of ${total} |`,
  );
}
if (floor) {
  console.log(
    "\n| React Router's floor: the page's body as one string, nothing else | KB | req/s | p50 / p99 ms | floor / static | static req/s |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const [name] of pages) {
    const row = floors.get(name)!;
    console.log(
      `| ${name} | ${(sizes[`floor ${name}`] / 1024).toFixed(0)} | ${n0(median(row.f.map((f) => f.rps)))} | ${ms(median(row.f.map((f) => f.p50)))} / ${ms(median(row.f.map((f) => f.p99)))} | ${r2(median(row.ratio))} | ${n0(median(row.stat.map((f) => f.rps)))} |`,
    );
  }
  await floor.stop();
}

// ── CPU profile of the render path ──────────────────────────────────────────
if (CPU_PROFILE) {
  const [name, page] = pages.find(([n]) => n === "business") ?? pages[0];
  const tree = servers[0].tree;
  await servers[0].off.stop();
  const inspectorPort = nextPort + 2000;
  const server = await serve(tree, "off", inspectorPort);
  for (let i = 0; i < 20; i++) await (await get(`${server.origin}${page}`)).arrayBuffer();
  const { send, close } = await openInspector(inspectorPort);
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 200 });
  await send("Profiler.start");
  const figures = wrk(`${server.origin}${page}`, SECONDS, plain);
  const { profile } = (await send("Profiler.stop")) as { profile: CpuProfile };
  close();
  await server.stop();
  const file = path.join(os.tmpdir(), `bench-http-${name}-${tree.commit}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  console.log(`\nCPU profile of ${page} rendered (EDGE_CACHE=miss, ${tree.commit}, ${n0(figures.rps)} req/s under the profiler): ${file}`);
  printProfile(profile);
}

type CpuProfile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
};

/** Self time by function, and inclusive time of a few named stages. */
function printProfile(profile: CpuProfile) {
  const self = new Map<number, number>();
  profile.samples.forEach((node, i) => self.set(node, (self.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const f = node.callFrame;
    const where = f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : "";
    const key = `${f.functionName || "(anonymous)"} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  console.log("self time, top 25:");
  for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${fn}`);
  // Inclusive time of the stages a miss goes through.
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
  const stages = [
    "renderToReadableStream",
    "renderToPipeableStream",
    "deferHydration",
    "withScriptHashes",
    "inlineScriptHashes",
    "loader",
    "withEdgeCache",
    "performWork",
  ];
  const inclusive = new Map<string, number>();
  for (const [nodeId, us] of self) {
    const seen = new Set<string>();
    for (let n: number | undefined = nodeId; n !== undefined; n = parent.get(n)) {
      const fn = nodeById.get(n)?.callFrame.functionName ?? "";
      if (stages.includes(fn) && !seen.has(fn)) {
        seen.add(fn);
        inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
      }
    }
  }
  console.log("inclusive time of named stages:");
  for (const stage of stages)
    if (inclusive.has(stage)) console.log(`  ${((inclusive.get(stage)! / total) * 100).toFixed(1).padStart(5)} %  ${stage}`);
}

await Promise.all(servers.flatMap((s) => [s.on.stop(), s.off.stop()]));
if (!process.env.BENCH_KEEP) fs.rmSync(temp, { recursive: true, force: true });
process.exit(0);
