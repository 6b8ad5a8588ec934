/**
 * npm run deploy:check [-- --no-build] [--state <dir>]
 *
 * What a deploy would send to Cloudflare, checked on this machine with no account and no network
 * (docs/deploying.md, "Which plan"): the Worker is built, `wrangler deploy --dry-run` bundles it as a
 * deploy does and stops before uploading, and the script prints
 * - the Worker's size, gzip-compressed, against the Free (3 MB) and Paid (10 MB) plans' limits;
 * - its startup time, from `wrangler check startup` (a CPU profile of the startup, run locally);
 * - every binding of the deployed configuration (D1, R2, Workflows, e-mail, rate limits, assets, vars);
 * - the plan the configuration needs, with the reasons: the Workflows' steps, D1's database size, the
 *   CPU time of a request (measured by `npm run bench:http -- --d1-rtt`), D1 queries per invocation.
 * It exits non-zero when the dry run fails, or when the compressed size is over the limit of the plan
 * it says is needed.
 *
 * --state <dir>: also measure the D1 database file of a local state (a seeded directory's
 * `.wrangler/state`-like folder) and judge the plan by it.
 * --no-build: check the build already in build/.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const root = path.join(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

const MB = 1000 * 1000;
const MiB = 1024 * 1024;
/** Cloudflare's plan limits (docs/deploying.md, "Which plan", cites the pages). */
const LIMITS = {
  free: { name: "Workers Free", workerGzip: 3 * MiB, cpuMs: 10, d1Bytes: 500 * MB, d1Queries: 50, stepCpuMs: 10 },
  paid: { name: "Workers Paid", workerGzip: 10 * MiB, cpuMs: 30_000, d1Bytes: 10_000 * MB, d1Queries: 1_000, stepCpuMs: 30_000 },
};
const STARTUP_LIMIT_MS = 1_000;
const UNCOMPRESSED_LIMIT = 64 * MiB;

/**
 * Measured figures the plan depends on, each with where it was measured (update them with the doc).
 * CPU: workerd's CPU time of one page miss (docs/perf/http.md, "CPU per miss"; `npm run bench:http --
 * --d1-rtt` prints it per page, "Round trips under network latency"). D1: the local database file
 * of the seeded directory at the current schema (docs/deploying.md, "Which plan").
 */
const MEASURED = {
  pageCpuMs: {
    page: "a search with a dense word",
    ms: 17,
    source: "V8 profile of a miss on a quiet machine, npm run bench:http -- --d1-rtt, docs/perf/http.md",
  },
  loginCpuMs: { ms: 95, source: "PBKDF2 at 100,000 iterations, docs/decisions/0006-admin-sessions.md" },
  importStepWallMs: { ms: 8_834, source: "docs/perf/jobs.md" },
  importStepQueries: {
    n: 5 * 62,
    source: "~62 statements per 5,000-row batch (66 for the whole import in docs/speed-and-scale.md), 5 batches a step",
  },
  d1Bytes: [
    { businesses: 100_000, bytes: 258_187_264 },
    { businesses: 1_000_000, bytes: 2_504_974_336 + 258_966_752 },
  ],
};

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "1" };

function run(command: string, argv: string[]): { ok: boolean; out: string } {
  const result = spawnSync(command, argv, { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return { ok: result.status === 0, out: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

const mb = (bytes: number) => `${(bytes / MiB).toFixed(2)} MiB`;
const gb = (bytes: number) => (bytes >= 1000 * MB ? `${(bytes / (1000 * MB)).toFixed(2)} GB` : `${(bytes / MB).toFixed(0)} MB`);
let failed = false;
const fail = (message: string) => {
  failed = true;
  console.log(`FAIL  ${message}`);
};

// ── Build and dry run ───────────────────────────────────────────────────────
if (!args.includes("--no-build")) {
  console.log("building…");
  const build = run("npx", ["react-router", "build"]);
  if (!build.ok) {
    console.log(build.out);
    fail("the build failed");
    process.exit(1);
  }
}
const config = path.join(root, "build/server/wrangler.json");
const outdir = fs.mkdtempSync(path.join(os.tmpdir(), "localatlas-deploy-check-"));
const dryRun = run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir, "-c", config]);
if (!dryRun.ok) {
  console.log(dryRun.out);
  fail("wrangler deploy --dry-run failed");
  process.exit(1);
}

// ── Size ────────────────────────────────────────────────────────────────────
// Wrangler's own line ("Total Upload: 3540.48 KiB / gzip: 842.84 KiB"), checked against the bundle it wrote.
const upload = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(dryRun.out);
const modules = fs.readdirSync(outdir, { recursive: true, encoding: "utf8" }).filter((f) => /\.(m?js|wasm)$/.test(f));
const raw = modules.reduce((sum, f) => sum + fs.statSync(path.join(outdir, f)).size, 0);
const ownGzip = modules.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(outdir, f))).length, 0);
const gzip = upload ? Number(upload[2]) * 1024 : ownGzip;
console.log("\nWorker size (wrangler deploy --dry-run)");
console.log(`  modules: ${modules.join(", ")}`);
console.log(
  `  uncompressed ${mb(upload ? Number(upload[1]) * 1024 : raw)}, gzip ${mb(gzip)} (wrangler's figure; gzip of the bundle here: ${mb(ownGzip)})`,
);
console.log(
  `  Free  ${mb(LIMITS.free.workerGzip)} compressed: ${gzip <= LIMITS.free.workerGzip ? "fits" : "OVER"} (${((gzip / LIMITS.free.workerGzip) * 100).toFixed(0)} %)`,
);
console.log(
  `  Paid ${mb(LIMITS.paid.workerGzip)} compressed: ${gzip <= LIMITS.paid.workerGzip ? "fits" : "OVER"} (${((gzip / LIMITS.paid.workerGzip) * 100).toFixed(0)} %)`,
);
console.log(`  64 MiB uncompressed (the newer form of the limit, both plans): ${raw <= UNCOMPRESSED_LIMIT ? "fits" : "OVER"}`);

// ── Startup ─────────────────────────────────────────────────────────────────
console.log("\nStartup (wrangler check startup: the Worker's startup profiled locally)");
const bundle = path.join(outdir, "worker.bundle");
const bundled = run("npx", ["wrangler", "deploy", "--dry-run", "--outfile", bundle, "-c", config]);
const startup = bundled.ok
  ? run("npx", ["wrangler", "check", "startup", "--worker", bundle, "-c", config, "--outfile", path.join(outdir, "startup.cpuprofile")])
  : bundled;
const active = /Active: ([\d.]+) ms/.exec(startup.out);
if (active) {
  const ms = Number(active[1]);
  const gc = /including ([\d.]+) ms garbage collection/.exec(startup.out)?.[1];
  console.log(`  ${ms} ms of CPU${gc ? ` (${gc} ms of it garbage collection)` : ""}; the limit is ${STARTUP_LIMIT_MS} ms on both plans`);
  console.log(
    `  ${ms <= STARTUP_LIMIT_MS ? "fits" : "OVER on this machine"}: measured on this machine's CPU (load ${os.loadavg()[0].toFixed(1)}), not Cloudflare's`,
  );
} else {
  console.log(`  not measured: \`wrangler check startup\` gave no figure\n${startup.out.split("\n").slice(-8).join("\n")}`);
}

// ── Bindings ────────────────────────────────────────────────────────────────
type Deployed = {
  name: string;
  main: string;
  compatibility_date: string;
  compatibility_flags?: string[];
  assets?: { directory?: string; binding?: string };
  vars?: Record<string, string>;
  d1_databases?: Array<{ binding: string; database_name: string; database_id: string }>;
  r2_buckets?: Array<{ binding: string; bucket_name: string }>;
  workflows?: Array<{ binding: string; name: string; class_name: string }>;
  send_email?: Array<{ name: string }>;
  ratelimits?: Array<{ name: string; simple: { limit: number; period: number } }>;
  kv_namespaces?: Array<{ binding: string }>;
  queues?: { producers?: Array<{ binding: string }> };
  durable_objects?: { bindings?: Array<{ name: string }> };
  services?: Array<{ binding: string }>;
  limits?: { cpu_ms?: number };
  observability?: { enabled?: boolean };
};
const deployed = JSON.parse(fs.readFileSync(config, "utf8")) as Deployed;
console.log(
  `\nBindings of ${deployed.name} (compatibility ${deployed.compatibility_date}, ${(deployed.compatibility_flags ?? []).join(", ")})`,
);
for (const d of deployed.d1_databases ?? []) console.log(`  D1        ${d.binding} → ${d.database_name} (${d.database_id})`);
for (const r of deployed.r2_buckets ?? []) console.log(`  R2        ${r.binding} → ${r.bucket_name}`);
for (const w of deployed.workflows ?? []) console.log(`  Workflow  ${w.binding} → ${w.name} (${w.class_name})`);
for (const e of deployed.send_email ?? []) console.log(`  E-mail    ${e.name}`);
for (const r of deployed.ratelimits ?? []) console.log(`  Rate limit ${r.name}: ${r.simple.limit} per ${r.simple.period} s`);
for (const k of deployed.kv_namespaces ?? []) console.log(`  KV        ${k.binding}`);
for (const q of deployed.queues?.producers ?? []) console.log(`  Queue     ${q.binding}`);
for (const o of deployed.durable_objects?.bindings ?? []) console.log(`  Durable Object ${o.name}`);
for (const s of deployed.services ?? []) console.log(`  Service   ${s.binding}`);
if (deployed.assets)
  console.log(
    `  Assets    ${deployed.assets.directory}${deployed.assets.binding ? ` (binding ${deployed.assets.binding})` : " (served before the Worker, no binding)"}`,
  );
const vars = Object.keys(deployed.vars ?? {});
console.log(`  Vars (${vars.length}): ${vars.join(", ")}`);
console.log(`  Limits    ${deployed.limits?.cpu_ms ? `cpu_ms = ${deployed.limits.cpu_ms}` : "none (the plan's default CPU time)"}`);
console.log(`  Observability ${deployed.observability?.enabled ? "on" : "off"}`);
if (vars.some((v) => v.startsWith("BENCH_"))) fail("a bench-only setting (BENCH_*) is in the deployed vars");

// ── Plan ────────────────────────────────────────────────────────────────────
type Need = { what: string; free: boolean; why: string };
const needs: Need[] = [];
const stateDir = option("state");
const d1Files = stateDir
  ? fs
      .readdirSync(stateDir, { recursive: true, encoding: "utf8" })
      .filter((f) => /miniflare-D1DatabaseObject\/[0-9a-f]+\.sqlite(-wal)?$/.test(f))
      .map((f) => fs.statSync(path.join(stateDir, f)).size)
  : [];
if (stateDir) {
  const bytes = d1Files.reduce((a, b) => a + b, 0);
  needs.push({
    what: "D1 database size (this state)",
    free: bytes <= LIMITS.free.d1Bytes,
    why: `${gb(bytes)} in ${stateDir}; Free holds ${gb(LIMITS.free.d1Bytes)} a database, Paid ${gb(LIMITS.paid.d1Bytes)}`,
  });
}
for (const { businesses, bytes } of MEASURED.d1Bytes) {
  needs.push({
    what: `D1 database size at ${businesses.toLocaleString("en-US")} businesses`,
    free: bytes <= LIMITS.free.d1Bytes,
    why: `${gb(bytes)} measured; Free holds ${gb(LIMITS.free.d1Bytes)} a database, Paid ${gb(LIMITS.paid.d1Bytes)}`,
  });
}
needs.push({
  what: `Workflows (${(deployed.workflows ?? []).length})`,
  free: MEASURED.importStepWallMs.ms <= LIMITS.free.stepCpuMs,
  why: `an import step reads, checks and writes 25,000 rows (up to ${MEASURED.importStepWallMs.ms.toLocaleString("en-US")} ms of wall time locally; ${MEASURED.importStepWallMs.source}): Free gives a step ${LIMITS.free.stepCpuMs} ms of CPU, 0.4 µs a row; Paid ${LIMITS.paid.stepCpuMs / 1000} s by default`,
});
needs.push({
  what: "CPU per public page miss",
  free: MEASURED.pageCpuMs.ms <= LIMITS.free.cpuMs,
  why: `up to ${MEASURED.pageCpuMs.ms} ms (${MEASURED.pageCpuMs.page}; ${MEASURED.pageCpuMs.source}) against Free's ${LIMITS.free.cpuMs} ms`,
});
needs.push({
  what: "CPU of an admin login",
  free: MEASURED.loginCpuMs.ms <= LIMITS.free.cpuMs,
  why: `${MEASURED.loginCpuMs.ms} ms (${MEASURED.loginCpuMs.source}) against Free's ${LIMITS.free.cpuMs} ms`,
});
needs.push({
  what: "D1 queries per invocation",
  free: MEASURED.importStepQueries.n <= LIMITS.free.d1Queries,
  why: `an import step sends ~${MEASURED.importStepQueries.n} statements (${MEASURED.importStepQueries.source}); Free allows ${LIMITS.free.d1Queries}, Paid ${LIMITS.paid.d1Queries}; a public page's miss makes a few round trips (docs/perf/http.md)`,
});
const plan = needs.every((n) => n.free) ? LIMITS.free : LIMITS.paid;
console.log(`\nPlan needed: ${plan.name}`);
for (const n of needs) console.log(`  ${n.free ? "Free ok " : "needs Paid"}  ${n.what}: ${n.why}`);
if (deployed.limits?.cpu_ms && plan === LIMITS.free) fail("[limits] cpu_ms is set, which the Free plan refuses");
if (gzip > plan.workerGzip) fail(`the Worker (${mb(gzip)} gzip) is over ${plan.name}'s ${mb(plan.workerGzip)}`);

fs.rmSync(outdir, { recursive: true, force: true });
console.log(failed ? "\ndeploy:check FAILED" : "\ndeploy:check passed");
process.exit(failed ? 1 : 0);
