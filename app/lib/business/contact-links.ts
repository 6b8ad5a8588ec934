/**
 * The links a business page offers for the facts it holds (and only those): its website, directions and
 * its phone. Pure: no runtime imports.
 */
import { joinParts } from "#app/lib/format";

/** The business's own website, only as an http(s) address: anything else is no link at all. */
export function websiteHref(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    const url = new URL(website.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The website as a visitor reads it: host and path, without the scheme, "www." or a trailing slash. */
export function websiteLabel(href: string): string {
  const url = new URL(href);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return `${url.host.replace(/^www\./, "")}${path}`;
}

const MAPS_SEARCH = "https://www.google.com/maps/search/?api=1&query=";

/**
 * Directions: the stored Google Maps link (Outscraper's location_link), else a maps search for the
 * coordinates, else for the address; null when there is nothing to point a map at.
 */
export function directionsHref(business: {
  locationLink: string | null;
  latitude: number | null;
  longitude: number | null;
  name: string;
  address: string;
  city: string;
  state: string;
  country: string;
}): string | null {
  const stored = websiteHref(business.locationLink);
  if (stored) return stored;
  if (business.latitude != null && business.longitude != null) return `${MAPS_SEARCH}${business.latitude}%2C${business.longitude}`;
  const place = business.address || joinParts([business.city, business.state, business.country]);
  return place ? `${MAPS_SEARCH}${encodeURIComponent(joinParts([business.name, place]))}` : null;
}

/** tel: address of a phone text ("(503) 555-0199" → "tel:5035550199"); null when it holds no digits. */
export function telHref(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/[^\d+]/g, "");
  return /\d/.test(digits) ? `tel:${digits}` : null;
}
