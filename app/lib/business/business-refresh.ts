/**
 * What an import in update mode changes in a business it already lists
 * (docs/decisions/0018-reimport-update.md): the facts a scrape refreshes — rating, review count and
 * histogram, opening hours, business status, photos, website and phone — never a field the admin
 * edited by hand, and never to blank (a scrape misses fields more often than a business drops them).
 * Pure: the writer (business-writer.server.ts) reads the stored rows and writes what this returns.
 */
import { filterTermsOf } from "#app/lib/business/attributes";
import { recommendedScore, type About, type PreparedBusiness } from "#app/lib/business/business";
import { parseOpeningHoursJson } from "#app/lib/business/hours";

/** The columns an update-mode import may write, besides the two it derives (score from rating and reviews, is_open from the status). */
export const REFRESHED_COLUMNS = [
  "rating",
  "review_count",
  "reviews_per_score",
  "opening_hours",
  "business_status",
  "photos",
  "website",
  "phone",
] as const;

/** What the writer reads of a stored business to refresh it (SQL names, JSON columns as text). */
export type RefreshableRow = {
  id: number;
  place_id: string;
  rating: number;
  review_count: number;
  reviews_per_score: string | null;
  score: number;
  opening_hours: string | null;
  business_status: string | null;
  is_open: number;
  photos: string;
  website: string | null;
  phone: string | null;
  edited_fields: string;
  /** Read for the filter terms, which follow the hours (attributes.ts); never written by a refresh. */
  about: string | null;
  filter_terms: string | null;
};

/** A stored business's new values (all of RefreshableRow's, changed or not), and whether its list position may move. */
/** `retermed`: the new hours change the filter terms (attributes.ts), which the writer then sets. */
export type Refresh = Omit<RefreshableRow, "place_id" | "about"> & { ranked: boolean; phoneChanged: boolean; retermed: boolean };

/** The columns an admin edited, from the stored JSON array (unreadable: none, so nothing is kept by mistake forever). */
function editedColumns(text: string): Set<string> {
  try {
    const parsed: unknown = JSON.parse(text);
    return new Set(Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : []);
  } catch {
    return new Set();
  }
}

function parseAbout(text: string | null): About | null {
  try {
    return text ? (JSON.parse(text) as About) : null;
  } catch {
    return null;
  }
}

/** JSON text in one spelling, so stored text and a new value compare by content. */
function canonical(text: string | null): string | null {
  if (text === null) return null;
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/**
 * The refreshed values of `stored` from a file's row, or null when the row changes nothing (then
 * nothing is written and the row counts as a duplicate skipped).
 */
export function refreshOf(stored: RefreshableRow, row: PreparedBusiness): Refresh | null {
  const edited = editedColumns(stored.edited_fields);
  const free = (column: (typeof REFRESHED_COLUMNS)[number]) => !edited.has(column);
  const next: Refresh = { ...stored, ranked: false, phoneChanged: false, retermed: false };
  // A rating and a review count of 0 is how a sheet says "no reviews known": not a refresh to zero.
  const reviewsKnown = row.rating > 0 || row.review_count > 0;
  if (reviewsKnown && free("rating")) next.rating = row.rating;
  if (reviewsKnown && free("review_count")) next.review_count = row.review_count;
  // The histogram belongs to the rating and count: kept when the admin set either by hand.
  if (row.reviews_per_score && free("rating") && free("review_count") && free("reviews_per_score"))
    next.reviews_per_score = JSON.stringify(row.reviews_per_score);
  if (row.opening_hours && free("opening_hours")) next.opening_hours = JSON.stringify(row.opening_hours);
  if (row.business_status && free("business_status")) {
    next.business_status = row.business_status;
    next.is_open = row.is_open ? 1 : 0;
  }
  if (row.photos.length && free("photos")) next.photos = JSON.stringify(row.photos);
  if (row.website && free("website")) next.website = row.website;
  if (row.phone && free("phone")) next.phone = row.phone;

  // The filter terms follow the hours ("open late", the weekly slots): the stored about with the new hours.
  if (next.opening_hours !== stored.opening_hours) {
    const terms = filterTermsOf(parseAbout(stored.about), parseOpeningHoursJson(next.opening_hours));
    next.filter_terms = terms ? JSON.stringify(terms) : null;
    next.retermed = canonical(next.filter_terms) !== canonical(stored.filter_terms);
  }
  next.ranked = next.rating !== stored.rating || next.review_count !== stored.review_count;
  next.phoneChanged = next.phone !== stored.phone;
  if (next.ranked) next.score = recommendedScore(next.rating, next.review_count);
  const same =
    !next.ranked &&
    canonical(next.reviews_per_score) === canonical(stored.reviews_per_score) &&
    canonical(next.opening_hours) === canonical(stored.opening_hours) &&
    next.business_status === stored.business_status &&
    next.is_open === stored.is_open &&
    canonical(next.photos) === canonical(stored.photos) &&
    next.website === stored.website &&
    next.phone === stored.phone;
  return same ? null : next;
}
