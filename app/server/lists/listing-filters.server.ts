/**
 * A listing page (a city, a category) with open now or a minimum rating (ADR 0015): its page of the
 * bounded search, the page number asked for (within the search's reach), the pager's page count and
 * the filter bar's "N results".
 */
import { clampPage } from "#app/components/ui/pager";
import type { Business } from "#app/lib/business/business";
import type { ListingFilters } from "#app/lib/search/listing-filters";
import { resultCount } from "#app/lib/search/result-count";
import { MAX_SEARCH_PAGE } from "#app/lib/search/search-links";
import type { Db } from "#app/server/platform/db.server";
import { listingSearch, type ListingScope } from "#app/server/search/search.server";

export type FilteredListing = {
  businesses: Business[];
  page: number;
  totalPages: number | null;
  filtered: { summary: string; hasNext: boolean };
};

export async function filteredListing(
  db: Db,
  scope: ListingScope,
  filters: ListingFilters,
  requestedPage: string | null,
  pageSize: number,
): Promise<FilteredListing> {
  const page = clampPage(requestedPage, MAX_SEARCH_PAGE);
  const found = await listingSearch(db, scope, filters, page, pageSize);
  return {
    businesses: found.businesses,
    page,
    totalPages: found.total === null ? null : Math.max(1, Math.ceil(found.total / pageSize)),
    filtered: { summary: resultCount({ ...found, before: (page - 1) * pageSize, shown: found.businesses.length }), hasNext: found.hasNext },
  };
}
