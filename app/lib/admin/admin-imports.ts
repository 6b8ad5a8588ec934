/**
 * The import history's page query and rows, shared by the Import History tab and its
 * server module; the links point at the history API (GET /api/admin/imports/:id/errors, …/file,
 * POST …/retry).
 */
import { z } from "zod";

const IMPORTS_PAGE_SIZE = 25;

/** `before` is the id of the previous page's last import: newest first, keyset paging by id. */
export const importsQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(IMPORTS_PAGE_SIZE),
});
export type ImportsQuery = z.output<typeof importsQuerySchema>;

export type ImportHistoryEntry = {
  id: number;
  fileName: string;
  fileSize: number;
  uploadedBy: string;
  status: "pending" | "running" | "done" | "failed";
  message: string;
  totalRows: number;
  processedRows: number;
  imported: number;
  duplicatesSkipped: number;
  totalErrors: number;
  /** "skip" (SPEC §3) or "update": what the import did with place_ids already listed (ADR 0018). */
  mode: "skip" | "update";
  /** Businesses already listed that an update-mode import refreshed. */
  updated: number;
  /** Unix seconds. */
  createdAt: number;
  finishedAt: number | null;
};

export type ImportHistoryPage = { imports: ImportHistoryEntry[]; next: number | null };

export const importLinks = (id: number) => ({
  errorsCsv: `/api/admin/imports/${id}/errors?format=csv`,
  errorsXlsx: `/api/admin/imports/${id}/errors?format=xlsx`,
  file: `/api/admin/imports/${id}/file`,
  retry: `/api/admin/imports/${id}/retry`,
});

const megabyteFormats = new Map<string, Intl.NumberFormat>();

/** One decimal in the locale's way ("1.2", "1,2"). */
function megabytes(locale: string): Intl.NumberFormat {
  let format = megabyteFormats.get(locale);
  if (!format)
    megabyteFormats.set(
      locale,
      (format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false })),
    );
  return format;
}

/** "1.2 MB", "830 KB", "512 B"; the decimal mark is the locale's ("1,2 MB"). */
export function fileSizeLabel(bytes: number, locale = "en"): string {
  if (bytes >= 1024 * 1024) return `${megabytes(locale).format(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** "2 min 5 s", "14 s"; null while it runs. */
export function durationLabel(entry: Pick<ImportHistoryEntry, "createdAt" | "finishedAt">): string | null {
  if (entry.finishedAt === null) return null;
  const seconds = Math.max(0, entry.finishedAt - entry.createdAt);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
