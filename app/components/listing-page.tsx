/**
 * The frame of a listing page — a city, a category, a city × category — around what the page says
 * itself (its heading, its empty state, how a card links): the ItemList and breadcrumb JSON-LD, the
 * filter bar, the cards, the page's map (when it has one) and the pager. Its data comes from
 * loadListingPage (app/server/lists/listing-page.server.ts). `path` is the page's site path: the filter
 * bar, the pager and the cards link within the page's locale themselves.
 */
import { useLingui } from "@lingui/react";
import { BusinessCard, CardGrid, type CardBusiness } from "#app/components/business-card";
import { JsonLd } from "#app/components/json-ld";
import { ListingFilterBar } from "#app/components/listing-filters";
import { useLocalePath } from "#app/components/page-locale";
import { Badge } from "#app/components/ui/badge";
import { Pager } from "#app/components/ui/pager";
import { LISTING_PAGE_SIZE, pagerHref, type FilterChoices, type ListingFilters, type PagerCursors } from "#app/lib/search/listing-filters";
import { listingJsonLd } from "#app/lib/seo/structured-data";

type Crumb = { name: string; url: string };

export function ListingPage({
  siteUrl,
  name,
  crumbs,
  path,
  businesses,
  featured = [],
  page,
  totalPages,
  filters,
  choices,
  filtered,
  cursors,
  heading,
  empty,
  card,
  map,
}: {
  siteUrl: string;
  /** The ItemList's name. */
  name: string;
  crumbs: Crumb[];
  /** The page's path, where the filter bar and the pager point. */
  path: string;
  businesses: CardBusiness[];
  /** Paid placements shown before the list, each labelled (business-card.tsx `featured`); they stay in the list too. */
  featured?: CardBusiness[];
  page: number;
  totalPages: number | null;
  filters: ListingFilters;
  /** What the filter bar offers (the listing's attributes and their counts). */
  choices?: FilterChoices;
  /** With filters: "N results", whether a next page exists, and where the pager's pages go (PagerCursors). */
  filtered: {
    summary: string;
    hasNext: boolean;
    next?: number | null;
    previous?: number | null;
    before?: number | null;
    numbered?: number | null;
  } | null;
  /** Without filters, where the pager's pages go past the numbered ones (PagerCursors); absent or null: every page by number. */
  cursors?: PagerCursors | null;
  /** What stands above the filter bar: the heading, the count, the page's links. */
  heading: React.ReactNode;
  /** What shows instead of the cards when there are none. */
  empty: React.ReactNode;
  /** A card's own props: where it links, what it shows. */
  card: (business: CardBusiness) => Omit<React.ComponentProps<typeof BusinessCard>, "business" | "position">;
  /** The map of the page's businesses, under the cards (a page without one imports no map code). */
  map?: React.ReactNode;
}) {
  const lp = useLocalePath();
  // The list's items are the businesses' pages in this page's locale ("https://…/vi/details/…").
  const home = lp("/");
  const localeUrl = home === "/" ? siteUrl : `${siteUrl}${home}`;
  const structured = listingJsonLd({ siteUrl: localeUrl, name, businesses, offset: (page - 1) * LISTING_PAGE_SIZE, crumbs });
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      {structured.map((s, i) => (
        <JsonLd key={i} data={s} />
      ))}
      {heading}
      <ListingFilterBar filters={filters} choices={choices} action={path} summary={filtered?.summary} />
      {businesses.length === 0 ? (
        empty
      ) : (
        <CardGrid columns={4} className="mt-8">
          {featured.map((b, i) => (
            <BusinessCard key={`featured-${b.id}`} business={b} position={i} {...card(b)} onMap={false} featured />
          ))}
          {businesses.map((b, i) => (
            <BusinessCard key={b.id} business={b} position={featured.length + i} {...card(b)} />
          ))}
        </CardGrid>
      )}
      {map}
      <Pager
        page={page}
        totalPages={totalPages}
        hasNext={filtered?.hasNext}
        hrefFor={pagerHref(
          path,
          filters,
          cursors ?? {
            page,
            next: filtered?.next ?? null,
            previous: filtered?.previous ?? null,
            before: filtered?.before ?? null,
            numbered: filtered?.numbered ?? null,
          },
        )}
      />
    </main>
  );
}

/** A heading with its line below and the number of results on a badge beside them. */
export function CountedHeading({ title, count, children }: { title: React.ReactNode; count: number; children: React.ReactNode }) {
  const { _ } = useLingui();
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-600">{children}</p>
      </div>
      <Badge variant="brand" className="px-4 py-1.5 font-semibold">
        {_("listing.results", { count })}
      </Badge>
    </div>
  );
}

/** The list's empty state: a heading, a line, and what to do next if anything. */
export function EmptyListing({ title, text, children }: { title: React.ReactNode; text: React.ReactNode; children?: React.ReactNode }) {
  return (
    <div className="mt-12 text-center">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-2 text-slate-600">{text}</p>
      {children}
    </div>
  );
}
