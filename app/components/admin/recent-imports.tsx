import { Link } from "react-router";
import type { ImportHistoryPage } from "#app/lib/admin/admin-imports";
import { useRunningImports } from "#app/components/admin/use-running-imports";
import { useAdminFormats } from "#app/components/admin/operator-locale";

const STATUS: Record<string, string> = { pending: "Queued", running: "Running", done: "Done", failed: "Failed" };

/**
 * The Import tab's latest imports: an import runs on the server whether or not a page
 * is open, so coming back to the tab shows it running or finished; the full list is Import History.
 */
export function RecentImports({ page }: { page: ImportHistoryPage }) {
  useRunningImports(page);
  const format = useAdminFormats();

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
                {active ? ` (${format.count(i.processedRows)} of ${format.count(i.totalRows)} rows, ${format.percent(percent)})` : null} ·
                imported {format.count(i.imported)}
                {i.updated > 0 ? `, updated ${format.count(i.updated)}` : null}, duplicates {format.count(i.duplicatesSkipped)}, errors{" "}
                {format.count(i.totalErrors)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
