import * as XLSX from "@e965/xlsx";
import { env } from "cloudflare:workers";
import { type CellValue, SPEC_COLUMNS } from "#app/lib/import/import-mapping";
import { bufferSource, XlsxReader } from "#app/lib/sheets/xlsx-reader";

export const US_FIXTURE = "outscraper-2025-hair-transplant-us.xlsx";
export const VN_FIXTURE = "outscraper-2026-cafes-hue-vn.xlsx";

export function fixtureBytes(name: string): Uint8Array {
  const base64 = env.TEST_FIXTURES[name];
  if (!base64) throw new Error(`no fixture ${name}`);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** A workbook written by @e965/xlsx from rows (first row = header). */
export function sheetBytes(rows: unknown[][], bookType: "xlsx" | "xls" = "xlsx"): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: bookType === "xls" ? "biff8" : "xlsx" }) as ArrayBuffer);
}

export function fileOf(bytes: Uint8Array, name: string, type = "application/octet-stream"): File {
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
}

/** Every row of a fixture as {column name → value}, read with the streaming reader. */
export async function fixtureRecords(name: string): Promise<Array<Record<string, CellValue>>> {
  const reader = await XlsxReader.open(bufferSource(fixtureBytes(name)));
  const { rows } = await reader.readRows({ from: 1, to: 1_000_000 });
  const header = rows[0].cells.map((c) => String(c ?? ""));
  return rows.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r.cells[i] ?? null])));
}

/** A minimal valid sheet in the spec's 13 columns. */
export const SPEC_HEADER: string[] = [...SPEC_COLUMNS];

export function specRow(overrides: Partial<Record<(typeof SPEC_HEADER)[number], unknown>> = {}): unknown[] {
  const row: Record<string, unknown> = {
    name: "Sample Bakery",
    category: "Bakery",
    full_address: "Unter den Linden 77, 10117 Berlin, Germany",
    postal_code: "10117",
    country: "Germany",
    phone: "+49 30 1234567",
    rating: 4.5,
    reviews: 12,
    photo: "",
    working_hours: '{"Monday": "9AM-5PM"}',
    about: "",
    place_id: `spec-${crypto.randomUUID()}`,
    location_link: "",
    ...overrides,
  };
  return SPEC_HEADER.map((h) => row[h] ?? null);
}

/** The file handed over in pieces of `piece` bytes, so rows straddle the pieces' seams. */
export function piecewise(bytes: Uint8Array, piece: number): ReturnType<typeof bufferSource> {
  return {
    ...bufferSource(bytes),
    stream: async (offset, length) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = offset; at < offset + length; at += piece)
            controller.enqueue(bytes.slice(at, Math.min(offset + length, at + piece)));
          controller.close();
        },
      }),
  };
}
