import { data } from "react-router";
import { BusinessCard, CardGrid, toCard } from "#app/components/business-card";
import { ErrorState, errorMeta, GeneralErrorBoundary, isNotFound, PageNotFound, siteNameOf } from "#app/components/general-error-boundary";
import { JsonLd } from "#app/components/json-ld";
import { MapPanel } from "#app/components/map-panel";
import { Badge } from "#app/components/ui/badge";
import { Pager } from "#app/components/ui/pager";
import { pageMeta } from "#app/lib/seo/meta";
import { cityDetailPath } from "#app/lib/business/slug";
import { listingJsonLd } from "#app/lib/seo/structured-data";
import { openCityPage } from "#app/server/lists/city-categories.server";
import { loadListingPage } from "#app/server/lists/listing-page.server";
import { TopLinks } from "#app/components/top-links";
import { titleWithSuffix } from "#app/lib/seo/indexing";
import { ListingFilterBar } from "#app/components/listing-filters";
import { pageMap, resultsMapDescription } from "#app/lib/business/map";
import { LISTING_PAGE_SIZE, listingHref } from "#app/lib/search/listing-filters";
import { formatCount } from "#app/lib/format";
import type { Route } from "./+types/city";

/** Links to the city's city × category pages, largest first. */
const CITY_TOP_CATEGORIES = 12;

/** A blank name is no city page at all: the site's 404 page. */
const isBlank = (cityName: string | undefined) => !(cityName ?? "").trim();

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const cityName = (params.cityName ?? "").trim();
  // §5: the city page fetches only when a name is present (blank → the 404 page).
  if (isBlank(cityName)) throw data(null, { status: 404 });
  // The boundary tells the two 404s apart by the name: blank is the 404 page, any other is City Not Found.
  const { opened, config, canonical, indexing, businesses, page, totalPages, filters, filtered } = await loadListingPage(
    { request, context },
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
    businesses: businesses.map(toCard),
    page,
    totalPages,
    filters,
    filtered,
    map: pageMap(businesses, config),
  };
}

export function meta({ loaderData, error, params, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) {
    if (isNotFound(error) && isBlank(params.cityName)) return pageMeta({ title: "404 Page Not Found" });
    return errorMeta(error, "City Not Found", siteNameOf(matches));
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
  const structured = listingJsonLd({
    siteUrl,
    name: `Businesses in ${cityName}`,
    businesses,
    offset: (page - 1) * LISTING_PAGE_SIZE,
    crumbs: [
      { name: "Home", url: `${siteUrl}/` },
      { name: "Cities", url: `${siteUrl}/cities` },
      { name: cityName, url: cityUrl },
    ],
  });
  const path = `/city/${encodeURIComponent(cityName)}`;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      {structured.map((s, i) => (
        <JsonLd key={i} data={s} />
      ))}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Businesses in {cityName}</h1>
          <p className="mt-2 text-slate-600">
            Found {formatCount(count)} businesses in {cityName}
          </p>
        </div>
        <Badge variant="brand" className="px-4 py-1.5 font-semibold">
          {formatCount(count)} Results
        </Badge>
      </div>
      <TopLinks title={`Popular categories in ${cityName}`} links={topCategories} />
      <ListingFilterBar filters={filters} action={path} summary={filtered?.summary} />
      {businesses.length === 0 ? (
        <div className="mt-12 text-center">
          <h2 className="text-xl font-semibold">No businesses found</h2>
          <p className="mt-2 text-slate-600">
            {filtered ? `No business in ${cityName} matches these filters.` : `There are no businesses listed in ${cityName} yet.`}
          </p>
        </div>
      ) : (
        <CardGrid columns={4} className="mt-8">
          {businesses.map((b, i) => (
            <BusinessCard key={b.id} business={b} href={cityDetailPath(b)} viewDetails position={i} onMap />
          ))}
        </CardGrid>
      )}
      <MapPanel
        ids={businesses.map((b) => b.id)}
        located={map.located}
        tiles={map.tiles}
        heading={`Businesses in ${cityName} on a map`}
        description={resultsMapDescription(map.located)}
        className="mt-10"
      />
      <Pager page={page} totalPages={totalPages} hasNext={filtered?.hasNext} hrefFor={(p) => listingHref(path, filters, p)} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ params }) => (isBlank(params.cityName) ? <PageNotFound /> : <CityNotFound />) }} />;
}
