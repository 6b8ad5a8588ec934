import { Link } from "react-router";
/** Previous / Next with 'Page X of Y', shown only when there is more than one page (SPEC §2). */
export function Pager({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  const base = "rounded-lg border px-4 py-2 text-sm font-medium";
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={`${base} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}>
          Previous
        </Link>
      ) : (
        <button type="button" disabled className={`${base} cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500`}>
          Previous
        </button>
      )}
      <span className="text-sm text-slate-700">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={`${base} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}>
          Next
        </Link>
      ) : (
        <button type="button" disabled className={`${base} cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500`}>
          Next
        </button>
      )}
    </nav>
  );
}

/** CLARIFICATIONS 5: page=0, abc or negatives → 1; beyond the last → the last. */
export function clampPage(raw: string | null, totalPages: number): number {
  const n = raw && /^\d+$/.test(raw.trim()) ? Number(raw) : 1;
  return Math.min(Math.max(1, n), Math.max(1, totalPages));
}
