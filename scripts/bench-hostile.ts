/**
 * npm run bench:hostile — the hostile spreadsheets (ADR 0009) sent to the built Worker in workerd, as an
 * attacker with an admin session would: each file POSTed to /api/admin/import (multipart, field
 * excelFile, with a Content-Length), while GET / and GET /api/statistics are asked every 250 ms
 * (one of each in flight, each with a 10 s timeout) and workerd's resident memory (VmRSS summed over
 * its processes, /proc) is sampled every 100 ms. Per file it prints the answer's status, message and
 * seconds, the slowest other request, workerd's RSS growth over its baseline before the file, and
 * whether anything was written (businesses, import jobs, R2 objects); then a verdict against
 * the targets: refused with a 4xx and a message within 10 s, other requests answering in
 * under 2 s meanwhile, RSS growth under 300 MB, nothing written.
 *
 * The files (test/helpers/hostile-xlsx.ts, cached in $TMPDIR like npm run bench:import:memory's):
 * every kind as a 1,000:1 zip bomb at 2 GiB inflated, then each kind barely compressible at 3 MiB
 * (no far-column: its sheet is a few hundred bytes either way).
 *
 * One server for all files by default (it has to keep serving); it is restarted on the same state
 * directory when a file gets no answer or the server stops answering. BENCH_SERVER_PER_FILE=1
 * restarts it before every file instead (for code that a hostile file can wreck).
 *
 * Env: BENCH_PORT (8792), BENCH_NO_BUILD=1 to reuse build/, BENCH_HOSTILE_BYTES (2 GiB),
 * BENCH_TIMEOUT_S per file (120), BENCH_BUDGET_S for the whole run (1500: files that could not
 * finish within it are skipped), BENCH_SKIP_BOMBS_AFTER (2: after that many unanswered files the
 * remaining 2 GiB bombs are skipped), BENCH_ONLY=<kind prefix>, BENCH_ROUNDS (1: the list sent that many
 * times to the same server, to see whether its memory keeps climbing), BENCH_LOG=1 for the server's output.
 */
import fs from "node:fs";
import path from "node:path";
import { HOSTILE_KINDS, hostileFile, type HostileKind } from "../test/helpers/hostile-xlsx";
import { type BenchServer, freshState, login, mb, peakSampler, prepareBuild, sleep, startServer } from "./bench-server";

const PORT = Number(process.env.BENCH_PORT ?? 8792);
const HOSTILE_BYTES = Number(process.env.BENCH_HOSTILE_BYTES ?? 2 * 1024 ** 3);
const RANDOM_BYTES = 3 << 20;
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 120);
const BUDGET_S = Number(process.env.BENCH_BUDGET_S ?? 1500);
const SKIP_BOMBS_AFTER = Number(process.env.BENCH_SKIP_BOMBS_AFTER ?? 2);
const PER_FILE_SERVER = process.env.BENCH_SERVER_PER_FILE === "1";
const ONLY = process.env.BENCH_ONLY;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const PROBE_EVERY_MS = 250;
const PROBE_TIMEOUT_MS = 10_000;
const RSS_EVERY_MS = 100;
// What a hostile file may cost: an answer within 10 s, other requests under 2 s, RSS growth under 300 MB.
const TARGET = { answerSeconds: 10, probeSeconds: 2, growthMb: 300 };

type Case = { kind: HostileKind; filler: "bomb" | "random"; inflated: number };

const list: Case[] = [
  ...HOSTILE_KINDS.map((kind): Case => ({ kind, filler: "bomb", inflated: HOSTILE_BYTES })),
  ...HOSTILE_KINDS.filter((kind) => kind !== "far-column").map((kind): Case => ({ kind, filler: "random", inflated: RANDOM_BYTES })),
].filter((c) => !ONLY || c.kind.startsWith(ONLY));
const cases = Array.from({ length: ROUNDS }, () => list).flat();

async function fileOf(c: Case): Promise<string> {
  const file = path.join(process.env.TMPDIR ?? "/tmp", `localatlas-hostile-${c.kind}-${c.filler}-${c.inflated}.xlsx`);
  if (!fs.existsSync(file)) {
    console.log(`  generating ${path.basename(file)}…`);
    fs.writeFileSync(file, await hostileFile(c.kind, c.inflated, c.filler));
  }
  return file;
}

const size = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GiB`
    : bytes >= 1024 ** 2
      ? `${(bytes / 1024 ** 2).toFixed(1)} MiB`
      : `${(bytes / 1024).toFixed(1)} KiB`;
const label = (c: Case, zipped: number) =>
  `${c.kind} ${c.filler}, ${size(zipped)} zipped, ${c.kind === "far-column" ? "sheet < 1 KiB" : `${size(c.inflated)} inflated`}`;
const oneLine = (text: string) => text.replace(/\s+/g, " ").replace(/\|/g, "\\|").trim();

/** GET `url` every PROBE_EVERY_MS, one at a time, until stopped: the slowest answer and the failures. */
function probe(url: string) {
  const result = { path: new URL(url).pathname, count: 0, slowestMs: 0, failures: 0, firstFailure: "" };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const asked = performance.now();
      let failure = "";
      try {
        const answer = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
        await answer.arrayBuffer();
        if (!answer.ok) failure = `${answer.status}`;
      } catch (error) {
        failure = (error as Error).name === "TimeoutError" ? `no answer in ${PROBE_TIMEOUT_MS / 1000} s` : (error as Error).message;
      }
      const ms = performance.now() - asked;
      result.count += 1;
      result.slowestMs = Math.max(result.slowestMs, ms);
      if (failure) {
        result.failures += 1;
        result.firstFailure ||= failure;
      }
      await sleep(Math.max(0, PROBE_EVERY_MS - ms));
    }
  })();
  return {
    result,
    async stop() {
      stopped = true;
      await loop;
      return result;
    },
  };
}

type Outcome = {
  label: string;
  status: string;
  seconds: number | null;
  message: string;
  slowest: string;
  growth: string;
  written: string;
  pass: boolean;
  reasons: string[];
};

const state = freshState();
process.on("exit", () => fs.rmSync(state, { recursive: true, force: true }));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));
prepareBuild();

let server: BenchServer | null = null;
let admin: Record<string, string> = {};
let restarts = 0;

async function restart() {
  if (server) {
    await server.stop();
    restarts += 1;
  }
  server = await startServer({ port: PORT, state, startSeconds: 120 });
  admin = await login(server.origin);
}

/** Whether the server answers GET /api/statistics within 10 s. */
async function healthy(): Promise<boolean> {
  if (!server?.alive()) return false;
  return Boolean((await fetch(`${server.origin}/api/statistics`, { signal: AbortSignal.timeout(10_000) }).catch(() => null))?.ok);
}

/** What a refused file might have left behind: businesses, an import job, objects in R2. */
async function written(): Promise<{ businesses: number; jobRecorded: string; r2Objects: number }> {
  const s = server as BenchServer;
  const stats = (await (await fetch(`${s.origin}/api/statistics`, { signal: AbortSignal.timeout(10_000) })).json()) as {
    totalBusinesses: number;
  };
  // The state starts empty and no file here may be accepted, so a first job would be job 1.
  const job = await fetch(`${s.origin}/api/admin/import/1`, { headers: admin, signal: AbortSignal.timeout(10_000) });
  await job.arrayBuffer();
  const r2 = path.join(state, "v3", "r2");
  let r2Objects = 0;
  if (fs.existsSync(r2)) {
    for (const bucket of fs.readdirSync(r2)) {
      const blobs = path.join(r2, bucket, "blobs");
      if (fs.existsSync(blobs)) r2Objects += fs.readdirSync(blobs).length;
    }
  }
  return { businesses: stats.totalBusinesses, jobRecorded: job.status === 404 ? "none" : `job 1 answers ${job.status}`, r2Objects };
}

async function measure(c: Case, file: string): Promise<Outcome> {
  const bytes = fs.readFileSync(file);
  const name = label(c, bytes.byteLength);
  if (PER_FILE_SERVER || !server || !(await healthy())) await restart();
  const s = server as BenchServer;
  const before = await written();
  // Baseline: the median of a second of samples with the server idle.
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    samples.push(s.rssKb());
    await sleep(RSS_EVERY_MS);
  }
  const baseline = samples.sort((a, b) => a - b)[5];
  const rss = peakSampler(s.rssKb, RSS_EVERY_MS);
  const probes = [probe(`${s.origin}/`), probe(`${s.origin}/api/statistics`)];

  const form = new FormData();
  form.set(
    "excelFile",
    new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
    `hostile-${c.kind}.xlsx`,
  );
  const started = performance.now();
  let status: string;
  let message = "";
  let seconds: number | null = null;
  let answered = false;
  try {
    const answer = await fetch(`${s.origin}/api/admin/import`, {
      method: "POST",
      headers: admin,
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_S * 1000),
    });
    const text = await answer.text();
    seconds = (performance.now() - started) / 1000;
    answered = true;
    status = String(answer.status);
    try {
      message = String((JSON.parse(text) as { message?: unknown }).message ?? text);
    } catch {
      message = text;
    }
  } catch (error) {
    status = (error as Error).name === "TimeoutError" ? `no answer in ${TIMEOUT_S} s` : `failed: ${(error as Error).message}`;
  }
  const results = await Promise.all(probes.map((p) => p.stop()));
  const peak = rss.stop();
  const slowestProbe = results.reduce((a, b) => (b.slowestMs > a.slowestMs ? b : a));
  const failures = results.reduce((n, r) => n + r.failures, 0);
  const asked = results.reduce((n, r) => n + r.count, 0);
  const failed = results.find((r) => r.failures);
  const slowest =
    `${(slowestProbe.slowestMs / 1000).toFixed(2)} s (${slowestProbe.path}), ${asked} asked` +
    (failed ? `, ${failures} failed (${failed.path}: ${failed.firstFailure})` : "");
  // RSS can fall below the idle baseline while a file runs (a collection): no growth then.
  const growthKb = Math.max(0, peak - baseline);
  const growth = `+${mb(growthKb)} (${mb(baseline)} → ${mb(peak)})`;

  // A server that did not answer, or stopped answering, is restarted on the same state to check.
  if (!answered || !(await healthy())) await restart();
  const after = await written();
  const changes = [
    after.businesses !== before.businesses ? `businesses ${before.businesses} → ${after.businesses}` : "",
    after.jobRecorded !== before.jobRecorded ? `import ${after.jobRecorded}` : "",
    after.r2Objects !== before.r2Objects ? `R2 objects ${before.r2Objects} → ${after.r2Objects}` : "",
  ].filter(Boolean);

  const code = Number(status);
  const reasons = [
    !(code >= 400 && code < 500) ? `answered ${status}` : "",
    code >= 400 && code < 500 && !message.trim() ? "no message" : "",
    seconds !== null && seconds > TARGET.answerSeconds ? `${seconds.toFixed(1)} s` : "",
    slowestProbe.slowestMs >= TARGET.probeSeconds * 1000 || failures ? "other requests slow or failing" : "",
    growthKb >= TARGET.growthMb * 1024 ? `RSS +${mb(growthKb)}` : "",
    changes.length ? "wrote" : "",
  ].filter(Boolean);
  return {
    label: name,
    status,
    seconds,
    message: oneLine(message).slice(0, 100),
    slowest,
    growth,
    written: changes.length ? changes.join(", ") : `nothing (${after.businesses} businesses, no job, ${after.r2Objects} R2 objects)`,
    pass: reasons.length === 0,
    reasons,
  };
}

const began = performance.now();
const outcomes: Outcome[] = [];
let unanswered = 0;
let firstBaseline = "";
try {
  for (const c of cases) {
    const elapsed = (performance.now() - began) / 1000;
    let skip = "";
    if (elapsed + TIMEOUT_S + 30 > BUDGET_S) skip = `skipped: the run's ${BUDGET_S} s budget`;
    else if (c.filler === "bomb" && c.kind !== "far-column" && unanswered >= SKIP_BOMBS_AFTER)
      skip = `skipped after ${unanswered} unanswered files`;
    const file = await fileOf(c);
    if (skip) {
      const zipped = fs.statSync(file).size;
      outcomes.push({
        label: label(c, zipped),
        status: skip,
        seconds: null,
        message: "",
        slowest: "",
        growth: "",
        written: "",
        pass: false,
        reasons: ["not measured"],
      });
      console.log(`${label(c, zipped)}: ${skip}`);
      continue;
    }
    const o = await measure(c, file);
    firstBaseline ||= o.growth.replace(/^.*\((\S+ MB) → .*$/, "$1");
    if (o.seconds === null) unanswered += 1;
    outcomes.push(o);
    console.log(
      `${o.label}: ${o.status} in ${o.seconds?.toFixed(2) ?? "-"} s — ${o.message}\n    others: ${o.slowest}; workerd RSS ${o.growth}; written: ${o.written}`,
    );
  }
  const s = server as BenchServer | null;
  if (s?.alive())
    console.log(`\nworkerd RSS before the first file ${firstBaseline}, after the last ${mb(s.rssKb())} (VmHWM ${mb(s.hwmKb())})`);
} finally {
  await (server as BenchServer | null)?.stop();
}

const seconds = (o: Outcome) => (o.seconds === null ? "—" : o.seconds.toFixed(2));
console.log(
  `\n| file (kind, zipped, inflated) | status | seconds | message (first 100 chars) | slowest other request | workerd RSS growth | written |`,
);
console.log(`|---|---|---|---|---|---|---|`);
for (const o of outcomes)
  console.log(`| ${o.label} | ${o.status} | ${seconds(o)} | ${o.message} | ${o.slowest} | ${o.growth} | ${o.written} |`);
const failed = outcomes.filter((o) => !o.pass);
console.log(
  `\n${PER_FILE_SERVER ? "a fresh server for every file" : `one server for all files (restarted ${restarts} time${restarts === 1 ? "" : "s"})`}, ` +
    `${((performance.now() - began) / 1000).toFixed(0)} s in all`,
);
console.log(
  `verdict against the targets (each refused with a 4xx and a message within ${TARGET.answerSeconds} s, other requests under ${TARGET.probeSeconds} s, ` +
    `workerd RSS growth under ${TARGET.growthMb} MB, nothing written): ` +
    (failed.length === 0
      ? `all ${outcomes.length} files meet it`
      : `${outcomes.length - failed.length} of ${outcomes.length} meet it; not: ${failed.map((o) => `${o.label.split(",")[0]} (${o.reasons.join(", ")})`).join("; ")}`),
);
process.exit(failed.length ? 1 : 0);
