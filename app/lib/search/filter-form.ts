/**
 * The filter bar's URLs (app/components/listing-filters.tsx): the page a submitted filter form goes
 * to, in the filters' one spelling, and each chosen filter's "remove" link. Pure: the browser runs it.
 */
import type { OpenAt } from "#app/lib/business/attributes";
import { listingHref, parseListingFilters, type ListingFilters } from "#app/lib/search/listing-filters";

/** The query parameters the filters own (and the page: a new choice is page 1). */
const FILTER_PARAMS = new Set(["openNow", "minRating", "has", "openAt", "openLate", "open24h", "page"]);

/**
 * Where a submitted filter form goes: `path` with its filters spelled once (`has=a,b`, `openAt=sun-10:00`),
 * the form's other non-blank fields kept in their order (a search's words, its place), page 1.
 */
export function canonicalFilterHref(path: string, form: URLSearchParams): string {
  const extra = new URLSearchParams();
  for (const [name, value] of form) if (!FILTER_PARAMS.has(name) && value.trim()) extra.append(name, value);
  return listingHref(path, parseListingFilters(form), 1, extra);
}

export type FilterChip = { key: string; href: string } & (
  | { kind: "openNow" | "openLate" | "open24h" }
  | { kind: "minRating"; rating: number }
  | { kind: "has"; slug: string }
  | { kind: "openAt"; at: OpenAt }
);

/** Each chosen filter with the link to `path` without it (page 1, `extra` kept). */
export function filterChips(filters: ListingFilters, path: string, extra: URLSearchParams): FilterChip[] {
  const without = (change: Partial<ListingFilters>) => listingHref(path, { ...filters, ...change }, 1, extra);
  const chips: FilterChip[] = [];
  if (filters.openNow) chips.push({ kind: "openNow", key: "openNow", href: without({ openNow: false }) });
  if (filters.minRating !== undefined)
    chips.push({ kind: "minRating", rating: filters.minRating, key: "minRating", href: without({ minRating: undefined }) });
  for (const slug of filters.has)
    chips.push({ kind: "has", slug, key: `has:${slug}`, href: without({ has: filters.has.filter((s) => s !== slug) }) });
  if (filters.openAt) chips.push({ kind: "openAt", at: filters.openAt, key: "openAt", href: without({ openAt: null }) });
  if (filters.openLate) chips.push({ kind: "openLate", key: "openLate", href: without({ openLate: false }) });
  if (filters.open24h) chips.push({ kind: "open24h", key: "open24h", href: without({ open24h: false }) });
  return chips;
}
