/**
 * npm run bench:import:memory — the import's parse + map path under Node with a 128 MB heap, over
 * the 50,000-row benchmark file (scripts/bench-file.ts), read as one import slice reads it, printing
 * rows per second and the peak of heapUsed + arrayBuffers + external. Run under --max-old-space-size=128 (the script re-executes
 * itself so): a crash or a peak near 128 MB means a Worker would not survive it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { benchFile } from "./bench-file";
import { mapHeader, mapRow, missingColumns, usedColumns } from "../app/lib/import-mapping";
import { XlsxReader, type ByteSource } from "../app/lib/xlsx-reader";
import { WRITE_BATCH_ROWS } from "../app/server/business-writer.server";

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
// Rows per batch, as the Worker's writer takes them.
const BATCH = Number(process.env.BENCH_BATCH ?? WRITE_BATCH_ROWS);

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

async function measure() {
  const file = benchFile(ROWS);
  let peak = 0;
  let parts = "";
  const sample = () => {
    const m = process.memoryUsage();
    const total = m.heapUsed + m.arrayBuffers + m.external;
    if (total > peak) {
      peak = total;
      parts = `heapUsed ${(m.heapUsed / 1e6).toFixed(1)} + arrayBuffers ${(m.arrayBuffers / 1e6).toFixed(1)} + external ${(m.external / 1e6).toFixed(1)}`;
    }
  };
  // BENCH_GC=1: whenever the sample passes 64 MB, collect garbage and sample again, to tell what
  // is live from what V8 has not yet freed (inflated ArrayBuffers are garbage once decoded).
  const collect = (globalThis as { gc?: () => void }).gc;
  let livePeak = 0;
  const timer = setInterval(() => {
    sample();
    if (!collect) return;
    const m = process.memoryUsage();
    if (m.heapUsed + m.external > 64e6) collect();
    const after = process.memoryUsage();
    livePeak = Math.max(livePeak, after.heapUsed + after.external);
  }, 2);
  const started = performance.now();
  const reader = await XlsxReader.open(fileSource(file));
  const head = await reader.readRows({ from: 1, to: 1 });
  const map = mapHeader(head.rows[0].cells);
  if (missingColumns(map).length) throw new Error("bench file lacks columns");
  const total = await reader.countDataRows(head.rows[0].rowNumber);
  const counted = performance.now();
  let ok = 0;
  let bad = 0;
  // One slice: one streamed pass over the sheet, in the writer's batches.
  for await (const batch of reader.batches({ from: head.rows[0].rowNumber + 1, columns: usedColumns(map), size: BATCH })) {
    for (const row of batch.rows) (mapRow(row.cells, map, row.rowNumber).ok ? ok++ : bad++);
    sample();
  }
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  console.log(`file: ${file} (${(fs.statSync(file).size / 1e6).toFixed(1)} MB, ${total} data rows)`);
  console.log(`validate pass (open + count): ${((counted - started) / 1000).toFixed(2)} s`);
  console.log(`parse + map (one pass, batches of ${BATCH} rows): ${ok} valid, ${bad} bad rows in ${seconds.toFixed(2)} s = ${Math.round(total / seconds)} rows/s`);
  console.log(`peak memory (heapUsed + arrayBuffers + external): ${(peak / 1e6).toFixed(1)} MB (${parts}), under --max-old-space-size=128`);
  if (collect) console.log(`live peak after forced GC (heapUsed + external, counted once): ${(livePeak / 1e6).toFixed(1)} MB`);
}

if (process.argv.includes("--measure")) {
  await measure();
} else {
  benchFile(ROWS);
  const flags = ["--max-old-space-size=128", ...(process.env.BENCH_GC ? ["--expose-gc"] : [])];
  const run = spawnSync(process.execPath, [...flags, "--import", "tsx", import.meta.filename, "--measure"], {
    stdio: "inherit",
    env: process.env,
  });
  process.exit(run.status ?? 1);
}
