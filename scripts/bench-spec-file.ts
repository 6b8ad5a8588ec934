/**
 * A lean benchmark spreadsheet: the spec's 13 import columns only (SPEC §3), written by the app's own
 * streaming writer (app/lib/sheets/xlsx-writer.ts), with each row its own place id and name and a spread of
 * categories, cities and ratings. The Outscraper layout (scripts/bench-file.ts) carries 60 columns
 * and is ~0.55 KB a row: 200,000 of its rows would pass the 100 MB upload limit, 200,000 of these are
 * ~20 MB. Built once per row count and kept in the temp folder.
 */
import fs from "node:fs";
import path from "node:path";
import { SPEC_COLUMNS } from "#app/lib/import/import-mapping";
import { type XlsxCell, xlsxStream } from "#app/lib/sheets/xlsx-writer";

const CATEGORIES = ["Bakery", "Plumber", "Cafe", "Dentist", "Hair salon", "Electrician", "Italian restaurant", "Car repair"];

export async function benchSpecFile(rows: number): Promise<string> {
  const file = path.join(process.env.TMPDIR ?? "/tmp", `localatlas-bench-spec-${rows}.xlsx`);
  if (fs.existsSync(file)) return file;
  console.log(`building a ${rows}-row file in the spec's columns…`);
  async function* data(): AsyncGenerator<XlsxCell[]> {
    for (let i = 0; i < rows; i++) {
      const h = Math.imul(i + 1, 2654435761) >>> 0;
      const town = h % 2000;
      const row: Record<string, XlsxCell> = {
        name: `Bench Business ${i}`,
        category: CATEGORIES[i % CATEGORIES.length],
        full_address: `${1 + (h % 900)} Main Street, Town ${town}, TX ${String(70000 + town)}`,
        postal_code: String(70000 + town),
        country: "United States",
        phone: `+1 512-555-${String(i % 10000).padStart(4, "0")}`,
        rating: 1 + (h % 41) / 10,
        reviews: (h >>> 6) % 5000,
        photo: "",
        working_hours: '{"Monday": "9AM-5PM", "Tuesday": "9AM-5PM"}',
        about: "",
        place_id: `bench-spec-${i}`,
        location_link: "",
      };
      yield SPEC_COLUMNS.map((c) => row[c] ?? null);
    }
  }
  const tmp = `${file}.${process.pid}`;
  const out = fs.createWriteStream(tmp);
  const reader = xlsxStream({ sheetName: "Sheet1", columns: [...SPEC_COLUMNS], rows: data() }).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!out.write(value)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  }
  await new Promise((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve(undefined))));
  fs.renameSync(tmp, file);
  return file;
}
