/**
 * POST /api/admin/import/preview's work: read an upload the way the import would and
 * say what it would do — its layout, row count, column mapping and first rows as stored — writing
 * nothing that stays (not to D1, not to R2). The upload streams into R2 under `previews/` as the
 * import's does, is read back by range with the import's own reader (the directory, the header, one
 * streamed counting pass, the first rows), and is deleted before the answer: the Worker never holds
 * the file (docs/decisions/0035-bounded-preview.md). Confirming then sends it to POST
 * /api/admin/import, which stores and imports it.
 */
import { inArray } from "drizzle-orm";
import {
  type ImportPreview,
  type PreviewMapping,
  type PreviewRow,
  columnLetter,
  detectLayout,
  LAYOUT_LABELS,
  PREVIEW_ROWS,
} from "#app/lib/import/import-preview";
import { mapHeader, mapRow, normalizeHeader, usedColumns, type ImportField } from "#app/lib/import/import-mapping";
import { type ByteSource, SpreadsheetError } from "#app/lib/sheets/xlsx-reader";
import { businesses } from "#db/schema";
import type { AppContext } from "#app/server/platform/context.server";
import { openSource, r2Source } from "#app/server/import/import-source.server";
import { ImportRefused, receiveUpload, validateUpload } from "#app/server/import/import-upload.server";

/** The fields shown in the mapping, in the order a reader expects them (the sheet's own order is kept within). */
const FIELD_LABELS: Partial<Record<ImportField, string>> = {
  name: "Name",
  category: "Category",
  type: "Type (category fallback)",
  subtypes: "Subtypes",
  address: "Address",
  city: "City",
  state: "State",
  stateCode: "State code",
  postalCode: "Postal code",
  country: "Country",
  countryCode: "Country code",
  phone: "Phone",
  email: "Email",
  website: "Website",
  rating: "Rating",
  reviews: "Reviews",
  photo: "Photo",
  hours: "Opening hours",
  hoursOld: "Opening hours (old format)",
  hoursCsv: "Opening hours (CSV format)",
  about: "About",
  description: "Description",
  placeId: "Place ID",
  locationLink: "Location link",
  latitude: "Latitude",
  longitude: "Longitude",
  timeZone: "Time zone",
  businessStatus: "Business status",
  verified: "Verified",
  seoTitle: "SEO title",
  seoDescription: "SEO description",
  uniqueContent: "Unique content",
};

function cellText(value: unknown): string {
  return value === null || value === undefined ? "" : String(value).trim();
}

/**
 * Receives the upload into R2, answers what the import would do, and deletes it again; refusals are
 * the import's own (ImportRefused), with the same statuses and messages.
 */
export async function previewUpload(app: AppContext, request: Request, uploadedBy: string): Promise<ImportPreview> {
  const stored = await receiveUpload(app, request, uploadedBy, "previews");
  try {
    return await previewStored(app, r2Source(app.env.UPLOADS, stored.key, stored.size), stored.fileName);
  } finally {
    await app.env.UPLOADS.delete(stored.key);
  }
}

async function previewStored(app: AppContext, source: ByteSource, fileName: string): Promise<ImportPreview> {
  // The import's own checks (signature, size per format, header with the required columns, a data
  // row): one streamed pass over the sheet that keeps only counters, so the row count is exact.
  const upload = await validateUpload(source, fileName);
  let header: Awaited<ReturnType<Awaited<ReturnType<typeof openSource>>["header"]>>;
  const mapped: Array<{ rowNumber: number; result: ReturnType<typeof mapRow> }> = [];
  let map: ReturnType<typeof mapHeader>;
  try {
    const rows = await openSource(upload.format, source);
    header = await rows.header();
    if (!header) throw new ImportRefused(422, `"${fileName}" has an empty sheet: there is no header row and no data.`);
    map = mapHeader(header.cells);
    for await (const batch of rows.batches(header.rowNumber + 1, usedColumns(map), PREVIEW_ROWS)) {
      for (const row of batch.rows.slice(0, PREVIEW_ROWS))
        mapped.push({ rowNumber: row.rowNumber, result: mapRow(row.cells, map, row.rowNumber) });
      // The first batch is the first five rows: the rest of the sheet is not read again.
      break;
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw new ImportRefused(422, `"${fileName}" cannot be read. ${error.message}`);
    throw error;
  }
  const headers = header.cells.map((c) => normalizeHeader(c));
  const used = new Set(Object.values(map));
  const mapping: PreviewMapping[] = (Object.entries(map) as Array<[ImportField, number]>)
    .sort((a, b) => a[1] - b[1])
    .map(([field, index]) => ({ field: FIELD_LABELS[field] ?? field, header: cellText(header.cells[index]), column: columnLetter(index) }));
  const ignoredColumns = header.cells.map((c, i) => (used.has(i) ? "" : cellText(c))).filter(Boolean);

  // Which of the shown rows are already listed (the import would count them as duplicates): one indexed read.
  const placeIds = mapped.flatMap((m) => (m.result.ok && m.result.input.placeId ? [m.result.input.placeId] : []));
  const listed = new Set(
    placeIds.length
      ? (await app.db.orm.select({ placeId: businesses.placeId }).from(businesses).where(inArray(businesses.placeId, placeIds))).map(
          (r) => r.placeId,
        )
      : [],
  );
  const rows: PreviewRow[] = mapped.map(({ rowNumber, result }) => {
    if (!result.ok) return { row: rowNumber, ok: false, column: result.error.column, reason: result.error.reason };
    const b = result.input;
    const hours = b.openingHours
      ? Object.entries(b.openingHours)
          .map(([day, time]) => `${day}: ${time}`)
          .join("; ")
      : "";
    return {
      row: rowNumber,
      ok: true,
      duplicate: Boolean(b.placeId && listed.has(b.placeId)),
      values: {
        name: b.name,
        category: b.category,
        address: b.address,
        city: b.city,
        state: b.state,
        zipCode: b.zipCode,
        country: b.country,
        phone: b.phone ?? "",
        website: b.website ?? "",
        rating: b.rating,
        reviewCount: b.reviewCount,
        placeId: b.placeId ?? "",
        openingHours: hours,
        photos: b.photos.length,
      },
    };
  });
  const layout = detectLayout(new Set(headers.filter(Boolean)));
  return {
    fileName,
    fileSize: upload.size,
    format: upload.format,
    layout,
    layoutLabel: LAYOUT_LABELS[layout],
    rowCount: upload.total,
    headerRow: upload.headerRow,
    mapping,
    ignoredColumns,
    rows,
  };
}
