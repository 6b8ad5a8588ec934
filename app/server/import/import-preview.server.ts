/**
 * POST /api/admin/import/preview's work: read an upload the way the import would and
 * say what it would do — its layout, row count, column mapping and first rows as stored — writing
 * nothing (not to D1, not to R2). The file is held in memory for the look (an .xlsx's directory is
 * at its end, so reading it needs the whole file), under the import's own limits; confirming then
 * sends it to POST /api/admin/import, which stores and imports it.
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
import { MAX_IMPORT_BYTES, MAX_IMPORT_LABEL } from "#app/lib/import/import-plan";
import { bodyChunks, MultipartError, MultipartScanner, type PartHeaders } from "#app/lib/import/multipart";
import { bufferSource, SpreadsheetError } from "#app/lib/sheets/xlsx-reader";
import { businesses } from "#db/schema";
import type { Db } from "#app/server/platform/db.server";
import { openSource } from "#app/server/import/import-source.server";
import { checkUploadHeaders, ImportRefused, NOT_MULTIPART, validateUpload } from "#app/server/import/import-upload.server";

const FILE_FIELD = "excelFile";
/** As the import allows: boundaries, part headers, a stray small field around the file. */

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

/** The file part of a multipart body, in memory, refused early by the same headers and sizes as the import. */
async function readUpload(request: Request): Promise<{ fileName: string; bytes: Uint8Array }> {
  const { boundary, declaredLength } = checkUploadHeaders(request);
  const scanner = new MultipartScanner(boundary);
  // One buffer the size the body declares: the file is copied in once, never grown or joined.
  const buffer = new Uint8Array(Math.min(declaredLength, MAX_IMPORT_BYTES));
  let part: PartHeaders | null = null;
  let storing = false;
  let filled = 0;
  try {
    for await (const { bytes, read } of bodyChunks(request.body)) {
      if (read > declaredLength)
        throw new ImportRefused(400, "The upload is longer than its Content-Length header says. Send the file again.");
      for (const event of scanner.write(bytes)) {
        if (event.type === "part") {
          storing = !part && event.headers.name === FILE_FIELD && event.headers.fileName !== null;
          if (storing) {
            part = event.headers;
            const extension = /\.([a-z0-9]+)$/i.exec(part.fileName ?? "")?.[1]?.toLowerCase();
            if (extension !== "xlsx" && extension !== "xls") {
              throw new ImportRefused(415, `"${part.fileName}" is not an Excel file. Only .xlsx and .xls files can be imported.`);
            }
          }
        } else if (event.type === "data" && storing) {
          if (filled + event.bytes.byteLength > buffer.byteLength) {
            throw new ImportRefused(
              413,
              `"${part?.fileName}" is over ${MAX_IMPORT_LABEL}; the largest file that can be imported is ${MAX_IMPORT_LABEL}.`,
            );
          }
          buffer.set(event.bytes, filled);
          filled += event.bytes.byteLength;
        } else if (event.type === "part-end") {
          storing = false;
        }
      }
    }
    scanner.end();
  } catch (error) {
    if (error instanceof MultipartError)
      throw new ImportRefused(400, `The upload is incomplete or not valid multipart/form-data. ${NOT_MULTIPART}`);
    throw error;
  }
  if (!part?.fileName) throw new ImportRefused(400, "No file was uploaded. Choose an .xlsx or .xls file in the field excelFile.");
  return { fileName: part.fileName, bytes: buffer.subarray(0, filled) };
}

function cellText(value: unknown): string {
  return value === null || value === undefined ? "" : String(value).trim();
}

/** Reads the upload and answers what the import would do; refusals are the import's own (ImportRefused). */
export async function previewUpload(db: Db, request: Request): Promise<ImportPreview> {
  const { fileName, bytes } = await readUpload(request);
  const source = bufferSource(bytes);
  // The import's own checks (signature, size per format, header with the required columns, a data row).
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
      ? (await db.orm.select({ placeId: businesses.placeId }).from(businesses).where(inArray(businesses.placeId, placeIds))).map(
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
