/**
 * One listing page — a city, a category, a city × category — from its URL to what its loader
 * returns, the same way for the three:
 *
 *   1. the filters (open now, a minimum rating) and the page asked for, from the query;
 *   2. the listing's opening read (city-categories.server.ts): its scope, its size and — for the first
 *      page without filters, most visits — that page too, in one round trip of D1 (ADR 0025);
 *      nothing opened is a 404;
 *   3. the page's businesses: that first page as read; with filters, a page of the bounded search over
 *      the scope's own index (ADR 0015); else the page from the list positions (ADR 0011);
 *   4. the pager's page count, and the page's canonical address and robots rule (ADR 0020).
 *
 * What differs between the three is what their opening reads and where their canonical address is.
 */
import { data, type RouterContextProvider } from "react-router";
import { clampPage } from "#app/components/ui/pager";
import { toCard, type CardBusiness } from "#app/components/business-card";
import { localePath } from "#app/lib/i18n/locales";
import { loaderLocale } from "#app/server/platform/i18n.server";
import type { Business } from "#app/lib/business/business";
import {
  attributeScope,
  filtersActive,
  BEFORE_PARAM,
  cursorParam,
  CURSOR_PARAM,
  LISTING_PAGE_SIZE,
  pageCursorOf,
  parseCursor,
  parseListingFilters,
  type FilterChoices,
  type ListingFilters,
  type PageCursor,
} from "#app/lib/search/listing-filters";
import { countShown, filteredPage } from "#app/lib/search/result-count";
import { formatCount } from "#app/lib/format";
import { i18nFor } from "#app/lib/i18n/i18n";
import { MAX_SEARCH_PAGE } from "#app/lib/search/search-links";
import {
  accessibilityPageIndexing,
  filterVariant,
  isListingIndexed,
  listingIndexing,
  type IndexingRules,
  type ListingIndexing,
} from "#app/lib/seo/indexing";
import { accessibilityPageOf, type AccessibilityPage } from "#app/server/seo/accessibility-pages.server";
import {
  cityCategoryPageReadAhead,
  listCityCategoryBusinesses,
  type OpenedListing,
  type PairPageAt,
  type PlanAhead,
} from "#app/server/lists/city-categories.server";
import { listPageReadAhead, listScope } from "#app/server/lists/directory.server";
import { readAheadOf, type ReadAhead, type ReadAheadPlan } from "#app/server/platform/read-ahead.server";
import { attributeChoices, readAttributeChoices } from "#app/server/lists/attribute-counts.server";
import { siteConfig, type SiteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import type { Db } from "#app/server/platform/db.server";
import { listingReadAhead, listingSearch, type ListingScope } from "#app/server/search/search.server";

export type ListingSpec<O extends OpenedListing> = {
  /**
   * The opening read, one round trip; `headSize` is the first page's size, 0 when another page is asked
   * for; `locale` the page's (its links' labels); `selected` the attributes chosen (their counts are read
   * whatever their rank); `ahead` a filtered page's first statements for the scope the URL names, sent
   * in the same batch (OpenedListing's `ahead`). Null: a 404.
   */
  open: (
    db: Db,
    opening: { rules: IndexingRules; headSize: number; locale: string; selected: readonly string[]; ahead?: PlanAhead },
  ) => Promise<O | null>;
  /** The listing's canonical path (without the site's address or a query). */
  path: (opened: O) => string;
  /**
   * The pages of the list without filters addressed by their number; past them the pager links each
   * page by its cursor, and a deeper number alone is answered with the last numbered page. Every
   * page by number when absent (the list positions make any page one seek).
   */
  numbered?: number;
};

export type ListingPage<O extends OpenedListing> = {
  opened: O;
  config: SiteConfig;
  /** The page's locale (the URL's prefix). */
  locale: string;
  /** The canonical address of the listing's first page. */
  canonical: string;
  indexing: ListingIndexing;
  /** An accessibility page of its own (INDEXED_ACCESSIBILITY_PAGES; app/lib/seo/indexing.ts) and its exact count; else null. */
  accessibility: AccessibilityPage | null;
  /** The page's businesses, whole (a map reads their coordinates). */
  businesses: Business[];
  /** What the page's frame shows (components/listing-page.tsx), as its loader data. */
  list: {
    businesses: CardBusiness[];
    /** The first page's featured businesses (featured.server.ts), shown first and labelled as paid; else none. */
    featured: CardBusiness[];
    page: number;
    /** Null when a filtered list does not know its size (the pager then offers "next" while there is one). */
    totalPages: number | null;
    filters: ListingFilters;
    /**
     * With filters: the filter bar's "N results", whether there is a next page, and the neighbours'
     * cursors and the deepest page addressed by number (the pager's links past the first block of a
     * match: ADR 0031, listing-filters.ts PagerCursors); else null.
     */
    filtered: {
      summary: string;
      hasNext: boolean;
      next: number | null;
      previous: number | null;
      before: number | null;
      numbered: number | null;
    } | null;
    /**
     * Without filters, a list whose pages past its numbered ones go by cursor (a big city × category):
     * the pager's neighbours and the deepest page addressed by number (PagerCursors); else null.
     */
    cursors: { page: number; next: number | null; previous: null; before: number | null; numbered: number } | null;
    /**
     * The filter bar's choices and counts (ADR 0031): the listing's attributes, accessibility first,
     * each with how many of the listing's businesses have it — exact, and the same on a filtered page
     * (a count is the listing's, not what the chosen filters leave). A chosen filter the listing lacks shows with 0.
     */
    choices: FilterChoices;
  };
};

export async function loadListingPage<O extends OpenedListing>(
  { request, context, params }: { request: Request; context: Readonly<RouterContextProvider>; params: { lang?: string } },
  spec: ListingSpec<O>,
): Promise<ListingPage<O>> {
  const { db, env } = getApp(context);
  const config = siteConfig(env);
  const locale = loaderLocale(config.localeSettings, params);
  const url = new URL(request.url);
  const requested = url.searchParams.get("page");
  const filters = parseListingFilters(url.searchParams);
  const after = parseCursor(url.searchParams.get(CURSOR_PARAM));
  const before = parseCursor(url.searchParams.get(BEFORE_PARAM));
  // The first page without filters (most visits) comes whole with the scope: one round trip of D1.
  const firstPage = !filtersActive(filters) && clampPage(requested, Infinity) === 1;
  // A filtered page's first statements go in the same batch, for the scope the URL names (ADR 0032).
  const asked = clampPage(requested, MAX_SEARCH_PAGE);
  // A deeper page without filters: where it starts (by its number, or past the numbered pages by its cursor).
  const plain = plainPageAt(clampPage(requested, Infinity), spec.numbered, pageCursorOf(url.searchParams));
  // A deeper page without filters: its first statements too (the list positions' section, or a city × category's page).
  const ahead: PlanAhead | undefined = filtersActive(filters)
    ? (scope) => listingReadAhead(db, scope, filters, asked, LISTING_PAGE_SIZE, after, before)
    : firstPage
      ? undefined
      : (scope) => pageReadAhead(db, scope, LISTING_PAGE_SIZE, plain.at);
  const opened = await spec.open(db, { rules: config, headSize: firstPage ? LISTING_PAGE_SIZE : 0, locale, selected: filters.has, ahead });
  if (!opened) throw data(null, { status: 404 });
  const canonical = `${config.siteUrl}${localePath(config.localeSettings, locale, spec.path(opened))}`;
  const [listing, accessibility] = await Promise.all([
    filtersActive(filters) ? filteredListing(db, opened, filters, asked, { after, before }, locale) : null,
    accessibilityPageOf(db, opened.scope, filters, config, opened.counts),
  ]);
  // Read with the opening batch; only a listing opened the long way (a name that is no slug) reads them on their own.
  const choices = opened.counts
    ? attributeChoices(opened.counts, filters, locale)
    : await readAttributeChoices(db, attributeScope(opened.scope), filters, locale);
  const allPages = Math.ceil(opened.count / LISTING_PAGE_SIZE);
  const totalPages = listing ? listing.totalPages : allPages;
  // A page past the end is answered with the last page, read where the page asked for was (one round trip).
  let page = listing ? listing.page : Math.max(1, Math.min(plain.page, allPages));
  let businesses = listing
    ? listing.businesses
    : firstPage && opened.head
      ? opened.head
      : await pageOf(db, opened.scope, LISTING_PAGE_SIZE, plain.at, opened.ahead);
  // A cursor that names no business of the list any more (deleted, moved): the last numbered page.
  if (!listing && !("offset" in plain.at) && businesses.length === 0 && spec.numbered) {
    page = Math.min(spec.numbered, allPages);
    businesses = await pageOf(db, opened.scope, LISTING_PAGE_SIZE, { offset: (page - 1) * LISTING_PAGE_SIZE });
  }
  const cursors =
    listing || !spec.numbered || allPages <= spec.numbered ? null : plainCursors(page, allPages, spec.numbered, businesses, plain.at);
  return {
    opened,
    config,
    locale,
    canonical,
    // Indexed from INDEX_MIN_LISTING businesses on (a city × category page with fewer does not exist).
    indexing: accessibility
      ? accessibilityPageIndexing({
          canonicalBase: canonical,
          ...accessibility,
          page,
          rules: config,
          locale,
          // Past the numbered pages a page is addressed by its cursor too: its canonical is itself.
          after: listing?.filtered.numbered != null && page > listing.filtered.numbered ? after : null,
        })
      : listingIndexing({
          canonicalBase: canonical,
          page,
          variant: filterVariant(filters, null, locale),
          filtered: filtersActive(filters),
          indexable: isListingIndexed(opened.count, config),
          locale,
          cursor: cursors && page > cursors.numbered && !("offset" in plain.at) ? cursorParam(plain.at) : null,
        }),
    accessibility,
    businesses,
    list: {
      businesses: businesses.map((b) => toCard(b, locale)),
      // Only on the first page without filters, the one the opening read them for.
      featured: !listing && page === 1 ? opened.featured.map((b) => toCard(b, locale)) : [],
      page,
      totalPages,
      filters,
      filtered: listing?.filtered ?? null,
      cursors,
      choices,
    },
  };
}

/**
 * Where a page without filters starts: by its number — for a list with numbered pages, at most the
 * last of them unless a cursor names the page — or past them from its cursor.
 */
function plainPageAt(requested: number, numbered: number | undefined, cursor: PageCursor | null): { page: number; at: PairPageAt } {
  if (numbered !== undefined && requested > numbered && cursor !== null) return { page: requested, at: cursor };
  const page = Math.min(requested, numbered ?? Infinity);
  return { page, at: { offset: (page - 1) * LISTING_PAGE_SIZE } };
}

/**
 * The pager of a list without filters whose pages past `numbered` go by cursor (PagerCursors): the
 * next page below this one's last business from the last numbered page on, the previous page above
 * this one's first past the page after the numbered ones.
 */
function plainCursors(page: number, pages: number, numbered: number, shown: Business[], at: PairPageAt) {
  return {
    page,
    next: page >= numbered && page < pages && shown.length > 0 ? shown[shown.length - 1].id : null,
    previous: null,
    before: !("offset" in at) && page - 1 > numbered && shown.length > 0 ? shown[0].id : null,
    numbered,
  };
}

/**
 * A page of a listing in the recommended order, from its list positions (or, for a city × category,
 * its own index); `ahead`: what the opening read of it (pageReadAhead).
 */
function pageOf(db: Db, scope: ListingScope, limit: number, at: PairPageAt, ahead?: ReadAhead): Promise<Business[]> {
  if (scope.kind === "city-category") return listCityCategoryBusinesses(db, scope, limit, at, ahead);
  // A list by its positions: a page past the end is its last page (orLast).
  return "offset" in at ? listScope(db, scope, limit, at.offset, ahead, true) : Promise.resolve([]);
}

/** A page's first statements (pageOf's), for its opening's batch. */
function pageReadAhead(db: Db, scope: ListingScope, limit: number, at: PairPageAt): ReadAheadPlan {
  if (scope.kind === "city-category") return cityCategoryPageReadAhead(db, scope, limit, at);
  return "offset" in at ? listPageReadAhead(db, scope, "recommended", limit, at.offset, true) : readAheadOf([]);
}

/**
 * A filtered listing (ADR 0015, ADR 0031): its page of the bounded search — by the URL's cursor
 * `after` past the first block of an attribute-filtered match, else by OFFSET —, the page number
 * asked for (within the search's reach), the pager's page count, the filter bar's "N results" and the
 * next page's cursor.
 */
async function filteredListing(
  db: Db,
  { scope, ahead, sizes }: OpenedListing,
  filters: ListingFilters,
  page: number,
  { after, before }: { after: number | null; before: number | null },
  locale: string,
) {
  const found = await listingSearch(db, scope, filters, page, LISTING_PAGE_SIZE, new Date(), after, before, { ahead, sizes });
  // The page served: a number past the list's numbered pages without its cursor is answered with the last of them.
  const served = found.page;
  const { totalPages, filtered } = localizedFilteredPage(found, served, LISTING_PAGE_SIZE, locale);
  return {
    businesses: found.businesses,
    page: served,
    totalPages,
    filtered: { ...filtered, next: found.next, previous: found.previous, before: found.before, numbered: found.numbered },
  };
}

/**
 * filteredPage (the pager's count, whether there is a next page) with the filter bar's "N results" in
 * the page's locale: "12 results", "400+ results" for an approximate count (a true lower bound:
 * result-count.ts countShown), "More than 40 results" when all the search knows is that there is more.
 */
export function localizedFilteredPage(
  found: { businesses: readonly unknown[]; total: number | null; approximate: boolean; hasNext: boolean },
  page: number,
  pageSize: number,
  locale: string,
): ReturnType<typeof filteredPage> {
  const { totalPages, filtered } = filteredPage(found, page, pageSize);
  const shown = countShown({ ...found, before: (page - 1) * pageSize, shown: found.businesses.length });
  const i18n = i18nFor(locale);
  const summary =
    shown.kind === "atLeast"
      ? i18n._("listing.resultCountApproximate", { count: formatCount(shown.count, locale) })
      : shown.kind === "moreThan"
        ? i18n._("listing.resultCountMoreThan", { count: shown.count })
        : i18n._("listing.resultCount", { count: shown.count });
  return { totalPages, filtered: { ...filtered, summary } };
}
