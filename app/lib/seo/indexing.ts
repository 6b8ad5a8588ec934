/**
 * Which pages search engines may index (docs/decisions/0020-indexing-and-city-categories.md).
 * Pure: the page loaders, the meta functions and the sitemaps share these rules. The words a title
 * adds ("Page 2", "Open now") are the page's locale's (interface catalog, listing.*).
 */
import { attributeTerm } from "#app/lib/business/attributes";
import { pluralCategory } from "#app/lib/business/city-category";
import { titleCaseFromSlug } from "#app/lib/format";
import { i18nFor } from "#app/lib/i18n/i18n";
import { labelOf } from "#app/lib/i18n/labels";
import { attributeFiltersActive, CURSOR_PARAM, type ListingFilters } from "#app/lib/search/listing-filters";

export type IndexingRules = {
  /** A business page is indexed with at least this many of {opening hours, phone, rating > 0}. */
  indexMinFacts: number;
  /** A city, category or city × category page is indexed with at least this many businesses. */
  indexMinListing: number;
  /**
   * INDEXED_ACCESSIBILITY_PAGES: a city × category page filtered by one of INDEXED_ACCESSIBILITY_FILTERS
   * alone is a page of its own (absent: off, every filtered view is `noindex, follow`).
   */
  indexedAccessibilityPages?: boolean;
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
  /** Any filter is on, worded in `variant` or not (attribute and opening-time filters): not the plain page. */
  filtered?: boolean;
  /** The listing as a whole is worth indexing (enough businesses). */
  indexable: boolean;
  /** The page's locale, for the title's "Page N"; the source locale's words without it. */
  locale?: string;
  /** A page past the numbered ones, addressed by its cursor ("after=123"): part of its canonical address. */
  cursor?: string | null;
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
  if (view.variant || view.filtered) return { canonical: view.canonicalBase, robots: NOINDEX_FOLLOW, titleSuffix };
  if (view.page > 1)
    return {
      canonical: `${view.canonicalBase}?page=${view.page}${view.cursor ? `&${view.cursor}` : ""}`,
      robots: NOINDEX_FOLLOW,
      titleSuffix,
    };
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

// ── Accessibility pages (INDEXED_ACCESSIBILITY_PAGES) ──

/**
 * The accessibility filters that make a city × category page of their own when the operator turns
 * INDEXED_ACCESSIBILITY_PAGES on ("Wheelchair accessible cafes in Hue" at
 * /city/Hue/cafe?has=wheelchair-accessible-entrance): each with its heading's message, which names
 * the category ({category}) and the city ({city}), and its meta description's ({heading}, {count}).
 * A fixed, small set: what people search for, not every combination of filters.
 */
export const INDEXED_ACCESSIBILITY_FILTERS = {
  "wheelchair-accessible-entrance": {
    heading: "filters.indexedWheelchairEntranceHeading",
    description: "filters.indexedWheelchairEntranceDescription",
  },
} as const;

export type IndexedAccessibilitySlug = keyof typeof INDEXED_ACCESSIBILITY_FILTERS;

/**
 * The accessibility page a city × category view is, or null: the setting is on and the view's only
 * filter is one attribute of INDEXED_ACCESSIBILITY_FILTERS (no open now, rating or opening time).
 */
export function indexedAccessibilityFilter(filters: ListingFilters, rules: IndexingRules): IndexedAccessibilitySlug | null {
  if (!rules.indexedAccessibilityPages || filters.openNow || filters.minRating !== undefined) return null;
  const [slug] = filters.has;
  if (filters.has.length !== 1 || !Object.hasOwn(INDEXED_ACCESSIBILITY_FILTERS, slug)) return null;
  if (attributeFiltersActive({ ...filters, has: [] })) return null;
  return slug as IndexedAccessibilitySlug;
}

/** The term whose attribute_counts row (scope: the city × category) counts an accessibility page's businesses. */
export const accessibilityTerm = (slug: IndexedAccessibilitySlug) => attributeTerm(slug);

/** An accessibility page's address: the plain page's with `?has={slug}`. */
export const accessibilityPagePath = (plainPath: string, slug: IndexedAccessibilitySlug) => `${plainPath}?has=${slug}`;

/**
 * Canonical and robots of an accessibility page (`canonicalBase`: the plain city × category page's
 * canonical): canonical to itself; indexed with at least INDEX_MIN_LISTING businesses (`count`, exact,
 * from attribute_counts); its page N > 1 canonical to itself and `noindex, follow`, as a listing's.
 */
export function accessibilityPageIndexing(view: {
  canonicalBase: string;
  slug: IndexedAccessibilitySlug;
  page: number;
  count: number;
  rules: IndexingRules;
  locale?: string;
  /** The cursor the page was read by, when its number alone would not address it (ADR 0031). */
  after?: number | null;
}): ListingIndexing {
  const canonical = accessibilityPagePath(view.canonicalBase, view.slug);
  if (view.page > 1) {
    const titleSuffix = i18nFor(view.locale ?? "en")._("listing.titlePage", { page: view.page });
    const cursor = view.after != null ? `&${CURSOR_PARAM}=${view.after}` : "";
    return { canonical: `${canonical}&page=${view.page}${cursor}`, robots: NOINDEX_FOLLOW, titleSuffix };
  }
  return { canonical, robots: isListingIndexed(view.count, view.rules) ? null : NOINDEX_FOLLOW, titleSuffix: null };
}

/**
 * An accessibility page's heading in `locale` ("Wheelchair accessible cafes in Hue"): English names
 * the category's plural inside the sentence, other languages its label.
 */
export function accessibilityHeading(
  slug: IndexedAccessibilitySlug,
  category: { kind: "category" | "group"; name: string; slug: string },
  city: string,
  locale: string,
): string {
  const name = category.name || titleCaseFromSlug(category.slug);
  let named: string;
  if (locale.split("-")[0] === "en") {
    const plural = category.kind === "group" ? name : pluralCategory(name);
    // "Cafes" → "cafes" inside the sentence; an acronym ("BBQ restaurants") stays.
    const [first = "", second = ""] = [...plural];
    named =
      second && second === second.toUpperCase() && second !== second.toLowerCase()
        ? plural
        : first.toLowerCase() + plural.slice(first.length);
  } else named = labelOf(locale, "category", name);
  return i18nFor(locale)._(INDEXED_ACCESSIBILITY_FILTERS[slug].heading, { category: named, city });
}

/** An accessibility page's meta description: its heading and how many businesses it lists. */
export function accessibilityDescription(slug: IndexedAccessibilitySlug, heading: string, count: number, locale: string): string {
  return i18nFor(locale)._(INDEXED_ACCESSIBILITY_FILTERS[slug].description, { heading, count });
}
