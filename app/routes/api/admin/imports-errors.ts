import { z } from "zod";
import { xlsxStream } from "#app/lib/sheets/xlsx-writer";
import { adminJson, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { parseQuery } from "#app/server/platform/api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { allImportErrors, errorReportCsv, IMPORT_ERRORS_KEPT, importErrorPage } from "#app/server/import/import-errors.server";
import { importRecordOf } from "#app/server/import/import-history.server";
import type { Route } from "./+types/imports-errors";

const query = z.object({
  format: z.enum(["json", "csv", "xlsx"]).default("json"),
  /** JSON pages: the last row of the previous page. */
  after: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});

/**
 * GET /api/admin/imports/:id/errors[?format=json|csv|xlsx] → the import's error report: row, column,
 * value, reason for every bad row (the first 10,000 of an import are kept). JSON is paged
 * (`{importId, fileName, totalErrors, kept, errors, next}`, `?after={next}`); CSV and .xlsx are the
 * whole report as a download.
 */
export async function loader({ request, context, params: raw }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  const record = await importRecordOf(app.db, raw);
  if (!record) return adminJson({ message: "Import not found" }, 404);
  const { format, after, limit } = parseQuery(request, query);
  const base = `import-${record.id}-errors`;
  if (format === "csv") return download(errorReportCsv(app.db, record.id), `${base}.csv`, "text/csv; charset=utf-8");
  if (format === "xlsx") {
    const rows = (async function* () {
      for await (const e of allImportErrors(app.db, record.id)) yield [e.row, e.column, e.value, e.reason];
    })();
    return download(
      xlsxStream({ sheetName: "Errors", columns: ["row", "column", "value", "reason"], rows }),
      `${base}.xlsx`,
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
  }
  const page = await importErrorPage(app.db, record.id, { after, limit });
  return adminJson({
    importId: record.id,
    fileName: record.fileName,
    totalErrors: record.totalErrors,
    kept: Math.min(record.totalErrors, IMPORT_ERRORS_KEPT),
    ...page,
  });
}

function download(body: ReadableStream<Uint8Array>, fileName: string, type: string): Response {
  return new Response(body, {
    headers: { "Content-Type": type, "Content-Disposition": `attachment; filename="${fileName}"`, "Cache-Control": "no-store" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("GET");
}
