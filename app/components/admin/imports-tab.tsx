import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { durationLabel, fileSizeLabel, importLinks, type ImportHistoryEntry, type ImportHistoryPage } from "#app/lib/admin/admin-imports";
import { errorText } from "#app/lib/admin/admin-fetch";
import { toast } from "#app/lib/toast";
import { useAdminApi } from "#app/components/admin/use-admin-api";
import { KeysetPager } from "#app/components/admin/keyset-pager";
import { useRunningImports } from "#app/components/admin/use-running-imports";
import { LogTable } from "#app/components/admin/table";
import { useAdminFormats } from "#app/components/admin/operator-locale";

const STATUS_STYLE: Record<ImportHistoryEntry["status"], { label: string; className: string }> = {
  pending: { label: "Queued", className: "bg-slate-100 text-slate-800" },
  running: { label: "Running", className: "bg-blue-100 text-blue-900" },
  done: { label: "Done", className: "bg-green-100 text-green-800" },
  failed: { label: "Failed", className: "bg-red-100 text-red-800" },
};

const linkClass = "text-blue-800 underline hover:text-blue-950";

/**
 * Import History: every import, newest first, with its counts, its error report (CSV or
 * .xlsx) and its original file; a failed import can be retried (it resumes from its last committed
 * batch). The downloads are plain links: the browser sends the session cookie, the API checks it.
 */
export function ImportsTab({ page, isFirstPage }: { page: ImportHistoryPage; isFirstPage: boolean }) {
  const running = useRunningImports(page);

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Import history</h2>
        <p className="mt-1 text-sm text-slate-600">
          Every spreadsheet imported, newest first. Times are UTC. {running ? "Running imports update by themselves." : null}
        </p>
      </div>
      {page.imports.length === 0 ? (
        <p className="text-slate-600">
          {isFirstPage ? (
            <>
              No imports yet.{" "}
              <Link to="/admin-panel/import" className={linkClass}>
                Import a spreadsheet
              </Link>
              .
            </>
          ) : (
            "No older imports."
          )}
        </p>
      ) : (
        <LogTable
          columns={[
            "File",
            "Who",
            "When (UTC)",
            "Status",
            "Duration",
            ...["Imported", "Duplicates", "Errors"].map((label) => ({ label, className: "py-2 pe-3 text-end font-medium" })),
            { label: "Downloads", className: "py-2 font-medium" },
          ]}
        >
          {page.imports.map((entry) => (
            <ImportRow key={entry.id} entry={entry} />
          ))}
        </LogTable>
      )}
      <KeysetPager path="/admin-panel/imports" label="Import history pages" isFirstPage={isFirstPage} next={page.next} />
    </div>
  );
}

function ImportRow({ entry }: { entry: ImportHistoryEntry }) {
  const api = useAdminApi();
  const { revalidate } = useRevalidator();
  const [retrying, setRetrying] = useState(false);
  const format = useAdminFormats();
  const links = importLinks(entry.id);
  const status = STATUS_STYLE[entry.status];
  const duration = durationLabel(entry);
  const percent = entry.totalRows ? Math.min(100, Math.round((entry.processedRows / entry.totalRows) * 100)) : 0;

  async function retry() {
    setRetrying(true);
    try {
      const response = await api.raw(links.retry, { method: "POST" });
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      toast({ title: "Import restarted", description: body?.message || `${entry.fileName} is importing again` });
      await revalidate();
    } catch (error) {
      toast({ title: "Import failed", description: errorText(error, "The import could not be restarted"), variant: "destructive" });
    } finally {
      setRetrying(false);
    }
  }

  return (
    <tr className="border-b border-slate-100 align-top" data-testid="import-row" data-status={entry.status}>
      <td className="py-2 pe-3">
        <span className="font-medium break-all">{entry.fileName}</span>
        <span className="block text-xs text-slate-600">
          #{entry.id} · {fileSizeLabel(entry.fileSize, format.locale)} · {format.count(entry.totalRows)} rows ·{" "}
          {entry.mode === "update" ? "update mode" : "skip mode"}
        </span>
      </td>
      <td className="py-2 pe-3">{entry.uploadedBy || "—"}</td>
      <td className="py-2 pe-3 whitespace-nowrap tabular-nums">
        <time dateTime={new Date(entry.createdAt * 1000).toISOString()}>{format.dateTime(entry.createdAt)}</time>
      </td>
      <td className="py-2 pe-3">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${status.className}`}>{status.label}</span>
        {entry.status === "running" || entry.status === "pending" ? (
          <span className="mt-1 block text-xs text-slate-600 tabular-nums">{format.percent(percent)}</span>
        ) : null}
        {entry.status === "failed" && entry.message ? (
          <span className="mt-1 block max-w-xs text-xs text-red-800">{entry.message}</span>
        ) : null}
      </td>
      <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{duration ?? "—"}</td>
      <td className="py-2 pe-3 text-end tabular-nums">
        {format.count(entry.imported)}
        {entry.mode === "update" ? <span className="block text-xs text-slate-600">{format.count(entry.updated)} updated</span> : null}
      </td>
      <td className="py-2 pe-3 text-end tabular-nums">{format.count(entry.duplicatesSkipped)}</td>
      <td className="py-2 pe-3 text-end tabular-nums">{format.count(entry.totalErrors)}</td>
      <td className="py-2">
        <ul className="space-y-1 text-xs">
          {entry.totalErrors > 0 ? (
            <li>
              Error report:{" "}
              <a href={links.errorsCsv} download className={linkClass} aria-label={`Error report of ${entry.fileName} as CSV`}>
                CSV
              </a>{" "}
              ·{" "}
              <a href={links.errorsXlsx} download className={linkClass} aria-label={`Error report of ${entry.fileName} as Excel`}>
                Excel
              </a>
            </li>
          ) : null}
          <li>
            <a href={links.file} download className={linkClass} aria-label={`Original file ${entry.fileName}`}>
              Original file
            </a>
          </li>
          {entry.status === "failed" ? (
            <li>
              <button
                type="button"
                onClick={() => void retry()}
                disabled={retrying}
                className="rounded border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-50 disabled:opacity-60"
                aria-label={`Retry import of ${entry.fileName}`}
              >
                {retrying ? "Retrying..." : "Retry"}
              </button>
            </li>
          ) : null}
        </ul>
      </td>
    </tr>
  );
}
