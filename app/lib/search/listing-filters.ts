/**
 * The search's "open now" and "minimum rating" on every listing page: /businesses,
 * a city, a category. The same URL parameters as /search (openNow=1, minRating=4.5).
 */
import { MIN_RATING_CHOICES } from "#app/lib/search/search-links";

export type ListingFilters = { openNow: boolean; minRating?: number };

/** Businesses on a page of a city, a category or a city × category. */
export const LISTING_PAGE_SIZE = 20;

export function parseListingFilters(params: URLSearchParams): ListingFilters {
  const open = params.get("openNow");
  const rating = Number(params.get("minRating"));
  return {
    openNow: open === "1" || open === "true" || open === "on",
    // Only the choices the filter bar offers: any other value is no filter (and no new cache entry's worth).
    minRating: (MIN_RATING_CHOICES as readonly number[]).includes(rating) ? rating : undefined,
  };
}

export const filtersActive = (filters: ListingFilters) => filters.openNow || filters.minRating !== undefined;

/** `path` with the filters and the page (page 1 and absent filters left out). */
export function listingHref(path: string, filters: ListingFilters, page = 1, extra: URLSearchParams = new URLSearchParams()): string {
  const params = new URLSearchParams(extra);
  if (filters.openNow) params.set("openNow", "1");
  if (filters.minRating !== undefined) params.set("minRating", String(filters.minRating));
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
