import { Form, Link, redirect } from "react-router";
import { ErrorState, GeneralErrorBoundary } from "~/components/general-error-boundary";
import { MIN_RATING_CHOICES, SEARCH_SORTS, parseSearchParams, searchHref, type SearchParams, type SearchSort } from "~/lib/search-params";
import { detailPath } from "~/lib/slug";
import { siteConfig } from "~/server/config.server";
import { getApp } from "~/server/context.server";
import { getCategories } from "~/server/directory.server";
import { PUBLIC_CACHE } from "~/server/http.server";
import { search } from "~/server/search.server";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = parseSearchParams(request.url);
  // CLARIFICATIONS 17: a blank query with a location lists that location; both blank go home.
  if (!params.q && !params.location) throw redirect("/");
  const { db, env } = getApp(context);
  const [result, categories] = await Promise.all([search(db, params), getCategories(db, 20, 0)]);
  const businesses = result.businesses.map((b) => ({
    id: b.id,
    href: detailPath(b),
    name: b.name,
    category: b.category,
    city: b.city,
    state: b.state,
    country: b.country,
    phone: b.phone,
    rating: b.rating,
    reviewCount: b.reviewCount,
    description: b.description,
    isOpen: b.isOpen,
    isVerified: b.isVerified,
  }));
  return { params, result: { ...result, businesses }, categories, siteName: siteConfig(env).siteName };
}

export function headers(): HeadersInit {
  return { "Cache-Control": PUBLIC_CACHE };
}

function headingFor(params: Pick<SearchParams, "q" | "location">): string {
  if (params.q && params.location) return `Results for "${params.q}" in ${params.location}`;
  if (params.q) return `Results for "${params.q}"`;
  return `Businesses in ${params.location}`;
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [{ title: "Search" }];
  const { params, siteName } = loaderData;
  const what = params.q && params.location ? `${params.q} in ${params.location}` : params.q || `Businesses in ${params.location}`;
  return [
    { title: `${what} | Search | ${siteName}` },
    { name: "description", content: `${headingFor(params)}: ratings, hours, addresses and phone numbers of local businesses.` },
    // Result pages are for visitors; the sitemaps list the pages crawlers should index.
    { name: "robots", content: "noindex, follow" },
  ];
}

const SORT_LABELS: Record<SearchSort, string> = { relevance: "Relevance", rating: "Highest rated", reviews: "Most reviewed" };

type Card = Route.ComponentProps["loaderData"]["result"]["businesses"][number];

function Stars({ rating }: { rating: number }) {
  const whole = Math.floor(rating);
  return (
    <span className="flex" aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" className={`h-4 w-4 ${i < whole ? "fill-amber-400" : "fill-slate-200"}`}>
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

function ResultCard({ business }: { business: Card }) {
  const place = [business.city, business.state].filter(Boolean).join(", ");
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg font-semibold leading-snug">
          <Link to={business.href} className="hover:text-blue-700 hover:underline">
            {business.name}
          </Link>
          {business.isVerified ? (
            <svg viewBox="0 0 20 20" className="ml-1 inline h-4 w-4 fill-blue-600 align-[-2px]" role="img" aria-label="Verified">
              <path d="M10 1l2.4 1.8 3 .1.9 2.9 2.4 1.8-.9 2.9.9 2.9-2.4 1.8-.9 2.9-3 .1L10 19l-2.4-1.8-3-.1-.9-2.9L1.3 12.4l.9-2.9-.9-2.9 2.4-1.8.9-2.9 3-.1zm-1.2 12.2l5.3-5.3-1.2-1.2-4.1 4.1-1.9-1.9-1.2 1.2z" />
            </svg>
          ) : null}
        </h2>
      </div>
      {place ? <p className="mt-1 text-sm text-slate-600">{place}{business.country ? ` · ${business.country}` : ""}</p> : null}
      {business.phone ? (
        <p className="mt-1 text-sm">
          <a href={`tel:${business.phone.replace(/[^\d+]/g, "")}`} className="text-slate-700 hover:underline">
            {business.phone}
          </a>
        </p>
      ) : null}
      <div className="mt-2 flex items-center gap-2 text-sm">
        <Stars rating={business.rating} />
        <span className="font-medium">{business.rating.toFixed(1)}</span>
        <span className="text-slate-500">({business.reviewCount.toLocaleString("en-US")} reviews)</span>
      </div>
      {business.description ? <p className="mt-3 line-clamp-3 text-sm text-slate-700">{business.description}</p> : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {business.category ? (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{business.category}</span>
        ) : null}
        {business.isOpen ? (
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">Open Now</span>
        ) : null}
      </div>
    </li>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { params, result, categories } = loaderData;
  const heading = headingFor(params);
  const filtered = Boolean(params.category || params.openNow || params.minRating);
  const selectClass = "rounded-md border border-slate-300 bg-white px-2 py-2 text-sm";
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <Form method="get" action="/search" className="rounded-xl border border-slate-200 bg-slate-50 p-4" role="search">
        <div className="flex flex-col gap-3 md:flex-row">
          <label className="flex-1">
            <span className="sr-only">What are you looking for?</span>
            <input
              name="q"
              defaultValue={params.q}
              placeholder="What are you looking for?"
              maxLength={600}
              className="w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </label>
          <label className="flex-1">
            <span className="sr-only">Location</span>
            <input
              name="location"
              defaultValue={params.location}
              placeholder="City, state or postal code"
              maxLength={200}
              className="w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </label>
          <button type="submit" className="rounded-md bg-blue-600 px-5 py-2 font-medium text-white hover:bg-blue-700">
            Search
          </button>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <label className="flex items-center gap-2">
            <span>Category</span>
            <select name="category" defaultValue={params.category} className={selectClass}>
              <option value="">All Categories</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.category}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2">
            <span>Minimum rating</span>
            <select name="minRating" defaultValue={params.minRating ? String(params.minRating) : ""} className={selectClass}>
              <option value="">Any</option>
              {MIN_RATING_CHOICES.map((r) => (
                <option key={r} value={String(r)}>
                  {r}+ stars
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="openNow" value="1" defaultChecked={params.openNow} className="h-4 w-4" />
            <span>Open now</span>
          </label>
          <label className="flex items-center gap-2">
            <span>Sort by</span>
            <select name="sort" defaultValue={params.sort} className={selectClass}>
              {SEARCH_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 hover:bg-slate-100">
            Apply filters
          </button>
        </div>
      </Form>

      <h1 className="mt-8 text-2xl font-bold">{heading}</h1>
      {result.businesses.length > 0 ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Page {result.page}
            {params.openNow ? " · open now" : ""}
            {params.minRating ? ` · ${params.minRating}+ stars` : ""}
          </p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {result.businesses.map((b) => (
              <ResultCard key={b.id} business={b} />
            ))}
          </ul>
        </>
      ) : (
        <EmptyState params={params} filtered={filtered} locationFound={result.location?.found ?? true} categories={categories.slice(0, 8)} />
      )}

      {result.hasPrevious || result.hasNext ? (
        <nav className="mt-8 flex items-center justify-center gap-4" aria-label="Pagination">
          {result.hasPrevious ? (
            <Link to={searchHref({ ...params, page: result.page - 1 })} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50" rel="prev">
              Previous
            </Link>
          ) : (
            <span className="cursor-not-allowed rounded-md border border-slate-200 px-4 py-2 text-slate-400" aria-disabled="true">
              Previous
            </span>
          )}
          <span className="text-sm text-slate-600">Page {result.page}</span>
          {result.hasNext ? (
            <Link to={searchHref({ ...params, page: result.page + 1 })} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50" rel="next">
              Next
            </Link>
          ) : (
            <span className="cursor-not-allowed rounded-md border border-slate-200 px-4 py-2 text-slate-400" aria-disabled="true">
              Next
            </span>
          )}
        </nav>
      ) : null}
    </main>
  );
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
  const broader: Array<{ label: string; href: string }> = [];
  if (filtered) broader.push({ label: "Search again without filters", href: searchHref({ q: params.q, location: params.location }) });
  if (params.q && params.location) broader.push({ label: `Search "${params.q}" everywhere`, href: searchHref({ q: params.q }) });
  const words = params.q.split(/\s+/).filter(Boolean);
  if (words.length > 1) broader.push({ label: `Search for "${words[0]}"`, href: searchHref({ q: words[0], location: params.location }) });
  if (params.q && params.location) broader.push({ label: `All businesses in ${params.location}`, href: searchHref({ location: params.location }) });
  return (
    <section className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center">
      <h2 className="text-xl font-semibold">No businesses found</h2>
      <p className="mt-2 text-slate-600">
        {locationFound
          ? "Try a broader search: fewer words, another spelling, or a larger area."
          : `We don't know a place called "${params.location}" yet. Try a city, a state or a postal code.`}
      </p>
      {broader.length ? (
        <ul className="mt-4 flex flex-wrap justify-center gap-3">
          {broader.map((s) => (
            <li key={s.href}>
              <Link to={s.href} className="text-blue-700 underline">
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {categories.length ? (
        <>
          <h3 className="mt-6 font-medium">Popular categories</h3>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {categories.map((c) => (
              <li key={c.slug}>
                <Link to={`/category/${c.slug}`} className="rounded-full bg-slate-100 px-3 py-1 text-sm hover:bg-slate-200">
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
  return <ErrorState title="Error Loading Businesses" text="Unable to load businesses. Please try again later." homeLink />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary defaultStatusHandler={() => <ErrorLoadingBusinesses />} unexpectedErrorHandler={() => <ErrorLoadingBusinesses />} />;
}
