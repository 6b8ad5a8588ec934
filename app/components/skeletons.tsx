import { useLingui } from "@lingui/react";

/** Grey placeholders shown during client-side navigation on the detail, city and category pages (SPEC §2). */
function SkeletonCard() {
  return (
    <div
      data-testid="skeleton-card"
      className="animate-pulse overflow-hidden rounded-xl border border-slate-200 bg-white"
      aria-hidden="true"
    >
      <div className="aspect-[8/5] bg-slate-200" />
      <div className="space-y-2 p-4">
        <div className="h-4 w-1/3 rounded bg-slate-200" />
        <div className="h-5 w-3/4 rounded bg-slate-200" />
        <div className="h-4 w-1/2 rounded bg-slate-200" />
        <div className="h-4 w-2/3 rounded bg-slate-200" />
      </div>
    </div>
  );
}

/** Six placeholders (SPEC §9) in the columns six fill: 1, 2, 3. */
function SkeletonGrid({ count }: { count: number }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <SkeletonCard key={i} />
      ))}
    </div>
  );
}

export function PageSkeleton({ kind }: { kind: "home" | "city" | "category" | "detail" | "list" }) {
  const { _ } = useLingui();
  return (
    <main className="mx-auto max-w-6xl px-4 py-10" aria-busy="true">
      <p className="sr-only" role="status">
        {_("skeleton.loading")}
      </p>
      <div className="mb-8 h-9 w-1/2 animate-pulse rounded bg-slate-200" aria-hidden="true" />
      {kind === "detail" ? (
        <div className="space-y-4" aria-hidden="true">
          <div className="h-48 animate-pulse rounded-xl bg-slate-200" />
          <div className="h-6 w-1/3 animate-pulse rounded bg-slate-200" />
          <div className="h-24 animate-pulse rounded bg-slate-200" />
        </div>
      ) : kind === "home" ? (
        <div className="space-y-10">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-hidden="true">
            {Array.from({ length: 12 }, (_, i) => (
              <div key={i} data-testid="skeleton-city" className="h-16 animate-pulse rounded-lg bg-slate-200" />
            ))}
          </div>
          <SkeletonGrid count={6} />
          <SkeletonGrid count={6} />
        </div>
      ) : (
        <SkeletonGrid count={6} />
      )}
    </main>
  );
}
