/**
 * `tsx scripts/sql-probe.ts < statements.sql`: runs each line of stdin (one SQL statement; lines
 * starting with "--" skipped) PROBE_RUNS times (default 20) against the local state LOCALATLAS_STATE
 * and prints D1's mean meta.duration (local D1 reports whole milliseconds, so only a mean over runs
 * tells 0.2 ms from 0.8 ms), the mean wall time through the proxy, rows_read and the rows returned.
 * Used to choose the statements of the bounded search (docs/decisions/0012-bounded-search.md).
 */
import { readFileSync } from "node:fs";
import { getPlatformProxy } from "wrangler";

const state = process.env.LOCALATLAS_STATE || ".wrangler/state";
const runs = Number(process.env.PROBE_RUNS || 20);
const proxy = await getPlatformProxy<Env>({ persist: { path: `${state}/v3` } });
try {
  const lines = readFileSync(0, "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("--"));
  for (const sqlText of lines) {
    let d1 = 0;
    let wall = 0;
    let rows = 0;
    let read = 0;
    let first = "";
    for (let i = 0; i <= runs; i++) {
      try {
        const started = performance.now();
        const r = await proxy.env.DB.prepare(sqlText).all();
        // The first run warms the page cache and is not counted.
        if (i > 0) {
          wall += performance.now() - started;
          d1 += r.meta.duration;
        }
        rows = r.results.length;
        read = r.meta.rows_read;
        first = JSON.stringify(r.results.slice(0, 2)).slice(0, 120);
      } catch (e) {
        first = String(e).slice(0, 200);
      }
    }
    console.log(
      `D1 ${(d1 / runs).toFixed(2)} ms  wall ${(wall / runs).toFixed(2)} ms  read=${read}  rows=${rows}  ${sqlText.slice(0, 160)}\n      ${first}`,
    );
  }
} finally {
  await proxy.dispose();
}
