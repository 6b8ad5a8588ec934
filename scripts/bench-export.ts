/**
 * npm run bench:export — streams a 100,000-row export through the same writer the Worker uses
 * (app/lib/sheets/xlsx-writer.ts) with rows shaped like the export's, under --max-old-space-size=128, and
 * prints time and peak memory. The file is left in $TMPDIR for a LibreOffice check (Debian
 * `libreoffice-calc`; 76 = UTF-8, the default CSV filter is not):
 *   soffice --headless --convert-to 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1' FILE.xlsx
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { EXPORT_COLUMNS } from "#app/server/admin/export.server";
import { type XlsxCell, xlsxStream } from "#app/lib/sheets/xlsx-writer";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const file = path.join(process.env.TMPDIR ?? "/tmp", `localatlas-export-${ROWS}.xlsx`);

async function* rows(): AsyncGenerator<XlsxCell[]> {
  for (let i = 0; i < ROWS; i++) {
    const byColumn: Record<string, XlsxCell> = {
      name: i === 0 ? "=SUM(A1:A2)" : i === 1 ? "Tiệm Café Tụi Mình & <Co>" : `Business ${i}`,
      category: "Coffee shop",
      full_address: `${i} Main St, Springfield, IL 62701`,
      postal_code: i % 2 ? "07652" : "62701",
      country: "United States",
      phone: "+1 217-555-0100",
      rating: 4.5,
      reviews: i,
      photo: "https://lh3.googleusercontent.com/p/AF1QipOCHZZGeuQ=w800-h500-k-no",
      working_hours: '{"Monday":"9:00 AM - 5:00 PM","Tuesday":"9:00 AM - 5:00 PM"}',
      about: '{"Payments":{"Credit cards":true}}',
      place_id: `bench-${i}`,
      location_link: "https://www.google.com/maps/place/x",
      latitude: 39.78,
      longitude: -89.65,
      id: i + 1,
      slug: `business-${i}`,
      city: "Springfield",
      state: "Illinois",
      verified: i % 3 === 0,
    };
    if (i % 500 === 0) await new Promise((r) => setTimeout(r, 0)); // a D1 page boundary
    yield EXPORT_COLUMNS.map((c) => byColumn[c] ?? null);
  }
}

async function measure() {
  let peak = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.heapUsed + m.external);
  };
  const timer = setInterval(sample, 5);
  const started = performance.now();
  const out = fs.openSync(file, "w");
  const reader = xlsxStream({ sheetName: "Businesses", columns: EXPORT_COLUMNS, rows: rows() }).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    fs.writeSync(out, value);
  }
  fs.closeSync(out);
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `export: ${ROWS} rows, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s (${Math.round(ROWS / seconds)} rows/s)`,
  );
  console.log(`peak memory (heapUsed + external): ${(peak / 1e6).toFixed(1)} MB under --max-old-space-size=128 → ${file}`);
}

if (process.argv.includes("--measure")) await measure();
else {
  const run = spawnSync(process.execPath, ["--max-old-space-size=128", "--import", "tsx", import.meta.filename, "--measure"], {
    stdio: "inherit",
  });
  process.exit(run.status ?? 1);
}
