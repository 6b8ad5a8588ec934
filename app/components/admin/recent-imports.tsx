import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import type { ImportHistoryPage } from "#app/lib/admin/admin-imports";
import { formatCount } from "#app/lib/format";

/** While an import runs on the server, the list is read again this often (nothing is polled except running work). */
const REFRESH_MS = 2000;
const STATUS: Record<string, string> = { pending: "Queued", running: "Running", done: "Done", failed: "Failed" };

/**
 * The Import tab's latest imports: an import runs on the server whether or not a page
 * is open, so coming back to the tab shows it running or finished; the full list is Import History.
 */
export function RecentImports({ page }: { page: ImportHistoryPage }) {
  const { revalidate, state } = useRevalidator();
  const running = page.imports.some((i) => i.status === "running" || i.status === "pending");
  useEffect(() => {
    if (!running || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [running, state, revalidate]);

  if (page.imports.length === 0) return null;
  return (
    <section aria-labelledby="recent-imports-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="recent-imports-heading" className="text-lg font-semibold text-slate-900">
          Latest imports
        </h2>
        <Link to="/admin-panel/imports" className="text-sm text-blue-800 underline hover:text-blue-950">
          Import history
        </Link>
      </div>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {page.imports.map((i) => {
          const percent = i.totalRows ? Math.min(100, Math.round((i.processedRows / i.totalRows) * 100)) : 0;
          const active = i.status === "running" || i.status === "pending";
          return (
            <li key={i.id} className="py-2" data-testid="recent-import" data-status={i.status}>
              <span className="font-medium break-all">{i.fileName}</span>{" "}
              <span className="text-slate-600">
                · {STATUS[i.status] ?? i.status}
                {active ? ` (${formatCount(i.processedRows)} of ${formatCount(i.totalRows)} rows, ${percent}%)` : null} · imported{" "}
                {formatCount(i.imported)}
                {i.updated > 0 ? `, updated ${formatCount(i.updated)}` : null}, duplicates {formatCount(i.duplicatesSkipped)}, errors{" "}
                {formatCount(i.totalErrors)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
