/**
 * GET /api/admin/export: every business (or one country's) as an .xlsx, streamed. Rows are read
 * from D1 in keyset pages by id and written to the zip as they arrive, so memory stays flat for
 * any number of rows. The import columns come first, so an export re-imports cleanly.
 */
import type { BusinessDbRow } from "~/lib/business";
import { countryCode, normalizeCountry } from "~/lib/countries";
import { parseOpeningHoursJson } from "~/lib/hours";
import { SPEC_COLUMNS } from "~/lib/import-mapping";
import { type XlsxCell, xlsxStream } from "~/lib/xlsx-writer";
import type { Db } from "./db.server";

/** Import columns (SPEC §3 first, then the Outscraper ones the importer reads), then the directory's own. */
export const EXPORT_COLUMNS = [
  ...SPEC_COLUMNS,
  "website", "subtypes", "description", "email", "country_code", "state_code", "latitude", "longitude", "time_zone",
  "business_status",
  "id", "slug", "city", "state", "verified", "seo_title", "seo_description", "canonical_url", "unique_content",
] as const;

type ExportRow = BusinessDbRow & { state_code: string };

export const EXPORT_PAGE_ROWS = 500;

function cells(row: ExportRow): XlsxCell[] {
  const photos = (() => {
    try {
      return JSON.parse(row.photos) as string[];
    } catch {
      return [];
    }
  })();
  const hours = parseOpeningHoursJson(row.opening_hours);
  const byColumn: Record<(typeof EXPORT_COLUMNS)[number], XlsxCell> = {
    name: row.name,
    category: row.category,
    full_address: row.address,
    // Text, always: leading zeros ("07652") matter.
    postal_code: row.zip_code,
    country: row.country,
    phone: row.phone,
    rating: row.rating,
    reviews: row.review_count,
    photo: photos[0] ?? null,
    working_hours: hours ? JSON.stringify(hours) : null,
    about: row.about,
    place_id: row.place_id,
    location_link: row.location_link,
    website: row.website,
    subtypes: row.subtypes,
    description: row.description,
    email: row.email,
    country_code: row.country_code,
    state_code: row.state_code,
    latitude: row.latitude,
    longitude: row.longitude,
    time_zone: row.time_zone,
    business_status: row.business_status,
    id: row.id,
    slug: row.slug,
    city: row.city,
    state: row.state,
    verified: Boolean(row.is_verified),
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    canonical_url: row.canonical_url,
    unique_content: row.unique_content,
  };
  return EXPORT_COLUMNS.map((c) => byColumn[c]);
}

/** The filter a `country` query names: an ISO code when one is known, else the name as stored. */
function countryFilter(country: string | null): { sql: string; value: string } | null {
  const text = country?.trim();
  if (!text) return null;
  const code = countryCode(text);
  return code ? { sql: "country_code = ?2", value: code } : { sql: "country = ?2", value: text };
}

async function* pages(db: Db, country: string | null): AsyncGenerator<XlsxCell[]> {
  const filter = countryFilter(country);
  let after = 0;
  for (;;) {
    const rows = await db.all<ExportRow>(
      `SELECT * FROM businesses WHERE id > ?1 ${filter ? `AND ${filter.sql}` : ""} ORDER BY id LIMIT ${EXPORT_PAGE_ROWS}`,
      filter ? [after, filter.value] : [after],
    );
    for (const row of rows) yield cells(row);
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = rows[rows.length - 1].id;
  }
}

export function exportFileName(country: string | null, now = new Date()): string {
  const label = country?.trim() ? normalizeCountry(country).name || country.trim() : "all";
  const safe = label.replace(/[^\p{L}\p{N}_-]+/gu, "_").replace(/^_+|_+$/g, "") || "all";
  return `businesses_${safe}_${now.toISOString().slice(0, 10)}.xlsx`;
}

/** The export as a file: its name and its .xlsx bytes, streamed as D1 pages arrive (the route serves it). */
export function exportWorkbook(db: Db, country: string | null, now = new Date()): { fileName: string; body: ReadableStream<Uint8Array> } {
  return {
    fileName: exportFileName(country, now),
    body: xlsxStream({ sheetName: "Businesses", columns: EXPORT_COLUMNS, rows: pages(db, country), now }),
  };
}
