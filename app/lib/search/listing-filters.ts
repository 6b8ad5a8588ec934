/**
 * The filters of /search and every listing (/businesses, a city, a category, a city × category): open
 * now and a minimum rating (openNow=1, minRating=4.5), and what a place has and when it is open
 * (app/lib/business/attributes.ts): `has=outdoor-seating,delivery`, `openAt=sun-10:00`, `openLate=1`,
 * `open24h=1`. One reading of the URL for the page, the API and the browser's filter bar.
 */
import {
  attributeSlug,
  attributeTerm,
  OPEN_24_HOURS_TERM,
  OPEN_LATE_TERM,
  openAtParam,
  openAtTerm,
  parseOpenAt,
  type OpenAt,
} from "#app/lib/business/attributes";
import { MIN_RATING_CHOICES } from "#app/lib/search/search-links";

/** What a place has and when it is open: every one must hold (AND). */
export type AttributeFilters = {
  /** Attribute slugs, sorted, at most MAX_HAS. */
  has: string[];
  openAt: OpenAt | null;
  openLate: boolean;
  open24h: boolean;
};

export type ListingFilters = { openNow: boolean; minRating?: number } & AttributeFilters;

export const NO_ATTRIBUTE_FILTERS: AttributeFilters = { has: [], openAt: null, openLate: false, open24h: false };

/** Businesses on a page of a city, a category or a city × category. */
export const LISTING_PAGE_SIZE = 20;

/** At most this many attributes at once (more is no useful search, and no new cache entry's worth). */
const MAX_HAS = 6;

/** The attribute filters' query keys (parseAttributeFilters): every page and API reading them declares them (queryParams). */
export const ATTRIBUTE_PARAMS = ["has", "openAt", "openLate", "open24h"] as const;

const isOn = (v: string | null) => v === "1" || v === "true" || v === "on";

/** The attribute filters of a query: `has` (comma-separated slugs; repeated `has` too), `openAt`, `openLate`, `open24h`. */
export function parseAttributeFilters(params: URLSearchParams): AttributeFilters {
  const slugs = params
    .getAll("has")
    .flatMap((v) => v.split(","))
    .map((v) => attributeSlug(v.slice(0, 100)))
    .filter(Boolean);
  return {
    has: [...new Set(slugs)].sort().slice(0, MAX_HAS),
    // `openAt=sun-10:00`, or the filter bar's day and time selects, both named openAt (`openAt=sun&openAt=10:00`).
    openAt: parseOpenAt(params.getAll("openAt").filter(Boolean).join("-")),
    openLate: isOn(params.get("openLate")),
    open24h: isOn(params.get("open24h")),
  };
}

export function parseListingFilters(params: URLSearchParams): ListingFilters {
  const rating = Number(params.get("minRating"));
  return {
    openNow: isOn(params.get("openNow")),
    // Only the choices the filter bar offers: any other value is no filter (and no new cache entry's worth).
    minRating: (MIN_RATING_CHOICES as readonly number[]).includes(rating) ? rating : undefined,
    ...parseAttributeFilters(params),
  };
}

export const attributeFiltersActive = (f: AttributeFilters) => f.has.length > 0 || f.openAt !== null || f.openLate || f.open24h;

export const filtersActive = (filters: ListingFilters) =>
  filters.openNow || filters.minRating !== undefined || attributeFiltersActive(filters);

/** The attribute filters as query parameters, in a fixed order (one cache entry per filter set). */
export function setAttributeParams(params: URLSearchParams, f: AttributeFilters): URLSearchParams {
  if (f.has.length) params.set("has", f.has.join(","));
  if (f.openAt) params.set("openAt", openAtParam(f.openAt));
  if (f.openLate) params.set("openLate", "1");
  if (f.open24h) params.set("open24h", "1");
  return params;
}

/**
 * The attribute filters as an FTS5 query over the `filter_terms` column, AND-ed ("" for none). A
 * business open 24 hours has no weekly slot terms: "open at" asks for the slot or open 24 hours.
 */
export function attributeFiltersQuery(f: AttributeFilters): string {
  const parts = f.has.map((slug) => quoted(attributeTerm(slug)));
  if (f.openAt) parts.push(`(${quoted(openAtTerm(f.openAt))} OR ${quoted(OPEN_24_HOURS_TERM)})`);
  if (f.openLate) parts.push(quoted(OPEN_LATE_TERM));
  if (f.open24h) parts.push(quoted(OPEN_24_HOURS_TERM));
  return parts.length ? `filter_terms : (${parts.join(" AND ")})` : "";
}

const quoted = (term: string) => `"${term}"`;

/**
 * `path` with the filters and the page (page 1 and absent filters left out), and `after`: the cursor
 * of a filtered listing's page past its first block (ADR 0031), null for none; `before`: the cursor
 * of a page just above a rowid (a word-less list past its window), null for none.
 */
export function listingHref(
  path: string,
  filters: ListingFilters,
  page = 1,
  extra: URLSearchParams = new URLSearchParams(),
  after: number | null = null,
  before: number | null = null,
): string {
  const params = new URLSearchParams(extra);
  if (filters.openNow) params.set("openNow", "1");
  if (filters.minRating !== undefined) params.set("minRating", String(filters.minRating));
  setAttributeParams(params, filters);
  if (page > 1) params.set("page", String(page));
  if (after !== null) params.set(CURSOR_PARAM, String(after));
  if (before !== null) params.set(BEFORE_PARAM, String(before));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The query parameter of a filtered listing's cursor: the page lists the matches below this rowid (ADR 0031). */
export const CURSOR_PARAM = "after";

/**
 * The query parameter of the previous page's cursor past a word-less window (ADR 0031, amendment):
 * the page lists the results just above this rowid (the first row of the page after it).
 */
export const BEFORE_PARAM = "before";

/** The cursor of a URL: a positive integer, else null (the page is then read by OFFSET). */
export function parseCursor(raw: string | null): number | null {
  return raw !== null && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/**
 * Where a page of a list paged by cursor starts: just after the row `below` (the next link's
 * `after=`), or just before the row `above` (the previous link's `before=`).
 */
export type PageCursor = { below: number } | { above: number };

/** A URL's page cursor (`after=` first), or null. */
export function pageCursorOf(params: URLSearchParams): PageCursor | null {
  const after = parseCursor(params.get(CURSOR_PARAM));
  if (after !== null) return { below: after };
  const before = parseCursor(params.get(BEFORE_PARAM));
  return before !== null ? { above: before } : null;
}

/** A page cursor as its address carries it ("after=123", "before=45"). */
export const cursorParam = (cursor: PageCursor) =>
  "below" in cursor ? `${CURSOR_PARAM}=${cursor.below}` : `${BEFORE_PARAM}=${cursor.above}`;

/**
 * Where a pager's pages go (ADR 0031): the neighbours by their cursors where they have one (`next`,
 * `previous`: `after=` in their URLs; `before`: the previous page's `before=`), every other page by
 * its number up to `numbered` (null or absent: every page); a page past it without a cursor gets no
 * link (its number alone would be answered with page `numbered`).
 */
export type PagerCursors = {
  page: number;
  next: number | null;
  previous?: number | null;
  before?: number | null;
  numbered?: number | null;
};

/** A pager's link for each page from `href(page, after, before)`, or null where the page has no link (PagerCursors). */
export function pagerLinks(
  current: PagerCursors,
  href: (page: number, after: number | null, before?: number | null) => string,
): (page: number) => string | null {
  return (page) => {
    if (page === current.page + 1 && current.next !== null) return href(page, current.next);
    if (page === current.page - 1 && current.previous != null) return href(page, current.previous);
    if (page === current.page - 1 && current.before != null) return href(page, null, current.before);
    if (current.numbered != null && page > current.numbered) return null;
    return href(page, null);
  };
}

/** The pager's links of a filtered listing (pagerLinks). */
export function pagerHref(
  path: string,
  filters: ListingFilters,
  current: PagerCursors,
  extra?: URLSearchParams,
): (page: number) => string | null {
  return pagerLinks(current, (page, after, before) => listingHref(path, filters, page, extra, after, before ?? null));
}

/** A listing as attribute_counts keys it (db/schema.ts): the writer's and the triggers' spelling. */
export type CountScope =
  | { kind: "all" }
  | { kind: "city"; slug: string }
  | { kind: "group" | "category"; slug: string }
  | { kind: "city-category"; city: { slug: string }; category: { kind: "group" | "category"; slug: string } };

export function attributeScope(scope: CountScope): string {
  switch (scope.kind) {
    case "all":
      return "all";
    case "city":
      return `city:${scope.slug}`;
    case "group":
    case "category":
      return `${scope.kind}:${scope.slug}`;
    case "city-category":
      return `city:${scope.city.slug}/${scope.category.kind}:${scope.category.slug}`;
  }
}

/**
 * How many results a filter would give, as the filter bar shows it beside the filter: exact
 * ("Outdoor seating (12)"), a true lower bound ("12+": counted on the rows a bounded search read),
 * or unknown (null: shown without a count).
 */
export type FilterCount = { count: number | null; atLeast: boolean };

/** An attribute the current listing's businesses have, offered as a filter (label in the page's locale). */
export type AttributeOption = FilterCount & { slug: string; label: string; accessibility: boolean };

/** What the filter bar offers: the attributes that occur in the listing (accessibility first), and the opening-time filters' counts. */
export type FilterChoices = { attributes: AttributeOption[]; openLate: FilterCount; open24h: FilterCount };
