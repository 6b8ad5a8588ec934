import { ATTRIBUTE_PARAMS, BEFORE_PARAM, CURSOR_PARAM } from "#app/lib/search/listing-filters";
import { useLingui } from "@lingui/react";
import { Link } from "react-router";
import { ErrorState, errorMeta, GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { titleCaseFromSlug } from "#app/lib/format";
import { i18nFor } from "#app/lib/i18n/i18n";
import { accessibilityDescription, accessibilityHeading, titleWithSuffix } from "#app/lib/seo/indexing";
import { pageMeta } from "#app/lib/seo/meta";
import { cityCategoryPath, cityDetailPath } from "#app/lib/business/slug";
import { cleanLine } from "#app/lib/business/untrusted-text";
import { categoryLabelOf, CITY_CATEGORY_NUMBERED_PAGES, inSentence, openCityCategoryPage } from "#app/server/lists/city-categories.server";
import { loadListingPage } from "#app/server/lists/listing-page.server";
import { CountedHeading, EmptyListing, ListingPage } from "#app/components/listing-page";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/city-category";

// The page and the listing filters (parseListingFilters).
export const queryParams: QueryParams = ["page", CURSOR_PARAM, BEFORE_PARAM, "openNow", "minRating", ...ATTRIBUTE_PARAMS];

/**
 * /city/{city}/{category} (ADR 0020): "Dentists in Chicago". It exists only where the city
 * has at least INDEX_MIN_LISTING businesses of the category (fine or group); anything else is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { opened, config, indexing, list, locale, accessibility } = await loadListingPage(
    { request, context, params },
    {
      open: (db, opening) => openCityCategoryPage(db, (params.cityName ?? "").trim(), (params.categoryName ?? "").trim(), opening),
      path: ({ pair }) => cityCategoryPath(pair.city.name, pair.category.slug),
      numbered: CITY_CATEGORY_NUMBERED_PAGES,
    },
  );
  const { city, category } = opened.pair;
  const label = categoryLabelOf(category, locale);
  // An accessibility page of its own ("Wheelchair accessible cafes in Hue"): its heading, count and description.
  const heading = accessibility ? accessibilityHeading(accessibility.slug, category, city.name, locale) : opened.pair.heading;
  const count = accessibility ? accessibility.count : opened.pair.count;
  return {
    heading,
    description: accessibility ? accessibilityDescription(accessibility.slug, heading, count, locale) : null,
    path: cityCategoryPath(city.name, category.slug),
    cityName: city.name,
    // The category's label in the page's locale (its stored name in English), and inside a sentence.
    categoryName: label,
    categoryNamed: inSentence(label, locale),
    categoryHref: `/category/${category.slug}`,
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    indexing,
    count,
    ...list,
  };
}

export function meta({ loaderData, error, matches }: Route.MetaArgs): Route.MetaDescriptors {
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  if (!loaderData) return errorMeta(error, i18n._("cityCategory.notFound"), matches);
  const { heading, siteName, count, cityName, categoryNamed } = loaderData;
  const { canonical, robots, titleSuffix } = loaderData.indexing;
  const title = titleWithSuffix(i18n._("cityCategory.metaTitle", { heading, siteName }), titleSuffix);
  const description = loaderData.description ?? i18n._("cityCategory.metaDescription", { count, category: categoryNamed, city: cityName });
  return pageMeta({ title, description, canonical, robots });
}

export default function CityCategoryPage({ loaderData }: Route.ComponentProps) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  const { heading, path, siteUrl, cityName, categoryName, categoryNamed, categoryHref, count, businesses, featured, page, totalPages, filters, choices, filtered, cursors } =
    loaderData;
  const cityPath = `/city/${encodeURIComponent(cityName)}`;
  return (
    <ListingPage
      siteUrl={siteUrl}
      name={heading}
      crumbs={[
        { name: _("listing.crumbHome"), url: `${siteUrl}${lp("/")}` },
        { name: _("listing.crumbCities"), url: `${siteUrl}${lp("/cities")}` },
        { name: cityName, url: `${siteUrl}${lp(cityPath)}` },
        { name: categoryName, url: `${siteUrl}${lp(path)}` },
      ]}
      path={path}
      {...{ businesses, featured, page, totalPages, filters, choices, filtered, cursors }}
      heading={
        <CountedHeading title={heading} count={count}>
          {_("cityCategory.found", { count, category: categoryNamed, city: cityName })}{" "}
          <Link to={lp(cityPath)} className="text-blue-700 hover:underline">
            {_("cityCategory.allInCity", { city: cityName })}
          </Link>
          {" · "}
          <Link to={lp(categoryHref)} className="text-blue-700 hover:underline">
            {_("cityCategory.everywhere", { category: categoryName })}
          </Link>
        </CountedHeading>
      }
      empty={
        <EmptyListing
          title={_("listing.noBusinesses")}
          text={_("cityCategory.emptyFiltered", { category: categoryNamed, city: cityName })}
        />
      }
      card={(b) => ({ href: cityDetailPath(b), viewDetails: true })}
    />
  );
}

function CityCategoryNotFound({ city }: { city: string }) {
  const { _ } = useLingui();
  return <ErrorState title={_("cityCategory.notFound")} text={_("cityCategory.notFoundText", { city })} homeLink />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: ({ params }) => <CityCategoryNotFound city={titleCaseFromSlug(cleanLine((params.cityName ?? "").trim()))} /> }}
    />
  );
}
