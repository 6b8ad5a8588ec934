import { data } from "react-router";
import { ErrorState, errorMeta, GeneralErrorBoundary, isNotFound, PageNotFound } from "#app/components/general-error-boundary";
import { pageMeta } from "#app/lib/seo/meta";
import { cityDetailPath } from "#app/lib/business/slug";
import { openCityPage } from "#app/server/lists/city-categories.server";
import { loadListingPage } from "#app/server/lists/listing-page.server";
import { TopLinks } from "#app/components/top-links";
import { titleWithSuffix } from "#app/lib/seo/indexing";
import { pageMap } from "#app/lib/business/map";
import { formatCount } from "#app/lib/format";
import { CountedHeading, EmptyListing, ListingPage } from "#app/components/listing-page";
import { ResultsMap } from "#app/components/map-panel";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/city";

/** Links to the city's city × category pages, largest first. */
const CITY_TOP_CATEGORIES = 12;

/** A blank name is no city page at all: the site's 404 page. */
const isBlank = (cityName: string | undefined) => !(cityName ?? "").trim();

// The page and the listing filters (parseListingFilters).
export const queryParams: QueryParams = ["page", "openNow", "minRating"];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const cityName = (params.cityName ?? "").trim();
  // §5: the city page fetches only when a name is present (blank → the 404 page).
  if (isBlank(cityName)) throw data(null, { status: 404 });
  // The boundary tells the two 404s apart by the name: blank is the 404 page, any other is City Not Found.
  const { opened, config, canonical, indexing, businesses, list } = await loadListingPage(
    { request, context, params },
    {
      open: (db, { rules, headSize }) => openCityPage(db, cityName, { rules, top: CITY_TOP_CATEGORIES, headSize }),
      // One canonical address per city, whatever the case or accents of the link ("new york" → "New York").
      path: ({ city }) => `/city/${encodeURIComponent(city.name)}`,
    },
  );
  return {
    cityName,
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    cityUrl: canonical,
    indexing,
    count: opened.count,
    topCategories: opened.topCategories,
    ...list,
    map: pageMap(businesses, config),
  };
}

export function meta({ loaderData, error, params, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) {
    if (isNotFound(error) && isBlank(params.cityName)) return pageMeta({ title: "404 Page Not Found" });
    return errorMeta(error, "City Not Found", matches);
  }
  const siteName = loaderData.siteName;
  const city = loaderData.cityName;
  const { canonical, robots, titleSuffix } = loaderData.indexing;
  const title = titleWithSuffix(`Businesses in ${city} | Local Services & Companies | ${siteName}`, titleSuffix);
  const description = `Find the best businesses and services in ${city}. Browse local companies, read reviews, and discover trusted service providers in your area.`;
  return pageMeta({ title, description, canonical, robots });
}

function CityNotFound() {
  return <ErrorState title="City Not Found" text="The city you're looking for doesn't exist or has no businesses." homeLink />;
}

export default function CityPage({ loaderData }: Route.ComponentProps) {
  const { cityName, siteUrl, cityUrl, count, businesses, page, totalPages, filters, filtered, map, topCategories } = loaderData;
  return (
    <ListingPage
      siteUrl={siteUrl}
      name={`Businesses in ${cityName}`}
      crumbs={[
        { name: "Home", url: `${siteUrl}/` },
        { name: "Cities", url: `${siteUrl}/cities` },
        { name: cityName, url: cityUrl },
      ]}
      path={`/city/${encodeURIComponent(cityName)}`}
      {...{ businesses, page, totalPages, filters, filtered }}
      heading={
        <>
          <CountedHeading title={<>Businesses in {cityName}</>} count={count}>
            Found {formatCount(count)} businesses in {cityName}
          </CountedHeading>
          <TopLinks title={`Popular categories in ${cityName}`} links={topCategories} />
        </>
      }
      empty={
        <EmptyListing
          title="No businesses found"
          text={filtered ? `No business in ${cityName} matches these filters.` : `There are no businesses listed in ${cityName} yet.`}
        />
      }
      card={(b) => ({ href: cityDetailPath(b), viewDetails: true, onMap: true })}
      map={<ResultsMap ids={businesses.map((b) => b.id)} map={map} heading={`Businesses in ${cityName} on a map`} />}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ params }) => (isBlank(params.cityName) ? <PageNotFound /> : <CityNotFound />) }} />;
}
