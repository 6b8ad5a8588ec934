import { ATTRIBUTE_PARAMS, BEFORE_PARAM, CURSOR_PARAM } from "#app/lib/search/listing-filters";
import { useLingui } from "@lingui/react";
import { ErrorState, errorMeta, GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { ButtonLink } from "#app/components/ui/button";
import { titleCaseFromSlug } from "#app/lib/format";
import { i18nFor } from "#app/lib/i18n/i18n";
import { pageMeta } from "#app/lib/seo/meta";
import { cleanLine } from "#app/lib/business/untrusted-text";
import { categoryLabelOf, inSentence, openCategoryPage } from "#app/server/lists/city-categories.server";
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
export const queryParams: QueryParams = ["page", CURSOR_PARAM, BEFORE_PARAM, "openNow", "minRating", ...ATTRIBUTE_PARAMS];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const raw = (params.categoryName ?? "").trim();
  const { opened, config, canonical, indexing, businesses, list, locale } = await loadListingPage(
    { request, context, params },
    {
      open: async (db, opening) => (raw ? openCategoryPage(db, raw, { ...opening, top: CATEGORY_TOP_CITIES }) : null),
      path: ({ category }) => `/category/${category.slug}`,
    },
  );
  // SPEC §2: the address's words, title-cased, in English; the category's label in other languages.
  const heading = locale.split("-")[0] === "en" ? headingOf(raw) : categoryLabelOf(opened.category, locale);
  return {
    heading,
    /** The name inside a sentence ("Discover quality … businesses"). */
    named: inSentence(heading, locale),
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
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  if (!loaderData) return errorMeta(error, i18n._("categoryPage.notFound"), matches);
  const { named, siteName } = loaderData;
  const { canonical, robots, titleSuffix } = loaderData.indexing;
  const title = titleWithSuffix(i18n._("categoryPage.metaTitle", { category: named, siteName }), titleSuffix);
  const description = i18n._("categoryPage.metaDescription", { category: named });
  return pageMeta({ title, description, canonical, robots });
}

function CategoryNotFound({ heading }: { heading: string }) {
  const { _ } = useLingui();
  return <ErrorState title={_("categoryPage.notFound")} text={_("categoryPage.notFoundText", { category: heading })} homeLink />;
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  const { heading, named, raw, siteUrl, categoryUrl, count, businesses, featured, page, totalPages, filters, choices, filtered, map, topCities } = loaderData;
  return (
    <ListingPage
      siteUrl={siteUrl}
      name={_("categoryPage.listName", { category: named })}
      crumbs={[
        { name: _("listing.crumbHome"), url: `${siteUrl}${lp("/")}` },
        { name: heading, url: categoryUrl },
      ]}
      path={`/category/${encodeURIComponent(raw)}`}
      {...{ businesses, featured, page, totalPages, filters, choices, filtered }}
      heading={
        <>
          <h1 className="text-3xl font-bold">{heading}</h1>
          <p className="mt-2 text-slate-600">{_("categoryPage.subtitle", { category: named })}</p>
          <p className="mt-4 font-semibold text-slate-800">{_("categoryPage.count", { count })}</p>
          <TopLinks title={_("categoryPage.byCity", { category: heading })} links={topCities} />
        </>
      }
      empty={
        filtered ? (
          <EmptyListing title={_("categoryPage.emptyTitle", { category: named })} text={_("categoryPage.emptyFiltered")} />
        ) : (
          <EmptyListing title={_("categoryPage.emptyTitle", { category: named })} text={_("categoryPage.emptyText")}>
            <ButtonLink to={lp("/")} className="mt-6">
              {_("categoryPage.browseAll")}
            </ButtonLink>
          </EmptyListing>
        )
      }
      card={() => ({ descriptionLines: 3, onMap: true })}
      map={<ResultsMap ids={businesses.map((b) => b.id)} map={map} heading={_("categoryPage.mapHeading", { category: named })} />}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ params }) => <CategoryNotFound heading={headingOf(params.categoryName)} /> }} />;
}
