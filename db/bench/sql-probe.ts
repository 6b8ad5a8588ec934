/** Throw-away: runs SQL given on stdin (one statement per line, "--" comments skipped) against a local state; prints D1 ms, rows_read, row count. */
import { readFileSync } from "node:fs";
import { getPlatformProxy } from "wrangler";

const state = process.env.LOCALATLAS_STATE || ".wrangler/state";
const proxy = await getPlatformProxy<Env>({ persist: { path: `${state}/v3` } });
try {
  const lines = readFileSync(0, "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("--"));
  for (const sqlText of lines) {
    const ms: number[] = [];
    let rows = 0,
      read = 0,
      first = "";
    for (let i = 0; i < 4; i++) {
      try {
        const r = await proxy.env.DB.prepare(sqlText).all();
        if (i > 0) ms.push(r.meta.duration);
        rows = r.results.length;
        read = r.meta.rows_read;
        first = JSON.stringify(r.results.slice(0, 2)).slice(0, 120);
      } catch (e) {
        first = String(e).slice(0, 200);
      }
    }
    ms.sort((a, b) => a - b);
    console.log(`${(ms[1] ?? NaN).toFixed(2)} ms  read=${read}  rows=${rows}  ${sqlText.slice(0, 150)}\n      ${first}`);
  }
} finally {
  await proxy.dispose();
}
