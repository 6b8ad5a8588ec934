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
 * Env: BENCH_ROWS (50000), BENCH_RUNS (3), BENCH_PORT (8790), BENCH_NO_BUILD=1 to reuse build/,
 * BENCH_PERF=<file> to record where workerd spends the import (`perf record` of the workerd process
 * from upload to done, 1999 Hz; BENCH_PERF_G=1 adds call graphs; Debian's linux-perf). With
 * MINIFLARE_WORKERD_V8_FLAGS="--perf-basic-prof --interpreted-frames-native-stack", `perf report`
 * also names the JavaScript functions (docs/perf/import.md, session 5).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { benchFile } from "./bench-file";
import { freshState, login, mb, peakSampler, prepareBuild, sleep, startServer } from "./bench-server";

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
// Imports to time; the median is reported (one run on a 2-core machine varies by ±10 %).
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// The Import tab's cadence (app/components/admin/import-tab.tsx).
const POLL_MS = 500;
const PORT = Number(process.env.BENCH_PORT ?? 8790);

const file = benchFile(ROWS);
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
    if (upload.status === 202 && answer.statusUrl) {
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
      `upload answered ${upload.status} in ${accepted.toFixed(2)} s; ${polls} status polls, the slowest answered in ${(slowest / 1000).toFixed(2)} s`,
    );
    console.log(`outcome: ${status?.status ?? "done"} — ${status?.message ?? answer.message}`);
    console.log(`whole import: ${seconds.toFixed(2)} s = ${Math.round(ROWS / seconds)} rows/s`);
    console.log(`workerd resident memory: ${mb(baseline)} before, peak ${mb(peak)} (+${mb(peak - baseline)}) sampled, VmHWM ${mb(hwm)}`);
    console.log(`businesses in the directory afterwards: ${stats.totalBusinesses}`);
    if (stats.totalBusinesses !== ROWS) throw new Error(`expected ${ROWS} businesses, found ${stats.totalBusinesses}`);
    return { seconds, peakGrowthKb: peak - baseline, hwmKb: hwm };
  } finally {
    await server.stop();
    fs.rmSync(state, { recursive: true, force: true });
  }
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
