import { data, isRouteErrorResponse, Link, redirect, useNavigate } from "react-router";
import { isBusinessIndexed, NOINDEX_FOLLOW } from "#app/lib/seo/indexing";
import { AdSlot } from "#app/components/ad-slot";
import { BusinessImage, CategoryTile, defaultImagePath } from "#app/components/business-image";
import { DirectorySearch, ErrorState, errorMeta, GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { JsonLd } from "#app/components/json-ld";
import { MapPanel } from "#app/components/map-panel";
import { OpenStatusLine } from "#app/components/open-status";
import { Stars } from "#app/components/ui/stars";
import { businessIdParamsSchema } from "#app/lib/api-schemas";
import { isCustomerFavorite, reviewHistogram, type Business, type HistogramRow } from "#app/lib/business/business";
import { directionsHref, telHref, websiteHref, websiteLabel } from "#app/lib/business/contact-links";
import { formatCount, formatRating, joinParts } from "#app/lib/format";
import { pageMap } from "#app/lib/business/map";
import { DEFAULT_SCHEDULE, localTime, WEEKDAYS } from "#app/lib/business/hours";
import { breadcrumbJsonLd, localBusinessJsonLd } from "#app/lib/seo/structured-data";
import { effectiveTimeZone } from "#app/lib/business/time-zones";
import { getApp } from "#app/server/platform/context.server";
import { hasGeneratedText, siteConfig } from "#app/server/platform/config.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import { aboutParagraph, detailedInformation } from "#app/lib/seo/business-text";
import { getBusinessBySlug, getBusinessWithTitleTwin, sharesTitle } from "#app/server/lists/directory.server";
import { businessPagePath, redirectForId, redirectForSlug, type BusinessRedirect } from "#app/server/write/business-redirects.server";
import { pageMeta } from "#app/lib/seo/meta";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/business";

/** SPEC §2 feature list, filled from the imported `about` groups: Available / Not Available only where the data says. */
const FEATURE_GROUPS = [
  { title: "Service Options", keys: ["Service options"] },
  { title: "Payment Methods", keys: ["Payments", "Payment options"] },
  { title: "Accessibility", keys: ["Accessibility"] },
  { title: "Business Type", keys: ["From the business", "Business type"] },
] as const;

type FeatureGroup = { title: string; items: Array<{ name: string; available: boolean }> };

function featureGroups(about: Business["about"]): FeatureGroup[] {
  const source = about ?? {};
  const used = new Set<string>();
  const groups: FeatureGroup[] = FEATURE_GROUPS.map((g) => {
    const key = g.keys.find((k) => source[k]);
    if (key) used.add(key);
    const items = key ? Object.entries(source[key]).map(([name, available]) => ({ name, available: Boolean(available) })) : [];
    return { title: g.title, items };
  });
  // Any other group the data has ("Planning", "Amenities", …) is shown under its own name.
  for (const [key, items] of Object.entries(source)) {
    if (used.has(key) || !items || typeof items !== "object") continue;
    groups.push({ title: key, items: Object.entries(items).map(([name, available]) => ({ name, available: Boolean(available) })) });
  }
  return groups;
}

function absolute(siteUrl: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${siteUrl}${url.startsWith("/") ? "" : "/"}${url}`;
}

function reviewsText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? "review" : "reviews"}`;
}

function todayOf(b: Business): string | null {
  const zone = effectiveTimeZone(b);
  return zone ? localTime(new Date(), zone).day : null;
}

export const queryParams: QueryParams = [];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const config = siteConfig(env);
  const locale = loaderLocale(config.localeSettings, params);
  let business: Business | null = null;
  let twin: boolean | null = null;
  let gone: BusinessRedirect | null = null;
  if (params.id !== undefined) {
    const id = businessIdParamsSchema.safeParse(params);
    const found = id.success ? await getBusinessWithTitleTwin(db, id.data.id) : null;
    business = found?.business ?? null;
    twin = found?.sharesTitle ?? null;
    if (id.success && !business) gone = await redirectForId(db, id.data.id);
  } else if (params.slug) {
    business = await getBusinessBySlug(db, params.slug);
    if (!business) gone = await redirectForSlug(db, params.slug);
  }
  // A merged-away listing or an edited slug moves for good (ADR 0019); a deleted business is gone, not missing.
  if (gone?.status === 301) throw redirect(businessPagePath(gone), 301);
  if (gone?.status === 410) throw data(null, { status: 410 });
  if (!business) throw data(null, { status: 404 });
  const b = business;
  const place = joinParts([b.city, b.state]);
  // Titles are unique per page: a business that shares its name, category and city with
  // another adds its street, the part of the address that tells them apart.
  const street = (twin ?? (await sharesTitle(db, b.id))) ? b.address.split(",")[0].trim() : "";
  const title = b.seoTitle
    ? joinParts([b.seoTitle, street ? `(${street})` : ""], " ")
    : joinParts([street ? `${b.name} (${street})` : b.name, joinParts([b.category, place], " in "), config.siteName], " | ");
  const description = b.seoDescription || `Discover ${b.category || "local"} services at ${b.name}${place ? ` in ${place}` : ""}.`;
  const canonical = b.canonicalUrl ? absolute(config.siteUrl, b.canonicalUrl) : `${config.siteUrl}/business/${b.id}`;
  const image = absolute(config.siteUrl, b.photos[0] ?? defaultImagePath(b.group));
  const permanentlyClosed = b.openStatus.state === "closed-permanently";
  return {
    siteName: config.siteName,
    business: b,
    // Too little data (INDEX_MIN_FACTS of hours, phone, rating) → kept out of the index (ADR 0020).
    meta: { title, description, canonical, image, robots: isBusinessIndexed(b, config) ? null : NOINDEX_FOLLOW },
    siteUrl: config.siteUrl,
    structuredDataRating: config.structuredDataRating,
    // SPEC §2's about paragraph (name, place, rating, category) always shows; GENERATED_TEXT
    // turns the generated 200+ words of Detailed Information on or off per locale (ADR 0021).
    about: aboutParagraph(b, locale),
    details: detailedInformation(b, locale, {
      defaultLocale: config.localeSettings.defaultLocale,
      generatedText: hasGeneratedText(config, locale),
    }),
    features: featureGroups(b.about),
    // Today in the business's own time zone, worked out here so the server and the browser agree;
    // none marked when the zone is unknown.
    today: todayOf(b),
    links: {
      website: websiteHref(b.website),
      directions: directionsHref(b),
      // A permanently closed business is not called: its number stays as text.
      tel: permanentlyClosed ? null : telHref(b.phone),
    },
    favorite: isCustomerFavorite(b),
    histogram: reviewHistogram(b.reviewsPerScore),
    ads: { client: config.adsenseClient, top: config.adSlots.top, bottom: config.adSlots.bottom },
    map: pageMap([b], config),
  };
}

export function meta({ loaderData, error, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) {
    if (isRouteErrorResponse(error) && error.status === 410) {
      return pageMeta({ title: `${NO_LONGER_LISTED} | ${siteNameOf(matches)}`, robots: "noindex", robotsLast: true });
    }
    return errorMeta(error, "Business Not Found", matches);
  }
  const { title, description, canonical, image, robots } = loaderData.meta;
  return pageMeta({ title, description, canonical, robots, card: { type: "business.business", image, siteName: loaderData.siteName } });
}

const NO_LONGER_LISTED = "Business No Longer Listed";

/** 410: the business was deleted; said plainly, with a way on, and never indexed. */
function BusinessGone() {
  return (
    <ErrorState title={NO_LONGER_LISTED} text="This business has been removed from the directory and is no longer listed." homeLink>
      <DirectorySearch id="gone-q" prompt="Looking for something similar? Search the directory:" />
    </ErrorState>
  );
}

function BusinessNotFound() {
  return <ErrorState title="Business Not Found" text="The business you're looking for doesn't exist" homeLink />;
}

/** Back to Search: '/' by default; with JavaScript, the visitor's last /search page when there was one. */
function BackToSearch() {
  const navigate = useNavigate();
  function onClick(event: React.MouseEvent<HTMLAnchorElement>) {
    const last = typeof sessionStorage !== "undefined" ? sessionStorage.getItem("lastSearch") : null;
    if (last && last.startsWith("/search")) {
      event.preventDefault();
      navigate(last);
    }
  }
  return (
    <Link to="/" onClick={onClick} className="inline-flex items-center gap-1 text-sm font-medium text-blue-800 hover:underline">
      <span aria-hidden="true">←</span> Back to Search
    </Link>
  );
}

/** Google's closed states, said plainly above the name. */
function ClosedBanner({ state }: { state: Business["openStatus"]["state"] }) {
  if (state !== "closed-permanently" && state !== "closed-temporarily") return null;
  const permanent = state === "closed-permanently";
  return (
    <div
      role="note"
      className={`mb-4 rounded-xl border px-4 py-3 ${permanent ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900"}`}
    >
      <p className="font-semibold">{permanent ? "Permanently closed" : "Temporarily closed"}</p>
      <p className="text-sm">
        {permanent
          ? "Our data lists this business as permanently closed. Its details are kept here for reference."
          : "Our data lists this business as temporarily closed. Check with the business before you visit."}
      </p>
    </div>
  );
}

/** With a photo, the photo; without one, a compact banner in place of a blown-up category picture. */
function Hero({ b }: { b: Business }) {
  const photo = b.photos.find((p) => p && p.trim());
  if (photo) {
    return (
      <div className="relative mt-4 overflow-hidden rounded-2xl bg-slate-100">
        <BusinessImage photos={b.photos} group={b.group} alt={b.name} width={1200} height={400} eager className="h-56 w-full object-cover sm:h-80" />
      </div>
    );
  }
  // The cards' category tile (one design), stretched to a low banner: the group's colour and icon.
  return <CategoryTile group={b.group} category={b.category || "Local business"} className="mt-4 h-28 rounded-2xl sm:h-32" />;
}

/** Reviews per star beside the average: the counts are text, the bars only draw them. */
function ReviewHistogram({ rows }: { rows: HistogramRow[] }) {
  return (
    <table className="w-full max-w-xs text-sm">
      <caption className="sr-only">Reviews by star rating</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.stars}>
            <th scope="row" className="whitespace-nowrap py-0.5 pr-3 text-left font-normal text-slate-700">
              {row.stars} {row.stars === 1 ? "star" : "stars"}
            </th>
            <td className="w-full py-0.5" aria-hidden="true">
              <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="block h-2 w-full" focusable="false">
                <rect width="100" height="8" rx="4" className="fill-slate-200" />
                {row.count > 0 ? <rect width={Math.max(row.percent, 2)} height="8" rx="4" className="fill-amber-400" /> : null}
              </svg>
            </td>
            <td className="whitespace-nowrap py-0.5 pl-3 text-right tabular-nums text-slate-700">
              {formatCount(row.count)} <span className="text-slate-600">({row.percent}%)</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const ACTION = "inline-flex items-center gap-2 rounded-lg px-5 py-3 font-semibold";

/**
 * The business and its breadcrumbs as JSON-LD, built where the page renders from the business already
 * in its data: the page's data does not carry the same facts twice (it is JavaScript the page sends).
 */
function businessJsonLd({ business: b, meta, siteUrl, structuredDataRating }: Route.ComponentProps["loaderData"]) {
  const { canonical, image, description } = meta;
  // Home › City › Business; without a city, Home › Category › Business (the links the page shows).
  const breadcrumbs = breadcrumbJsonLd([
    { name: "Home", url: `${siteUrl}/` },
    ...(b.city
      ? [{ name: b.city, url: `${siteUrl}/city/${encodeURIComponent(b.city)}` }]
      : b.category
        ? [{ name: b.category, url: `${siteUrl}/category/${b.categorySlug}` }]
        : []),
    { name: b.name, url: canonical },
  ]);
  return [localBusinessJsonLd(b, { url: canonical, image, description, rating: structuredDataRating }), breadcrumbs];
}

export default function BusinessPage({ loaderData }: Route.ComponentProps) {
  const { business: b, about, details, features, ads, today, links, favorite, histogram, map } = loaderData;
  const hours = b.openingHours;
  const place = joinParts([b.city, b.state, b.country]);
  const address = b.address || place;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      {businessJsonLd(loaderData).map((data, i) => (
        <JsonLd key={i} data={data} />
      ))}
      <BackToSearch />
      <Hero b={b} />
      <div className="mt-6 grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="business-name">
            <ClosedBanner state={b.openStatus.state} />
            <div className="flex flex-wrap items-center gap-3">
              {b.category ? (
                <Link
                  to={`/category/${b.categorySlug}`}
                  className="rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-800 hover:bg-blue-100 hover:underline"
                >
                  {b.category}
                </Link>
              ) : null}
              <OpenStatusLine status={b.openStatus} size="lg" />
            </div>
            <h1 id="business-name" className="mt-3 text-3xl font-bold sm:text-4xl">
              {b.name}
            </h1>
            <div className="mt-3">
              <Stars rating={b.rating} reviewCount={b.reviewCount} size="lg" />
            </div>
            <ul className="mt-4 space-y-1 text-slate-700">
              {place ? (
                <li>
                  {b.city ? (
                    <Link to={`/city/${encodeURIComponent(b.city)}`} className="hover:text-blue-800 hover:underline">
                      {place}
                    </Link>
                  ) : (
                    place
                  )}
                </li>
              ) : null}
              {b.phone ? <li>{b.phone}</li> : null}
            </ul>
            <div className="mt-4 flex flex-wrap gap-3">
              {links.tel ? (
                <a href={links.tel} className={`${ACTION} bg-emerald-700 text-white hover:bg-emerald-800`}>
                  Call Now
                </a>
              ) : null}
              {links.website ? (
                <a href={links.website} rel="nofollow ugc noopener" className={`${ACTION} border border-slate-300 text-slate-800 hover:bg-slate-50`}>
                  Website
                </a>
              ) : null}
              {links.directions ? (
                <a href={links.directions} rel="nofollow noopener" className={`${ACTION} border border-slate-300 text-slate-800 hover:bg-slate-50`}>
                  Directions
                </a>
              ) : null}
            </div>
          </section>

          <AdSlot client={ads.client} slot={ads.top} label="Advertisement" />

          {b.description || about ? (
            <section aria-labelledby="about-heading" className="rounded-xl border border-slate-200 p-6">
              <h2 id="about-heading" className="text-xl font-semibold">
                About {b.name}
              </h2>
              {b.description ? <p className="mt-3 text-slate-700">{b.description}</p> : null}
              {about ? <p className="mt-3 text-slate-700">{about}</p> : null}
            </section>
          ) : null}

          <section aria-labelledby="features-heading" className="rounded-xl border border-slate-200 p-6">
            <h2 id="features-heading" className="text-xl font-semibold">
              Features &amp; Services
            </h2>
            <div className="mt-4 grid gap-6 sm:grid-cols-2">
              {features.map((group) => (
                <div key={group.title}>
                  <h3 className="font-semibold">{group.title}</h3>
                  {group.items.length ? (
                    <ul className="mt-2 space-y-1 text-sm">
                      {group.items.map((item) => (
                        <li key={item.name} className="flex justify-between gap-3">
                          <span>{item.name}</span>
                          <span className={item.available ? "text-emerald-800" : "text-slate-600"}>{item.available ? "Available" : "Not Available"}</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-2 text-sm text-slate-600">Not listed for this business.</p>
                  )}
                </div>
              ))}
            </div>
          </section>

          <section aria-labelledby="reviews-heading" className="rounded-xl border border-slate-200 p-6">
            <h2 id="reviews-heading" className="text-xl font-semibold">
              Reviews
            </h2>
            <div className="mt-3 flex flex-col gap-6 sm:flex-row sm:items-center sm:gap-10">
              <div className="flex shrink-0 items-center gap-4">
                <span className="text-4xl font-bold">{formatRating(b.rating)}</span>
                <div>
                  <Stars rating={b.rating} />
                  <p className="text-sm text-slate-600">Based on {reviewsText(b.reviewCount)}</p>
                </div>
              </div>
              {histogram ? <ReviewHistogram rows={histogram} /> : null}
            </div>
          </section>

          {details ? (
            <section aria-labelledby="details-heading" className="rounded-xl border border-slate-200 p-6">
              <h2 id="details-heading" className="text-xl font-semibold">
                Detailed Information
              </h2>
              {details.split(/\n{2,}/).map((para, i) => (
                <p key={i} className="mt-3 whitespace-pre-line text-slate-700">
                  {para}
                </p>
              ))}
            </section>
          ) : null}
        </div>

        <aside className="space-y-6" aria-label="Business summary">
          <section className="rounded-xl border border-slate-200 p-6" aria-labelledby="side-heading">
            <h2 id="side-heading" className="text-lg font-semibold">
              Business Information
            </h2>
            <dl className="mt-3 space-y-2 text-sm">
              {b.category ? (
                <div className="flex justify-between gap-2">
                  <dt className="text-slate-600">Category</dt>
                  <dd className="text-right font-medium">{b.category}</dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-2">
                <dt className="text-slate-600">Rating</dt>
                <dd className="font-medium">{formatRating(b.rating)} / 5</dd>
              </div>
            </dl>
            <ul className="mt-4 flex flex-wrap gap-2 text-xs font-semibold">
              {b.isVerified ? <li className="rounded-full bg-emerald-100 px-3 py-1 text-emerald-900">Verified Business</li> : null}
              <li className="rounded-full bg-blue-100 px-3 py-1 text-blue-900">Global Network</li>
              {favorite ? <li className="rounded-full bg-amber-100 px-3 py-1 text-amber-900">Customer Favorite</li> : null}
            </ul>
          </section>

          <section className="rounded-xl border border-slate-200 p-6" aria-labelledby="contact-heading">
            <h2 id="contact-heading" className="text-lg font-semibold">
              Contact Information
            </h2>
            {address ? (
              <>
                <h3 className="mt-3 text-sm font-semibold">Address</h3>
                <address className="text-sm not-italic text-slate-700">{address}</address>
                {links.directions ? (
                  <p className="text-sm">
                    <a className="text-blue-800 hover:underline" href={links.directions} rel="nofollow noopener">
                      Get directions
                    </a>
                  </p>
                ) : null}
              </>
            ) : null}
            {b.phone ? (
              <>
                <h3 className="mt-3 text-sm font-semibold">Phone</h3>
                <p className="text-sm">
                  {links.tel ? (
                    <a className="text-blue-800 hover:underline" href={links.tel}>
                      {b.phone}
                    </a>
                  ) : (
                    b.phone
                  )}
                </p>
              </>
            ) : null}
            {links.website ? (
              <>
                <h3 className="mt-3 text-sm font-semibold">Website</h3>
                <p className="truncate text-sm">
                  <a className="text-blue-800 hover:underline" href={links.website} rel="nofollow ugc noopener">
                    {websiteLabel(links.website)}
                  </a>
                </p>
              </>
            ) : null}
            <h3 className="mt-3 text-sm font-semibold">Opening Hours</h3>
            {hours ? null : <p className="text-xs text-slate-600">Typical schedule; hours not listed for this business.</p>}
            <table className="mt-1 w-full text-sm">
              <caption className="sr-only">Opening hours{hours ? "" : " (typical schedule; hours not listed)"}</caption>
              <tbody>
                {WEEKDAYS.map((day) => {
                  const isToday = day === today;
                  return (
                    <tr key={day} aria-current={isToday ? "date" : undefined} className={isToday ? "bg-blue-50 font-semibold text-slate-900" : undefined}>
                      <th scope="row" className={`py-0.5 pl-2 text-left ${isToday ? "border-l-4 border-blue-700 font-semibold" : "font-normal text-slate-600"}`}>
                        {day}
                      </th>
                      <td className="py-0.5 pr-1 text-right">{hours ? (hours[day] ?? "Not listed") : DEFAULT_SCHEDULE[day]}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>

          <MapPanel
            ids={[b.id]}
            located={map.located}
            tiles={map.tiles}
            heading="Location"
            description={address ? `On the map: ${address}.` : `On the map: where ${b.name} is.`}
            zoom={15}
            className="rounded-xl border border-slate-200 p-6"
            headingClassName="text-lg font-semibold"
          />

          <AdSlot client={ads.client} slot={ads.bottom} delayMs={2000} label="Advertisement (second)" />
        </aside>
      </div>
    </main>
  );
}

/** SPEC §2's texts for a missing business, and a deleted one's: any other failure is "Something went wrong". */
export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <BusinessNotFound />, 410: () => <BusinessGone /> }} />;
}
