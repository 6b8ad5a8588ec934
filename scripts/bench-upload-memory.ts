/**
 * npm run bench:upload:memory — what the import's upload holds in memory, under Node with
 * a 128 MB heap: a 95 MB file arrives as a multipart body in 64 KiB chunks (generated as it is read,
 * so the bench itself holds none of it) and goes through the Worker's receiveFile (app/server/
 * upload.server.ts) into a stand-in R2 bucket that counts each part and drops it; then the same body
 * through `request.formData()`, as the upload was read before it streamed to R2. Prints the peak live memory
 * of each: heapUsed + arrayBuffers right after a forced GC, sampled at every MiB of body read and at
 * the end (with the result still held).
 *
 * Then the import preview (previewUpload, app/server/import/import-preview.server.ts) of a 95 MB
 * .xlsx and of the largest .xls the import takes (3 MB): the file arrives from disk as a multipart
 * body, is stored in a stand-in R2 bucket kept on disk and read back by range as the Worker reads R2
 * (bytes and gets counted); a D1 stand-in answers the duplicate check. Sampled as above, at every MiB
 * received or read back and every 200 ms (docs/decisions/0035-bounded-preview.md).
 *
 * Why not workerd's resident memory: local workerd runs the R2 simulator in the same process and does
 * not enforce a Worker's 128 MB, so its resident set mostly shows garbage that a production isolate,
 * near its limit, would have collected (measured with the built Worker: +157 MB for a 95 MB upload
 * streamed to R2, +212 MB through request.formData()).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { largeXlsxFile, xlsLimitFile } from "./bench-file";
import { previewUpload } from "#app/server/import/import-preview.server";
import { R2_PART_BYTES, R2ObjectWriter, receiveFile } from "#app/server/import/upload.server";
import type { AppContext } from "#app/server/platform/context.server";
import { Db } from "#app/server/platform/db.server";

// Re-run under Node with the flags the measurement needs (a Worker's heap, a GC that can be forced).
if (typeof globalThis.gc !== "function") {
  const result = spawnSync(process.execPath, ["--max-old-space-size=128", "--expose-gc", "--import", "tsx", import.meta.filename], {
    stdio: "inherit",
  });
  process.exit(result.status ?? 1);
}
const gc = globalThis.gc as () => void;

const FILE_BYTES = 95 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
const BOUNDARY = "----benchUploadBoundary";
const encoder = new TextEncoder();
const head = encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="excelFile"; filename="big.xlsx"\r\n\r\n`);
const tail = encoder.encode(`\r\n--${BOUNDARY}--\r\n`);
const bodyLength = head.byteLength + FILE_BYTES + tail.byteLength;

/** Live memory now, in MB: what a full GC leaves. */
function live(): number {
  gc();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1024 / 1024;
}
let peak = 0;
const sample = () => {
  peak = Math.max(peak, live());
};

/**
 * The multipart body, made chunk by chunk as it is read (noise: nothing in it looks like a
 * boundary); live memory is sampled at every MiB.
 */
function body(): ReadableStream<Uint8Array> {
  let sent = 0;
  let x = 1;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent >= FILE_BYTES) {
          controller.enqueue(tail);
          return controller.close();
        }
        const chunk = new Uint8Array(Math.min(CHUNK_BYTES, FILE_BYTES - sent));
        for (let i = 0; i < chunk.length; i++) {
          x = (Math.imul(x, 1103515245) + 12345) >>> 0;
          chunk[i] = x >>> 24;
        }
        sent += chunk.length;
        if (sent % (1024 * 1024) === 0) sample();
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
}

/** An R2 bucket that keeps nothing: each part is counted and dropped once uploadPart returns. */
function sinkBucket() {
  const stored = { bytes: 0, parts: 0 };
  const bucket = {
    async put(_key: string, value: Uint8Array) {
      stored.bytes += value.byteLength;
    },
    async createMultipartUpload(key: string) {
      return {
        key,
        uploadId: "bench",
        async uploadPart(partNumber: number, value: Uint8Array) {
          stored.bytes += value.byteLength;
          stored.parts += 1;
          return { partNumber, etag: String(partNumber) };
        },
        async complete() {},
        async abort() {},
      };
    },
  };
  return { bucket: bucket as unknown as R2Bucket, stored };
}

/** Peak live memory (MB over the baseline) while `work` runs; work samples once more at its end. */
async function peakLive<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number; seconds: number }> {
  const baseline = live();
  peak = baseline;
  const started = performance.now();
  const result = await work();
  return { result, peakMb: peak - baseline, seconds: (performance.now() - started) / 1000 };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `a ${mb(FILE_BYTES)} file in a ${mb(bodyLength)} multipart body, ${CHUNK_BYTES / 1024} KiB chunks, R2 parts of ${mb(R2_PART_BYTES)}`,
);

const sink = sinkBucket();
const streamed = await peakLive(async () => {
  const received = await receiveFile(body(), {
    boundary: BOUNDARY,
    declaredLength: bodyLength,
    field: "excelFile",
    maxFileBytes: 100 * 1024 * 1024,
    open: () => new R2ObjectWriter(sink.bucket, "bench/big.xlsx"),
  });
  sample();
  return received;
});
if (streamed.result?.size !== FILE_BYTES || sink.stored.bytes !== FILE_BYTES) throw new Error("the file did not arrive whole");
console.log(
  `streamed to R2 (receiveFile): ${sink.stored.parts} parts, peak live memory +${streamed.peakMb.toFixed(1)} MB, ${streamed.seconds.toFixed(2)} s`,
);

try {
  const buffered = await peakLive(async () => {
    const request = new Request("http://bench.local/", {
      method: "POST",
      body: body(),
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      duplex: "half",
    } as RequestInit);
    const form = await request.formData();
    sample(); // the form (and the file in it) still held, as handleImport held it
    return (form.get("excelFile") as File).size;
  });
  console.log(`request.formData() (before): peak live memory +${buffered.peakMb.toFixed(1)} MB, ${buffered.seconds.toFixed(2)} s`);
} catch (error) {
  console.log(`request.formData() (before): failed with a 128 MB heap — ${error instanceof Error ? error.message : String(error)}`);
}

// The preview (POST /api/admin/import/preview) of a stored file near the upload limit, and of the
// largest .xls the import takes (MAX_XLS_BYTES; a .csv is refused by its name before a byte is read).

/** A multipart body carrying the file at `file`, read from disk 64 KiB at a time as it is pulled. */
function fileBody(file: string, fileName: string): { body: ReadableStream<Uint8Array>; length: number } {
  const fd = fs.openSync(file, "r");
  const size = fs.fstatSync(fd).size;
  const partHead = encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="excelFile"; filename="${fileName}"\r\n\r\n`);
  let sent = -1;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent < 0) {
          controller.enqueue(partHead);
          sent = 0;
          return;
        }
        if (sent >= size) {
          fs.closeSync(fd);
          controller.enqueue(tail);
          return controller.close();
        }
        const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, size - sent));
        fs.readSync(fd, chunk, 0, chunk.length, sent);
        sent += chunk.length;
        if (sent % (1024 * 1024) === 0) sample();
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
      },
    },
    { highWaterMark: 0 },
  );
  return { body, length: partHead.byteLength + size + tail.byteLength };
}

/**
 * An R2 bucket kept on disk (so the bench holds none of the stored file): puts and multipart parts
 * are written to files, a ranged get streams the range back 64 KiB at a time. Counts the bytes the
 * preview reads back; live memory is sampled at every MiB read.
 */
function diskBucket() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "localatlas-bench-r2-"));
  const fileOf = (key: string) => path.join(dir, encodeURIComponent(key));
  const counted = { bytesRead: 0, gets: 0 };
  let sinceSample = 0;
  const read = (key: string, offset: number, length: number) => {
    const buf = Buffer.alloc(length);
    const fd = fs.openSync(fileOf(key), "r");
    fs.readSync(fd, buf, 0, length, offset);
    fs.closeSync(fd);
    counted.bytesRead += length;
    sinceSample += length;
    if (sinceSample >= 1024 * 1024) {
      sinceSample = 0;
      sample();
    }
    return new Uint8Array(buf.buffer, buf.byteOffset, length);
  };
  const bucket = {
    async put(key: string, value: Uint8Array) {
      fs.writeFileSync(fileOf(key), value);
    },
    async createMultipartUpload(key: string) {
      fs.writeFileSync(fileOf(key), new Uint8Array(0));
      return {
        key,
        uploadId: "bench",
        async uploadPart(partNumber: number, value: Uint8Array) {
          fs.appendFileSync(fileOf(key), value);
          return { partNumber, etag: String(partNumber) };
        },
        async complete() {},
        async abort() {
          fs.rmSync(fileOf(key), { force: true });
        },
      };
    },
    async get(key: string, options?: { range?: { offset: number; length: number } }) {
      if (!fs.existsSync(fileOf(key))) return null;
      counted.gets += 1;
      const size = fs.statSync(fileOf(key)).size;
      const offset = options?.range?.offset ?? 0;
      const end = Math.min(size, offset + (options?.range?.length ?? size));
      let at = offset;
      return {
        arrayBuffer: async () => read(key, offset, end - offset).slice().buffer,
        body: new ReadableStream<Uint8Array>({
          pull(controller) {
            if (at >= end) return controller.close();
            const n = Math.min(CHUNK_BYTES, end - at);
            controller.enqueue(read(key, at, n));
            at += n;
          },
        }),
      };
    },
    async delete(key: string) {
      fs.rmSync(fileOf(key), { force: true });
    },
  };
  const close = () => fs.rmSync(dir, { recursive: true, force: true });
  return { bucket: bucket as unknown as R2Bucket, counted, stored: () => fs.readdirSync(dir).length, close };
}

/** D1 standing in for the one read the preview makes (which shown rows are already listed): none are. */
const emptyD1 = {
  prepare() {
    const statement = {
      bind: () => statement,
      all: async () => ({ results: [], success: true, meta: { rows_read: 0, rows_written: 0, duration: 0 } }),
    };
    return statement;
  },
} as unknown as D1Database;

/** One preview, as the admin page sends it. */
async function runPreview(file: string, fileName: string, bucket: R2Bucket) {
  const { body: stream, length } = fileBody(file, fileName);
  const request = new Request("http://bench.local/api/admin/import/preview", {
    method: "POST",
    body: stream,
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, "Content-Length": String(length) },
    duplex: "half",
  } as RequestInit);
  const app = { env: { UPLOADS: bucket }, db: new Db(emptyD1) } as unknown as AppContext;
  return previewUpload(app, request, "bench");
}

const previewCases = [
  { label: "a 95 MB .xlsx", file: await largeXlsxFile(FILE_BYTES), fileName: "big.xlsx" },
  { label: "a 3 MB .xls (the .xls limit)", file: xlsLimitFile(), fileName: "limit.xls" },
];
for (const c of previewCases) {
  const disk = diskBucket();
  try {
    // Also sampled every 200 ms: the reader yields to timers between MiBs of inflated sheet.
    const timer = setInterval(sample, 200);
    const run = await peakLive(async () => {
      const preview = await runPreview(c.file, c.fileName, disk.bucket);
      sample(); // the preview's answer still held
      return preview;
    }).finally(() => clearInterval(timer));
    const p = run.result;
    console.log(
      `preview of ${c.label} (${mb(p.fileSize)}, ${p.rowCount.toLocaleString("en-US")} rows, ${p.rows.length} shown): peak live memory +${run.peakMb.toFixed(1)} MB, ${run.seconds.toFixed(2)} s; read back from R2 ${mb(disk.counted.bytesRead)} in ${disk.counted.gets} gets; objects left ${disk.stored()}`,
    );
  } catch (error) {
    console.log(`preview of ${c.label}: failed with a 128 MB heap — ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    disk.close();
  }
}
