import { ATTRIBUTE_PARAMS, attributeScope } from "#app/lib/search/listing-filters";
import { choicesFromCounts } from "#app/lib/search/filter-choices";
import { attributeChoices, attributeCountQueries, readAttributeChoices } from "#app/server/lists/attribute-counts.server";
import { useLingui } from "@lingui/react";
import { Form, useNavigate } from "react-router";
import { z } from "zod";
import { BusinessCard, CardGrid, toCard } from "#app/components/business-card";
import { ErrorState, GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { Button, ButtonLink } from "#app/components/ui/button";
import { Input } from "#app/components/ui/field";
import { clampPage, Pager } from "#app/components/ui/pager";
import { Select } from "#app/components/ui/select";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import { categoryBySlug, categorySlugOf, findCategory, listBusinesses } from "#app/server/lists/directory.server";
import { siteSummary } from "#app/server/lists/site-summary.server";
import type { Db } from "#app/server/platform/db.server";
import { listingReadAhead, listingSearch, search, type ListingPage } from "#app/server/search/search.server";
import { localizedFilteredPage } from "#app/server/lists/listing-page.server";
import { ListingFilterBar } from "#app/components/listing-filters";
import {
  BEFORE_PARAM,
  CURSOR_PARAM,
  filtersActive,
  pagerHref,
  parseCursor,
  parseListingFilters,
  type FilterChoices,
  type ListingFilters,
} from "#app/lib/search/listing-filters";
import { filterVariant, listingIndexing, titleWithSuffix } from "#app/lib/seo/indexing";
import { DEFAULT_RADIUS_KM, MAX_SEARCH_PAGE } from "#app/lib/search/search-links";
import { formatCount } from "#app/lib/format";
import { countShown } from "#app/lib/search/result-count";
import { i18nFor } from "#app/lib/i18n/i18n";
import { labelOf } from "#app/lib/i18n/labels";
import { localePath } from "#app/lib/i18n/locales";
import { pageMeta } from "#app/lib/seo/meta";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import type { Route } from "./+types/businesses";

const BUSINESSES_PAGE_SIZE = 20;
const CATEGORY_DROPDOWN_SIZE = 20;

/** The page's query (SPEC §2): blank search/category are left out; bad values fall back (a bad page → 1). */
const browseQuerySchema = z.object({
  search: z.string().trim().max(200).catch("").default(""),
  category: z.string().trim().max(200).catch("").default(""),
  sort: z.enum(["recommended", "latest"]).catch("recommended").default("recommended"),
  page: z.string().optional(),
});

// browseQuerySchema's keys and the listing filters (parseListingFilters).
export const queryParams: QueryParams = ["search", "category", "sort", "page", CURSOR_PARAM, BEFORE_PARAM, "openNow", "minRating", ...ATTRIBUTE_PARAMS];

type BrowseQuery = { search: string; category: string; sort: "recommended" | "latest"; page?: number };

/** The query of the page for a state; blank parts and page 1 are left out. */
function browseParams({ search, category, sort, page }: BrowseQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (category) params.set("category", category);
  if (sort === "latest") params.set("sort", "latest");
  if (page && page > 1) params.set("page", String(page));
  return params;
}

/** URL of the page for a state (its site path: links put it in the page's locale). */
function browseHref(query: BrowseQuery): string {
  const qs = browseParams(query).toString();
  return qs ? `/businesses?${qs}` : "/businesses";
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env, dataVersion } = getApp(context);
  const config = siteConfig(env);
  const locale = loaderLocale(config.localeSettings, params);
  const url = new URL(request.url);
  const query = browseQuerySchema.parse(Object.fromEntries(url.searchParams));
  // The site summary's largest categories, remembered per data version as the footer is; labelled in the page's locale.
  const categories = (await siteSummary(db, dataVersion)).categories
    .slice(0, CATEGORY_DROPDOWN_SIZE)
    .map((c) => ({ ...c, category: labelOf(locale, "category", c.category) }));
  const filters = parseListingFilters(url.searchParams);
  // What the page shows whichever way its list is read.
  const view = {
    search: query.search,
    category: query.category,
    sort: query.sort,
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    categories,
  };
  if (filtersActive(filters)) {
    // Open now, a minimum rating: the search's bounded reads, with the page's words if any.
    const asked = clampPage(query.page ?? null, MAX_SEARCH_PAGE);
    const cursors = { after: parseCursor(url.searchParams.get(CURSOR_PARAM)), before: parseCursor(url.searchParams.get(BEFORE_PARAM)) };
    const { found, choices } = (!query.search && (await filteredListing(db, query.category, filters, asked, cursors, locale))) || {
      found: await filteredBusinesses(db, query, filters, asked, cursors),
      // The filter counts are the listing's (its scope's attribute_counts), whatever filters are chosen.
      choices: await (query.category
        ? findCategory(db, query.category).then((c) =>
            c ? readAttributeChoices(db, attributeScope(c), filters, locale) : choicesFromCounts([], filters, locale),
          )
        : readAttributeChoices(db, attributeScope({ kind: "all" }), filters, locale)),
    };
    // The page served: a number past the cursor-paged list's numbered pages is answered with the last of them.
    const { page } = found;
    const { totalPages, filtered } = localizedFilteredPage(found, page, BUSINESSES_PAGE_SIZE, locale);
    // The heading's count: exact, or a true lower bound ("400+", result-count.ts).
    const count = countShown({ ...found, before: (page - 1) * BUSINESSES_PAGE_SIZE, shown: found.businesses.length });
    return {
      ...view,
      page,
      totalPages,
      hasNext: found.hasNext,
      // The neighbours' cursors past the first block of an attribute-filtered match (ADR 0031).
      next: found.next,
      previous: found.previous,
      before: found.before,
      numbered: found.numbered,
      totalCount: count.count,
      approximate: count.kind !== "exact",
      businesses: found.businesses.map((b) => toCard(b, locale)),
      filters,
      filtered,
      choices,
    };
  }
  const list = (page: number) =>
    listBusinesses(db, {
      limit: BUSINESSES_PAGE_SIZE,
      offset: (page - 1) * BUSINESSES_PAGE_SIZE,
      search: query.search || undefined,
      category: query.category || undefined,
      sort: query.sort,
      locale,
      orLast: true,
    });
  const wanted = clampPage(query.page ?? null, Number.MAX_SAFE_INTEGER);
  let page = wanted;
  let result = await list(page);
  // A number past the last page shows the last page: the list positions serve it in the same read,
  // any other list (a search, a newest-first category) is read again.
  if (result.totalPages > 0 && page > result.totalPages) {
    page = result.totalPages;
    if (result.businesses.length === 0) result = await list(page);
  }
  // A dense search's total is a lower bound (ADR 0012): "400+", its pager up to the pages known to exist.
  const count = countShown({
    total: result.totalCount,
    approximate: result.approximate ?? false,
    hasNext: result.hasNext ?? page < result.totalPages,
    before: (page - 1) * BUSINESSES_PAGE_SIZE,
    shown: result.businesses.length,
  });
  return {
    ...view,
    page,
    totalPages: result.approximate ? null : result.totalPages,
    hasNext: result.hasNext ?? page < result.totalPages,
    next: null,
    previous: null,
    before: null,
    numbered: null,
    totalCount: count.count,
    approximate: count.kind !== "exact",
    businesses: result.businesses.map((b) => toCard(b, locale)),
    filters,
    filtered: null,
    // Without filters the counts came with the page (its opening batch on the first page).
    choices: result.filters,
  };
}

/**
 * The filtered directory without words, or one of its categories named by its slug, in one round trip
 * of D1 (ADR 0032): the category's row, the listing's filter counts and the page's first statements
 * (listingReadAhead) in one batch. Null when the category is named the long way (findCategory).
 */
async function filteredListing(
  db: Db,
  categoryName: string,
  filters: ListingFilters,
  page: number,
  { after, before }: { after: number | null; before: number | null },
  locale: string,
): Promise<{ found: ListingPage; choices: FilterChoices } | null> {
  const named = categoryName ? categorySlugOf(categoryName) : null;
  if (categoryName && !named) return null;
  const scope = named ?? { kind: "all" as const };
  const planned = listingReadAhead(db, scope, filters, page, BUSINESSES_PAGE_SIZE, after, before);
  const [access, others, times] = attributeCountQueries(db, attributeScope(scope), filters.has);
  const category = named ? [categoryBySlug(db, named)] : [];
  const [accessRows, otherRows, timeRows, ...rest] = await db.orm.batch([access, others, times, ...category, ...planned.statements]);
  // A category that is no slug of a stored one: found the long way (filteredBusinesses).
  if (named && (rest[0] as unknown[]).length === 0) return null;
  const aheadRows = rest.slice(category.length);
  const found = await listingSearch(db, scope, filters, page, BUSINESSES_PAGE_SIZE, new Date(), after, before, {
    ahead: planned.served(aheadRows),
  });
  return { found, choices: attributeChoices([accessRows, otherRows, timeRows], filters, locale) };
}

async function filteredBusinesses(
  db: Db,
  query: z.output<typeof browseQuerySchema>,
  filters: ListingFilters,
  page: number,
  { after, before }: { after: number | null; before: number | null },
): Promise<ListingPage> {
  if (query.search) {
    const found = await search(db, {
      q: query.search,
      location: "",
      category: query.category,
      openNow: filters.openNow,
      minRating: filters.minRating,
      has: filters.has,
      openAt: filters.openAt,
      openLate: filters.openLate,
      open24h: filters.open24h,
      sort: "relevance",
      page,
      near: undefined,
      radius: DEFAULT_RADIUS_KM,
    });
    return { ...found, next: null, previous: null, before: null, numbered: null };
  }
  const category = query.category ? await findCategory(db, query.category) : null;
  if (query.category && !category)
    return { page, businesses: [], hasNext: false, approximate: false, total: 0, next: null, previous: null, before: null, numbered: null };
  const scope = category ? { kind: category.kind, slug: category.slug } : { kind: "all" as const };
  return listingSearch(db, scope, filters, page, BUSINESSES_PAGE_SIZE, new Date(), after, before);
}

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  const siteName = loaderData?.siteName ?? siteNameOf(matches);
  const locale = pageLocaleOf(matches);
  const i18n = i18nFor(locale.locale);
  // Searched, filtered and sorted views point at the plain list; page N at itself; neither is indexed (ADR 0020).
  const variant = loaderData
    ? [
        loaderData.search ? `“${loaderData.search}”` : null,
        loaderData.category ? loaderData.category : null,
        filterVariant(loaderData.filters, loaderData.sort === "latest" ? i18n._("businesses.sortNewest") : null, locale.locale),
      ]
        .filter(Boolean)
        .join(", ") || null
    : null;
  const { canonical, robots, titleSuffix } = listingIndexing({
    canonicalBase: `${loaderData?.siteUrl ?? ""}${localePath(locale, locale.locale, "/businesses")}`,
    page: loaderData?.page ?? 1,
    variant,
    // Attribute and opening-time filters have no words in the variant: any filter keeps the view out of the index.
    filtered: loaderData ? filtersActive(loaderData.filters) : false,
    indexable: true,
    locale: locale.locale,
  });
  const title = titleWithSuffix(i18n._("businesses.metaTitle", { siteName }), titleSuffix);
  const description = i18n._("businesses.metaDescription");
  return pageMeta({ title, description, canonical, robots, robotsLast: true, card: "basic" });
}

export default function BusinessesPage({ loaderData }: Route.ComponentProps) {
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const { search, category, sort } = loaderData;

  function go(next: Partial<BrowseQuery>) {
    navigate(lp(browseHref({ search, category, sort, ...next, page: next.page ?? 1 })));
  }
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    go({ search: String(form.get("search") ?? "").trim(), category: String(form.get("category") ?? "").trim() });
  }

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{_("businesses.heading")}</h1>
      <p className="mt-2 text-slate-600">
        {/* A dense search's count is a lower bound: the results known to exist so far, rounded down (ADR 0012). */}
        {loaderData.approximate
          ? _("businesses.totalApproximate", { count: formatCount(loaderData.totalCount, i18n.locale) })
          : _("businesses.total", { count: loaderData.totalCount })}
      </p>

      <Form method="get" action={lp("/businesses")} onSubmit={onSubmit} role="search" className="mt-6 flex flex-col gap-3 sm:flex-row" key={`${search}|${category}|${sort}`}>
        <label htmlFor="browse-search" className="sr-only">
          {_("businesses.searchLabel")}
        </label>
        <Input
          id="browse-search"
          name="search"
          type="search"
          defaultValue={search}
          placeholder={_("businesses.searchPlaceholder")}
          className="flex-1"
        />
        <label htmlFor="browse-category" className="sr-only">
          {_("businesses.categoryLabel")}
        </label>
        <Select id="browse-category" name="category" defaultValue={category} onChange={(e) => go({ category: e.currentTarget.value })} className="sm:w-72">
          <option value="">{_("businesses.allCategories")}</option>
          {loaderData.categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {`${c.category} (${formatCount(c.businessCount, i18n.locale)})`}
            </option>
          ))}
          {category && !loaderData.categories.some((c) => c.slug === category) ? <option value={category}>{category}</option> : null}
        </Select>
        {sort === "latest" ? <input type="hidden" name="sort" value="latest" /> : null}
        <Button type="submit">{_("businesses.search")}</Button>
      </Form>
      <ListingFilterBar
        filters={loaderData.filters}
        choices={loaderData.choices}
        action="/businesses"
        hidden={{ search, category, sort: sort === "latest" ? "latest" : "" }}
        summary={loaderData.filtered?.summary}
      />

      {loaderData.businesses.length === 0 ? (
        <div className="mt-12 text-center">
          <h2 className="text-xl font-semibold">{_("listing.noBusinesses")}</h2>
          <p className="mt-2 text-slate-600">{_("businesses.emptyText")}</p>
          <ButtonLink to={lp(browseHref({ search: "", category: "", sort }))} className="mt-6">
            {_("businesses.clearFilters")}
          </ButtonLink>
        </div>
      ) : (
        <>
          <CardGrid columns={4} className="mt-8">
            {loaderData.businesses.map((b, i) => (
              <BusinessCard key={b.id} business={b} descriptionLines={3} position={i} />
            ))}
          </CardGrid>
          <Pager
            page={loaderData.page}
            totalPages={loaderData.totalPages}
            hasNext={loaderData.hasNext}
            hrefFor={pagerHref(
              "/businesses",
              loaderData.filters,
              {
                page: loaderData.page,
                next: loaderData.next,
                previous: loaderData.previous,
                before: loaderData.before,
                numbered: loaderData.numbered,
              },
              browseParams({ search, category, sort }),
            )}
          />
        </>
      )}
    </main>
  );
}

/** SPEC §2's error texts, for every failure of the list (a D1 error answers 500). */
function ErrorLoadingBusinesses() {
  const { _ } = useLingui();
  return <ErrorState title={_("businesses.errorTitle")} text={_("businesses.errorText")} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary defaultStatusHandler={() => <ErrorLoadingBusinesses />} unexpectedErrorHandler={() => <ErrorLoadingBusinesses />} />;
}
