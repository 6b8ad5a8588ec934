/**
 * Sizes of the chunked import (docs/decisions/0005-chunked-import.md), shared by the Worker and
 * `npm run bench:import` so the benchmark measures what production runs.
 */

/** Largest upload accepted. */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;
export const MAX_IMPORT_LABEL = "100 MB";
/** .xls (BIFF) is read whole by @e965/xlsx, so it gets a smaller limit. */
export const MAX_XLS_BYTES = 10 * 1024 * 1024;
export const MAX_XLS_LABEL = "10 MB";

/** Sheet rows read, mapped and written per chunk (one request or one status poll). */
export const IMPORT_CHUNK_ROWS = 5_000;

/** Files with at most this many data rows import inside the upload request (200 answer). */
export const INLINE_IMPORT_ROWS = IMPORT_CHUNK_ROWS;

/** Row errors kept with the import and returned. */
export const MAX_REPORTED_ERRORS = 100;
