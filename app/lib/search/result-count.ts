/**
 * "N results" for a page of a search or a filtered listing: exact when the search knows its total,
 * "1,000+" when it is approximate (ADR 0012), "More than N" when all it knows is that there is more;
 * in the page's locale (the `resultCount.*` messages of the interface catalogs).
 */
import { formatCount } from "#app/lib/format";
import { i18nFor } from "#app/lib/i18n/i18n";

/** At most this many results are listed (search-plan.ts's RESULT_CAP): an approximate count says "1,000+". */
const RESULT_CAP = 1000;

export type Counted = {
  total: number | null;
  approximate: boolean;
  hasNext: boolean;
  /** Results before this page, and on it. */
  before: number;
  shown: number;
};

/** The number of results when known: the search's total, or, on the last page, what came before and on it. */
export function knownTotal(page: Counted): number | null {
  if (page.approximate) return null;
  if (page.total !== null) return page.total;
  return page.hasNext ? null : page.before + page.shown;
}

/** "N results" in `locale` (its plural forms and number format). */
export function resultCount(page: Counted, locale = "en"): string {
  const i18n = i18nFor(locale);
  if (page.approximate) return i18n._("resultCount.approximate", { count: formatCount(RESULT_CAP, locale) });
  const total = knownTotal(page);
  if (total === null) return i18n._("resultCount.moreThan", { count: page.before + page.shown });
  return i18n._("resultCount.total", { count: total });
}

/**
 * A filtered page's pager count (null while the search does not know its total) and its filter bar:
 * "N results" and whether there is a next page.
 */
export function filteredPage(
  found: { businesses: readonly unknown[]; total: number | null; approximate: boolean; hasNext: boolean },
  page: number,
  pageSize: number,
  locale = "en",
): { totalPages: number | null; filtered: { summary: string; hasNext: boolean } } {
  return {
    totalPages: found.total === null ? null : Math.max(1, Math.ceil(found.total / pageSize)),
    filtered: {
      summary: resultCount({ ...found, before: (page - 1) * pageSize, shown: found.businesses.length }, locale),
      hasNext: found.hasNext,
    },
  };
}
