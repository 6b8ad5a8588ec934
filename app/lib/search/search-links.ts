/**
 * What the search page's own markup needs of its parameters (the choices it offers, the URL of a
 * results page), apart from the zod schema in search-params.ts: the browser's bundle of /search
 * then carries no zod (~24 KB gzip; a public page sends at most 100 KB of gzipped JavaScript).
 */
import { openAtParam, type OpenAt } from "#app/lib/business/attributes";

export const SEARCH_PAGE_SIZE = 20;
/** Deeper pages than this are clamped: 1,000 results is more than anyone pages through. */
export const MAX_SEARCH_PAGE = 50;
export const SEARCH_SORTS = ["relevance", "rating", "reviews", "distance"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const MIN_RATING_CHOICES = [3, 3.5, 4, 4.5] as const;
/** Near me: kilometres around the point by default, and at most. */
export const DEFAULT_RADIUS_KM = 25;
export const MAX_RADIUS_KM = 100;

/** What a results page's URL carries: the parsed search parameters (search-params.ts), any of them. */
export type SearchLink = {
  q?: string;
  location?: string;
  category?: string;
  openNow?: boolean;
  minRating?: number;
  sort?: SearchSort;
  near?: { lat: number; lng: number };
  radius?: number;
  page?: number;
  /** The attribute filters (listing-filters.ts's AttributeFilters): kept by every link of the results. */
  has?: string[];
  openAt?: OpenAt | null;
  openLate?: boolean;
  open24h?: boolean;
};

/** The URL of a results page: blank and default values are left out. */
export function searchHref(params: SearchLink): string {
  const sp = new URLSearchParams();
  if (params.q) sp.set("q", params.q);
  if (params.location) sp.set("location", params.location);
  if (params.category) sp.set("category", params.category);
  if (params.openNow) sp.set("openNow", "1");
  if (params.minRating) sp.set("minRating", String(params.minRating));
  // As listing-filters.ts's setAttributeParams spells them (that module imports this one).
  if (params.has?.length) sp.set("has", params.has.join(","));
  if (params.openAt) sp.set("openAt", openAtParam(params.openAt));
  if (params.openLate) sp.set("openLate", "1");
  if (params.open24h) sp.set("open24h", "1");
  if (params.sort && params.sort !== "relevance") sp.set("sort", params.sort);
  if (params.near) sp.set("near", `${params.near.lat},${params.near.lng}`);
  if (params.near && params.radius && params.radius !== DEFAULT_RADIUS_KM) sp.set("radius", String(params.radius));
  if (params.page && params.page > 1) sp.set("page", String(params.page));
  const qs = sp.toString();
  return qs ? `/search?${qs}` : "/search";
}
