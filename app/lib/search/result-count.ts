/**
 * "N results" for a page of a search or a filtered listing, in the page's locale (the `resultCount.*`
 * messages of the interface catalogs). A count shown is exact or a true lower bound, never more than
 * can be listed (docs/search-and-lists.md, "Counts"):
 * - exact ("442 results") when the search knows its total, or on the last page;
 * - "400+ results" when it is approximate: the results known to exist so far (`total`, read from the
 *   match), rounded down to a readable figure (lower-bound.ts) — never the window's cap or an estimate;
 * - "More than N results" when all it knows is that there is a next page.
 */
import { formatCount } from "#app/lib/format";
import { i18nFor } from "#app/lib/i18n/i18n";
import { lowerBound } from "#app/lib/search/lower-bound";

/** At most this many results are listed (search-plan.ts's RESULT_CAP): a lower bound never says more. */
const RESULT_CAP = 1000;

export type Counted = {
  /** Exact when `approximate` is false; a lower bound (results known to exist) when it is true; null: unknown. */
  total: number | null;
  approximate: boolean;
  hasNext: boolean;
  /** Results before this page, and on it. */
  before: number;
  shown: number;
};

/**
 * The number of results when known exactly: the search's total, or, on the last page of a search that
 * is not approximate, what came before and on it.
 */
export function knownTotal(page: Counted): number | null {
  if (page.approximate) return null;
  if (page.total !== null) return page.total;
  return page.hasNext ? null : page.before + page.shown;
}

/** What a page's count says: an exact number, "N+" (a lower bound), or "more than N" (a next page exists). */
export type CountShown = { kind: "exact" | "atLeast" | "moreThan"; count: number };

/**
 * The page's count. An approximate one says "N+" with N = lowerBound(total, results up to this page's
 * end), at most RESULT_CAP — on its last page too (a page read within its budget, or the cap reached,
 * is no proof that nothing follows); "0 results" when it knows of none and lists none.
 */
export function countShown(page: Counted): CountShown {
  // An empty page proves nothing about the pages before it (a direct ?page=5 of a search that stopped early).
  const listed = page.shown > 0 ? page.before + page.shown : 0;
  if (page.approximate) {
    const count = Math.min(RESULT_CAP, lowerBound(page.total ?? listed, listed));
    return { kind: count === 0 && !page.hasNext ? "exact" : "atLeast", count };
  }
  const total = knownTotal(page);
  if (total === null) return { kind: "moreThan", count: listed };
  return { kind: "exact", count: total };
}

/** "N results" in `locale` (its plural forms and number format). */
export function resultCount(page: Counted, locale = "en"): string {
  const i18n = i18nFor(locale);
  const shown = countShown(page);
  if (shown.kind === "atLeast") return i18n._("resultCount.approximate", { count: formatCount(shown.count, locale) });
  if (shown.kind === "moreThan") return i18n._("resultCount.moreThan", { count: shown.count });
  return i18n._("resultCount.total", { count: shown.count });
}

/**
 * A filtered page's pager count (null while the search does not know its total exactly: the pager
 * then offers "next" only while there is a next page) and its filter bar: "N results" and whether
 * there is a next page.
 */
export function filteredPage(
  found: { businesses: readonly unknown[]; total: number | null; approximate: boolean; hasNext: boolean },
  page: number,
  pageSize: number,
  locale = "en",
): { totalPages: number | null; filtered: { summary: string; hasNext: boolean } } {
  const counted = { ...found, before: (page - 1) * pageSize, shown: found.businesses.length };
  const exact = found.approximate ? null : found.total;
  return {
    totalPages: exact === null ? null : Math.max(1, Math.ceil(exact / pageSize)),
    filtered: { summary: resultCount(counted, locale), hasNext: found.hasNext },
  };
}
