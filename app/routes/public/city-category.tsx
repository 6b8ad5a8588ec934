import { Link } from "react-router";
import { BusinessCard, CardGrid, toCard } from "#app/components/business-card";
import { ErrorState, errorMeta, GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { JsonLd } from "#app/components/json-ld";
import { ListingFilterBar } from "#app/components/listing-filters";
import { Badge } from "#app/components/ui/badge";
import { Pager } from "#app/components/ui/pager";
import { formatCount, titleCaseFromSlug } from "#app/lib/format";
import { titleWithSuffix } from "#app/lib/seo/indexing";
import { LISTING_PAGE_SIZE, listingHref } from "#app/lib/search/listing-filters";
import { pageMeta } from "#app/lib/seo/meta";
import { cityCategoryPath, cityDetailPath } from "#app/lib/business/slug";
import { listingJsonLd } from "#app/lib/seo/structured-data";
import { cleanLine } from "#app/lib/business/untrusted-text";
import { CITY_CATEGORY_MAX_PAGE, openCityCategoryPage } from "#app/server/lists/city-categories.server";
import { loadListingPage } from "#app/server/lists/listing-page.server";
import type { Route } from "./+types/city-category";


/**
 * /city/{city}/{category} (ADR 0020): "Dentists in Chicago". It exists only where the city
 * has at least INDEX_MIN_LISTING businesses of the category (fine or group); anything else is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { opened, config, indexing, businesses, page, totalPages, filters, filtered } = await loadListingPage(
    { request, context },
    {
      open: (db, opening) => openCityCategoryPage(db, (params.cityName ?? "").trim(), (params.categoryName ?? "").trim(), opening),
      path: ({ pair }) => cityCategoryPath(pair.city.name, pair.category.slug),
      maxPage: CITY_CATEGORY_MAX_PAGE,
    },
  );
  const { city, category, count, heading } = opened.pair;
  return {
    heading,
    path: cityCategoryPath(city.name, category.slug),
    cityName: city.name,
    categoryName: category.name || titleCaseFromSlug(category.slug),
    categoryHref: `/category/${category.slug}`,
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    indexing,
    count,
    businesses: businesses.map(toCard),
    page,
    totalPages,
    filters,
    filtered,
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
    offset: (page - 1) * LISTING_PAGE_SIZE,
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
