import type { MessageId } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Form, Link, redirect } from "react-router";
import { BusinessCard, CardGrid, toCard } from "#app/components/business-card";
import { ErrorState, GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { Button } from "#app/components/ui/button";
import { ResultsMap } from "#app/components/map-panel";
import { NearMeButton } from "#app/components/near-me-button";
import { SuggestInput } from "#app/components/suggest-input";
import { Field } from "#app/components/ui/field";
import { Pager } from "#app/components/ui/pager";
import { Select } from "#app/components/ui/select";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { pageMap } from "#app/lib/business/map";
import { i18nFor } from "#app/lib/i18n/i18n";
import { labelOf } from "#app/lib/i18n/labels";
import { localePath } from "#app/lib/i18n/locales";
import { searchDistanceUnit } from "#app/lib/search/distance-unit";
import { knownTotal, resultCount } from "#app/lib/search/result-count";
import { NOINDEX_FOLLOW, titleWithSuffix } from "#app/lib/seo/indexing";
import { SEARCH_SORTS, searchHref, type SearchSort } from "#app/lib/search/search-links";
import { ATTRIBUTE_PARAMS, BEFORE_PARAM, CURSOR_PARAM, pagerLinks, parseCursor } from "#app/lib/search/listing-filters";
import { parseSearchParams, type SearchParams } from "#app/lib/search/search-params";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import { PUBLIC_CACHE } from "#app/server/platform/http.server";
import { search } from "#app/server/search/search.server";
import { siteSummary } from "#app/server/lists/site-summary.server";
import { pageMeta } from "#app/lib/seo/meta";
import { AttributeFilterFields, FilterChips, FoldedFilters, MinRatingOptions, useCanonicalSubmit } from "#app/components/listing-filters";
import { parseAttributeFilters, setAttributeParams, type ListingFilters } from "#app/lib/search/listing-filters";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import type { Route } from "./+types/search";

// searchParamsSchema's keys and the attribute filters' (ATTRIBUTE_PARAMS).
export const queryParams: QueryParams = [
  "q",
  "location",
  "category",
  "openNow",
  "minRating",
  "sort",
  "near",
  "radius",
  "page",
  CURSOR_PARAM,
  BEFORE_PARAM,
  ...ATTRIBUTE_PARAMS,
];

export async function loader({ request, context, params: route }: Route.LoaderArgs) {
  const params = parseSearchParams(request.url);
  const { db, env, dataVersion } = getApp(context);
  const config = siteConfig(env);
  const settings = config.localeSettings;
  const locale = loaderLocale(settings, route);
  // A blank query with a location lists that location; both blank go home (the page's language's).
  if (!params.q && !params.location && !params.near) throw redirect(localePath(settings, locale, "/"));
  // The category filter is the site summary's (remembered per data version, as the footer is). The
  // words may name a category in any enabled language ("cà phê", "cafetería").
  const [result, { categories }] = await Promise.all([
    // The pager's cursor (ADR 0031): a filtered page past the match's first block reads its own rows only.
    search(db, params, {
      locales: settings.locales,
      locale,
      after: parseCursor(new URL(request.url).searchParams.get(CURSOR_PARAM)),
      before: parseCursor(new URL(request.url).searchParams.get(BEFORE_PARAM)),
      vocabulary: env.FTS5VOCAB !== "off",
      cursors: true,
    }),
    siteSummary(db, dataVersion),
  ]);
  const businesses = result.businesses.map((b) => toCard(b, locale));
  // Every filter of the bar, as the listings have them: open now, a minimum rating, attributes, opening times.
  const filters: ListingFilters = { openNow: params.openNow, minRating: params.minRating, ...parseAttributeFilters(new URL(request.url).searchParams) };
  return {
    params,
    filters,
    result: { ...result, businesses },
    // The filter bar's choices, counted on the rows the search read (exact, or lower bounds: ADR 0031).
    choices: result.filters,
    // The labels are the server's content catalog's: the browser has the interface catalog alone.
    categories: categories.map((c) => ({ ...c, category: labelOf(locale, "category", c.category) })),
    // Distances in the units of the place searched, not of the visitor: the page stays cacheable.
    distanceUnit: searchDistanceUnit(result.businesses),
    siteName: config.siteName,
    map: pageMap(result.businesses, config),
  };
}

export function headers(): HeadersInit {
  return { "Cache-Control": PUBLIC_CACHE };
}

type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

function headingFor(_: Translate, params: Pick<SearchParams, "q" | "location" | "near">): string {
  if (params.q && params.location) return _("search.resultsForIn", { query: params.q, location: params.location });
  if (params.q && params.near) return _("search.resultsForNear", { query: params.q });
  if (params.q) return _("search.resultsFor", { query: params.q });
  if (!params.location) return _("search.businessesNearYou");
  return _("search.businessesIn", { location: params.location });
}

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  const _: Translate = (id, values) => i18n._(id, values);
  if (!loaderData) return pageMeta({ title: _("search.metaTitleDefault") });
  const { params, siteName } = loaderData;
  // The page served (a deep number without its cursor is answered with another: ADR 0031).
  const { page } = loaderData.result;
  const what = params.q && params.location ? _("search.metaWhatIn", { query: params.q, location: params.location }) : params.q || headingFor(_, params);
  return pageMeta({
    title: titleWithSuffix(_("search.metaTitle", { what, siteName }), page > 1 ? _("search.metaPage", { page }) : null),
    description: _("search.metaDescription", { heading: headingFor(_, params) }),
    // Result pages are for visitors; the sitemaps list the pages crawlers should index.
    robots: NOINDEX_FOLLOW,
    robotsLast: true,
  });
}

const SORT_LABELS: Record<SearchSort, MessageId> = {
  relevance: "search.sortRelevance",
  rating: "search.sortRating",
  reviews: "search.sortReviews",
  distance: "search.sortDistance",
};

/** The result's page as a count (result-count.ts). */
function counted(result: { page: number; pageSize: number; hasNext: boolean; approximate: boolean; total: number | null; businesses: unknown[] }) {
  return { ...result, before: (result.page - 1) * result.pageSize, shown: result.businesses.length };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { params, result, categories, map, distanceUnit, filters, choices } = loaderData;
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  const heading = headingFor(_, params);
  const total = knownTotal(counted(result));
  const filtered = Boolean(params.category || params.openNow || params.minRating || filters.has.length || filters.openAt || filters.openLate || filters.open24h);
  const onSubmit = useCanonicalSubmit(lp("/search"));
  // The search without its filters: what a filter chip's link keeps.
  const unfiltered = searchParamsOf(searchHref({ ...params, openNow: false, minRating: undefined, page: 1 }));
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <Form method="get" action={lp("/search")} onSubmit={onSubmit} className="min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-4" role="search">
        <div className="flex flex-col gap-3 md:flex-row">
          <Field label={_("search.queryLabel")} htmlFor="search-q" hideLabel className="flex-1">
            <SuggestInput
              kind="service"
              id="search-q"
              name="q"
              defaultValue={params.q}
              placeholder={_("search.queryLabel")}
              maxLength={600}
              className="h-11"
            />
          </Field>
          <Field label={_("search.locationLabel")} htmlFor="search-location" hideLabel className="flex-1">
            <SuggestInput
              kind="location"
              id="search-location"
              name="location"
              defaultValue={params.location}
              placeholder={_("search.locationPlaceholder")}
              maxLength={200}
              className="h-11"
            />
          </Field>
          {params.near ? (
            <>
              {/* The point stays with the search when the filters change (near=, from "Use my location" or a link). */}
              <input type="hidden" name="near" value={`${params.near.lat},${params.near.lng}`} />
              <input type="hidden" name="radius" value={params.radius} />
            </>
          ) : null}
          <Button type="submit">{_("search.searchButton")}</Button>
        </div>
        <div className="mt-3 text-sm">
          <FoldedFilters filters={filters}>
            <div className="grid grid-cols-2 items-end gap-3 md:flex md:flex-wrap">
              <Field label={_("search.category")} htmlFor="search-category">
                <Select id="search-category" name="category" defaultValue={params.category} className="h-10 text-sm md:w-52">
                  <option value="">{_("search.allCategories")}</option>
                  {categories.map((c) => (
                    <option key={c.slug} value={c.slug}>
                      {c.category}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={_("search.minRating")} htmlFor="search-min-rating">
                <Select id="search-min-rating" name="minRating" defaultValue={params.minRating ? String(params.minRating) : ""} className="h-10 text-sm">
                  <MinRatingOptions />
                </Select>
              </Field>
              <Field label={_("search.sortBy")} htmlFor="search-sort">
                <Select id="search-sort" name="sort" defaultValue={params.sort} className="h-10 text-sm">
                  {SEARCH_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {_(SORT_LABELS[s])}
                    </option>
                  ))}
                </Select>
              </Field>
              <NearMeButton className="col-span-2 md:col-span-1" />
              <label className="flex h-10 items-center gap-2 font-medium text-slate-700">
                <input type="checkbox" name="openNow" value="1" defaultChecked={params.openNow} className="h-4 w-4 accent-blue-700" />
                {_("search.openNow")}
              </label>
              <Button type="submit" variant="outline" size="sm" className="col-span-2 h-10 md:col-span-1">
                {_("search.applyFilters")}
              </Button>
            </div>
            <AttributeFilterFields filters={filters} choices={choices} />
          </FoldedFilters>
          <FilterChips filters={filters} choices={choices} path="/search" extra={unfiltered} />
        </div>
      </Form>

      <h1 className="mt-8 text-2xl font-bold">{heading}</h1>
      {result.businesses.length > 0 ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {resultCount(counted(result), i18n.locale)}
            {params.openNow ? ` · ${_("search.openNowNote")}` : ""}
            {params.minRating ? ` · ${_("search.minRatingNote", { rating: params.minRating })}` : ""}
          </p>
          <CardGrid columns={4} className="mt-6">
            {result.businesses.map((b, i) => (
              <BusinessCard key={b.id} business={b} descriptionLines={3} position={i} onMap distanceUnit={distanceUnit} />
            ))}
          </CardGrid>
          <ResultsMap ids={result.businesses.map((b) => b.id)} map={map} heading={_("search.mapHeading")} />
        </>
      ) : (
        <EmptyState params={params} filtered={filtered} locationFound={result.location?.found ?? true} categories={categories.slice(0, 8)} />
      )}

      <Pager
        page={result.page}
        totalPages={total === null ? null : Math.max(1, Math.ceil(total / result.pageSize))}
        hasNext={result.hasNext}
        hrefFor={pagerLinks(result, (page, after, before) => lp(withCursor(withAttributeFilters(searchHref({ ...params, page }), filters), after, before)))}
      />
    </main>
  );
}

/** A /search link's query, without the filters the bar owns (a chip's link adds back the others). */
function searchParamsOf(href: string): URLSearchParams {
  const params = new URLSearchParams(href.split("?")[1] ?? "");
  for (const name of ["openNow", "minRating", "has", "openAt", "openLate", "open24h", "page"]) params.delete(name);
  return params;
}

/** A /search link with the attribute filters too. */
function withAttributeFilters(href: string, filters: ListingFilters): string {
  const [path, query = ""] = href.split("?");
  const qs = setAttributeParams(new URLSearchParams(query), filters).toString();
  return qs ? `${path}?${qs}` : path;
}

function EmptyState({
  params,
  filtered,
  locationFound,
  categories,
}: {
  params: SearchParams;
  filtered: boolean;
  locationFound: boolean;
  categories: Array<{ category: string; slug: string }>;
}) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  const broader: Array<{ label: string; href: string }> = [];
  if (filtered) broader.push({ label: _("search.withoutFilters"), href: searchHref({ q: params.q, location: params.location }) });
  if (params.q && params.location) broader.push({ label: _("search.searchEverywhere", { query: params.q }), href: searchHref({ q: params.q }) });
  const words = params.q.split(/\s+/).filter(Boolean);
  if (words.length > 1) broader.push({ label: _("search.searchFor", { word: words[0] }), href: searchHref({ q: words[0], location: params.location }) });
  if (params.q && params.location)
    broader.push({ label: _("search.allBusinessesIn", { location: params.location }), href: searchHref({ location: params.location }) });
  return (
    <section className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center">
      <h2 className="text-xl font-semibold">{_("search.noResults")}</h2>
      <p className="mt-2 text-slate-600">{locationFound ? _("search.tryBroader") : _("search.unknownPlace", { location: params.location })}</p>
      {broader.length ? (
        <ul className="mt-4 flex flex-wrap justify-center gap-3">
          {broader.map((s) => (
            <li key={s.href}>
              <Link to={lp(s.href)} className="text-blue-700 underline">
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {categories.length ? (
        <>
          <h3 className="mt-6 font-medium">{_("search.popularCategories")}</h3>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {categories.map((c) => (
              <li key={c.slug}>
                <Link to={lp(`/category/${c.slug}`)} className="rounded-full bg-slate-100 px-3 py-1 text-sm hover:bg-slate-200">
                  {c.category}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Any failure of the search (a D1 error answers 500): SPEC §8's list error texts, and the way home. */
function ErrorLoadingBusinesses() {
  const { _ } = useLingui();
  return <ErrorState title={_("search.errorTitle")} text={_("search.errorText")} homeLink />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary defaultStatusHandler={() => <ErrorLoadingBusinesses />} unexpectedErrorHandler={() => <ErrorLoadingBusinesses />} />;
}

/** A results page's link with the pager's cursor (its `after=`, or `before=`) when it has one. */
function withCursor(href: string, after: number | null, before: number | null = null): string {
  const [param, cursor] = after !== null ? [CURSOR_PARAM, after] : [BEFORE_PARAM, before];
  if (cursor === null) return href;
  return `${href}${href.includes("?") ? "&" : "?"}${param}=${cursor}`;
}
