/**
 * The admin panel's Import tab (SPEC §2, §8; CLARIFICATIONS 31, 32): import a spreadsheet (with a
 * progress bar while a large import runs as a job), generate SEO content in chunks, delete all data
 * after three confirmations. Talks to the JSON API (CLARIFICATIONS 1); a 401 from it goes to
 * `onUnauthorized`, the panel's one 401 path (useAdminApi's sessionEnded). Nothing to refresh here:
 * each tab's loader reads fresh data when the admin opens it.
 */
import { useRef, useState } from "react";
import { toast } from "~/lib/toast";

type Stats = { imported: number; duplicatesSkipped: number; totalErrors: number };
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
const POLL_MS = 500;

async function readJson<T>(response: Response): Promise<T | null> {
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

function summary(stats: Stats): string {
  return `Imported: ${stats.imported}, duplicates skipped: ${stats.duplicatesSkipped}, errors: ${stats.totalErrors}`;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Props = {
  /** A 401 from an admin call: the session ended (CLARIFICATIONS 27). */
  onUnauthorized: () => void;
};

export function ImportTab({ onUnauthorized }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [importing, setImporting] = useState(false);
  const [progress, setProgress] = useState<{ processed: number; total: number } | null>(null);
  const [lastErrors, setLastErrors] = useState<ImportAnswer["errors"]>([]);
  const [generating, setGenerating] = useState(false);
  const [seoProgress, setSeoProgress] = useState<{ updated: number; remaining: number } | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function importFile(file: File) {
    setImporting(true);
    setProgress(null);
    setLastErrors([]);
    try {
      const form = new FormData();
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
        // A large file runs as a job: poll its status (the only polling, CLARIFICATIONS 26).
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
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  async function generateSeo() {
    setGenerating(true);
    setSeoProgress(null);
    let updated = 0;
    try {
      // The server does one chunk per call and says how many remain (CLARIFICATIONS 32).
      for (let round = 0; round < 10_000; round++) {
        const response = await fetch("/api/admin/generate-seo", { method: "POST", credentials: "include" });
        if (response.status === 401) return onUnauthorized();
        const body = await readJson<SeoAnswer>(response);
        if (!response.ok || !body) throw new Error(body?.message || `${response.status}: ${response.statusText}`);
        updated += body.updated ?? 0;
        setSeoProgress({ updated, remaining: body.remaining ?? 0 });
        if (!body.remaining || !body.updated) {
          toast({
            title: "SEO Content Generated",
            description: updated ? `Generated SEO content for ${updated} businesses.` : body.message || `${updated} businesses updated`,
          });
          break;
        }
      }
    } catch (error) {
      toast({ title: "SEO Generation failed", description: error instanceof Error ? error.message : undefined, variant: "destructive" });
    } finally {
      setGenerating(false);
      setSeoProgress(null);
    }
  }

  async function deleteAll() {
    if (!window.confirm("Are you sure you want to delete ALL businesses? This cannot be undone.")) return;
    if (!window.confirm("FINAL WARNING: every business, category, city and statistic will be deleted. Continue?")) return;
    const typed = window.prompt("Type DELETE to confirm deleting all data.");
    if (typed !== "DELETE") {
      if (typed !== null)
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
      const body = await readJson<{ message?: string }>(response);
      if (!response.ok) throw new Error(body?.message || `${response.status}: ${response.statusText}`);
      toast({ title: "All data deleted", description: body?.message });
    } catch (error) {
      toast({ title: "Delete failed", description: error instanceof Error ? error.message : undefined, variant: "destructive" });
    } finally {
      setDeleting(false);
    }
  }

  const percent = progress && progress.total ? Math.min(100, Math.round((progress.processed / progress.total) * 100)) : 0;

  return (
    <div className="space-y-6">
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Import businesses</h2>
        <p className="mt-1 text-sm text-slate-600">
          Upload a Google Maps scraper (Outscraper) export or a sheet with the columns name, category, full_address, postal_code, country,
          phone, rating, reviews, photo, working_hours, about, place_id and location_link. Rows whose place_id is already listed are
          skipped.
        </p>
        <label className="mt-4 block text-sm font-medium text-slate-700" htmlFor="excel-file">
          Excel file (.xlsx or .xls)
        </label>
        <input
          ref={fileInput}
          id="excel-file"
          name="excelFile"
          type="file"
          accept={ACCEPT}
          disabled={importing}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void importFile(file);
          }}
          className="mt-2 block w-full text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-blue-600 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-blue-700 disabled:opacity-60"
        />
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
                  {progress.processed.toLocaleString("en-US")} of {progress.total.toLocaleString("en-US")} rows ({percent}%)
                </p>
              </div>
            ) : null}
          </div>
        ) : null}
        {lastErrors && lastErrors.length ? (
          <details className="mt-4 text-sm text-slate-700">
            <summary className="cursor-pointer font-medium">Rows skipped in the last import ({lastErrors.length} shown)</summary>
            <ul className="mt-2 max-h-48 list-disc space-y-1 overflow-auto pl-5">
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
            {seoProgress.updated.toLocaleString("en-US")} done, {seoProgress.remaining.toLocaleString("en-US")} remaining
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
          onClick={() => void deleteAll()}
          disabled={deleting}
          className="mt-4 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          {deleting ? "Deleting All Data..." : "Delete All Data"}
        </button>
      </section>
    </div>
  );
}
