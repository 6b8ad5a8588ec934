import { useLingui } from "@lingui/react";
import { Link } from "react-router";
import { listingIndexing, titleWithSuffix } from "#app/lib/seo/indexing";
import { GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { JsonLd } from "#app/components/json-ld";
import { Pager } from "#app/components/ui/pager";
import { breadcrumbJsonLd } from "#app/lib/seo/structured-data";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import { citiesPage, type CountryCity } from "#app/server/lists/directory.server";
import { BEFORE_PARAM, CURSOR_PARAM, cursorParam, pagerLinks } from "#app/lib/search/listing-filters";
import { formatCount } from "#app/lib/format";
import { i18nFor } from "#app/lib/i18n/i18n";
import { localePath } from "#app/lib/i18n/locales";
import { pageMeta } from "#app/lib/seo/meta";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import { countryNameIn } from "#app/lib/business/countries";
import type { Route } from "./+types/cities";

export const queryParams: QueryParams = ["page", CURSOR_PARAM, BEFORE_PARAM];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const config = siteConfig(env);
  const locale = loaderLocale(config.localeSettings, params);
  const { cities, pager } = await citiesPage(db, new URL(request.url).searchParams);
  const groups: Array<{ country: string; cities: CountryCity[] }> = [];
  for (const city of cities) {
    const last = groups.at(-1);
    // Grouped by the stored name, shown as the page's language names the country.
    const country = countryNameIn(locale, city.country);
    if (last && last.country === country) last.cities.push(city);
    else groups.push({ country, cities: [city] });
  }
  return { siteName: config.siteName, siteUrl: config.siteUrl, pager, groups };
}

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  const siteName = loaderData?.siteName ?? siteNameOf(matches);
  const locale = pageLocaleOf(matches);
  const i18n = i18nFor(locale.locale);
  // Page N canonical to itself, noindex, follow, its own title (app/lib/seo/indexing.ts); in the page's locale.
  const { canonical, robots, titleSuffix } = listingIndexing({
    canonicalBase: `${loaderData?.siteUrl ?? ""}${localePath(locale, locale.locale, "/cities")}`,
    page: loaderData?.pager.page ?? 1,
    variant: null,
    indexable: true,
    locale: locale.locale,
    cursor: loaderData?.pager.cursor,
  });
  const title = titleWithSuffix(i18n._("cities.metaTitle", { siteName }), titleSuffix);
  const description = i18n._("cities.metaDescription");
  return pageMeta({ title, description, canonical, robots, card: "titles" });
}

export default function CitiesPage({ loaderData }: Route.ComponentProps) {
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  const { groups, pager, siteUrl } = loaderData;
  // Page 1 by its number, its neighbours by their cursors (listing-filters.ts pagerLinks).
  const hrefFor = pagerLinks({ page: pager.page, next: pager.next, before: pager.before, numbered: 1 }, (p, after, before) =>
    p === 1 ? "/cities" : `/cities?page=${p}&${cursorParam(after !== null ? { below: after } : { above: before as number })}`,
  );
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <JsonLd
        data={breadcrumbJsonLd([
          { name: _("listing.crumbHome"), url: `${siteUrl}${lp("/")}` },
          { name: _("listing.crumbCities"), url: `${siteUrl}${lp("/cities")}` },
        ])}
      />
      <h1 className="text-3xl font-bold">{_("cities.heading")}</h1>
      <p className="mt-2 text-slate-600">{_("cities.subtitle")}</p>
      {groups.length === 0 ? (
        <p className="mt-10 text-center text-slate-600">{_("cities.empty")}</p>
      ) : (
        groups.map((g) => (
          <section key={g.country || "unknown"} className="mt-10" aria-label={g.country || _("cities.otherCountry")}>
            <h2 className="border-b border-slate-200 pb-2 text-xl font-semibold">{g.country || _("cities.otherCountry")}</h2>
            <ul className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
              {g.cities.map((c) => (
                <li key={`${c.name}|${c.state}`}>
                  <Link to={lp(`/city/${encodeURIComponent(c.name)}`)} className="flex justify-between gap-2 rounded-md px-3 py-2 hover:bg-slate-100">
                    <span>
                      {c.name}
                      {c.state ? <span className="text-slate-600">, {c.state}</span> : null}
                    </span>
                    <span className="text-sm text-slate-600">{formatCount(c.businessCount, i18n.locale)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <Pager page={pager.page} totalPages={pager.hasNext ? null : pager.page} hasNext={pager.hasNext} hrefFor={hrefFor} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
