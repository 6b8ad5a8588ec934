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
