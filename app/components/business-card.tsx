import { useLingui } from "@lingui/react";
import { Link, useRouteLoaderData } from "react-router";
import { addressLine } from "#app/lib/business/address-line";
import type { Business } from "#app/lib/business/business";
import { formatDistance, type DistanceUnit } from "#app/lib/format";
import { detailPath } from "#app/lib/business/slug";
import { useLocalePath } from "#app/components/page-locale";
import { BusinessImage, CategoryTile } from "#app/components/business-image";
import { OpenStatusLine } from "#app/components/open-status";
import { buttonVariants } from "#app/components/ui/button";
import { Badge, VerifiedBadge } from "#app/components/ui/badge";
import { cn } from "#app/components/ui/cn";
import { PhoneLink } from "#app/components/ui/phone-link";
import { labelOf } from "#app/lib/i18n/labels";
import { phoneView } from "#app/lib/business/phone";
import { Stars } from "#app/components/ui/stars";

type RootConfig = { config?: { siteName?: string; ownRatingMinReviews?: number } };

/**
 * The card's rating: the one written here, labelled as such, once the business has
 * OWN_RATING_MIN_REVIEWS published reviews here; before that the imported one; "No reviews yet"
 * without either (never "0.0"). Lists keep their order from the stored (imported) score.
 */
function CardRating({ business }: { business: CardBusiness }) {
  const { _ } = useLingui();
  const root = useRouteLoaderData("root") as RootConfig | undefined;
  const min = root?.config?.ownRatingMinReviews ?? 5;
  const own = business.ownReviews;
  if (own && own.average !== null && own.count >= min) {
    return (
      <p className="flex flex-wrap items-center gap-1.5 text-sm">
        <span className="text-slate-700">{_("reviews.ownLabel", { siteName: root?.config?.siteName ?? "LocalAtlas" })}</span>
        <Stars rating={own.average} reviewCount={own.count} />
      </p>
    );
  }
  if (business.rating > 0) return <Stars rating={business.rating} reviewCount={business.reviewCount} />;
  return <p className="text-sm text-slate-600">{_("reviews.noReviewsYet")}</p>;
}

export type CardBusiness = Pick<
  Business,
  | "id"
  | "placeId"
  | "slug"
  | "name"
  | "category"
  | "group"
  | "description"
  | "address"
  | "city"
  | "state"
  | "country"
  | "phone"
  | "rating"
  | "reviewCount"
  | "openStatus"
  | "isVerified"
  | "photos"
> & {
  /** The rating written here (count, average): shown instead of the imported one from OWN_RATING_MIN_REVIEWS reviews. */
  ownReviews: { count: number; average: number | null };
  /** From the search's point (near me, or the location's centre), when it has one. */
  distanceKm?: number;
  /** `phone` is as the business's country writes it; this is its tel: address, null when it is not to be called (phone.ts). */
  phoneHref: string | null;
};

const CARD_KEYS = [
  "id",
  "placeId",
  "slug",
  "name",
  "category",
  "group",
  "description",
  "address",
  "city",
  "state",
  "country",
  "phone",
  "rating",
  "reviewCount",
  "openStatus",
  "isVerified",
  "photos",
] as const satisfies ReadonlyArray<keyof CardBusiness>;

/**
 * Only what a card shows travels to the browser (loader data is serialized into the page), in the
 * page's locale: the category's label from the server's catalog (labelOf).
 */
export function toCard(b: Business & { distanceKm?: number }, locale: string): CardBusiness {
  const out = {} as Record<string, unknown>;
  for (const k of CARD_KEYS) out[k] = b[k];
  out.category = labelOf(locale, "category", b.category);
  out.photos = b.photos.slice(0, 1);
  out.ownReviews = { count: b.ownReviews.count, average: b.ownReviews.average };
  if (b.distanceKm !== undefined) out.distanceKm = b.distanceKm;
  const phone = phoneView(b.phone, b.countryCode || b.country);
  out.phone = phone?.display ?? null;
  // Closed for good: the number is a fact, not an invitation to call.
  out.phoneHref = b.openStatus.state === "closed-permanently" ? null : (phone?.href ?? null);
  return out as CardBusiness;
}

/** Phones list cards as rows, so a screen shows more than one (app.css: .card-picture). */
const PICTURE = "card-picture";

/** Class strings made once, not per card. */
const VIEW_DETAILS = buttonVariants({ variant: "outline", size: "sm" });

/** Columns that fill their rows: 6 cards in 1/2/3, 20 (a full page) in 1/2/4. */
export function CardGrid({ columns, children, className }: { columns: 3 | 4; children: React.ReactNode; className?: string }) {
  return <div className={cn("grid gap-5 sm:grid-cols-2", columns === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3", className)}>{children}</div>;
}

/**
 * The one listing card (SPEC §2 "Business card"), on home, /businesses, city, category and search:
 * photo or category image, category, verified mark, name, stars, open status, address, phone.
 * The name's link covers the whole card (a bigger target on phones); the phone link sits above it.
 * The city page adds its 'View Details' button and links by its own rule (SPEC §2 City page).
 * In the page's locale: its words, its numbers, its link (`href` is a site path, "/details/…").
 * The address shows once (addressLine): the stored one, and only the places it does not name.
 */
export function BusinessCard({
  business,
  headingLevel = 2,
  href = detailPath(business),
  viewDetails = false,
  descriptionLines = 2,
  position = Infinity,
  onMap = false,
  distanceUnit = "km",
  featured = false,
}: {
  business: CardBusiness;
  headingLevel?: 2 | 3;
  href?: string;
  viewDetails?: boolean;
  descriptionLines?: 2 | 3;
  /** The card's place in its list (0-based): the first row's pictures load at once, the first one first. */
  position?: number;
  /** The page's map has a marker for it (map-panel.tsx): the marker finds, marks and scrolls to this card. */
  onMap?: boolean;
  /** The unit of the card's distance: the place searched's (distanceUnitOf). */
  distanceUnit?: DistanceUnit;
  /** A paid placement (featured.server.ts): labelled "Featured · Paid placement" and framed apart from the list. */
  featured?: boolean;
}) {
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  const H = headingLevel === 2 ? "h2" : "h3";
  const where = addressLine(business);
  return (
    <article
      className={featured ? "group card ring-2 ring-amber-400" : "group card"}
      data-map-card={onMap ? business.id : undefined}
      data-featured={featured ? "" : undefined}
    >
      {business.photos.length ? (
        <BusinessImage
          photos={business.photos}
          group={business.group}
          alt=""
          width={400}
          height={250}
          eager={position < 4}
          priority={position === 0}
          className={PICTURE}
        />
      ) : (
        <CategoryTile group={business.group} category={business.category} className={PICTURE} />
      )}
      <div className="card-body">
        {featured ? (
          <p className="text-xs font-semibold uppercase tracking-wide text-amber-900">
            {_("featured.label")} · <span className="normal-case">{_("featured.paid")}</span>
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="brand">{business.category}</Badge>
          {business.isVerified ? <VerifiedBadge /> : null}
        </div>
        <H className="card-title">
          <Link to={lp(href)} className="card-link">
            {business.name}
          </Link>
        </H>
        <CardRating business={business} />
        <OpenStatusLine status={business.openStatus} />
        {where ? <p className="text-sm text-slate-600">{where}</p> : null}
        {business.distanceKm !== undefined ? (
          <p className="text-sm font-medium text-slate-700">
            {_("card.away", { distance: formatDistance(business.distanceKm, i18n.locale, distanceUnit) })}
          </p>
        ) : null}
        {business.description ? (
          <p
            className={
              descriptionLines === 3 ? "line-clamp-2 text-sm text-slate-600 sm:line-clamp-3" : "line-clamp-2 text-sm text-slate-600"
            }
          >
            {business.description}
          </p>
        ) : null}
        {business.phone || viewDetails ? (
          <div className="card-footer">
            {!business.phone ? (
              <span />
            ) : business.phoneHref ? (
              <PhoneLink phone={business.phone} href={business.phoneHref} className="relative z-10 text-sm" />
            ) : (
              <span className="text-sm text-slate-600" dir="ltr">
                {business.phone}
              </span>
            )}
            {viewDetails ? (
              // Looks like a button; the card's link is what a click reaches (one link per card).
              <span className={VIEW_DETAILS} aria-hidden="true">
                {_("card.viewDetails")}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
