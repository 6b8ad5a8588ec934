/**
 * npm run bench:import — the whole import of a 50,000-row Outscraper .xlsx (scripts/bench-file.ts)
 * through the built Worker in workerd, as the operator runs it: log in, POST /api/admin/import, poll
 * the job's statusUrl every half second as the Import tab does, until it is done; BENCH_RUNS times
 * (3), each into a fresh directory through a fresh server. Prints each run and the median rows per second
 * (upload start → status done) and the workerd process's resident memory (sampled from /proc every
 * 50 ms, and its VmHWM), then checks that every row arrived.
 *
 * Local workerd does not enforce a Worker's 128 MB, and its resident set includes the runtime itself,
 * the local D1/R2 simulators and SQLite's page cache; `npm run bench:import:memory` measures the
 * Worker's own parse + map path under Node with a 128 MB heap.
 *
 * `npm run bench:import -- --no-poll`: after the upload, no request at all. The import runs as
 * a Workflow by itself; the bench watches it by reading the local D1 file (SQLite, read-only) once a
 * second, never the app, and ends when the import is done. Its defaults: 200,000 rows in the spec's 13
 * columns (scripts/bench-spec-file.ts; 200,000 Outscraper rows would pass the 100 MB upload limit), one run.
 *
 * Env: BENCH_ROWS (50000; 200000 with --no-poll), BENCH_RUNS (3; 1 with --no-poll), BENCH_PORT (8790),
 * BENCH_FILE=spec for the lean file with polling too, BENCH_NO_BUILD=1 to reuse build/,
 * BENCH_PERF=<file> to record where workerd spends the import (`perf record` of the workerd process
 * from upload to done, 1999 Hz; BENCH_PERF_G=1 adds call graphs; Debian's linux-perf). With
 * MINIFLARE_WORKERD_V8_FLAGS="--perf-basic-prof --interpreted-frames-native-stack", `perf report`
 * also names the JavaScript functions (docs/perf/import.md).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { benchFile } from "./bench-file";
import { freshState, login, mb, peakSampler, prepareBuild, sleep, startServer } from "./bench-server";
import { benchSpecFile } from "./bench-spec-file";

const NO_POLL = process.argv.includes("--no-poll");
const ROWS = Number(process.env.BENCH_ROWS ?? (NO_POLL ? 200_000 : 50_000));
// Imports to time; the median is reported (one run on a 2-core machine varies by ±10 %).
const RUNS = Number(process.env.BENCH_RUNS ?? (NO_POLL ? 1 : 3));
// The Import tab's cadence (app/components/admin/import-tab.tsx).
const POLL_MS = 500;
const PORT = Number(process.env.BENCH_PORT ?? 8790);

const file = NO_POLL || process.env.BENCH_FILE === "spec" ? await benchSpecFile(ROWS) : benchFile(ROWS);
const bytes = fs.readFileSync(file);
prepareBuild();

type Run = { seconds: number; peakGrowthKb: number; hwmKb: number };

/** One import into a fresh, migrated directory, through a freshly started preview server. */
async function importOnce(): Promise<Run> {
  const state = freshState();
  const server = await startServer({ port: PORT, state });
  const origin = server.origin;
  try {
    const baseline = server.rssKb();
    const sampler = peakSampler(server.rssKb, 50);
    const headers = await login(origin);

    const form = new FormData();
    form.set("excelFile", new Blob([bytes]), path.basename(file));
    // Optional profile of the import alone (see BENCH_PERF above); it starts before the upload.
    const perf = process.env.BENCH_PERF
      ? spawn(
          "perf",
          [
            "record",
            "-e",
            "cpu-clock",
            "-F",
            "1999",
            ...(process.env.BENCH_PERF_G ? ["-g"] : []),
            "-o",
            process.env.BENCH_PERF,
            "-p",
            server.workerd.join(","),
          ],
          {
            stdio: "ignore",
          },
        )
      : null;
    if (perf) await sleep(300);
    const started = performance.now();
    const upload = await fetch(`${origin}/api/admin/import`, { method: "POST", headers, body: form });
    const accepted = (performance.now() - started) / 1000;
    const answer = (await upload.json()) as { message: string; statusUrl?: string; stats?: unknown };
    if (upload.status !== 200 && upload.status !== 202) throw new Error(`import refused: ${upload.status} ${answer.message}`);
    type JobStatus = { status: string; progress: { processed: number; total: number }; message: string };
    let status = null as JobStatus | null;
    let polls = 0;
    let slowest = 0;
    if (upload.status === 202 && answer.statusUrl && NO_POLL) {
      // No request to the app from here on: the import's row is read from the D1 file itself.
      const jobId = Number(answer.statusUrl.split("/").pop());
      const db = openD1(state);
      const read = db.prepare("SELECT status, message, processed_rows AS processed, total_rows AS total FROM imports WHERE id = ?");
      for (;;) {
        await sleep(1000);
        const row = read.get(jobId) as { status: string; message: string; processed: number; total: number } | undefined;
        if (!row) throw new Error(`import ${jobId} is not in the D1 file`);
        status = { status: row.status, message: row.message, progress: { processed: row.processed, total: row.total } };
        process.stdout.write(`\r  ${row.processed}/${row.total} rows (read from the D1 file, no request)`);
        if (row.status === "done" || row.status === "failed") break;
      }
      db.close();
      process.stdout.write("\n");
    } else if (upload.status === 202 && answer.statusUrl) {
      for (;;) {
        await sleep(POLL_MS);
        polls += 1;
        const asked = performance.now();
        const res = await fetch(`${origin}${answer.statusUrl}`, { headers });
        const text = await res.text();
        slowest = Math.max(slowest, performance.now() - asked);
        if (!res.ok) throw new Error(`status poll answered ${res.status}: ${text.slice(0, 500)}`);
        status = JSON.parse(text) as JobStatus;
        process.stdout.write(`\r  ${status.progress.processed}/${status.progress.total} rows`);
        if (status.status !== "running") break;
      }
      process.stdout.write("\n");
    }
    const seconds = (performance.now() - started) / 1000;
    if (perf) {
      perf.kill("SIGINT");
      await new Promise((resolve) => perf.on("exit", resolve));
    }
    const peak = sampler.stop();
    const hwm = server.hwmKb();
    const stats = (await (await fetch(`${origin}/api/statistics`)).json()) as { totalBusinesses: number };

    console.log(`file: ${path.basename(file)} (${(bytes.byteLength / 1e6).toFixed(1)} MB, ${ROWS} data rows)`);
    console.log(
      NO_POLL
        ? `upload answered ${upload.status} in ${accepted.toFixed(2)} s; no request after it (the import's progress read from the D1 file)`
        : `upload answered ${upload.status} in ${accepted.toFixed(2)} s; ${polls} status polls, the slowest answered in ${(slowest / 1000).toFixed(2)} s`,
    );
    console.log(`outcome: ${status?.status ?? "done"} — ${status?.message ?? answer.message}`);
    console.log(`whole import: ${seconds.toFixed(2)} s = ${Math.round(ROWS / seconds)} rows/s`);
    console.log(`workerd resident memory: ${mb(baseline)} before, peak ${mb(peak)} (+${mb(peak - baseline)}) sampled, VmHWM ${mb(hwm)}`);
    console.log(`businesses in the directory afterwards: ${stats.totalBusinesses}`);
    if (stats.totalBusinesses !== ROWS) throw new Error(`expected ${ROWS} businesses, found ${stats.totalBusinesses}`);
    if (status && status.status !== "done") throw new Error(`the import ended ${status.status}: ${status.message}`);
    return { seconds, peakGrowthKb: peak - baseline, hwmKb: hwm };
  } finally {
    await server.stop();
    fs.rmSync(state, { recursive: true, force: true });
  }
}

/** The local D1 database of a state directory, opened read-only (workerd keeps writing it). */
function openD1(state: string): DatabaseSync {
  const dir = path.join(state, "v3/d1/miniflare-D1DatabaseObject");
  const file = fs.readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database under ${dir}`);
  return new DatabaseSync(path.join(dir, file), { readOnly: true });
}

const runs: Run[] = [];
for (let i = 1; i <= RUNS; i++) {
  console.log(`run ${i} of ${RUNS}`);
  runs.push(await importOnce());
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = median(runs.map((r) => r.seconds));
console.log(`\n${RUNS} runs: ${runs.map((r) => `${r.seconds.toFixed(2)} s`).join(", ")}`);
console.log(`median whole import: ${seconds.toFixed(2)} s = ${Math.round(ROWS / seconds)} rows/s (upload start to status done)`);
console.log(
  `workerd peak resident growth: ${mb(Math.max(...runs.map((r) => r.peakGrowthKb)))}, VmHWM up to ${mb(Math.max(...runs.map((r) => r.hwmKb)))}`,
);
process.exit(0);
