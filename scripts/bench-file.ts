/**
 * The benchmarks' spreadsheet: the real 2025 Outscraper fixture's rows (60 columns, long URLs and
 * JSON), repeated with fresh place ids and names, written with shared strings as Excel does.
 * Built once per row count and kind and kept in the temp folder.
 *
 * "repeated" copies every other cell as it is: 179 businesses' ratings, review counts and cities
 * over and over. "varied" (BENCH_FILE=varied) also gives each copy its own rating, review count and
 * city and postal code, as 50,000 real businesses have: the database's indexes then take new rows at
 * scattered places instead of at 179 hot spots, which is the harder case for the writer.
 */
import fs from "node:fs";
import path from "node:path";
import * as XLSX from "@e965/xlsx";
import { MAX_XLS_BYTES } from "#app/lib/import/import-plan";
import { type XlsxCell, xlsxStream } from "#app/lib/sheets/xlsx-writer";

export type BenchFileKind = "repeated" | "varied";

export function benchFileKind(): BenchFileKind {
  return process.env.BENCH_FILE === "varied" ? "varied" : "repeated";
}

export function benchFile(rows: number, kind: BenchFileKind = benchFileKind()): string {
  const file = path.join(process.env.TMPDIR ?? "/tmp", `localatlas-bench-${kind === "varied" ? "varied-" : ""}${rows}.xlsx`);
  if (fs.existsSync(file)) return file;
  console.log(`building a ${rows}-row file…`);
  const fixture = path.join(import.meta.dirname, "../test/fixtures/outscraper-2025-hair-transplant-us.xlsx");
  const wb = XLSX.read(fs.readFileSync(fixture), { dense: true });
  const source = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, raw: true, defval: null });
  const header = source[0] as string[];
  const placeId = header.indexOf("place_id");
  const name = header.indexOf("name");
  const column = (n: string) => {
    const at = header.indexOf(n);
    if (at < 0) throw new Error(`the fixture has no ${n} column`);
    return at;
  };
  const [rating, reviews, city, postalCode] = ["rating", "reviews", "city", "postal_code"].map(column);
  const out: unknown[][] = [header];
  for (let i = 0; i < rows; i++) {
    const row = (source[1 + (i % (source.length - 1))] as unknown[]).slice();
    row[placeId] = `bench-place-${i}`;
    row[name] = `${row[name]} ${i}`;
    if (kind === "varied") {
      // Deterministic spread: ratings 1.0–5.0, 0–4,999 reviews, 2,000 towns with their own postal codes.
      const h = Math.imul(i + 1, 2654435761) >>> 0;
      row[rating] = 1 + (h % 41) / 10;
      row[reviews] = (h >>> 6) % 5000;
      const town = (h >>> 3) % 2000;
      row[city] = `${row[city]} ${town}`;
      row[postalCode] = String(10000 + town * 7);
    }
    out.push(row);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(out, { dense: true }), "Sheet1");
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true, bookSST: true }));
  fs.renameSync(tmp, file);
  return file;
}

/** An .xls at the import's .xls limit (3 MB): the benchmark file's rows, as many as fit. */
export function xlsLimitFile(): string {
  const file = path.join(process.env.TMPDIR ?? "/tmp", "localatlas-bench-limit.xls");
  if (fs.existsSync(file)) return file;
  const source = XLSX.read(fs.readFileSync(benchFile(1_000)), { dense: true });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(source.Sheets[source.SheetNames[0]], { header: 1, raw: true, defval: null });
  // BIFF8 cells hold at most 255 characters per string record run: shorten as Excel would export.
  const short = rows.map((r) => r.map((c) => (typeof c === "string" ? c.slice(0, 255) : c)));
  const write = (n: number) => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(short.slice(0, n + 1)), "Sheet1");
    return new Uint8Array(XLSX.write(book, { type: "array", bookType: "biff8" }) as ArrayBuffer);
  };
  let low = 1;
  let high = short.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (write(mid).length <= MAX_XLS_BYTES) low = mid;
    else high = mid - 1;
  }
  fs.writeFileSync(file, write(low));
  return file;
}

/**
 * An .xlsx of about `bytes` (95 MB for the preview's bench: near the upload limit): the fixture's
 * rows repeated with fresh place ids and names, written by the project's streaming writer
 * (inline strings, no shared-strings table) and cut off once the zip reaches the size. Built once.
 */
export async function largeXlsxFile(bytes: number): Promise<string> {
  const file = path.join(process.env.TMPDIR ?? "/tmp", `localatlas-bench-large-${bytes}.xlsx`);
  if (fs.existsSync(file)) return file;
  console.log(`building a ${(bytes / 1024 / 1024).toFixed(0)} MB file…`);
  const fixture = path.join(import.meta.dirname, "../test/fixtures/outscraper-2025-hair-transplant-us.xlsx");
  const wb = XLSX.read(fs.readFileSync(fixture), { dense: true });
  const source = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, raw: true, defval: null });
  const header = source[0] as string[];
  const [placeId, name] = ["place_id", "name"].map((n) => header.indexOf(n));
  let written = 0;
  // The writer's deflate lags the rows by its window: stop a little early.
  const stopAt = bytes - 256 * 1024;
  async function* rows(): AsyncGenerator<XlsxCell[]> {
    for (let i = 0; written < stopAt; i++) {
      const row = (source[1 + (i % (source.length - 1))] as XlsxCell[]).slice();
      row[placeId] = `bench-place-${i}`;
      row[name] = `${row[name]} ${i}`;
      yield row;
    }
  }
  const tmp = `${file}.${process.pid}`;
  const fd = fs.openSync(tmp, "w");
  for await (const chunk of xlsxStream({ sheetName: "Sheet1", columns: header, rows: rows() })) {
    fs.writeSync(fd, chunk);
    written += chunk.byteLength;
  }
  fs.closeSync(fd);
  fs.renameSync(tmp, file);
  return file;
}
