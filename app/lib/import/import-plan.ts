/**
 * Sizes of the chunked import (docs/decisions/0005-chunked-import.md), shared by the Worker and
 * `npm run bench:import` so the benchmark measures what production runs.
 */

/** Largest upload accepted. */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;
export const MAX_IMPORT_LABEL = "100 MB";
/**
 * .xls (BIFF) is read whole by @e965/xlsx, at about 20 MB of memory per MB of file: a 3 MB .xls
 * peaks at 58 MB, a 10 MB one does not fit in 128 MB (npm run bench:import:memory).
 */
export const MAX_XLS_BYTES = 3 * 1024 * 1024;
export const MAX_XLS_LABEL = "3 MB";

/**
 * Rows per writer batch (insertBatch in app/server/write/business-writer.server.ts): one atomic D1 batch
 * (one transaction) with the FTS and summary statements. Each batch rewrites the index pages its
 * rows land on and runs every summary statement once, so fewer, larger batches write less: 5,000
 * rows took 0.45 s off a 50,000-row import against 2,000; 10,000 gained little more and doubles the
 * request and the memory a batch holds (docs/perf/import.md).
 */
export const WRITE_BATCH_ROWS = 5000;

/** Files with at most this many data rows import inside the upload request (200 answer). */
export const INLINE_IMPORT_ROWS = 5_000;

/**
 * Wall time one slice of a larger import may run: one Workflow step (docs/decisions/0016-workflows.md),
 * well inside a step's default CPU limit of 30 s, so a step that fails redoes little.
 */
export const IMPORT_SLICE_MS = 15_000;

/** Row errors kept with the import and returned. */
export const MAX_REPORTED_ERRORS = 100;
