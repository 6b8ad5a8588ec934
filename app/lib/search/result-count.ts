/**
 * "N results" for a page of a search or a filtered listing: exact when the search knows its total,
 * "1,000+" when it is approximate (ADR 0012), "More than N" when all it knows is that there is more.
 */
import { formatCount } from "#app/lib/format";

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

export function resultCount(page: Counted): string {
  if (page.approximate) return `${formatCount(1000)}+ results`;
  const total = knownTotal(page);
  if (total === null) return `More than ${formatCount(page.before + page.shown)} results`;
  return `${formatCount(total)} ${total === 1 ? "result" : "results"}`;
}

/**
 * A filtered page's pager count (null while the search does not know its total) and its filter bar:
 * "N results" and whether there is a next page.
 */
export function filteredPage(
  found: { businesses: readonly unknown[]; total: number | null; approximate: boolean; hasNext: boolean },
  page: number,
  pageSize: number,
): { totalPages: number | null; filtered: { summary: string; hasNext: boolean } } {
  return {
    totalPages: found.total === null ? null : Math.max(1, Math.ceil(found.total / pageSize)),
    filtered: { summary: resultCount({ ...found, before: (page - 1) * pageSize, shown: found.businesses.length }), hasNext: found.hasNext },
  };
}
