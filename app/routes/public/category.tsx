import { ErrorState, errorMeta, GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { ButtonLink } from "#app/components/ui/button";
import { formatCount, titleCaseFromSlug } from "#app/lib/format";
import { pageMeta } from "#app/lib/seo/meta";
import { cleanLine } from "#app/lib/business/untrusted-text";
import { openCategoryPage } from "#app/server/lists/city-categories.server";
import { loadListingPage } from "#app/server/lists/listing-page.server";
import { TopLinks } from "#app/components/top-links";
import { titleWithSuffix } from "#app/lib/seo/indexing";
import { pageMap } from "#app/lib/business/map";
import { EmptyListing, ListingPage } from "#app/components/listing-page";
import { ResultsMap } from "#app/components/map-panel";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/category";

/** Links to the category's city × category pages, largest first. */
const CATEGORY_TOP_CITIES = 12;

/**
 * "italian-restaurant" → "Italian Restaurant". The not-found page repeats the address's text too; an
 * address with control characters finds no category (findCategory), and its page shows it without them.
 */
const headingOf = (categoryName: string | undefined) => titleCaseFromSlug(cleanLine((categoryName ?? "").trim()));

// The page and the listing filters (parseListingFilters).
export const queryParams: QueryParams = ["page", "openNow", "minRating"];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const raw = (params.categoryName ?? "").trim();
  const { opened, config, canonical, indexing, businesses, list } = await loadListingPage(
    { request, context, params },
    {
      open: async (db, { rules, headSize }) => (raw ? openCategoryPage(db, raw, { rules, top: CATEGORY_TOP_CITIES, headSize }) : null),
      path: ({ category }) => `/category/${category.slug}`,
    },
  );
  return {
    heading: headingOf(raw),
    raw,
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    categoryUrl: canonical,
    indexing,
    count: opened.count,
    topCities: opened.topCities,
    ...list,
    map: pageMap(businesses, config),
  };
}

export function meta({ loaderData, error, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return errorMeta(error, "Category Not Found", matches);
  const { canonical, robots, titleSuffix } = loaderData.indexing;
  const title = titleWithSuffix(`${loaderData.heading} Businesses & Services | ${loaderData.siteName}`, titleSuffix);
  const description = `Discover quality ${loaderData.heading} businesses and services in your area. Compare ratings, opening hours and contact details.`;
  return pageMeta({ title, description, canonical, robots });
}

function CategoryNotFound({ heading }: { heading: string }) {
  return <ErrorState title="Category Not Found" text={`The category "${heading}" doesn't exist or has no businesses.`} homeLink />;
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { heading, raw, siteUrl, categoryUrl, count, businesses, page, totalPages, filters, filtered, map, topCities } = loaderData;
  return (
    <ListingPage
      siteUrl={siteUrl}
      name={`${heading} businesses`}
      crumbs={[
        { name: "Home", url: `${siteUrl}/` },
        { name: heading, url: categoryUrl },
      ]}
      path={`/category/${encodeURIComponent(raw)}`}
      {...{ businesses, page, totalPages, filters, filtered }}
      heading={
        <>
          <h1 className="text-3xl font-bold">{heading}</h1>
          <p className="mt-2 text-slate-600">Discover quality {heading} businesses and services in your area</p>
          <p className="mt-4 font-semibold text-slate-800">{formatCount(count)} Businesses Found</p>
          <TopLinks title={`${heading} by city`} links={topCities} />
        </>
      }
      empty={
        filtered ? (
          <EmptyListing title={<>No businesses found in {heading}</>} text="No business in this category matches these filters." />
        ) : (
          <EmptyListing title={<>No businesses found in {heading}</>} text="Try browsing other categories or check back later for new listings.">
            <ButtonLink to="/" className="mt-6">
              Browse All Categories
            </ButtonLink>
          </EmptyListing>
        )
      }
      card={() => ({ descriptionLines: 3, onMap: true })}
      map={<ResultsMap ids={businesses.map((b) => b.id)} map={map} heading={`${heading} businesses on a map`} />}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ params }) => <CategoryNotFound heading={headingOf(params.categoryName)} /> }} />;
}
