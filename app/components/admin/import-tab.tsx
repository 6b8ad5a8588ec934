/**
 * The admin panel's Import tab (SPEC §2, §8): import a spreadsheet (with a
 * progress bar while a large import runs as a job), generate SEO content in chunks (filling only
 * businesses that have none), delete all data after three confirmations. Talks to the JSON API (the
 * panel's few client-side calls; page data comes from loaders); a 401 from it goes to
 * `onUnauthorized`, the panel's one 401 path (useAdminApi's sessionEnded). Nothing to refresh here:
 * each tab's loader reads fresh data when the admin opens it.
 *
 * A chosen file is first read by POST /api/admin/import/preview (nothing is written), the
 * tab shows what the import would do, and only "Import" sends it to POST /api/admin/import. The
 * delete-all's three confirmations are modal dialogs (ConfirmDialog) with the same texts as before.
 */
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { ImportPreview } from "#app/lib/import/import-preview";
import { toast } from "#app/lib/toast";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog";
import { useAdminFormats } from "#app/components/admin/operator-locale";
import { ColumnHeads } from "#app/components/admin/table";

type Stats = { imported: number; duplicatesSkipped: number; totalErrors: number; updated?: number };
/** What the import does with a place_id already listed (the form field `mode`, ADR 0018). */
type Mode = "skip" | "update";
type ImportAnswer = {
  message?: string;
  stats?: Stats;
  errors?: Array<{ row: number; column: string; reason: string }>;
  jobId?: number;
  statusUrl?: string;
};
type JobStatus = { status: "running" | "done" | "failed"; progress: { processed: number; total: number }; message: string; stats: Stats };
type SeoAnswer = { message?: string; updated?: number; remaining?: number };

const ACCEPT = ".xlsx,.xls";
const MODES: ReadonlyArray<{ value: Mode; label: string; hint: string }> = [
  { value: "skip", label: "Skip them", hint: "Businesses already listed stay as they are." },
  {
    value: "update",
    label: "Update them",
    hint: "Refresh their rating, reviews, hours, status, photos, website and phone from the file. Fields edited by hand are kept; blank cells change nothing.",
  },
];
const POLL_MS = 500;
/** How often a running SEO or delete-all job's status is read (it runs on the server either way). */
const JOB_POLL_MS = 1000;

async function readJson<T>(response: Response): Promise<T | null> {
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

function summary(stats: Stats): string {
  const spec = `Imported: ${stats.imported}, duplicates skipped: ${stats.duplicatesSkipped}, errors: ${stats.totalErrors}`;
  return stats.updated ? `${spec}, updated: ${stats.updated}` : spec;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The delete-all's three steps (SPEC §5), each a dialog with the texts the confirm()/prompt() had. */
const DELETE_STEPS = [
  { title: "Delete all data?", text: "Are you sure you want to delete ALL businesses? This cannot be undone.", confirm: "Continue" },
  {
    title: "FINAL WARNING",
    text: "FINAL WARNING: every business, category, city and statistic will be deleted. Continue?",
    confirm: "Continue",
  },
  { title: "Type DELETE", text: "Type DELETE to confirm deleting all data.", confirm: "Delete All Data" },
] as const;
type Props = {
  /** A 401 from an admin call: the session ended; the admin is sent to /admin-login. */
  onUnauthorized: () => void;
  /** An import was recorded or ended: the route reads its latest imports again. */
  onImportChanged?: () => void;
};

export function ImportTab({ onUnauthorized, onImportChanged }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [importing, setImporting] = useState(false);
  const [progress, setProgress] = useState<{ processed: number; total: number } | null>(null);
  const [lastErrors, setLastErrors] = useState<ImportAnswer["errors"]>([]);
  const [generating, setGenerating] = useState(false);
  const [seoProgress, setSeoProgress] = useState<{ updated: number; remaining: number } | null>(null);
  const [backfilling, setBackfilling] = useState(false);
  const [backfillProgress, setBackfillProgress] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  /** 0: no dialog; 1–3: the delete-all step shown. */
  const [deleteStep, setDeleteStep] = useState(0);
  const [previewing, setPreviewing] = useState(false);
  const [preview, setPreview] = useState<{ file: File; answer: ImportPreview } | null>(null);
  const [lastJob, setLastJob] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>("skip");
  const format = useAdminFormats();

  function clearFile() {
    if (fileInput.current) fileInput.current.value = "";
  }

  /** The look before the write: the server reads the file as the import would and stores nothing. */
  async function previewFile(file: File) {
    setPreviewing(true);
    setPreview(null);
    setLastErrors([]);
    setLastJob(null);
    try {
      const form = new FormData();
      form.set("excelFile", file);
      const response = await fetch("/api/admin/import/preview", { method: "POST", body: form, credentials: "include" });
      if (response.status === 401) return onUnauthorized();
      const body = await readJson<ImportPreview & { message?: string }>(response);
      if (!response.ok || !body) {
        toast({ title: "Import failed", description: body?.message || "Upload failed", variant: "destructive" });
        clearFile();
        return;
      }
      setPreview({ file, answer: body });
    } catch {
      toast({ title: "Import failed", description: "Failed to import Excel file", variant: "destructive" });
      clearFile();
    } finally {
      setPreviewing(false);
    }
  }

  function cancelPreview() {
    setPreview(null);
    clearFile();
    toast({ title: "Import cancelled", description: "Nothing was imported." });
  }

  async function importFile(file: File) {
    setPreview(null);
    setImporting(true);
    setProgress(null);
    setLastErrors([]);
    try {
      const form = new FormData();
      form.set("mode", mode);
      form.set("excelFile", file);
      const response = await fetch("/api/admin/import", { method: "POST", body: form, credentials: "include" });
      if (response.status === 401) return onUnauthorized();
      const body = await readJson<ImportAnswer>(response);
      if (!response.ok) {
        toast({ title: "Import failed", description: body?.message || "Upload failed", variant: "destructive" });
        return;
      }
      let stats = body?.stats;
      let message = body?.message;
      setLastErrors(body?.errors ?? []);
      if (response.status === 202 && body?.statusUrl) {
        // A large file runs as a job: poll its status (nothing is polled except running work).
        setLastJob(body.message ?? "Importing in the background…");
        onImportChanged?.();
        for (;;) {
          await wait(POLL_MS);
          const poll = await fetch(body.statusUrl, { credentials: "include" });
          if (poll.status === 401) return onUnauthorized();
          const status = await readJson<JobStatus & { errors?: ImportAnswer["errors"] }>(poll);
          if (!poll.ok || !status) {
            toast({ title: "Import failed", description: status?.message || "Upload failed", variant: "destructive" });
            return;
          }
          setProgress(status.progress);
          if (status.status === "failed") {
            toast({ title: "Import failed", description: status.message || "Failed to import Excel file", variant: "destructive" });
            return;
          }
          if (status.status === "done") {
            stats = status.stats;
            message = status.message;
            setLastErrors(status.errors ?? []);
            break;
          }
        }
      }
      toast({ title: "Import Completed", description: stats ? summary(stats) : message });
    } catch {
      toast({ title: "Import failed", description: "Failed to import Excel file", variant: "destructive" });
    } finally {
      setImporting(false);
      setProgress(null);
      clearFile();
      onImportChanged?.();
    }
  }

  async function generateSeo() {
    setGenerating(true);
    setSeoProgress(null);
    try {
      // One call: the server fills a chunk itself and, when more remain, runs the rest as a job
      // (ADR 0016); the tab only watches the job's status (polled only while it runs).
      const response = await fetch("/api/admin/generate-seo", { method: "POST", credentials: "include" });
      if (response.status === 401) return onUnauthorized();
      const body = await readJson<SeoAnswer & { statusUrl?: string }>(response);
      if (!response.ok || !body) throw new Error(body?.message || `${response.status}: ${response.statusText}`);
      let updated = body.updated ?? 0;
      let message = body.message;
      setSeoProgress({ updated, remaining: body.remaining ?? 0 });
      if (body.statusUrl) {
        const job = await watchJob<{ updated: number | null; remaining: number }>(body.statusUrl, (s) =>
          setSeoProgress({ updated, remaining: s.remaining }),
        );
        if (!job) return;
        updated += job.updated ?? 0;
        message = job.message;
      }
      toast({
        title: "SEO Content Generated",
        description: updated ? `Generated SEO content for ${updated} businesses.` : message || `${updated} businesses updated`,
      });
    } catch (error) {
      toast({ title: "SEO Generation failed", description: error instanceof Error ? error.message : undefined, variant: "destructive" });
    } finally {
      setGenerating(false);
      setSeoProgress(null);
    }
  }

  /** Recomputes the filter terms of businesses stored before filters existed: a chunk now, the rest as a job. */
  async function updateFilters() {
    setBackfilling(true);
    setBackfillProgress(null);
    try {
      const response = await fetch("/api/admin/filters/backfill", { method: "POST", credentials: "include" });
      if (response.status === 401) return onUnauthorized();
      const body = await readJson<{ message: string; updated: number; statusUrl?: string }>(response);
      if (!response.ok || !body) throw new Error(body?.message || `${response.status}: ${response.statusText}`);
      let updated = body.updated;
      setBackfillProgress(body.message);
      if (body.statusUrl) {
        const job = await watchJob<{ message: string; updated: number | null }>(body.statusUrl, (s) => setBackfillProgress(s.message));
        if (!job) return;
        updated += job.updated ?? 0;
      }
      toast({ title: "Filters Updated", description: `Updated the filters of ${format.count(updated)} businesses.` });
    } catch (error) {
      toast({ title: "Updating filters failed", description: error instanceof Error ? error.message : undefined, variant: "destructive" });
    } finally {
      setBackfilling(false);
      setBackfillProgress(null);
    }
  }

  /** Polls a job's status address until it is no longer running; null after a 401. A failed job throws its message. */
  async function watchJob<T>(url: string, onProgress: (status: T) => void): Promise<(T & { message: string }) | null> {
    for (;;) {
      await wait(JOB_POLL_MS);
      const poll = await fetch(url, { credentials: "include" });
      if (poll.status === 401) {
        onUnauthorized();
        return null;
      }
      const status = await readJson<T & { status: "running" | "done" | "failed"; message: string }>(poll);
      if (!poll.ok || !status) throw new Error(status?.message || `${poll.status}: ${poll.statusText}`);
      if (status.status === "failed") throw new Error(status.message);
      if (status.status === "done") return status;
      onProgress(status);
    }
  }

  /** The third dialog's answer: the typed word goes to the server, which checks it again (deleteAllSchema). */
  async function deleteAll(typed: string) {
    setDeleteStep(0);
    if (typed !== "DELETE") {
      toast({
        title: "Delete failed",
        description: "The confirmation did not match DELETE. Nothing was deleted.",
        variant: "destructive",
      });
      return;
    }
    setDeleting(true);
    try {
      const response = await fetch("/api/admin/delete-all", {
        method: "DELETE",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ confirm: typed }),
      });
      if (response.status === 401) return onUnauthorized();
      const body = await readJson<{ message?: string; statusUrl?: string }>(response);
      if (!response.ok) throw new Error(body?.message || `${response.status}: ${response.statusText}`);
      let message = body?.message;
      if (body?.statusUrl) {
        // A large directory is deleted by a job on the server; the tab only watches it.
        const job = await watchJob<{ remaining: number }>(body.statusUrl, () => undefined);
        if (!job) return;
        message = job.message;
      }
      toast({ title: "All data deleted", description: message });
    } catch (error) {
      toast({ title: "Delete failed", description: error instanceof Error ? error.message : undefined, variant: "destructive" });
    } finally {
      setDeleting(false);
    }
  }

  const percent = progress && progress.total ? Math.min(100, Math.round((progress.processed / progress.total) * 100)) : 0;
  const step = deleteStep > 0 ? DELETE_STEPS[deleteStep - 1] : DELETE_STEPS[0];

  return (
    <div className="space-y-6">
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Import businesses</h2>
        <p className="mt-1 text-sm text-slate-600">
          Upload a Google Maps scraper (Outscraper) export or a sheet with the columns name, category, full_address, postal_code, country,
          phone, rating, reviews, photo, working_hours, about, place_id and location_link. Rows whose place_id is already listed are
          skipped, or updated when you choose so below.
        </p>
        <fieldset className="mt-4" disabled={importing}>
          <legend className="text-sm font-medium text-slate-700">Rows already listed (same place_id)</legend>
          <div className="mt-2 space-y-2 text-sm">
            {MODES.map((m) => (
              <div key={m.value} className="flex items-start gap-2">
                <input
                  id={`import-mode-${m.value}`}
                  type="radio"
                  name="mode"
                  value={m.value}
                  checked={mode === m.value}
                  onChange={() => setMode(m.value)}
                  aria-describedby={`import-mode-${m.value}-hint`}
                  className="mt-1"
                />
                <div>
                  <label htmlFor={`import-mode-${m.value}`} className="font-medium text-slate-900">
                    {m.label}
                  </label>
                  <p id={`import-mode-${m.value}-hint`} className="text-slate-600">
                    {m.hint}
                  </p>
                </div>
              </div>
            ))}
          </div>
        </fieldset>
        <label className="mt-4 block text-sm font-medium text-slate-700" htmlFor="excel-file">
          Excel file (.xlsx or .xls)
        </label>
        <input
          ref={fileInput}
          id="excel-file"
          name="excelFile"
          type="file"
          accept={ACCEPT}
          disabled={importing || previewing}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void previewFile(file);
          }}
          className="mt-2 block w-full text-sm text-slate-700 file:me-4 file:rounded-md file:border-0 file:bg-blue-600 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-blue-700 disabled:opacity-60"
        />
        {previewing ? (
          <p className="mt-4 text-sm font-medium text-slate-700" aria-live="polite">
            Reading the file...
          </p>
        ) : null}
        {preview ? (
          <PreviewPanel preview={preview.answer} mode={mode} onConfirm={() => void importFile(preview.file)} onCancel={cancelPreview} />
        ) : null}
        {lastJob && !importing ? (
          <p className="mt-4 text-sm text-slate-700">
            {lastJob} <Link to="/admin-panel/imports">See the import history</Link>.
          </p>
        ) : null}
        {importing ? (
          <div className="mt-4" aria-live="polite">
            <p className="text-sm font-medium text-slate-700">Processing...</p>
            {progress ? (
              <div className="mt-2">
                <div
                  role="progressbar"
                  aria-label="Import progress"
                  aria-valuemin={0}
                  aria-valuemax={progress.total}
                  aria-valuenow={progress.processed}
                  className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
                >
                  <div className="h-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
                </div>
                <p className="mt-1 text-xs text-slate-600">
                  {format.count(progress.processed)} of {format.count(progress.total)} rows ({format.percent(percent)})
                </p>
                <p className="mt-1 text-xs text-slate-600">
                  The import runs on the server: its progress and result are in the{" "}
                  <Link to="/admin-panel/imports" className="text-blue-800 underline">
                    import history
                  </Link>
                  .
                </p>
              </div>
            ) : null}
          </div>
        ) : null}
        {lastErrors && lastErrors.length ? (
          <details className="mt-4 text-sm text-slate-700">
            <summary className="cursor-pointer font-medium">Rows skipped in the last import ({lastErrors.length} shown)</summary>
            <ul className="mt-2 max-h-48 list-disc space-y-1 overflow-auto ps-5">
              {lastErrors.map((e) => (
                <li key={`${e.row}-${e.column}`}>
                  Row {e.row}, {e.column}: {e.reason}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">SEO content</h2>
        <p className="mt-1 text-sm text-slate-600">Writes a title, a description and a 200+ word text for businesses that have none.</p>
        <button
          type="button"
          onClick={() => void generateSeo()}
          disabled={generating}
          className="mt-4 rounded-md bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
        >
          {generating ? "Generating SEO Content..." : "Generate SEO Content"}
        </button>
        {seoProgress ? (
          <p className="mt-2 text-xs text-slate-600" aria-live="polite">
            {format.count(seoProgress.updated)} done, {format.count(seoProgress.remaining)} remaining
          </p>
        ) : null}
      </section>

      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Filters</h2>
        <p className="mt-1 text-sm text-slate-600">
          Brings the attribute and opening-time filters up to date for businesses stored before filters existed. Running it again changes
          nothing.
        </p>
        <button
          type="button"
          onClick={() => void updateFilters()}
          disabled={backfilling}
          className="mt-4 rounded-md bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
        >
          {backfilling ? "Updating Filters..." : "Update Filters"}
        </button>
        {backfillProgress ? (
          <p className="mt-2 text-xs text-slate-600" aria-live="polite">
            {backfillProgress}
          </p>
        ) : null}
      </section>

      <section className="rounded-lg border border-red-200 bg-red-50 p-6">
        <h2 className="text-lg font-semibold text-red-800">Danger zone</h2>
        <p className="mt-1 text-sm text-red-700">
          Deletes every business. The import history and uploaded files are kept, so the data can be imported again.
        </p>
        <button
          type="button"
          onClick={() => setDeleteStep(1)}
          disabled={deleting}
          className="mt-4 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          {deleting ? "Deleting All Data..." : "Delete All Data"}
        </button>
        <ConfirmDialog
          open={deleteStep > 0}
          title={step.title}
          confirmLabel={step.confirm}
          destructive
          typed={deleteStep === 3 ? { label: "Confirmation word" } : undefined}
          onCancel={() => setDeleteStep(0)}
          onConfirm={(typed) => (deleteStep < 3 ? setDeleteStep(deleteStep + 1) : void deleteAll(typed))}
        >
          <p>{step.text}</p>
        </ConfirmDialog>
      </section>
    </div>
  );
}

/** What the import would do with the chosen file; "Import" sends it, "Cancel" drops it (nothing was stored). */
function PreviewPanel({ preview, mode, onConfirm, onCancel }: { preview: ImportPreview; mode: Mode; onConfirm(): void; onCancel(): void }) {
  const cell = "py-1 pe-3 align-top";
  const format = useAdminFormats();
  return (
    <section aria-labelledby="import-preview-heading" className="mt-4 space-y-4 rounded-md border border-blue-200 bg-blue-50/40 p-4">
      <div>
        <h3 id="import-preview-heading" className="text-base font-semibold text-slate-900">
          Check before importing: {preview.fileName}
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Layout</dt>
          <dd data-testid="preview-layout">{preview.layoutLabel}</dd>
          <dt className="text-slate-600">Rows</dt>
          <dd data-testid="preview-rows">{format.count(preview.rowCount)}</dd>
          <dt className="text-slate-600">File</dt>
          <dd>
            .{preview.format}, {format.count(preview.fileSize)} bytes, header on row {preview.headerRow}
          </dd>
        </dl>
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-medium">Column mapping ({preview.mapping.length} columns read)</summary>
        <table className="mt-2 text-start text-xs">
          <thead>
            <tr className="text-slate-600">
              <ColumnHeads className={cell} columns={["Stored as", "Sheet column"]} />
            </tr>
          </thead>
          <tbody>
            {preview.mapping.map((m) => (
              <tr key={`${m.field}-${m.column}`}>
                <td className={cell}>{m.field}</td>
                <td className={cell}>
                  {m.column}: {m.header}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {preview.ignoredColumns.length ? (
          <p className="mt-2 text-xs text-slate-600">Not imported: {preview.ignoredColumns.join(", ")}</p>
        ) : null}
      </details>
      <div className="overflow-x-auto">
        <table className="w-full text-start text-xs">
          <caption className="mb-1 text-start text-sm font-medium text-slate-800">
            The first {preview.rows.length} rows as they will be stored
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <ColumnHeads
                className={cell}
                columns={["Row", "Name", "Category", "Address", "City, state, country", "Phone", "Rating", "Place ID"]}
              />
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) =>
              r.ok ? (
                <tr key={r.row} className="border-b border-slate-100" data-testid="preview-row">
                  <td className={cell}>{r.row}</td>
                  <td className={cell}>
                    {r.values.name}
                    {r.duplicate ? (
                      <span className="block text-amber-900">
                        {mode === "update" ? "Already listed: will be updated where the file differs" : "Already listed: will be skipped"}
                      </span>
                    ) : null}
                  </td>
                  <td className={cell}>{r.values.category}</td>
                  <td className={cell}>
                    {r.values.address}
                    {r.values.zipCode ? ` (${r.values.zipCode})` : ""}
                  </td>
                  <td className={cell}>{[r.values.city, r.values.state, r.values.country].filter(Boolean).join(", ")}</td>
                  <td className={cell}>{r.values.phone}</td>
                  <td className={`${cell} tabular-nums`}>
                    {format.rating(r.values.rating)} ({format.count(r.values.reviewCount)})
                  </td>
                  <td className={`${cell} break-all`}>{r.values.placeId}</td>
                </tr>
              ) : (
                <tr key={r.row} className="border-b border-slate-100 text-red-800" data-testid="preview-row">
                  <td className={cell}>{r.row}</td>
                  <td className={cell} colSpan={7}>
                    Will be skipped: {r.column ? `${r.column}: ` : ""}
                    {r.reason}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={onConfirm}
          className="rounded-md bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700"
        >
          Import {format.count(preview.rowCount)} rows{mode === "update" ? " (update mode)" : ""}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
        >
          Cancel
        </button>
      </div>
    </section>
  );
}
