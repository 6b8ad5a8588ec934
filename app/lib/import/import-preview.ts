/**
 * The Import tab's look before the write: what POST /api/admin/import/preview answers,
 * shared by the tab and the server. Pure: no server imports.
 */
import { SPEC_COLUMNS } from "#app/lib/import/import-mapping";

export type ImportLayout = "outscraper-2025" | "outscraper-2026" | "spec" | "other";

export const LAYOUT_LABELS: Record<ImportLayout, string> = {
  "outscraper-2025": "Outscraper export (2025 layout: full_address, site)",
  "outscraper-2026": "Outscraper export (2026 layout: address, website)",
  spec: "The spec's import columns (name, category, full_address, … place_id, location_link)",
  other: "Other columns, matched by name",
};

/** One field the import reads and the sheet column that feeds it. */
export type PreviewMapping = { field: string; header: string; column: string };

/** A preview row as the import would store it, or the reason it would be skipped. */
export type PreviewRow =
  | {
      row: number;
      ok: true;
      /** Already listed: the import would skip it as a duplicate (place_id). */
      duplicate: boolean;
      values: {
        name: string;
        category: string;
        address: string;
        city: string;
        state: string;
        zipCode: string;
        country: string;
        phone: string;
        website: string;
        rating: number;
        reviewCount: number;
        placeId: string;
        openingHours: string;
        photos: number;
      };
    }
  | { row: number; ok: false; column: string; reason: string };

export type ImportPreview = {
  fileName: string;
  fileSize: number;
  format: "xlsx" | "xls";
  layout: ImportLayout;
  layoutLabel: string;
  /** Data rows under the header (the import's total). */
  rowCount: number;
  headerRow: number;
  mapping: PreviewMapping[];
  /** Header cells the import does not read. */
  ignoredColumns: string[];
  rows: PreviewRow[];
};

export const PREVIEW_ROWS = 5;

/** Outscraper's own columns, absent from the spec's sheet: any of them marks an Outscraper export. */
const OUTSCRAPER_MARKERS = ["query", "google_id", "reviews_link", "reviews_per_score", "photos_count", "plus_code", "kgmid", "cid"];

/** The layout a header row (normalized names) shows: the two Outscraper years differ in address and website. */
export function detectLayout(headers: ReadonlySet<string>): ImportLayout {
  if (OUTSCRAPER_MARKERS.some((m) => headers.has(m))) {
    if (headers.has("full_address") || headers.has("site")) return "outscraper-2025";
    if (headers.has("address") || headers.has("website")) return "outscraper-2026";
  }
  if (SPEC_COLUMNS.every((h) => headers.has(h))) return "spec";
  return "other";
}

/** "A", "Z", "AA": a 0-based column index as Excel names it. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
