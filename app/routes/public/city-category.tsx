import { data, Link } from "react-router";
import { BusinessCard, CardGrid, toCard } from "#app/components/business-card";
import { ErrorState, errorMeta, GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { JsonLd } from "#app/components/json-ld";
import { ListingFilterBar } from "#app/components/listing-filters";
import { Badge } from "#app/components/ui/badge";
import { clampPage, Pager } from "#app/components/ui/pager";
import type { Business } from "#app/lib/business/business";
import { formatCount, titleCaseFromSlug } from "#app/lib/format";
import { filterVariant, listingIndexing, titleWithSuffix } from "#app/lib/seo/indexing";
import { filtersActive, listingHref, parseListingFilters } from "#app/lib/search/listing-filters";
import { pageMeta } from "#app/lib/seo/meta";
import { cityCategoryPath, cityDetailPath } from "#app/lib/business/slug";
import { listingJsonLd } from "#app/lib/seo/structured-data";
import { cleanLine } from "#app/lib/business/untrusted-text";
import { CITY_CATEGORY_MAX_PAGE, openCityCategoryPage, listCityCategoryBusinesses } from "#app/server/lists/city-categories.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import { filteredListing } from "#app/server/lists/listing-filters.server";
import type { Route } from "./+types/city-category";

const CITY_CATEGORY_PAGE_SIZE = 20;

/**
 * /city/{city}/{category} (ADR 0020): "Dentists in Chicago". It exists only where the city
 * has at least INDEX_MIN_LISTING businesses of the category (fine or group); anything else is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const config = siteConfig(env);
  const url = new URL(request.url);
  const filters = parseListingFilters(url.searchParams);
  // The first page without filters (most visits) comes whole with the scope: one round trip of D1.
  const firstPage = !filtersActive(filters) && clampPage(url.searchParams.get("page"), Infinity) === 1;
  const opened = await openCityCategoryPage(db, (params.cityName ?? "").trim(), (params.categoryName ?? "").trim(), {
    rules: config,
    headSize: firstPage ? CITY_CATEGORY_PAGE_SIZE : 0,
  });
  if (!opened) throw data(null, { status: 404 });
  const { scope } = opened;
  const { city, category, count, heading } = scope;
  const path = cityCategoryPath(city.name, category.slug);
  const canonical = `${config.siteUrl}${path}`;
  const listing = filtersActive(filters)
    ? await filteredListing(
        db,
        { kind: "city-category", city: { slug: city.slug, name: city.name }, category: { kind: category.kind, slug: category.slug } },
        filters,
        url.searchParams.get("page"),
        CITY_CATEGORY_PAGE_SIZE,
      )
    : null;
  const allPages = Math.min(Math.ceil(count / CITY_CATEGORY_PAGE_SIZE), CITY_CATEGORY_MAX_PAGE);
  const totalPages = listing ? listing.totalPages : allPages;
  const page = listing ? listing.page : clampPage(url.searchParams.get("page"), allPages);
  const offset = (page - 1) * CITY_CATEGORY_PAGE_SIZE;
  const businesses: Business[] = listing
    ? listing.businesses
    : firstPage && opened.head
      ? opened.head
      : await listCityCategoryBusinesses(db, scope, CITY_CATEGORY_PAGE_SIZE, offset);
  const categoryName = category.name || titleCaseFromSlug(category.slug);
  return {
    heading,
    path,
    cityName: city.name,
    categoryName,
    categoryHref: `/category/${category.slug}`,
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    // Every page of it is worth indexing (it exists only from INDEX_MIN_LISTING businesses on).
    indexing: listingIndexing({ canonicalBase: canonical, page, variant: filterVariant(filters), indexable: true }),
    count,
    businesses: businesses.map(toCard),
    page,
    totalPages,
    filters,
    filtered: listing?.filtered ?? null,
  };
}

export function meta({ loaderData, error, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return errorMeta(error, "Page Not Found", siteNameOf(matches));
  const { heading, siteName, count, cityName, categoryName } = loaderData;
  const { canonical, robots, titleSuffix } = loaderData.indexing;
  const title = titleWithSuffix(`${heading} | Ratings, Hours & Phone Numbers | ${siteName}`, titleSuffix);
  const description = `Compare ${formatCount(count)} ${categoryName} businesses in ${cityName}: ratings and reviews, opening hours, addresses and phone numbers.`;
  return pageMeta({ title, description, canonical, robots });
}

export default function CityCategoryPage({ loaderData }: Route.ComponentProps) {
  const { heading, path, siteUrl, cityName, categoryName, categoryHref, count, businesses, page, totalPages, filters, filtered } =
    loaderData;
  const structured = listingJsonLd({
    siteUrl,
    name: heading,
    businesses,
    offset: (page - 1) * CITY_CATEGORY_PAGE_SIZE,
    crumbs: [
      { name: "Home", url: `${siteUrl}/` },
      { name: "Cities", url: `${siteUrl}/cities` },
      { name: cityName, url: `${siteUrl}/city/${encodeURIComponent(cityName)}` },
      { name: categoryName, url: `${siteUrl}${path}` },
    ],
  });
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      {structured.map((s, i) => (
        <JsonLd key={i} data={s} />
      ))}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{heading}</h1>
          <p className="mt-2 text-slate-600">
            Found {formatCount(count)} {categoryName} businesses in {cityName}.{" "}
            <Link to={`/city/${encodeURIComponent(cityName)}`} className="text-blue-700 hover:underline">
              All businesses in {cityName}
            </Link>
            {" · "}
            <Link to={categoryHref} className="text-blue-700 hover:underline">
              {categoryName} everywhere
            </Link>
          </p>
        </div>
        <Badge variant="brand" className="px-4 py-1.5 font-semibold">
          {formatCount(count)} Results
        </Badge>
      </div>
      <ListingFilterBar filters={filters} action={path} summary={filtered?.summary} />
      {businesses.length === 0 ? (
        <div className="mt-12 text-center">
          <h2 className="text-xl font-semibold">No businesses found</h2>
          <p className="mt-2 text-slate-600">No {categoryName} business in {cityName} matches these filters.</p>
        </div>
      ) : (
        <CardGrid columns={4} className="mt-8">
          {businesses.map((b, i) => (
            <BusinessCard key={b.id} business={b} href={cityDetailPath(b)} viewDetails position={i} />
          ))}
        </CardGrid>
      )}
      <Pager page={page} totalPages={totalPages} hasNext={filtered?.hasNext} hrefFor={(p) => listingHref(path, filters, p)} />
    </main>
  );
}

function CityCategoryNotFound({ city }: { city: string }) {
  return (
    <ErrorState
      title="Page Not Found"
      text={`There is no page for these businesses in ${city} yet: it needs a few listed businesses first.`}
      homeLink
    />
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: ({ params }) => <CityCategoryNotFound city={titleCaseFromSlug(cleanLine((params.cityName ?? "").trim()))} /> }}
    />
  );
}
