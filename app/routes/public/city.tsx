import { data, isRouteErrorResponse, Link } from "react-router";
import NotFoundPage from "./not-found";
import { CityBusinessCard, toCard } from "~/components/business-card";
import { JsonLd } from "~/components/json-ld";
import { clampPage, Pager } from "~/components/pager";
import { pageMeta } from "~/lib/meta";
import { detailPath } from "~/lib/slug";
import { breadcrumbJsonLd, itemListJsonLd } from "~/lib/structured-data";
import { getApp } from "~/server/context.server";
import { siteConfig } from "~/server/config.server";
import { findCity, listCityBusinesses } from "~/server/directory.server";
import type { Route } from "./+types/city";

export const CITY_PAGE_SIZE = 20;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const config = siteConfig(env);
  const cityName = (params.cityName ?? "").trim();
  // §5: the city page fetches only when a name is present (CLARIFICATIONS 2: blank → 404 page).
  if (!cityName) throw data(null, { status: 404 });
  const city = await findCity(db, cityName);
  if (!city) {
    // Not the address's text: it may be anything (findCity refuses control characters), and the page does not show it.
    return data({ found: false as const, siteName: config.siteName, canonical: "" }, { status: 404 });
  }
  // One canonical address per city, whatever the case or accents of the link ("new york" → "New York").
  const canonical = `${config.siteUrl}/city/${encodeURIComponent(city.name)}`;
  const totalPages = Math.ceil(city.count / CITY_PAGE_SIZE);
  const page = clampPage(new URL(request.url).searchParams.get("page"), totalPages);
  const businesses = city.count ? await listCityBusinesses(db, city, CITY_PAGE_SIZE, (page - 1) * CITY_PAGE_SIZE) : [];
  const offset = (page - 1) * CITY_PAGE_SIZE;
  const structured = [
    itemListJsonLd(
      `Businesses in ${cityName}`,
      businesses.map((b) => ({ name: b.name, url: `${config.siteUrl}${detailPath(b)}` })),
      offset,
    ),
    breadcrumbJsonLd([
      { name: "Home", url: `${config.siteUrl}/` },
      { name: "Cities", url: `${config.siteUrl}/cities` },
      { name: cityName, url: canonical },
    ]),
  ];
  return { found: true as const, cityName, siteName: config.siteName, canonical, count: city.count, businesses: businesses.map(toCard), page, totalPages, structured };
}

export function meta({ loaderData, error }: Route.MetaArgs): Route.MetaDescriptors {
  if (isRouteErrorResponse(error) && error.status === 404) return [{ title: "404 Page Not Found" }];
  const siteName = loaderData?.siteName ?? "LocalAtlas";
  if (!loaderData?.found) return [{ title: `City Not Found | ${siteName}` }, { name: "robots", content: "noindex" }];
  const city = loaderData.cityName;
  const title = `Businesses in ${city} | Local Services & Companies | ${siteName}`;
  const description = `Find the best businesses and services in ${city}. Browse local companies, read reviews, and discover trusted service providers in your area.`;
  return pageMeta({ title, description, canonical: loaderData.canonical });
}

function CityNotFound() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">City Not Found</h1>
      <p className="mt-4 text-slate-600">The city you're looking for doesn't exist or has no businesses.</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-blue-700 px-5 py-3 font-semibold text-white hover:bg-blue-800">
        Back to Home
      </Link>
    </main>
  );
}

export default function CityPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <CityNotFound />;
  const { cityName, count, businesses, page, totalPages, structured } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      {structured.map((s, i) => (
        <JsonLd key={i} data={s} />
      ))}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Businesses in {cityName}</h1>
          <p className="mt-2 text-slate-600">
            Found {count.toLocaleString("en-US")} businesses in {cityName}
          </p>
        </div>
        <span className="rounded-full bg-blue-100 px-4 py-1.5 text-sm font-semibold text-blue-900">{count.toLocaleString("en-US")} Results</span>
      </div>
      {businesses.length === 0 ? (
        <div className="mt-12 text-center">
          <h2 className="text-xl font-semibold">No businesses found</h2>
          <p className="mt-2 text-slate-600">There are no businesses listed in {cityName} yet.</p>
        </div>
      ) : (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {businesses.map((b) => (
            <CityBusinessCard key={b.id} business={b} />
          ))}
        </div>
      )}
      <Pager page={page} totalPages={totalPages} hrefFor={(p) => `/city/${encodeURIComponent(cityName)}${p > 1 ? `?page=${p}` : ""}`} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A blank city name is the 404 page (CLARIFICATIONS 2); any other failure is City Not Found.
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <CityNotFound />;
}
