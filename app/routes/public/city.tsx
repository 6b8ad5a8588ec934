import { ATTRIBUTE_PARAMS, BEFORE_PARAM, CURSOR_PARAM } from "#app/lib/search/listing-filters";
import { useLingui } from "@lingui/react";
import { data } from "react-router";
import { ErrorState, errorMeta, GeneralErrorBoundary, isNotFound, PageNotFound } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { pageMeta } from "#app/lib/seo/meta";
import { cityDetailPath } from "#app/lib/business/slug";
import { i18nFor } from "#app/lib/i18n/i18n";
import { openCityPage } from "#app/server/lists/city-categories.server";
import { loadListingPage } from "#app/server/lists/listing-page.server";
import { TopLinks } from "#app/components/top-links";
import { titleWithSuffix } from "#app/lib/seo/indexing";
import { pageMap } from "#app/lib/business/map";
import { CountedHeading, EmptyListing, ListingPage } from "#app/components/listing-page";
import { ResultsMap } from "#app/components/map-panel";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/city";

/** Links to the city's city × category pages, largest first. */
const CITY_TOP_CATEGORIES = 12;

/** A blank name is no city page at all: the site's 404 page. */
const isBlank = (cityName: string | undefined) => !(cityName ?? "").trim();

// The page and the listing filters (parseListingFilters).
export const queryParams: QueryParams = ["page", CURSOR_PARAM, BEFORE_PARAM, "openNow", "minRating", ...ATTRIBUTE_PARAMS];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const cityName = (params.cityName ?? "").trim();
  // §5: the city page fetches only when a name is present (blank → the 404 page).
  if (isBlank(cityName)) throw data(null, { status: 404 });
  // The boundary tells the two 404s apart by the name: blank is the 404 page, any other is City Not Found.
  const { opened, config, canonical, indexing, businesses, list } = await loadListingPage(
    { request, context, params },
    {
      open: (db, opening) => openCityPage(db, cityName, { ...opening, top: CITY_TOP_CATEGORIES }),
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
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  if (!loaderData) {
    if (isNotFound(error) && isBlank(params.cityName)) return pageMeta({ title: i18n._("listing.pageNotFound") });
    return errorMeta(error, i18n._("city.notFound"), matches);
  }
  const { cityName: city, siteName } = loaderData;
  const { canonical, robots, titleSuffix } = loaderData.indexing;
  const title = titleWithSuffix(i18n._("city.metaTitle", { city, siteName }), titleSuffix);
  const description = i18n._("city.metaDescription", { city });
  return pageMeta({ title, description, canonical, robots });
}

function CityNotFound() {
  const { _ } = useLingui();
  return <ErrorState title={_("city.notFound")} text={_("city.notFoundText")} homeLink />;
}

export default function CityPage({ loaderData }: Route.ComponentProps) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  const { cityName, siteUrl, cityUrl, count, businesses, featured, page, totalPages, filters, choices, filtered, map, topCategories } = loaderData;
  return (
    <ListingPage
      siteUrl={siteUrl}
      name={_("city.heading", { city: cityName })}
      crumbs={[
        { name: _("listing.crumbHome"), url: `${siteUrl}${lp("/")}` },
        { name: _("listing.crumbCities"), url: `${siteUrl}${lp("/cities")}` },
        { name: cityName, url: cityUrl },
      ]}
      path={`/city/${encodeURIComponent(cityName)}`}
      {...{ businesses, featured, page, totalPages, filters, choices, filtered }}
      heading={
        <>
          <CountedHeading title={_("city.heading", { city: cityName })} count={count}>
            {_("city.found", { count, city: cityName })}
          </CountedHeading>
          <TopLinks title={_("city.topCategories", { city: cityName })} links={topCategories} />
        </>
      }
      empty={
        <EmptyListing
          title={_("listing.noBusinesses")}
          text={filtered ? _("city.emptyFiltered", { city: cityName }) : _("city.empty", { city: cityName })}
        />
      }
      card={(b) => ({ href: cityDetailPath(b), viewDetails: true, onMap: true })}
      map={<ResultsMap ids={businesses.map((b) => b.id)} map={map} heading={_("city.mapHeading", { city: cityName })} />}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ params }) => (isBlank(params.cityName) ? <PageNotFound /> : <CityNotFound />) }} />;
}
