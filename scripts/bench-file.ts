/**
 * The benchmarks' spreadsheet: the real 2025 Outscraper fixture's rows (60 columns, long URLs and
 * JSON), repeated with fresh place ids and names, written with shared strings as Excel does.
 * Built once per row count and kept in the temp folder.
 */
import fs from "node:fs";
import path from "node:path";
import * as XLSX from "@e965/xlsx";

export function benchFile(rows: number): string {
  const file = path.join(process.env.TMPDIR ?? "/tmp", `localatlas-bench-${rows}.xlsx`);
  if (fs.existsSync(file)) return file;
  console.log(`building a ${rows}-row file…`);
  const fixture = path.join(import.meta.dirname, "../test/fixtures/outscraper-2025-hair-transplant-us.xlsx");
  const wb = XLSX.read(fs.readFileSync(fixture), { dense: true });
  const source = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, raw: true, defval: null });
  const header = source[0] as string[];
  const placeId = header.indexOf("place_id");
  const name = header.indexOf("name");
  const out: unknown[][] = [header];
  for (let i = 0; i < rows; i++) {
    const row = (source[1 + (i % (source.length - 1))] as unknown[]).slice();
    row[placeId] = `bench-place-${i}`;
    row[name] = `${row[name]} ${i}`;
    out.push(row);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(out, { dense: true }), "Sheet1");
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true, bookSST: true }));
  fs.renameSync(tmp, file);
  return file;
}
