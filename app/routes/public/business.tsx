import { data, isRouteErrorResponse, Link, redirect, useNavigate } from "react-router";
import { useLingui } from "@lingui/react";
import type { MessageId } from "@lingui/core";
import { isBusinessIndexed, NOINDEX_FOLLOW } from "#app/lib/seo/indexing";
import { AdSlot } from "#app/components/ad-slot";
import { BusinessImage, CategoryTile, defaultImagePath } from "#app/components/business-image";
import { BusinessContribute } from "#app/components/business-contribute";
import { WriteReviewLink } from "#app/components/reviews/write-review-link";
import { ClaimedMark, dayOf, FactSources, SpecialHoursList, upcomingSpecialHours } from "#app/components/fact-sources";
import { DirectorySearch, ErrorState, errorMeta, GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { JsonLd } from "#app/components/json-ld";
import { MapPanel } from "#app/components/map-panel";
import { OpenStatusLine } from "#app/components/open-status";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { businessIdParamsSchema } from "#app/lib/api-schemas";
import { isCustomerFavorite, reviewHistogram, type Business } from "#app/lib/business/business";
import { directionsHref, websiteHref, websiteLabel } from "#app/lib/business/contact-links";
import { formatRating, joinParts } from "#app/lib/format";
import { pageMap } from "#app/lib/business/map";
import { DEFAULT_SCHEDULE, localizeDayText, localTime, weekdayName, weekdaysFor, type DayWords, type Weekday } from "#app/lib/business/hours";
import { phoneView } from "#app/lib/business/phone";
import { i18nFor } from "#app/lib/i18n/i18n";
import { labelOf } from "#app/lib/i18n/labels";
import { attributesOf, isAccessibility } from "#app/lib/business/attributes";
import { attributeGroupLabel, attributeLabel } from "#app/lib/business/attribute-labels";
import { localePath, type LocaleSettings } from "#app/lib/i18n/locales";
import { breadcrumbJsonLd, localBusinessJsonLd } from "#app/lib/seo/structured-data";
import { effectiveTimeZone } from "#app/lib/business/time-zones";
import { addressLine } from "#app/lib/business/address-line";
import { countryNameIn } from "#app/lib/business/countries";
import { getApp } from "#app/server/platform/context.server";
import { hasGeneratedText, siteConfig } from "#app/server/platform/config.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import { aboutParagraph, detailedInformation } from "#app/lib/seo/business-text";
import { businessByOlderSlug, businessWithTitleTwinOf, businessWithTitleTwinQuery, isSlugAddress, sharesTitle } from "#app/server/lists/directory.server";
import { parseReviewCursor, readReviewPage, reviewPageQueries, reviewSortOf, toReviewPage, type ReviewPage } from "#app/server/reviews/reviews-read.server";
import { HeaderRatings, RatingSummary, ReviewList } from "#app/components/business-reviews";
import { businessPagePath, redirectForId, redirectForSlug, type BusinessRedirect } from "#app/server/write/business-redirects.server";
import { pageMeta } from "#app/lib/seo/meta";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/business";

/**
 * SPEC §2 feature list, filled from the imported `about` groups: Available / Not Available only where
 * the data says. Accessibility comes first (what a wheelchair user needs to know before going).
 */
const FEATURE_GROUPS = [
  { title: "features.accessibility", keys: ["Accessibility"] },
  { title: "features.serviceOptions", keys: ["Service options"] },
  { title: "features.paymentMethods", keys: ["Payments", "Payment options"] },
  { title: "features.businessType", keys: ["From the business", "Business type"] },
] as const satisfies ReadonlyArray<{ title: MessageId; keys: readonly string[] }>;

type FeatureItem = { slug: string; name: string; available: boolean };
type FeatureGroup = { title: string; accessibility: boolean; items: FeatureItem[] };

/**
 * The feature list in the page's locale: the spec's four headings from the interface catalog (the
 * accessibility one first), then any other group the data has by its label, each attribute by its
 * label (attribute-labels.ts; one the catalog does not know as written). What a place has and what the
 * data says it lacks, in the data's order (attributesOf).
 */
function featureGroups(about: Business["about"], locale: string): FeatureGroup[] {
  const i18n = i18nFor(locale);
  const byGroup = new Map<string, FeatureItem[]>();
  for (const a of attributesOf(about)) {
    const items = byGroup.get(a.group) ?? [];
    items.push({ slug: a.slug, name: attributeLabel(a, locale), available: a.value });
    byGroup.set(a.group, items);
  }
  const used = new Set<string>();
  const groups: FeatureGroup[] = FEATURE_GROUPS.map((g) => {
    const key = g.keys.find((k) => byGroup.has(k));
    if (key) used.add(key);
    return { title: i18n._(g.title), accessibility: g.title === "features.accessibility", items: key ? (byGroup.get(key) ?? []) : [] };
  });
  // Any other group the data has ("Planning", "Amenities", …) is shown under its own name.
  for (const [key, items] of byGroup) {
    if (used.has(key)) continue;
    groups.push({ title: attributeGroupLabel(key, locale), accessibility: isAccessibility(key), items });
  }
  return groups;
}

function absolute(siteUrl: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${siteUrl}${url.startsWith("/") ? "" : "/"}${url}`;
}

/**
 * The page's canonical address in its locale: the business's own canonicalUrl when it has one (a
 * path of this site, or an address on it, moves under the locale's prefix; another site's stays), else
 * /business/{id}.
 */
function canonicalOf(b: Business, siteUrl: string, settings: LocaleSettings, locale: string): string {
  const own = b.canonicalUrl ? absolute(siteUrl, b.canonicalUrl) : `${siteUrl}/business/${b.id}`;
  if (!own.startsWith(`${siteUrl}/`)) return own;
  return `${siteUrl}${localePath(settings, locale, own.slice(siteUrl.length))}`;
}



function todayOf(b: Business): Weekday | null {
  const zone = effectiveTimeZone(b);
  return zone ? localTime(new Date(), zone).day : null;
}

/**
 * The hours table in the page's locale: its week from its first day, each day's name and hours on
 * its clock ("Thứ Hai 07:00 - 22:00"); the typical schedule (labelled so) when the business lists none.
 */
function hoursTable(hours: Business["openingHours"], locale: string) {
  const i18n = i18nFor(locale);
  const words: DayWords = {
    closed: i18n._("hours.closed"),
    allDay: i18n._("hours.open24Hours"),
    interval: (open, close) => i18n._("hours.interval", { open, close }),
  };
  return {
    typical: !hours,
    days: weekdaysFor(locale).map((day) => {
      const text = hours ? hours[day] : DEFAULT_SCHEDULE[day];
      return { day, name: weekdayName(day, locale), text: text ? localizeDayText(text, locale, words) : i18n._("hours.notListed") };
    }),
  };
}

// The reviews' order and page (a keyset cursor): each its own cached page.
export const queryParams: QueryParams = ["reviewSort", "reviewsAfter"];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const config = siteConfig(env);
  const locale = loaderLocale(config.localeSettings, params);
  let business: Business | null = null;
  let twin: boolean | null = null;
  let gone: BusinessRedirect | null = null;
  const search = new URL(request.url).searchParams;
  const reviewSort = reviewSortOf(search.get("reviewSort"));
  const after = parseReviewCursor(search.get("reviewsAfter"));
  let reviewPage: ReviewPage | null = null;
  const id = params.id !== undefined ? businessIdParamsSchema.safeParse(params) : null;
  const key = id?.success ? { id: id.data.id } : params.slug && isSlugAddress(params.slug) ? { slug: params.slug } : null;
  if (key) {
    // The business (by id, or by the stored slug every card links) and its page of reviews in one
    // batch: one D1 round trip.
    const [ties, older] = reviewPageQueries(db, key, reviewSort, after);
    const [rows, tied, rest] = await db.orm.batch([businessWithTitleTwinQuery(db, key), ties, older]);
    const found = businessWithTitleTwinOf(rows);
    business = found?.business ?? null;
    twin = found?.sharesTitle ?? null;
    reviewPage = found ? toReviewPage([...tied, ...rest], reviewSort) : null;
  }
  // Another link form of /details/ (a slug and a place id's first characters, an older name).
  if (!business && params.slug) business = await businessByOlderSlug(db, params.slug);
  if (!business) gone = id?.success ? await redirectForId(db, id.data.id) : params.slug ? await redirectForSlug(db, params.slug) : null;
  // A merged-away listing or an edited slug moves for good (ADR 0019); a deleted business is gone, not missing.
  if (gone?.status === 301) throw redirect(localePath(config.localeSettings, locale, businessPagePath(gone)), 301);
  if (gone?.status === 410) throw data(null, { status: 410 });
  if (!business) throw data(null, { status: 404 });
  const b = business;
  // A business found by an older link form reads its reviews once it is known (none when it has none here).
  if (!reviewPage) reviewPage = b.ownReviews.count > 0 ? await readReviewPage(db, b.id, reviewSort, after) : { reviews: [], next: null };
  const i18n = i18nFor(locale);
  const category = b.category ? labelOf(locale, "category", b.category) : "";
  const place = joinParts([b.city, b.state]);
  // Titles are unique per page: a business that shares its name, category and city with
  // another adds its street, the part of the address that tells them apart.
  const street = (twin ?? (await sharesTitle(db, b.id))) ? b.address.split(",")[0].trim() : "";
  const categoryInPlace = category && place ? i18n._("business.titleCategoryInPlace", { category, place }) : category || place;
  // The stored SEO title and description (SEO generation's or the operator's) are in the default
  // locale's language: another locale's page writes its own from the facts.
  const stored = locale === config.localeSettings.defaultLocale ? { title: b.seoTitle, description: b.seoDescription } : null;
  const title = stored?.title
    ? joinParts([stored.title, street ? `(${street})` : ""], " ")
    : joinParts([street ? `${b.name} (${street})` : b.name, categoryInPlace, config.siteName], " | ");
  const where = { name: b.name, place, hasPlace: place ? "yes" : "no" };
  // Mid-sentence a category reads in lower case ("dịch vụ quán cà phê"); English keeps SPEC's text, the category as written.
  const midSentence = locale.split("-")[0] === "en" ? category : category.toLocaleLowerCase(locale);
  const description =
    stored?.description ||
    (category ? i18n._("business.metaDescription", { ...where, category: midSentence }) : i18n._("business.metaDescriptionLocal", where));
  const canonical = canonicalOf(b, config.siteUrl, config.localeSettings, locale);
  const image = absolute(config.siteUrl, b.photos[0] ?? defaultImagePath(b.group));
  const permanentlyClosed = b.openStatus.state === "closed-permanently";
  const phone = phoneView(b.phone, b.countryCode || b.country);
  return {
    siteName: config.siteName,
    business: b,
    // The category's label in the page's locale (labelOf); the business's own texts stay as written.
    category,
    // The country as the page's language names it ("Việt Nam"); English pages show it as stored.
    country: countryNameIn(locale, b.country, b.countryCode),
    // Too little data (INDEX_MIN_FACTS of hours, phone, rating) → kept out of the index (ADR 0020).
    meta: { title, description, canonical, image, robots: isBusinessIndexed(b, config) ? null : NOINDEX_FOLLOW },
    siteUrl: config.siteUrl,
    // Reviews written here: their page (newest or most helpful first), and their own histogram.
    reviews: { sort: reviewSort, reviews: reviewPage.reviews, next: reviewPage.next, later: after !== null },
    ownHistogram: reviewHistogram(b.ownReviews.histogram),
    // SPEC §2's about paragraph (name, place, rating, category) always shows; GENERATED_TEXT
    // turns the generated 200+ words of Detailed Information on or off per locale (ADR 0021).
    about: aboutParagraph(b, locale),
    details: detailedInformation(b, locale, {
      defaultLocale: config.localeSettings.defaultLocale,
      generatedText: hasGeneratedText(config, locale),
    }),
    features: featureGroups(b.about, locale),
    hours: hoursTable(b.openingHours, locale),
    // Today in the business's own time zone, worked out here so the server and the browser agree;
    // none marked when the zone is unknown.
    today: todayOf(b),
    // As the business's country writes it, the tel: link and JSON-LD in the international form (phone.ts).
    phone: phone && { display: phone.display, international: phone.international },
    links: {
      website: websiteHref(b.website),
      directions: directionsHref(b),
      // A permanently closed business is not called: its number stays as text.
      tel: permanentlyClosed ? null : (phone?.href ?? null),
    },
    favorite: isCustomerFavorite(b),
    histogram: reviewHistogram(b.reviewsPerScore),
    ads: { client: config.adsenseClient, top: config.adSlots.top, bottom: config.adSlots.bottom },
    map: pageMap([b], config),
    // The day the source lines count from ("12 days ago"), and the special hours to come: the same on
    // the server and in the browser, and all day long.
    sourcesDay: dayOf(Date.now()),
    specialHours: upcomingSpecialHours(b, Date.now()),
  };
}

export function meta({ loaderData, error, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) {
    const i18n = i18nFor(pageLocaleOf(matches).locale);
    if (isRouteErrorResponse(error) && error.status === 410) {
      return pageMeta({ title: `${i18n._("business.goneTitle")} | ${siteNameOf(matches)}`, robots: "noindex", robotsLast: true });
    }
    return errorMeta(error, i18n._("business.notFoundTitle"), matches);
  }
  const { title, description, canonical, image, robots } = loaderData.meta;
  return pageMeta({ title, description, canonical, robots, card: { type: "business.business", image, siteName: loaderData.siteName } });
}

/** 410: the business was deleted; said plainly, with a way on, and never indexed. */
function BusinessGone() {
  const { _ } = useLingui();
  return (
    <ErrorState title={_("business.goneTitle")} text={_("business.goneText")} homeLink>
      <DirectorySearch id="gone-q" prompt={_("business.goneSearchPrompt")} />
    </ErrorState>
  );
}

function BusinessNotFound() {
  const { _ } = useLingui();
  return <ErrorState title={_("business.notFoundTitle")} text={_("business.notFoundText")} homeLink />;
}

/** Back to Search: the locale's home by default; with JavaScript, the visitor's last search page in this locale when there was one. */
function BackToSearch() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const lp = useLocalePath();
  const search = lp("/search");
  function onClick(event: React.MouseEvent<HTMLAnchorElement>) {
    const last = typeof sessionStorage !== "undefined" ? sessionStorage.getItem("lastSearch") : null;
    if (last && (last === search || last.startsWith(`${search}?`))) {
      event.preventDefault();
      navigate(last);
    }
  }
  return (
    <Link to={lp("/")} onClick={onClick} className="inline-flex items-center gap-1 text-sm font-medium text-blue-800 hover:underline">
      <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
        ←
      </span>{" "}
      {_("business.backToSearch")}
    </Link>
  );
}

/** Google's closed states, said plainly above the name. */
function ClosedBanner({ state }: { state: Business["openStatus"]["state"] }) {
  const { _ } = useLingui();
  if (state !== "closed-permanently" && state !== "closed-temporarily") return null;
  const permanent = state === "closed-permanently";
  return (
    <div
      role="note"
      className={`mb-4 rounded-xl border px-4 py-3 ${permanent ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900"}`}
    >
      <p className="font-semibold">{permanent ? _("openStatus.permanentlyClosed") : _("openStatus.temporarilyClosed")}</p>
      <p className="text-sm">{permanent ? _("business.permanentlyClosedText") : _("business.temporarilyClosedText")}</p>
    </div>
  );
}

/** With a photo, the photo; without one, a compact banner in place of a blown-up category picture. */
function Hero({ b, category }: { b: Business; category: string }) {
  const { _ } = useLingui();
  const photo = b.photos.find((p) => p && p.trim());
  if (photo) {
    return (
      <div className="relative mt-4 overflow-hidden rounded-2xl bg-slate-100">
        <BusinessImage photos={b.photos} group={b.group} alt={b.name} width={1200} height={400} eager className="h-56 w-full object-cover sm:h-80" />
      </div>
    );
  }
  // The cards' category tile (one design), stretched to a low banner: the group's colour and icon.
  return <CategoryTile group={b.group} category={category || _("business.localBusiness")} className="mt-4 h-28 rounded-2xl sm:h-32" />;
}

const ACTION = "inline-flex items-center gap-2 rounded-lg px-5 py-3 font-semibold";

/**
 * The business and its breadcrumbs as JSON-LD, built where the page renders from the business already
 * in its data: the page's data does not carry the same facts twice (it is JavaScript the page sends).
 * Every URL is the page's locale's; the phone is in its international form.
 */
function businessJsonLd(
  { business: b, category, meta, siteUrl, reviews, phone, features }: Route.ComponentProps["loaderData"],
  lp: (path: string) => string,
  home: string,
) {
  const { canonical, image, description } = meta;
  // Home › City › Business; without a city, Home › Category › Business (the links the page shows).
  const breadcrumbs = breadcrumbJsonLd([
    { name: home, url: `${siteUrl}${lp("/")}` },
    ...(b.city
      ? [{ name: b.city, url: `${siteUrl}${lp(`/city/${encodeURIComponent(b.city)}`)}` }]
      : category
        ? [{ name: category, url: `${siteUrl}${lp(`/category/${b.categorySlug}`)}` }]
        : []),
    { name: b.name, url: canonical },
  ]);
  const business = localBusinessJsonLd(b, {
    url: canonical,
    image,
    description,
    // The first page of published reviews written here, newest first (a later page or another order marks up none).
    reviews: reviews.sort === "newest" && !reviews.later ? reviews.reviews : [],
    telephone: phone?.international,
    // What the place has and what the data says it lacks, by the labels the page shows.
    amenities: features.flatMap((g) => g.items.map((item) => ({ name: item.name, value: item.available }))),
  });
  return [business, breadcrumbs];
}

/** "Wheelchair accessible entrance" → "wheelchair accessible entrance" inside a sentence; an acronym ("NFC mobile payments", "LGBTQ+ friendly") keeps its case. */
function inSentence(label: string, locale: string): string {
  const [first, second] = [...label];
  return first && !(second && second !== second.toLocaleLowerCase(locale)) ? first.toLocaleLowerCase(locale) + label.slice(first.length) : label;
}

/**
 * One attribute with its has/lacks mark: an icon and words, never colour alone. Accessibility says it
 * as a phrase ("No wheelchair accessible entrance"), what the visitor needs to know before going; the
 * other groups carry the spec's Available / Not Available flag.
 */
function FeatureRow({ item, accessibility }: { item: FeatureItem; accessibility: boolean }) {
  const { _, i18n } = useLingui();
  const mark = item.available ? <HasIcon /> : <LacksIcon />;
  if (accessibility)
    return (
      <li className={`flex items-start gap-2 ${item.available ? "text-slate-900" : "text-slate-700"}`} data-attribute={item.slug} data-has={item.available}>
        {mark}
        <span>{item.available ? item.name : _("business.attributeLacks", { label: inSentence(item.name, i18n.locale) })}</span>
      </li>
    );
  return (
    <li className="flex justify-between gap-3" data-attribute={item.slug} data-has={item.available}>
      <span>{item.name}</span>
      <span className={`flex shrink-0 items-center gap-1 ${item.available ? "text-emerald-800" : "text-slate-600"}`}>
        {mark}
        {item.available ? _("features.available") : _("features.notAvailable")}
      </span>
    </li>
  );
}

function HasIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" fill="none" stroke="currentColor" strokeWidth="2.5">
      <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function LacksIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" fill="none" stroke="currentColor" strokeWidth="2.5">
      <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
    </svg>
  );
}

export default function BusinessPage({ loaderData }: Route.ComponentProps) {
  const { business: b, category, country, about, details, features, hours, ads, today, phone, links, favorite, histogram, ownHistogram, reviews, map, sourcesDay, specialHours, siteName } =
    loaderData;
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  const locale = i18n.locale;
  // City, state and country, each part named once ("Hue" and a state "Kim Long, Hue": "Hue, Kim Long, Việt Nam").
  const place = addressLine({ address: "", city: b.city, state: b.state, country });
  const address = b.address || place;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      {businessJsonLd(loaderData, lp, _("business.breadcrumbHome")).map((data, i) => (
        <JsonLd key={i} data={data} />
      ))}
      <BackToSearch />
      <Hero b={b} category={category} />
      <div className="mt-6 grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="business-name">
            <ClosedBanner state={b.openStatus.state} />
            <div className="flex flex-wrap items-center gap-3">
              {category ? (
                <Link
                  to={lp(`/category/${b.categorySlug}`)}
                  className="rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-800 hover:bg-blue-100 hover:underline"
                >
                  {category}
                </Link>
              ) : null}
              <OpenStatusLine status={b.openStatus} size="lg" />
            </div>
            <h1 id="business-name" className="mt-3 text-3xl font-bold sm:text-4xl">
              {b.name}
            </h1>
            <ClaimedMark business={b} />
            <div className="mt-3">
              <HeaderRatings siteName={siteName} own={b.ownReviews} imported={b} />
            </div>
            <ul className="mt-4 space-y-1 text-slate-700">
              {place ? (
                <li>
                  {b.city ? (
                    <Link to={lp(`/city/${encodeURIComponent(b.city)}`)} className="hover:text-blue-800 hover:underline">
                      {place}
                    </Link>
                  ) : (
                    place
                  )}
                </li>
              ) : null}
              {phone ? (
                <li>
                  <span dir="ltr">{phone.display}</span>
                </li>
              ) : null}
            </ul>
            <div className="mt-4 flex flex-wrap gap-3">
              {links.tel ? (
                <a href={links.tel} className={`${ACTION} bg-emerald-700 text-white hover:bg-emerald-800`}>
                  {_("business.callNow")}
                </a>
              ) : null}
              {links.website ? (
                <a href={links.website} rel="nofollow ugc noopener" className={`${ACTION} border border-slate-300 text-slate-800 hover:bg-slate-50`}>
                  {_("business.website")}
                </a>
              ) : null}
              {links.directions ? (
                <a href={links.directions} rel="nofollow noopener" className={`${ACTION} border border-slate-300 text-slate-800 hover:bg-slate-50`}>
                  {_("business.directions")}
                </a>
              ) : null}
            </div>
          </section>

          <AdSlot client={ads.client} slot={ads.top} label={_("business.advertisement")} />

          {b.description || about ? (
            <section aria-labelledby="about-heading" className="rounded-xl border border-slate-200 p-6">
              <h2 id="about-heading" className="text-xl font-semibold">
                {_("business.aboutHeading", { name: b.name })}
              </h2>
              {b.description ? <p className="mt-3 text-slate-700">{b.description}</p> : null}
              {about ? <p className="mt-3 text-slate-700">{about}</p> : null}
            </section>
          ) : null}

          <section aria-labelledby="features-heading" className="rounded-xl border border-slate-200 p-6">
            <h2 id="features-heading" className="text-xl font-semibold">
              {_("features.heading")}
            </h2>
            <div className="mt-4 grid gap-6 sm:grid-cols-2">
              {features.map((group) => (
                <div key={group.title}>
                  <h3 className="font-semibold">{group.title}</h3>
                  {group.items.length ? (
                    <ul className="mt-2 space-y-1 text-sm">
                      {group.items.map((item) => (
                        <FeatureRow key={item.slug} item={item} accessibility={group.accessibility} />
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-2 text-sm text-slate-600">{_("features.notListed")}</p>
                  )}
                </div>
              ))}
            </div>
          </section>

          <section aria-labelledby="reviews-heading" className="rounded-xl border border-slate-200 p-6">
            <h2 id="reviews-heading" className="text-xl font-semibold">
              {_("business.reviews")}
            </h2>
            {b.ownReviews.count > 0 || b.rating > 0 ? (
              <div className="mt-3 grid gap-6 sm:grid-cols-2">
                {b.ownReviews.count > 0 ? (
                  <RatingSummary
                    label={_("reviews.ownLabel", { siteName })}
                    rating={b.ownReviews.average ?? 0}
                    count={b.ownReviews.count}
                    histogram={ownHistogram}
                    caption={_("reviews.ownHistogramCaption", { siteName })}
                  />
                ) : null}
                {b.rating > 0 ? (
                  <RatingSummary
                    label={_("reviews.importedLabel")}
                    rating={b.rating}
                    count={b.reviewCount}
                    histogram={histogram}
                    caption={_("business.histogramCaption")}
                  />
                ) : null}
              </div>
            ) : (
              <p className="mt-3 text-slate-700">{_("reviews.noReviewsYet")}</p>
            )}
            <ReviewList view={reviews} businessId={b.id} siteName={siteName} />
          </section>

          {details ? (
            <section aria-labelledby="details-heading" className="rounded-xl border border-slate-200 p-6">
              <h2 id="details-heading" className="text-xl font-semibold">
                {_("business.detailedInformation")}
              </h2>
              {details.split(/\n{2,}/).map((para, i) => (
                <p key={i} className="mt-3 whitespace-pre-line text-slate-700">
                  {para}
                </p>
              ))}
            </section>
          ) : null}

          <WriteReviewLink id={b.id} />
          <BusinessContribute id={b.id} claimed={b.claimed} />
        </div>

        <aside className="space-y-6" aria-label={_("business.summary")}>
          <section className="rounded-xl border border-slate-200 p-6" aria-labelledby="side-heading">
            <h2 id="side-heading" className="text-lg font-semibold">
              {_("business.information")}
            </h2>
            <dl className="mt-3 space-y-2 text-sm">
              {category ? (
                <div className="flex justify-between gap-2">
                  <dt className="text-slate-600">{_("business.category")}</dt>
                  <dd className="text-end font-medium">{category}</dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-2">
                <dt className="text-slate-600">{_("business.rating")}</dt>
                <dd className="font-medium">
                  {b.rating > 0
                    ? _("business.ratingOutOf5", { rating: formatRating(b.rating, locale) })
                    : b.ownReviews.average !== null
                      ? _("business.ratingOutOf5", { rating: formatRating(b.ownReviews.average, locale) })
                      : _("reviews.noReviewsYet")}
                </dd>
              </div>
            </dl>
            <ul className="mt-4 flex flex-wrap gap-2 text-xs font-semibold">
              {b.isVerified ? <li className="rounded-full bg-emerald-100 px-3 py-1 text-emerald-900">{_("business.verified")}</li> : null}
              <li className="rounded-full bg-blue-100 px-3 py-1 text-blue-900">{_("business.globalNetwork")}</li>
              {favorite ? <li className="rounded-full bg-amber-100 px-3 py-1 text-amber-900">{_("business.customerFavorite")}</li> : null}
            </ul>
          </section>

          <section className="rounded-xl border border-slate-200 p-6" aria-labelledby="contact-heading">
            <h2 id="contact-heading" className="text-lg font-semibold">
              {_("business.contactInformation")}
            </h2>
            {address ? (
              <>
                <h3 className="mt-3 text-sm font-semibold">{_("business.address")}</h3>
                <address className="text-sm not-italic text-slate-700">{address}</address>
                {links.directions ? (
                  <p className="text-sm">
                    <a className="text-blue-800 hover:underline" href={links.directions} rel="nofollow noopener">
                      {_("business.getDirections")}
                    </a>
                  </p>
                ) : null}
              </>
            ) : null}
            {phone ? (
              <>
                <h3 className="mt-3 text-sm font-semibold">{_("phone.heading")}</h3>
                <p className="text-sm">
                  {links.tel ? (
                    <a className="text-blue-800 hover:underline" href={links.tel} dir="ltr">
                      {phone.display}
                    </a>
                  ) : (
                    <span dir="ltr">{phone.display}</span>
                  )}
                </p>
              </>
            ) : null}
            {links.website ? (
              <>
                <h3 className="mt-3 text-sm font-semibold">{_("business.website")}</h3>
                <p className="truncate text-sm">
                  <a className="text-blue-800 hover:underline" href={links.website} rel="nofollow ugc noopener">
                    {websiteLabel(links.website)}
                  </a>
                </p>
              </>
            ) : null}
            <h3 className="mt-3 text-sm font-semibold">{_("hours.heading")}</h3>
            {hours.typical ? <p className="text-xs text-slate-600">{_("hours.typicalNote")}</p> : null}
            <table className="mt-1 w-full text-sm">
              <caption className="sr-only">{hours.typical ? _("hours.captionTypical") : _("hours.caption")}</caption>
              <tbody>
                {hours.days.map(({ day, name, text }) => {
                  const isToday = day === today;
                  return (
                    <tr key={day} aria-current={isToday ? "date" : undefined} className={isToday ? "bg-blue-50 font-semibold text-slate-900" : undefined}>
                      <th scope="row" className={`py-0.5 ps-2 text-start ${isToday ? "border-s-4 border-blue-700 font-semibold" : "font-normal text-slate-600"}`}>
                        {name}
                      </th>
                      <td className="py-0.5 pe-1 text-end">{text}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <SpecialHoursList upcoming={specialHours} />
            <FactSources business={b} day={sourcesDay} siteName={siteName} />
          </section>

          <MapPanel
            ids={[b.id]}
            located={map.located}
            tiles={map.tiles}
            heading={_("business.location")}
            description={address ? _("business.mapAddress", { address }) : _("business.mapWhere", { name: b.name })}
            zoom={15}
            className="rounded-xl border border-slate-200 p-6"
            headingClassName="text-lg font-semibold"
          />

          <AdSlot client={ads.client} slot={ads.bottom} delayMs={2000} label={_("business.advertisementSecond")} />
        </aside>
      </div>
    </main>
  );
}

/** SPEC §2's texts for a missing business, and a deleted one's: any other failure is "Something went wrong". */
export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <BusinessNotFound />, 410: () => <BusinessGone /> }} />;
}
