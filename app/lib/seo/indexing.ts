/**
 * Which pages search engines may index (docs/decisions/0020-indexing-and-city-categories.md).
 * Pure: the page loaders, the meta functions and the sitemaps share these rules. The words a title
 * adds ("Page 2", "Open now") are the page's locale's (interface catalog, listing.*).
 */
import { i18nFor } from "#app/lib/i18n/i18n";

export type IndexingRules = {
  /** A business page is indexed with at least this many of {opening hours, phone, rating > 0}. */
  indexMinFacts: number;
  /** A city, category or city × category page is indexed with at least this many businesses. */
  indexMinListing: number;
};

/** The robots directive of a page that is kept out of the index but whose links are followed. */
export const NOINDEX_FOLLOW = "noindex, follow";

/** The three facts a business page is worth indexing for; businesses.index_facts counts the same in SQL. */
const FACT_COUNT = 3;

type FactSource = { openingHours: Record<string, unknown> | null; phone: string | null; rating: number };

/** How many of {opening hours, phone, rating > 0} a business has (the SQL column index_facts, in TypeScript). */
export function businessFacts(business: FactSource): number {
  const hours = business.openingHours !== null && Object.values(business.openingHours).some((text) => text !== "");
  const phone = (business.phone ?? "") !== "";
  return Number(hours) + Number(phone) + Number(business.rating > 0);
}

export function isBusinessIndexed(business: FactSource, rules: IndexingRules): boolean {
  return businessFacts(business) >= rules.indexMinFacts;
}

/** The index_facts values that are indexed: every count from the minimum up to FACT_COUNT (none above 3). */
export function indexedFactCounts(indexMinFacts: number): number[] {
  const from = Math.max(0, indexMinFacts);
  return Array.from({ length: Math.max(0, FACT_COUNT - from + 1) }, (_, i) => from + i);
}

/** A listing (city, category, city × category) page of `count` businesses is worth indexing. */
export const isListingIndexed = (count: number, rules: IndexingRules) => count >= Math.max(1, rules.indexMinListing);

export type ListingView = {
  /** The page's address without any parameter (its page 1, unfiltered, default order). */
  canonicalBase: string;
  page: number;
  /** Filter or sort parameters that change what the page lists (open now, minimum rating, sort). */
  variant: string | null;
  /** The listing as a whole is worth indexing (enough businesses). */
  indexable: boolean;
  /** The page's locale, for the title's "Page N"; the source locale's words without it. */
  locale?: string;
};

export type ListingIndexing = {
  canonical: string;
  /** null: indexed (no robots tag). */
  robots: string | null;
  /** What the title says beyond page 1 of the plain listing ("Page 2", "Open now"), or null. */
  titleSuffix: string | null;
};

/**
 * Canonical and robots of a listing URL (Google: "each page in a paginated sequence gets its own
 * canonical", and filtered or sorted views point at the unfiltered page):
 * - page 1, no filter: canonical to itself; indexed when the listing is;
 * - page N > 1: canonical to itself (?page=N), `noindex, follow` — the businesses it lists are in the
 *   business sitemaps and stay reachable through its links;
 * - a filter or sort: canonical to the plain page 1, `noindex, follow`.
 */
export function listingIndexing(view: ListingView): ListingIndexing {
  const pageWords = view.page > 1 ? i18nFor(view.locale ?? "en")._("listing.titlePage", { page: view.page }) : null;
  const suffixes = [view.variant, pageWords].filter((s): s is string => !!s);
  const titleSuffix = suffixes.length ? suffixes.join(", ") : null;
  if (view.variant) return { canonical: view.canonicalBase, robots: NOINDEX_FOLLOW, titleSuffix };
  if (view.page > 1) return { canonical: `${view.canonicalBase}?page=${view.page}`, robots: NOINDEX_FOLLOW, titleSuffix };
  return { canonical: view.canonicalBase, robots: view.indexable ? null : NOINDEX_FOLLOW, titleSuffix };
}

/** "Businesses in Chicago | Local … | Site" + "Page 2" → "Businesses in Chicago – Page 2 | Local … | Site". */
export function titleWithSuffix(title: string, suffix: string | null): string {
  if (!suffix) return title;
  const cut = title.indexOf(" | ");
  return cut < 0 ? `${title} – ${suffix}` : `${title.slice(0, cut)} – ${suffix}${title.slice(cut)}`;
}

/**
 * The listing filters as words for a title in `locale` ("Open now, Rated 4.5+"), null without any;
 * `sort` is the order's name in that locale ("newest").
 */
export function filterVariant(filters: { openNow: boolean; minRating?: number }, sort?: string | null, locale = "en"): string | null {
  const i18n = i18nFor(locale);
  const parts = [
    filters.openNow ? i18n._("listing.variantOpenNow") : null,
    filters.minRating !== undefined ? i18n._("listing.variantRated", { rating: filters.minRating }) : null,
    sort ? i18n._("listing.variantSorted", { sort }) : null,
  ].filter((s): s is string => !!s);
  return parts.length ? parts.join(", ") : null;
}
