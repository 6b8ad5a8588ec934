/**
 * npm run bench:import:memory — the import's read path under Node with a 128 MB heap, as a Worker
 * has: for the 50,000-row benchmark file (scripts/bench-file.ts) and for every hostile file
 * (test/helpers/hostile-xlsx.ts, at their full sizes: ~2 GB inflated), each in its own
 * process. Each run does what an upload does — open, header, the validation pass — and, when the
 * file passes, one import slice (every batch read and mapped). It prints the outcome, the time and
 * the peak of heapUsed + arrayBuffers (sampled every 2 ms). A crash or a peak over 100 MB means a
 * Worker would not survive that file.
 *
 * BENCH_ROWS sets the benchmark file's rows (50,000); BENCH_HOSTILE_BYTES the hostile files' inflated
 * size (2 GB); BENCH_ONLY=<name> runs one file.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { benchFile, xlsLimitFile } from "./bench-file";
import { mapHeader, mapRow, missingColumns, usedColumns } from "#app/lib/import/import-mapping";
import { SpreadsheetError, type ByteSource } from "#app/lib/sheets/xlsx-reader";
import { openSource } from "#app/server/import/import-source.server";
// Not from the writer: that would load db/schema.ts and drizzle into this read-path bench (+0.25 s of GC).
import { WRITE_BATCH_ROWS } from "#app/lib/import/import-plan";
import { HOSTILE_DESCRIPTIONS, HOSTILE_KINDS, hostileFile, type HostileKind } from "../test/helpers/hostile-xlsx";

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const HOSTILE_BYTES = Number(process.env.BENCH_HOSTILE_BYTES ?? 2 * 1024 ** 3);
const PEAK_LIMIT_MB = 100;

/** Reads the file by range from disk, as the Worker reads the R2 object by range. */
function fileSource(p: string): ByteSource {
  const fd = fs.openSync(p, "r");
  const size = fs.fstatSync(fd).size;
  const read = async (offset: number, length: number) => {
    const buf = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
    fs.readSync(fd, buf, 0, buf.length, offset);
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
  };
  return {
    size,
    read,
    stream: async (offset, length) => {
      let at = offset;
      const end = Math.min(size, offset + length);
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (at >= end) return controller.close();
          const n = Math.min(64 * 1024, end - at);
          controller.enqueue(await read(at, n));
          at += n;
        },
      });
    },
  };
}

type Case = { name: string; description: string; file: () => Promise<string> };

/** The hostile files, built once per size and kept in the temp folder like the bench file. */
function hostileCases(): Case[] {
  const dir = process.env.TMPDIR ?? "/tmp";
  const cases: Case[] = [];
  for (const kind of HOSTILE_KINDS) {
    for (const filler of ["bomb", "random"] as const) {
      // A barely compressible filler is as large zipped as inflated: 3 MB passes every ratio check
      // and meets the row, tag and string ceilings instead.
      const inflated = filler === "bomb" ? HOSTILE_BYTES : 3 << 20;
      if (kind === "far-column" && filler === "random") continue;
      cases.push({
        name: `${kind}${filler === "random" ? " (random)" : ""}`,
        // far-column's sheet is a few hundred bytes whatever the size asked for.
        description: `${HOSTILE_DESCRIPTIONS[kind as HostileKind]}, ${kind === "far-column" ? "a sheet of < 1 KB" : `${(inflated / 1024 ** 2).toFixed(0)} MB inflated`}`,
        file: async () => {
          const file = path.join(dir, `localatlas-hostile-${kind}-${filler}-${inflated}.xlsx`);
          if (!fs.existsSync(file)) fs.writeFileSync(file, await hostileFile(kind, inflated, filler));
          return file;
        },
      });
    }
  }
  return cases;
}

const CASES: Case[] = [
  { name: `bench ${ROWS} rows`, description: "the 50,000-row Outscraper benchmark file", file: async () => benchFile(ROWS) },
  { name: "bench .xls", description: "an Outscraper .xls at the 3 MB .xls limit", file: async () => xlsLimitFile() },
  ...hostileCases(),
];

/** Child: one file, printed as one JSON line. */
async function measure(file: string) {
  let peak = 0;
  let parts = "";
  const sample = () => {
    const m = process.memoryUsage();
    const total = m.heapUsed + m.arrayBuffers;
    if (total > peak) {
      peak = total;
      parts = `heapUsed ${(m.heapUsed / 1e6).toFixed(1)} + arrayBuffers ${(m.arrayBuffers / 1e6).toFixed(1)}`;
    }
  };
  const timer = setInterval(sample, 2);
  const started = performance.now();
  let outcome: string;
  let rows = 0;
  let validateSeconds = 0;
  try {
    const source = await openSource(file.endsWith(".xls") ? "xls" : "xlsx", fileSource(file));
    const header = await source.header();
    if (!header) throw new SpreadsheetError("no header row");
    const map = mapHeader(header.cells);
    const total = await source.countDataRows(header.rowNumber);
    validateSeconds = (performance.now() - started) / 1000;
    if (missingColumns(map).length) throw new SpreadsheetError(`lacks columns ${missingColumns(map).join(", ")}`);
    let ok = 0;
    let bad = 0;
    for await (const batch of source.batches(header.rowNumber + 1, usedColumns(map), WRITE_BATCH_ROWS)) {
      for (const row of batch.rows) {
        if (mapRow(row.cells, map, row.rowNumber).ok) ok++;
        else bad++;
      }
      rows += batch.rows.length;
      sample();
    }
    outcome = `read: ${total} data rows, ${ok} valid, ${bad} bad`;
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    outcome = `refused: ${error.message}`;
  }
  clearInterval(timer);
  sample();
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ outcome, seconds, validateSeconds, rows, peakMb: peak / 1e6, parts, size: fs.statSync(file).size }));
}

if (process.argv.includes("--measure")) {
  await measure(process.argv[process.argv.indexOf("--measure") + 1]);
} else {
  const only = process.env.BENCH_ONLY;
  const results: string[] = [];
  let over = 0;
  for (const c of CASES) {
    if (only && !c.name.startsWith(only)) continue;
    const file = await c.file();
    const run = spawnSync(process.execPath, ["--max-old-space-size=128", "--import", "tsx", import.meta.filename, "--measure", file], {
      env: process.env,
      encoding: "utf8",
      maxBuffer: 16 << 20,
    });
    const line = run.stdout.trim().split("\n").at(-1) ?? "";
    if (run.status !== 0 || !line.startsWith("{")) {
      over += 1;
      results.push(`${c.name}: CRASHED (exit ${run.status}) ${run.stderr.split("\n").slice(0, 3).join(" ")}`);
      console.log(results.at(-1));
      continue;
    }
    const r = JSON.parse(line) as {
      outcome: string;
      seconds: number;
      validateSeconds: number;
      rows: number;
      peakMb: number;
      parts: string;
      size: number;
    };
    if (r.peakMb > PEAK_LIMIT_MB) over += 1;
    const rate = r.rows ? `, ${Math.round(r.rows / r.seconds)} rows/s` : "";
    results.push(
      `${c.name} — ${c.description}, a ${(r.size / 1e6).toFixed(2)} MB file\n    ${r.outcome.slice(0, 160)}\n    ${r.seconds.toFixed(2)} s (validation ${r.validateSeconds.toFixed(2)} s${rate}); peak heapUsed + arrayBuffers ${r.peakMb.toFixed(1)} MB (${r.parts})`,
    );
    console.log(results.at(-1));
  }
  console.log(
    over
      ? `\n${over} file(s) crashed or peaked over ${PEAK_LIMIT_MB} MB`
      : `\nevery file peaked at or under ${PEAK_LIMIT_MB} MB (Node, --max-old-space-size=128)`,
  );
  process.exit(over ? 1 : 0);
}
