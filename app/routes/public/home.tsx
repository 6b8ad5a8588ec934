import { Trans, useLingui } from "@lingui/react";
import { Link } from "react-router";
import { BusinessCard, CardGrid, toCard } from "#app/components/business-card";
import { HomeSearch } from "#app/components/home-search";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { JsonLd } from "#app/components/json-ld";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { ButtonLink } from "#app/components/ui/button";
import { abbreviateNumber } from "#app/lib/format";
import { i18nFor } from "#app/lib/i18n/i18n";
import { localePath } from "#app/lib/i18n/locales";
import { webSiteJsonLd } from "#app/lib/seo/structured-data";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getRecommendedAndLatest } from "#app/server/lists/directory.server";
import { siteSummary } from "#app/server/lists/site-summary.server";
import { pageMeta } from "#app/lib/seo/meta";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import type { Route } from "./+types/home";

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  const siteName = loaderData?.siteName ?? "LocalAtlas";
  const page = pageLocaleOf(matches);
  const i18n = i18nFor(page.locale);
  return pageMeta({
    title: i18n._("home.metaTitle", { siteName }),
    description: i18n._("home.metaDescription"),
    canonical: `${loaderData?.siteUrl ?? ""}${localePath(page, page.locale, "/")}`,
  });
}

export const queryParams: QueryParams = [];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, env, dataVersion } = getApp(context);
  const config = siteConfig(env);
  const locale = loaderLocale(config.localeSettings, params);
  // The totals and the popular cities are the footer's (site-summary.server.ts): on a miss of a known
  // data version they come from the isolate's memory, not from two more D1 statements.
  const [{ statistics, cities }, lists] = await Promise.all([siteSummary(db, dataVersion), getRecommendedAndLatest(db, 6)]);
  return {
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    statistics,
    cities,
    recommended: lists.recommended.map((b) => toCard(b, locale)),
    latest: lists.latest.map((b) => toCard(b, locale)),
  };
}

const REASONS = [
  ["home.reasonCoverage", "home.reasonCoverageText"],
  ["home.reasonRatings", "home.reasonRatingsText"],
  ["home.reasonHours", "home.reasonHoursText"],
  ["home.reasonCall", "home.reasonCallText"],
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { siteName, siteUrl, statistics, cities, recommended, latest } = loaderData;
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  return (
    <main>
      <JsonLd data={webSiteJsonLd(siteName, siteUrl)} />
      <section className="bg-gradient-to-br from-blue-800 to-indigo-900 px-4 py-16 text-white sm:py-20">
        <div className="mx-auto max-w-5xl text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{_("home.heroTitle")}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">{_("home.heroText")}</p>
          <HomeSearch />
        </div>
      </section>

      <section aria-label={_("home.statistics")} className="border-b border-slate-200 bg-slate-50">
        <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-6 px-4 py-8 text-center sm:grid-cols-4">
          {(
            [
              ["common.businesses", statistics.totalBusinesses],
              ["home.verifiedBusinesses", statistics.verifiedBusinesses],
              ["common.categories", statistics.categories],
              ["common.cities", statistics.totalCities],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="flex flex-col-reverse">
              <dt className="text-sm text-slate-600">{_(label)}</dt>
              <dd className="text-3xl font-bold text-blue-800">{abbreviateNumber(value, i18n.locale)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby="why">
        <h2 id="why" className="text-center text-2xl font-bold">
          {_("home.whyChoose", { siteName })}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(([title, text]) => (
            <li key={title} className="rounded-xl border border-slate-200 p-5">
              <h3 className="font-semibold">{_(title)}</h3>
              <p className="mt-2 text-sm text-slate-600">{_(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-slate-50 px-4 py-14" aria-labelledby="popular-cities">
        <div className="mx-auto max-w-6xl">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="popular-cities" className="text-2xl font-bold">
              {_("common.popularCities")}
            </h2>
            <Link to={lp("/cities")} className="text-sm font-semibold text-blue-800 hover:underline">
              {_("common.viewAllCities")}
            </Link>
          </div>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {cities.map((c) => (
              <li key={c.id}>
                <Link
                  to={lp(`/city/${encodeURIComponent(c.name)}`)}
                  className="block rounded-lg border border-slate-200 bg-white p-4 hover:border-blue-400 hover:shadow"
                >
                  <span className="block font-semibold">{c.name}</span>
                  <span className="text-sm text-slate-600">{_("home.cityBusinesses", { count: c.businessCount })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <BusinessSection
        id="recommended"
        title={_("home.recommended")}
        link={lp("/businesses")}
        linkText={_("home.viewAllBusinesses")}
        businesses={recommended}
      />
      <BusinessSection
        id="latest"
        title={_("home.recentlyAdded")}
        link={`${lp("/businesses")}?sort=latest`}
        linkText={_("home.viewLatestBusinesses")}
        businesses={latest}
      />

      <section className="px-4 pb-6" aria-labelledby="owners">
        <div className="mx-auto max-w-5xl rounded-2xl bg-blue-800 px-6 py-12 text-center text-white">
          <h2 id="owners" className="text-2xl font-bold">
            {_("home.ownBusiness")}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-blue-100">{_("home.ownBusinessText")}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to={lp("/add-business")} variant="inverse" size="lg">
              {_("common.addYourBusiness")}
            </ButtonLink>
            <ButtonLink to={lp("/advertise")} variant="inverse-outline" size="lg">
              <Trans id="home.learnMore" components={{ 0: <span className="sr-only" /> }} />
            </ButtonLink>
          </div>
        </div>
      </section>
    </main>
  );
}

function BusinessSection(props: { id: string; title: string; link: string; linkText: string; businesses: Route.ComponentProps["loaderData"]["recommended"] }) {
  const { _ } = useLingui();
  return (
    <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby={props.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={props.id} className="text-2xl font-bold">
          {props.title}
        </h2>
        <Link to={props.link} className="text-sm font-semibold text-blue-800 hover:underline">
          {props.linkText}
        </Link>
      </div>
      {props.businesses.length ? (
        <CardGrid columns={3} className="mt-6">
          {props.businesses.map((b) => (
            <BusinessCard key={b.id} business={b} headingLevel={3} />
          ))}
        </CardGrid>
      ) : (
        <p className="mt-6 text-slate-600">{_("home.noBusinesses")}</p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
