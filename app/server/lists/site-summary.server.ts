/**
 * The footer of every public page (popular cities, the directory's totals) changes only with a
 * write, and every write bumps site_stats.data_version. So the isolate keeps the last footer with
 * the version it was read at: a page the edge cache renders for a version it already knows
 * (AppContext.dataVersion, the version the page will be stored under) reads no D1 for its footer.
 * Without a known version (EDGE_CACHE=off: tests, budgets) it is read once per request.
 */
import type { Db } from "#app/server/platform/db.server";
import { getSiteSummaryRows, type CategorySummary, type PopularCity, type Statistics } from "#app/server/lists/directory.server";

export const FOOTER_CITIES = 8;
/** The home page's popular cities: the summary holds them, and the footer shows the first FOOTER_CITIES. */
const SUMMARY_CITIES = 12;
/** The category filters of /search and /businesses: the largest categories. */
const SUMMARY_CATEGORIES = 20;

export type SiteSummary = { version: number; statistics: Statistics; cities: PopularCity[]; categories: CategorySummary[] };

let remembered: SiteSummary | null = null;
/**
 * One read per request: the layout's loader and the page's (the footer, /search's categories) ask
 * for it in the same request, and a request's Db is its own.
 */
const readByRequest = new WeakMap<Db, Promise<SiteSummary>>();

export async function siteSummary(db: Db, knownVersion?: number): Promise<SiteSummary> {
  if (knownVersion !== undefined && remembered?.version === knownVersion) return remembered;
  let read = readByRequest.get(db);
  if (!read) {
    read = getSiteSummaryRows(db, { cities: SUMMARY_CITIES, categories: SUMMARY_CATEGORIES });
    readByRequest.set(db, read);
    // A failed read is not kept: the request's next ask tries again.
    read.catch(() => readByRequest.delete(db));
  }
  const summary = await read;
  // Kept only when read at the page's own version: a page stored under version V never shows another's footer.
  if (knownVersion !== undefined && summary.version === knownVersion) remembered = summary;
  return summary;
}
