import { Link } from "react-router";
import { BusinessCard, CardGrid, toCard } from "#app/components/business-card";
import { HomeSearch } from "#app/components/home-search";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { JsonLd } from "#app/components/json-ld";
import { ButtonLink } from "#app/components/ui/button";
import { abbreviateNumber, formatCount } from "#app/lib/format";
import { webSiteJsonLd } from "#app/lib/seo/structured-data";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getRecommendedAndLatest } from "#app/server/lists/directory.server";
import { siteSummary } from "#app/server/lists/site-summary.server";
import { pageMeta } from "#app/lib/seo/meta";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import type { Route } from "./+types/home";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const siteName = loaderData?.siteName ?? "LocalAtlas";
  const description = "Find trusted local businesses worldwide: search by service and location, browse by category and city, and read ratings, hours and contact details.";
  return pageMeta({ title: `${siteName} | Find local businesses worldwide`, description, canonical: `${loaderData?.siteUrl ?? ""}/` });
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
  ["Worldwide coverage", "Local businesses from cities around the world, in one free directory."],
  ["Ratings at a glance", "Star ratings and review counts help you choose with confidence."],
  ["Opening hours", "See when a business is open before you call or visit."],
  ["Call in one tap", "Phone numbers and addresses are right on every profile."],
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { siteName, siteUrl, statistics, cities, recommended, latest } = loaderData;
  return (
    <main>
      <JsonLd data={webSiteJsonLd(siteName, siteUrl)} />
      <section className="bg-gradient-to-br from-blue-800 to-indigo-900 px-4 py-16 text-white sm:py-20">
        <div className="mx-auto max-w-5xl text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Find Local Businesses Near You</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">
            Search trusted services by category and city — ratings, hours and contact details in one place.
          </p>
          <HomeSearch />
        </div>
      </section>

      <section aria-label="Directory statistics" className="border-b border-slate-200 bg-slate-50">
        <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-6 px-4 py-8 text-center sm:grid-cols-4">
          {(
            [
              ["Businesses", statistics.totalBusinesses],
              ["Verified Businesses", statistics.verifiedBusinesses],
              ["Categories", statistics.categories],
              ["Cities", statistics.totalCities],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="flex flex-col-reverse">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-3xl font-bold text-blue-800">{abbreviateNumber(value)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby="why">
        <h2 id="why" className="text-center text-2xl font-bold">
          Why Choose {siteName}?
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(([title, text]) => (
            <li key={title} className="rounded-xl border border-slate-200 p-5">
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-slate-50 px-4 py-14" aria-labelledby="popular-cities">
        <div className="mx-auto max-w-6xl">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="popular-cities" className="text-2xl font-bold">
              Popular Cities
            </h2>
            <Link to="/cities" className="text-sm font-semibold text-blue-800 hover:underline">
              View All Cities
            </Link>
          </div>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {cities.map((c) => (
              <li key={c.id}>
                <Link to={`/city/${encodeURIComponent(c.name)}`} className="block rounded-lg border border-slate-200 bg-white p-4 hover:border-blue-400 hover:shadow">
                  <span className="block font-semibold">{c.name}</span>
                  <span className="text-sm text-slate-600">{formatCount(c.businessCount)} businesses</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <BusinessSection id="recommended" title="Recommended Businesses" link="/businesses" linkText="View All Businesses" businesses={recommended} />
      <BusinessSection id="latest" title="Recently Added" link="/businesses?sort=latest" linkText="View Latest Businesses" businesses={latest} />

      <section className="px-4 pb-6" aria-labelledby="owners">
        <div className="mx-auto max-w-5xl rounded-2xl bg-blue-800 px-6 py-12 text-center text-white">
          <h2 id="owners" className="text-2xl font-bold">
            Own a Business?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-blue-100">Get your business in front of local customers. Listing is free.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/add-business" variant="inverse" size="lg">
              Add Your Business
            </ButtonLink>
            <ButtonLink to="/advertise" variant="inverse-outline" size="lg">
              Learn More<span className="sr-only"> about advertising</span>
            </ButtonLink>
          </div>
        </div>
      </section>
    </main>
  );
}

function BusinessSection(props: { id: string; title: string; link: string; linkText: string; businesses: Route.ComponentProps["loaderData"]["recommended"] }) {
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
        <p className="mt-6 text-slate-600">No businesses listed yet.</p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
