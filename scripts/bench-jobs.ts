/**
 * npm run bench:jobs — the admin's jobs (import, SEO generation, delete all; ADR 0016) at scale
 * through the built Worker in workerd (`vite preview`), as the operator runs them: BENCH_ROWS (100,000) businesses imported (scripts/bench-spec-file.ts, as a
 * workflow), then one POST /api/admin/generate-seo, then one DELETE /api/admin/delete-all. Each call's
 * answer time is measured; each workflow step logs its wall time (`[job] {...}` lines, timedStep in
 * app/server/platform/workflow-jobs.server.ts), read here from the server's output: a step's wall time bounds
 * its CPU time from above (locally D1 runs in the same machine, so it even includes SQLite's work).
 * The jobs are watched through their status calls (they only read) and the counts checked in the D1
 * file afterwards. Prints a table for docs/perf/jobs.md.
 *
 * Env: BENCH_ROWS (100000), BENCH_PORT (8793), BENCH_NO_BUILD=1 to reuse build/. Run it under
 * `flock /tmp/localatlas-build.lock` when others share build/.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { freshState, login, prepareBuild, root, sleep } from "./bench-server";
import { benchSpecFile } from "./bench-spec-file";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 8793);
const origin = `http://localhost:${PORT}`;

type StepLog = { job: string; step: string; ms: number };
const steps: StepLog[] = [];

const file = await benchSpecFile(ROWS);
prepareBuild();
const state = freshState();
const server = spawn("npx", ["vite", "preview", "--port", String(PORT), "--strictPort"], {
  cwd: root,
  env: { ...process.env, LOCALATLAS_STATE: state },
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
});
let carry = "";
const readLines = (chunk: Buffer) => {
  carry += chunk.toString("utf8");
  const lines = carry.split("\n");
  carry = lines.pop() ?? "";
  for (const line of lines) {
    const at = line.indexOf("[job] ");
    if (at >= 0) steps.push(JSON.parse(line.slice(at + 6)) as StepLog);
  }
};
server.stdout?.on("data", readLines);
server.stderr?.on("data", readLines);
const stop = () => {
  try {
    process.kill(-(server.pid as number), "SIGKILL");
  } catch {
    // gone already
  }
};
process.on("exit", stop);

function d1(): DatabaseSync {
  const dir = path.join(state, "v3/d1/miniflare-D1DatabaseObject");
  const name = fs.readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!name) throw new Error(`no D1 database under ${dir}`);
  return new DatabaseSync(path.join(dir, name), { readOnly: true });
}
const count = (sql: string) => {
  const db = d1();
  try {
    return Number((db.prepare(sql).get() as { n: number }).n);
  } finally {
    db.close();
  }
};

type Summary = {
  job: string;
  answerMs: number;
  status: number;
  totalS: number;
  steps: number;
  slowestStepMs: number;
  medianStepMs: number;
};
const summaries: Summary[] = [];

function summarize(job: string, answerMs: number, status: number, totalS: number) {
  const mine = steps.filter((s) => s.job === job).map((s) => s.ms);
  const sorted = [...mine].sort((a, b) => a - b);
  const summary = {
    job,
    answerMs: Math.round(answerMs),
    status,
    totalS: Math.round(totalS * 10) / 10,
    steps: mine.length,
    slowestStepMs: sorted.at(-1) ?? 0,
    medianStepMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
  };
  summaries.push(summary);
  console.log(JSON.stringify(summary));
}

/** Reads a job's status call once a second until it is no longer running. */
async function watch(statusUrl: string, headers: Record<string, string>) {
  for (;;) {
    await sleep(1000);
    const reply = await fetch(`${origin}${statusUrl}`, { headers });
    const body = (await reply.json()) as { status: string; message: string };
    process.stdout.write(`\r  ${body.message.slice(0, 100).padEnd(100)}`);
    if (body.status !== "running") {
      process.stdout.write("\n");
      if (body.status !== "done") throw new Error(`job ended ${body.status}: ${body.message}`);
      return body;
    }
  }
}

try {
  for (let tries = 0; ; tries++) {
    if ((await fetch(`${origin}/api/statistics`).catch(() => null))?.ok) break;
    if (tries > 120) throw new Error("the preview server did not start");
    await sleep(500);
  }
  const headers = await login(origin);

  // 1. The directory: BENCH_ROWS businesses through an import workflow (watched in the D1 file).
  const form = new FormData();
  form.set("excelFile", new Blob([fs.readFileSync(file)]), path.basename(file));
  let started = performance.now();
  const upload = await fetch(`${origin}/api/admin/import`, { method: "POST", headers, body: form });
  const uploadMs = performance.now() - started;
  const { statusUrl: importUrl } = (await upload.json()) as { statusUrl: string };
  const importId = Number(importUrl.split("/").pop());
  for (;;) {
    await sleep(1000);
    const db = d1();
    const row = db.prepare("SELECT status, processed_rows AS p FROM imports WHERE id = ?").get(importId) as { status: string; p: number };
    db.close();
    process.stdout.write(`\r  import: ${row.p}/${ROWS}`);
    if (row.status !== "running") {
      process.stdout.write("\n");
      if (row.status !== "done") throw new Error(`import ${row.status}`);
      break;
    }
  }
  summarize("import", uploadMs, upload.status, (performance.now() - started) / 1000);
  const imported = count("SELECT count(*) AS n FROM businesses");
  if (imported !== ROWS) throw new Error(`imported ${imported}, expected ${ROWS}`);

  // 2. SEO generation for all of them: one call.
  started = performance.now();
  const seo = await fetch(`${origin}/api/admin/generate-seo`, { method: "POST", headers });
  const seoMs = performance.now() - started;
  const seoAnswer = (await seo.json()) as { statusUrl?: string; updated: number; remaining: number };
  console.log(
    `generate-seo answered ${seo.status} in ${Math.round(seoMs)} ms: updated ${seoAnswer.updated}, remaining ${seoAnswer.remaining}`,
  );
  if (seoAnswer.statusUrl) await watch(seoAnswer.statusUrl, headers);
  summarize("seo", seoMs, seo.status, (performance.now() - started) / 1000);
  const withoutText = count("SELECT count(*) AS n FROM businesses WHERE unique_content IS NULL OR unique_content = ''");
  if (withoutText !== 0) throw new Error(`${withoutText} businesses still without SEO text`);
  const afterSeo = {
    businesses: count("SELECT count(*) AS n FROM businesses"),
    total: count("SELECT total_businesses AS n FROM site_stats"),
  };
  console.log(`after SEO generation: ${JSON.stringify({ ...afterSeo, withoutText })}`);
  if (afterSeo.businesses !== ROWS || afterSeo.total !== ROWS) throw new Error("SEO generation changed the counts");

  // 3. Delete all: one call.
  started = performance.now();
  const del = await fetch(`${origin}/api/admin/delete-all`, {
    method: "DELETE",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ confirm: "DELETE" }),
  });
  const delMs = performance.now() - started;
  const delAnswer = (await del.json()) as { statusUrl?: string };
  console.log(`delete-all answered ${del.status} in ${Math.round(delMs)} ms`);
  if (delAnswer.statusUrl) await watch(delAnswer.statusUrl, headers);
  summarize("delete-all", delMs, del.status, (performance.now() - started) / 1000);
  const left = {
    businesses: count("SELECT count(*) AS n FROM businesses"),
    fts: count("SELECT count(*) AS n FROM businesses_fts"),
    total: count("SELECT total_businesses AS n FROM site_stats"),
    categories: count("SELECT count(*) AS n FROM categories"),
    cities: count("SELECT count(*) AS n FROM cities"),
    imports: count("SELECT count(*) AS n FROM imports"),
  };
  console.log(`after delete all: ${JSON.stringify(left)}`);
  if (left.businesses + left.fts + left.total + left.categories + left.cities !== 0 || left.imports !== 1) {
    throw new Error("delete all left something behind");
  }

  console.log("\n| job | call answered | whole job | steps | slowest step | median step |");
  console.log("|---|---|---|---|---|---|");
  for (const s of summaries) {
    console.log(
      `| ${s.job} | ${s.status} in ${s.answerMs} ms | ${s.totalS} s | ${s.steps} | ${s.slowestStepMs} ms | ${s.medianStepMs} ms |`,
    );
  }
} finally {
  stop();
  fs.rmSync(state, { recursive: true, force: true });
}
process.exit(0);
