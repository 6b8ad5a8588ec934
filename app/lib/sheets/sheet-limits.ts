/**
 * The ceilings of the spreadsheet reader (docs/decisions/0009-hostile-spreadsheets.md) and the one
 * error it throws. Every module of the reader (zip-container, xml-scan, sheet-rows, shared-strings,
 * xlsx-reader) checks what a file controls against these numbers.
 */
import { formatCount } from "#app/lib/format";

/** The file cannot be read, or breaks a ceiling; the message is meant for the operator. */
export class SpreadsheetError extends Error {}

/**
 * Ceilings on what a file may make the reader hold or do. Where Excel has a limit it is Excel's;
 * the others are far above what Excel, LibreOffice or Outscraper write, and low enough that the
 * reader's memory stays within a Worker's 128 MB.
 */
export const SHEET_LIMITS = {
  /** Characters in one cell (Excel's limit). */
  cellChars: 32_767,
  /** Columns, A to XFD (Excel's limit). */
  columns: 16_384,
  /** Rows (Excel's limit). */
  rows: 1_048_576,
  /** One element's opening tag (`<row …>`, `<c …>`, `<si>`); real ones are under 200 characters. */
  tagChars: 8_192,
  /** One row's XML: room for 60 cells at Excel's cell limit; a real Outscraper row is under 20,000. */
  rowChars: 2 * 1024 * 1024,
  /** One shared string's XML: its text at the cell limit, escaped and cut into rich-text runs. */
  sharedStringChars: 256 * 1024,
  /** Any part of the zip, inflated. */
  inflatedBytes: 1024 * 1024 * 1024,
  /**
   * Inflated bytes per compressed byte of a part, beyond the first MB (Apache POI refuses beyond
   * 100 too). Spreadsheet XML compresses 3-20 times; a zip bomb 1,000 times.
   */
  inflateRatio: 100,
  /** Parts read whole: the workbook and its relationships. */
  smallPartBytes: 1024 * 1024,
  /** The zip's central directory. */
  directoryBytes: 4 * 1024 * 1024,
} as const;

/** Inflated bytes a part may have before SHEET_LIMITS.inflateRatio applies. */
export const INFLATE_GRACE_BYTES = 1024 * 1024;

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${formatCount(n)} bytes`;
}
