import { Link } from "react-router";
import { ErrorState, errorMeta, GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { formatCount, titleCaseFromSlug } from "#app/lib/format";
import { titleWithSuffix } from "#app/lib/seo/indexing";
import { pageMeta } from "#app/lib/seo/meta";
import { cityCategoryPath, cityDetailPath } from "#app/lib/business/slug";
import { cleanLine } from "#app/lib/business/untrusted-text";
import { CITY_CATEGORY_MAX_PAGE, openCityCategoryPage } from "#app/server/lists/city-categories.server";
import { loadListingPage } from "#app/server/lists/listing-page.server";
import { CountedHeading, EmptyListing, ListingPage } from "#app/components/listing-page";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/city-category";


// The page and the listing filters (parseListingFilters).
export const queryParams: QueryParams = ["page", "openNow", "minRating"];

/**
 * /city/{city}/{category} (ADR 0020): "Dentists in Chicago". It exists only where the city
 * has at least INDEX_MIN_LISTING businesses of the category (fine or group); anything else is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { opened, config, indexing, list } = await loadListingPage(
    { request, context, params },
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
    ...list,
  };
}

export function meta({ loaderData, error, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return errorMeta(error, "Page Not Found", matches);
  const { heading, siteName, count, cityName, categoryName } = loaderData;
  const { canonical, robots, titleSuffix } = loaderData.indexing;
  const title = titleWithSuffix(`${heading} | Ratings, Hours & Phone Numbers | ${siteName}`, titleSuffix);
  const description = `Compare ${formatCount(count)} ${categoryName} businesses in ${cityName}: ratings and reviews, opening hours, addresses and phone numbers.`;
  return pageMeta({ title, description, canonical, robots });
}

export default function CityCategoryPage({ loaderData }: Route.ComponentProps) {
  const { heading, path, siteUrl, cityName, categoryName, categoryHref, count, businesses, page, totalPages, filters, filtered } =
    loaderData;
  return (
    <ListingPage
      siteUrl={siteUrl}
      name={heading}
      crumbs={[
        { name: "Home", url: `${siteUrl}/` },
        { name: "Cities", url: `${siteUrl}/cities` },
        { name: cityName, url: `${siteUrl}/city/${encodeURIComponent(cityName)}` },
        { name: categoryName, url: `${siteUrl}${path}` },
      ]}
      path={path}
      {...{ businesses, page, totalPages, filters, filtered }}
      heading={
        <CountedHeading title={heading} count={count}>
          Found {formatCount(count)} {categoryName} businesses in {cityName}.{" "}
          <Link to={`/city/${encodeURIComponent(cityName)}`} className="text-blue-700 hover:underline">
            All businesses in {cityName}
          </Link>
          {" · "}
          <Link to={categoryHref} className="text-blue-700 hover:underline">
            {categoryName} everywhere
          </Link>
        </CountedHeading>
      }
      empty={<EmptyListing title="No businesses found" text={<>No {categoryName} business in {cityName} matches these filters.</>} />}
      card={(b) => ({ href: cityDetailPath(b), viewDetails: true })}
    />
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
