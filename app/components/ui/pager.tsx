import { useLingui } from "@lingui/react";
import { Link } from "react-router";
import { useLocalePath } from "#app/components/page-locale";
import { buttonVariants } from "#app/components/ui/button";
import { cn } from "#app/components/ui/cn";
import { formatCount } from "#app/lib/format";

/** The page numbers to show: the first, the last, and two either side of the current one; null is a gap. */
export function pageWindow(page: number, totalPages: number): Array<number | null> {
  const out: Array<number | null> = [];
  for (let n = 1; n <= totalPages; n++) {
    if (n === 1 || n === totalPages || Math.abs(n - page) <= 2) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

const step = buttonVariants({ variant: "outline", size: "sm" });
const number = "inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium";

/**
 * Previous, numbered pages and Next, with SPEC §2's 'Page X of Y'; nothing when there is one page.
 * `totalPages` null: the count is unknown (a search that only knows whether a next page exists), so
 * the numbers stop at the next page and the line says 'Page X'. `hrefFor` gives a site path ("/cities?page=2");
 * the pager links to it in the page's locale ("/vi/cities?page=2"), its words and numbers in that locale too.
 * A page `hrefFor` gives no path (null: a deep page a list reaches only from its neighbours, ADR 0031) is left out.
 */
export function Pager({
  page,
  totalPages,
  hasNext = totalPages !== null && page < totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number | null;
  hasNext?: boolean;
  hrefFor: (page: number) => string | null;
}) {
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  const last = totalPages ?? (hasNext ? page + 1 : page);
  if (last <= 1) return null;
  // Pages without a link are gaps, as the ones the window leaves out are.
  const numbers = pageWindow(page, last)
    .map((n) => (n === null || n === page || hrefFor(n) !== null ? n : null))
    .filter((n, i, all) => n !== null || all[i - 1] !== null);
  const to = (n: number) => lp(hrefFor(n) ?? "");
  const previous = page > 1 ? hrefFor(page - 1) : null;
  const following = hasNext ? hrefFor(page + 1) : null;
  const count = (n: number) => formatCount(n, i18n.locale);
  // One text node ("Page "), so the number after it reads as "Page 5".
  const pageWord = `${_("pager.page")} `;
  return (
    <nav aria-label={_("pager.label")} className="mt-10 flex flex-col items-center gap-3">
      <div className="flex flex-wrap items-center justify-center gap-2">
        {previous !== null ? (
          <Link to={lp(previous)} rel="prev" className={cn(step, "order-2 sm:order-none")}>
            {_("pager.previous")}
          </Link>
        ) : (
          <button type="button" disabled className={cn(step, "order-2 sm:order-none")}>
            {_("pager.previous")}
          </button>
        )}
        <ol className="order-1 flex w-full items-center justify-center gap-1 sm:order-none sm:w-auto">
          {numbers.map((n, i) =>
            n === null ? (
              <li key={`gap-${i}`} className="px-1 text-slate-500" aria-hidden="true">
                …
              </li>
            ) : (
              // Two away from the current page is left out on phones, where the row has no room.
              <li key={n} className={Math.abs(n - page) === 2 && n !== 1 && n !== last ? "hidden sm:block" : undefined}>
                {n === page ? (
                  <span aria-current="page" className={cn(number, "bg-blue-700 text-white")}>
                    <span className="sr-only">{pageWord}</span>
                    {count(n)}
                  </span>
                ) : (
                  <Link to={to(n)} className={cn(number, "text-slate-700 hover:bg-slate-100")}>
                    <span className="sr-only">{pageWord}</span>
                    {count(n)}
                  </Link>
                )}
              </li>
            ),
          )}
        </ol>
        {following !== null ? (
          <Link to={lp(following)} rel="next" className={cn(step, "order-3 sm:order-none")}>
            {_("pager.next")}
          </Link>
        ) : (
          <button type="button" disabled className={cn(step, "order-3 sm:order-none")}>
            {_("pager.next")}
          </button>
        )}
      </div>
      <p className="text-sm text-slate-600">
        {totalPages === null
          ? _("pager.pageOnly", { page: count(page) })
          : _("pager.pageOf", { page: count(page), total: count(totalPages) })}
      </p>
    </nav>
  );
}

/** The pager clamps the page: page=0, abc or negatives → 1; beyond the last → the last. */
export function clampPage(raw: string | null, totalPages: number): number {
  const n = raw && /^\d+$/.test(raw.trim()) ? Number(raw) : 1;
  return Math.min(Math.max(1, n), Math.max(1, totalPages));
}
