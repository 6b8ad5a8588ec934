import { Link } from "react-router";
import type { Business } from "#app/lib/business/business";
import { formatDistance, joinParts, type DistanceUnit } from "#app/lib/format";
import { detailPath } from "#app/lib/business/slug";
import { BusinessImage, CategoryTile } from "#app/components/business-image";
import { OpenStatusLine } from "#app/components/open-status";
import { buttonVariants } from "#app/components/ui/button";
import { Badge, VerifiedBadge } from "#app/components/ui/badge";
import { cn } from "#app/components/ui/cn";
import { PhoneLink } from "#app/components/ui/phone-link";
import { labelOf } from "#app/lib/i18n/labels";
import { Stars } from "#app/components/ui/stars";

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
  /** From the search's point (near me, or the location's centre), when it has one. */
  distanceKm?: number;
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
  if (b.distanceKm !== undefined) out.distanceKm = b.distanceKm;
  return out as CardBusiness;
}

/**
 * One line for where the business is: its address, then the places the address does not name. An
 * address that names its city names its state too ("12 Main St, Chicago, IL 60601"), so only the
 * country is added; a bare street gets city, state and country. Either way state and country show,
 * so same-named cities (which share one /city/{name} page) can be told apart, without "Chicago" twice on a card.
 */
function whereLine({ address, city, state, country }: Pick<CardBusiness, "address" | "city" | "state" | "country">): string {
  const known = address.toLowerCase();
  const names = (part: string) => part !== "" && known.includes(part.toLowerCase());
  const extra = names(city) ? [country] : [city, state, country];
  return joinParts([address, ...extra.filter((part) => !names(part))]);
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
  /** The unit of the place searched (search's loader): miles around a US or UK point, km elsewhere. */
  distanceUnit?: DistanceUnit;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const where = whereLine(business);
  return (
    <article className="group card" data-map-card={onMap ? business.id : undefined}>
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
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="brand">{business.category}</Badge>
          {business.isVerified ? <VerifiedBadge /> : null}
        </div>
        <H className="card-title">
          <Link to={href} className="card-link">
            {business.name}
          </Link>
        </H>
        <Stars rating={business.rating} reviewCount={business.reviewCount} />
        <OpenStatusLine status={business.openStatus} />
        {where ? <p className="text-sm text-slate-600">{where}</p> : null}
        {business.distanceKm !== undefined ? (
          <p className="text-sm font-medium text-slate-700">{`${formatDistance(business.distanceKm, undefined, distanceUnit)} away`}</p>
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
            ) : business.openStatus.state === "closed-permanently" ? (
              // Closed for good: the number is a fact, not an invitation to call.
              <span className="text-sm text-slate-600">{business.phone}</span>
            ) : (
              <PhoneLink phone={business.phone} className="relative z-10 text-sm" />
            )}
            {viewDetails ? (
              // Looks like a button; the card's link is what a click reaches (one link per card).
              <span className={VIEW_DETAILS} aria-hidden="true">
                View Details
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
