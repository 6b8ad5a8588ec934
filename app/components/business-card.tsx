import { Link } from "react-router";
import type { Business } from "~/lib/business";
import { joinParts } from "~/lib/format";
import { cityDetailPath, detailPath } from "~/lib/slug";
import { BusinessImage } from "./business-image";
import { Stars } from "./stars";

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
  | "isOpen"
  | "isVerified"
  | "photos"
>;

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
  "isOpen",
  "isVerified",
  "photos",
] as const satisfies ReadonlyArray<keyof CardBusiness>;

/** Only what a card shows travels to the browser (loader data is serialized into the page). */
export function toCard(b: Business): CardBusiness {
  const out = {} as Record<string, unknown>;
  for (const k of CARD_KEYS) out[k] = b[k];
  out.photos = b.photos.slice(0, 1);
  return out as CardBusiness;
}

/** Listing card shared by the home, category and all-businesses pages (SPEC §2 "Business card"). */
export function BusinessCard({ business, headingLevel = 3 }: { business: CardBusiness; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const href = detailPath(business);
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <BusinessImage
        photos={business.photos}
        group={business.group}
        alt=""
        width={400}
        height={225}
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <H className="text-lg font-semibold leading-snug">
            <Link to={href} className="hover:text-blue-700 hover:underline">
              {business.name}
            </Link>
          </H>
          {business.isVerified ? (
            <span className="shrink-0 text-emerald-700" title="Verified">
              <svg viewBox="0 0 20 20" className="h-5 w-5 fill-current" aria-hidden="true">
                <path d="M10 1l2.4 1.8 3-.1.9 2.8 2.4 1.8-.9 2.8.9 2.8-2.4 1.8-.9 2.8-3-.1L10 19l-2.4-1.8-3 .1-.9-2.8L1.3 12.7l.9-2.8-.9-2.8 2.4-1.8.9-2.8 3 .1zm-1.2 12.3l5.3-5.3-1.2-1.2-4.1 4.1-1.9-1.9-1.2 1.2z" />
              </svg>
              <span className="sr-only">Verified</span>
            </span>
          ) : null}
        </div>
        <p className="text-sm text-slate-600">{joinParts([business.city, business.state, business.country])}</p>
        {business.address ? <p className="text-sm text-slate-700">{business.address}</p> : null}
        {business.phone ? <p className="text-sm text-slate-700">{business.phone}</p> : null}
        <Stars rating={business.rating} reviewCount={business.reviewCount} />
        {business.description ? <p className="line-clamp-3 text-sm text-slate-600">{business.description}</p> : null}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <span className="rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-800">{business.category}</span>
          <OpenState isOpen={business.isOpen} />
        </div>
      </div>
    </article>
  );
}

export function OpenState({ isOpen }: { isOpen: boolean }) {
  return isOpen ? (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium text-emerald-800">
      <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" />
      Open Now
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium text-red-800">
      <span className="h-2 w-2 rounded-full bg-red-500" aria-hidden="true" />
      Closed
    </span>
  );
}

/** City page card (SPEC §2 City page): verified badge, Open/Closed pill, 2-line description, View Details. */
export function CityBusinessCard({ business }: { business: CardBusiness }) {
  const href = cityDetailPath(business);
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-semibold leading-snug">{business.name}</h2>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${business.isOpen ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
        >
          {business.isOpen ? "Open" : "Closed"}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <span className="rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-800">{business.category}</span>
        {business.isVerified ? (
          <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800">Verified</span>
        ) : null}
      </div>
      <Stars rating={business.rating} reviewCount={business.reviewCount} />
      {business.address ? <p className="text-sm text-slate-700">{business.address}</p> : null}
      <p className="text-sm text-slate-600">{joinParts([business.city, business.state, business.country])}</p>
      {business.phone ? <p className="text-sm text-slate-700">{business.phone}</p> : null}
      {business.description ? <p className="line-clamp-2 text-sm text-slate-600">{business.description}</p> : null}
      <Link
        to={href}
        className="mt-auto inline-flex justify-center rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
      >
        View Details<span className="sr-only"> for {business.name}</span>
      </Link>
    </article>
  );
}
