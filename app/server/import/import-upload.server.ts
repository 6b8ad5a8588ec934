/**
 * An upload before it becomes an import: received into R2 as it streams in (refused by its headers,
 * its file part's name, its framing and size), then validated where it is stored. A refusal is an
 * ImportRefused, thrown before anything is written to D1.
 */
import { MAX_IMPORT_BYTES, MAX_IMPORT_LABEL, MAX_XLS_BYTES, MAX_XLS_LABEL } from "#app/lib/import/import-plan";
import { mapHeader, missingColumns } from "#app/lib/import/import-mapping";
import { type ByteSource, OLE2_SIGNATURE, SpreadsheetError, startsWith, ZIP_SIGNATURE } from "#app/lib/sheets/xlsx-reader";
import { boundaryOf, type PartHeaders } from "#app/lib/import/multipart";
import type { AppContext } from "#app/server/platform/context.server";
import { type ImportFormat, openSource } from "#app/server/import/import-source.server";
import { R2ObjectWriter, receiveFile, UploadError } from "#app/server/import/upload.server";

/** A refusal: nothing has been written when one is thrown. */
export class ImportRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The form field the spec names for the upload. */
const FILE_FIELD = "excelFile";
/**
 * What a multipart body may add to the file: boundaries, the part's headers, a stray small field.
 * A Content-Length over MAX_IMPORT_BYTES plus this is refused before a byte is read.
 */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const NOT_MULTIPART = "Send the file as multipart/form-data in the field excelFile.";

/** The checks a file name allows, made as soon as the upload's part headers arrive. */
function checkFileName(fileName: string | null): asserts fileName is string {
  if (!fileName) {
    throw new ImportRefused(400, "No file was uploaded. Choose an .xlsx or .xls file in the field excelFile.");
  }
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension !== "xlsx" && extension !== "xls") {
    throw new ImportRefused(415, `"${fileName}" is not an Excel file. Only .xlsx and .xls files can be imported.`);
  }
}

/**
 * Checks everything that can be checked before a single row is written: name, size, signature, that
 * the sheet decompresses to the end, a header with the required columns, at least one data row. The
 * file is read by range from where it is stored (R2), never copied whole.
 */
export async function validateUpload(
  source: ByteSource,
  fileName: string,
  limits: { maxBytes: number; maxLabel: string } = { maxBytes: MAX_IMPORT_BYTES, maxLabel: MAX_IMPORT_LABEL },
): Promise<{ format: ImportFormat; size: number; headerRow: number; total: number }> {
  checkFileName(fileName);
  if (source.size === 0) throw new ImportRefused(400, `"${fileName}" is empty (0 bytes).`);
  if (source.size > limits.maxBytes) {
    throw new ImportRefused(
      413,
      `"${fileName}" is ${megabytes(source.size)}; the largest file that can be imported is ${limits.maxLabel}.`,
    );
  }
  const bytes = await source.read(0, Math.min(8, source.size));
  let format: ImportFormat;
  // The content decides, not the name: a workbook saved as .xls by some tools is really a zip.
  if (startsWith(bytes, ZIP_SIGNATURE)) format = "xlsx";
  else if (startsWith(bytes, OLE2_SIGNATURE)) format = "xls";
  else {
    throw new ImportRefused(
      415,
      `"${fileName}" is not a spreadsheet: its content is neither an .xlsx (zip) nor an .xls (OLE2) workbook. Export it from Excel again and retry.`,
    );
  }
  if (format === "xls" && source.size > MAX_XLS_BYTES) {
    throw new ImportRefused(
      413,
      `"${fileName}" is ${megabytes(source.size)}; .xls files can be at most ${MAX_XLS_LABEL}. Save it as .xlsx (up to ${MAX_IMPORT_LABEL}).`,
    );
  }
  try {
    const rows = await openSource(format, source);
    const header = await rows.header();
    if (!header) throw new ImportRefused(422, `"${fileName}" has an empty sheet: there is no header row and no data.`);
    const missing = missingColumns(mapHeader(header.cells));
    if (missing.length) {
      throw new ImportRefused(
        422,
        `"${fileName}" lacks required column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}. The first row must name the columns (name, category, full_address, postal_code, country, phone, rating, reviews, photo, working_hours, about, place_id, location_link).`,
      );
    }
    const total = await rows.countDataRows(header.rowNumber);
    if (total === 0) throw new ImportRefused(422, `"${fileName}" has a header row but no data rows.`);
    return { format, size: source.size, headerRow: header.rowNumber, total };
  } catch (error) {
    if (error instanceof SpreadsheetError) throw new ImportRefused(422, `"${fileName}" cannot be read. ${error.message}`);
    throw error;
  }
}

function safeFileName(name: string): string {
  return name.replace(/[^\w.-]+/g, "_").slice(-120);
}

/**
 * An upload's request headers, checked before any byte is read (by receiveUpload, for the import and its preview):
 * multipart with a boundary, a declared Content-Length, and no larger than an importable file.
 */
function checkUploadHeaders(request: Request): { boundary: string; declaredLength: number } {
  const boundary = boundaryOf(request.headers.get("Content-Type"));
  if (!boundary) throw new ImportRefused(400, NOT_MULTIPART);
  const declared = request.headers.get("Content-Length");
  if (declared === null || !/^\d+$/.test(declared.trim())) {
    throw new ImportRefused(
      411,
      `Send the upload with a Content-Length header: its size is checked before it is read (at most ${MAX_IMPORT_LABEL}).`,
    );
  }
  const declaredLength = Number(declared);
  if (declaredLength > MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw new ImportRefused(
      413,
      `The upload is ${megabytes(declaredLength)}; the largest file that can be imported is ${MAX_IMPORT_LABEL}.`,
    );
  }
  return { boundary, declaredLength };
}

/** An upload stored in R2, not yet validated, with the form's other fields (`mode`) as sent. */
export type StoredUpload = { key: string; fileName: string; size: number; fields: { mode?: string } };

/**
 * Receives POST /api/admin/import's body (or its preview's) into R2 under a new key below `folder`:
 * refuses by its headers before reading (type, Content-Length), by the file part's headers before
 * storing (name, extension), and while reading (framing, size). A refusal leaves nothing in R2.
 */
export async function receiveUpload(
  app: AppContext,
  request: Request,
  uploadedBy: string,
  folder: "imports" | "previews" = "imports",
): Promise<StoredUpload> {
  const { boundary, declaredLength } = checkUploadHeaders(request);
  const day = new Date().toISOString().slice(0, 10);
  try {
    const received = await receiveFile(request.body, {
      boundary,
      declaredLength,
      field: FILE_FIELD,
      fields: ["mode"],
      maxFileBytes: MAX_IMPORT_BYTES,
      open(part: PartHeaders) {
        checkFileName(part.fileName);
        return new R2ObjectWriter(app.env.UPLOADS, `${folder}/${day}/${crypto.randomUUID()}-${safeFileName(part.fileName)}`, {
          httpMetadata: { contentType: part.contentType || "application/octet-stream" },
          customMetadata: { fileName: part.fileName, uploadedBy },
        });
      },
    });
    if (!received) throw new ImportRefused(400, "No file was uploaded. Choose an .xlsx or .xls file in the field excelFile.");
    return { key: received.key, fileName: received.part.fileName ?? "", size: received.size, fields: { mode: received.fields.mode } };
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    const { fault } = error;
    if (fault.kind === "file-too-large") {
      throw new ImportRefused(
        413,
        `"${fault.part.fileName}" is over ${MAX_IMPORT_LABEL}; the largest file that can be imported is ${MAX_IMPORT_LABEL}.`,
      );
    }
    if (fault.kind === "longer-than-declared") {
      throw new ImportRefused(400, "The upload is longer than its Content-Length header says. Send the file again.");
    }
    throw new ImportRefused(400, `The upload is incomplete or not valid multipart/form-data. ${NOT_MULTIPART}`);
  }
}
