/**
 * The business as callers see it (SPEC §3 names), the write-side input, the pure derivations the write module
 * applies (slugs, group, score, country), and the mappings from a stored row (db/schema.ts) to the API and back.
 */
import { z } from "zod";
import type { BusinessInputColumn, BusinessRow, businesses, SqlRow } from "#db/schema";
import { filterTermsOf } from "#app/lib/business/attributes";
import { groupForCategory } from "#app/lib/business/category-groups";
import { normalizeCountry } from "#app/lib/business/countries";
import { isOpenAt, parseOpeningHoursJson, type OpeningHours } from "#app/lib/business/hours";
import { isClosedStatus, openStatus, type OpenStatus } from "#app/lib/business/open-status";
import { memoized } from "#app/lib/memo";
import { baseSlug, slugify } from "#app/lib/business/slug";
import { effectiveTimeZone } from "#app/lib/business/time-zones";
import { cleanLine, cleanMultiline, isLink } from "#app/lib/business/untrusted-text";
import { parseFactSources, type Fact, type FactSourceKind } from "#app/lib/business/provenance";
import type { SpecialHours } from "#app/lib/business/special-hours";
import { parseSpecialHours } from "#app/lib/business/special-hours-schema";

/**
 * Columns the write path sets on its own, never from an input (db/schema.ts WRITER_OWN_COLUMNS), that
 * the API shows parsed (Business below) rather than as stored: the facts' sources, special hours, the
 * claim, featuring, the import date, and the own rating from reviews written here (`ownReviews`).
 */
const SHOWN_PARSED_COLUMNS = [
  "factSources",
  "specialHours",
  "claimedAt",
  "featuredUntil",
  "refreshedAt",
  // Shown as `ownReviews` (the own rating from reviews written here).
  "ownReviewCount",
  "ownRatingSum",
  "ownStars1",
  "ownStars2",
  "ownStars3",
  "ownStars4",
  "ownStars5",
  "firstReviewAt",
] as const;

/** Columns the API does not show: derived for indexes and search (the group slug shows as `group`), the import. */
const HIDDEN_COLUMNS = [
  "groupSlug",
  "keywords",
  "citySlug",
  "stateCode",
  "score",
  "facets",
  "geoCell",
  "geoTerms",
  "nearFacets",
  "filterTerms",
  "importId",
  "editedFields",
  "indexFacts",
  ...SHOWN_PARSED_COLUMNS,
] as const;
/**
 * Hidden columns a read of a business for a page or an answer leaves out: SQLite computes the
 * virtual ones (facets, geo cell and terms, near facets) for every row read, and the search words
 * are the longest text of a row (docs/perf/http.md).
 */
export const UNREAD_COLUMNS = ["facets", "geoCell", "geoTerms", "nearFacets", "keywords"] as const;
/** A business row as the pages read it: what toBusiness needs. */
export type StoredBusiness = Omit<BusinessRow, (typeof UNREAD_COLUMNS)[number]>;
/** Columns stored as JSON text. */
type JsonColumn = "photos" | "openingHours" | "about" | "reviewsPerScore";

/**
 * The business as callers see it (SPEC §3 names): its stored row without the hidden columns, with
 * the JSON columns parsed, dates as ISO text and `group` for the group slug.
 */
export type Business = Omit<BusinessRow, (typeof HIDDEN_COLUMNS)[number] | JsonColumn | "createdAt" | "updatedAt"> & {
  group: string;
  photos: string[];
  openingHours: OpeningHours | null;
  about: About | null;
  /** Review counts per star, 1★ to 5★; null when the source did not say. */
  reviewsPerScore: number[] | null;
  /** What the page says about being open now (app/lib/business/open-status.ts). */
  openStatus: OpenStatus;
  createdAt: string;
  updatedAt: string;
  /** Holidays and one-off closures (app/lib/business/special-hours.ts), by first day. */
  specialHours: SpecialHours;
  /** Who set each fact that did not come from the import, and when (ISO); docs/people.md. */
  factSources: Partial<Record<Fact, { by: FactSourceKind; at: string }>>;
  /** When the imported facts were last updated: the last update-mode import that changed them, or the first import. */
  importedAt: string;
  /** A verified owner claimed the business ("Claimed"), and since when (ISO); null when not. */
  claimed: boolean;
  claimedAt: string | null;
  /** A paid placement running now (labelled "Featured" where it shows). */
  featured: boolean;
  /**
   * The own rating, from the reviews written here (docs/reviews.md), never mixed with `rating` (the
   * imported one): how many are published, their average (null without any), the count per star
   * (1★ to 5★), and when the first was published (ISO; null without any).
   */
  ownReviews: { count: number; average: number | null; histogram: number[]; since: string | null };
};

/*
 * Every text field is cleaned here, for every writer (import, admin edit, seed): control characters
 * and lone surrogates never reach the database, so no page, meta tag, JSON-LD, sitemap or export
 * can show them (untrusted-text.ts says why). One-line fields turn tabs and line breaks into
 * spaces; only the fields the edit form shows as a textarea (description, SEO description,
 * detailed information) keep them. Cleaning runs before trimming, so " \u0000 " is empty.
 */
const line = () => z.string().overwrite(cleanLine).trim();
const multiline = () => z.string().overwrite(cleanMultiline).trim();

const emptyToNull = (v: string) => (v === "" ? null : v);
const optionalLine = line().transform(emptyToNull).nullable().optional();
const optionalMultiline = multiline().transform(emptyToNull).nullable().optional();

/**
 * A link field (website, Google Maps link, canonical URL) holds a web address or nothing: anything
 * else ("javascript:…", "www.example.com") is dropped, not refused. The edit form refuses such a
 * value with a message before it gets here (isLink is its check too), so what gets dropped comes
 * from an import (or is a stored value the form does not show, like an old map link): a scraped
 * sheet's odd website should not cost the business its listing.
 */
const optionalLink = (allowPath: boolean) =>
  line()
    .transform((v) => (v !== "" && isLink(v, allowPath) ? v : null))
    .nullable()
    .optional();

/** Photos: web addresses or site paths, as the edit form allows; the others (blank ones too) are dropped like a bad website. */
export const keepPhotoLinks = (photos: string[]) => photos.filter((p) => isLink(p, true));

export type About = Record<string, Record<string, boolean>>;

/** Plain object whose values pass `ok`. */
function isRecordOf(value: unknown, ok: (v: unknown) => boolean): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  for (const key in value) if (!ok((value as Record<string, unknown>)[key])) return false;
  return true;
}

/**
 * Outscraper's feature groups ({"Service options": {"Dine-in": true}}). Checked by hand rather than
 * with nested z.record: an import validates 50,000 of these, and zod's generic record parse copied
 * every group (measured 425 ms of 746 ms for 50,000 inputs with 8 groups of 5 features).
 */
export const isAbout = (v: unknown): v is About => isRecordOf(v, (group) => isRecordOf(group, (f) => typeof f === "boolean"));

/**
 * Feature names are shown on the business page, so they are cleaned like any line. Copies only
 * when a name changed: nearly every import row's about is clean.
 */
export function cleanAbout(about: About): About {
  let clean = true;
  for (const group in about) {
    if (cleanLine(group) !== group) clean = false;
    for (const feature in about[group]) if (cleanLine(feature) !== feature) clean = false;
  }
  if (clean) return about;
  const out: About = {};
  for (const group in about) {
    const groupName = cleanLine(group).trim();
    if (!groupName) continue;
    const features: Record<string, boolean> = (out[groupName] ??= {});
    for (const feature in about[group]) {
      const name = cleanLine(feature).trim();
      if (name) features[name] = about[group][feature];
    }
  }
  return out;
}

const aboutSchema = z
  .custom<About>(isAbout, {
    message: "about must map feature groups to features that are true or false",
  })
  .transform(cleanAbout);

/** What the write module accepts: from the seed, an import row, or the admin edit form. */
export const businessInputSchema = z.object({
  placeId: optionalLine,
  name: line().min(1, "Name is required").max(300),
  category: line().max(200).default(""),
  subtypes: line().max(1000).default(""),
  description: optionalMultiline,
  address: line().max(500).default(""),
  city: line().max(200).default(""),
  state: line().max(200).default(""),
  stateCode: line().max(10).default(""),
  zipCode: line().max(30).default(""),
  country: line().max(200).default(""),
  countryCode: line().max(2).default(""),
  phone: optionalLine,
  email: optionalLine,
  website: optionalLink(false),
  rating: z.number().min(0).max(5).default(0),
  reviewCount: z.number().int().min(0).default(0),
  /** Review counts per star, 1★ to 5★ (Outscraper's reviews_per_score_1..5). */
  reviewsPerScore: z.array(z.number().int().min(0)).length(5).nullable().optional(),
  isOpen: z.boolean().default(true),
  isVerified: z.boolean().default(false),
  photos: z.array(line()).max(50).default([]).transform(keepPhotoLinks),
  // Hours values are shown as they are (not trimmed), only cleaned; keys are weekdays.
  openingHours: z.record(z.string(), z.string().overwrite(cleanLine)).nullable().optional(),
  about: aboutSchema.nullable().optional(),
  timeZone: optionalLine,
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  locationLink: optionalLink(false),
  businessStatus: optionalLine,
  seoTitle: optionalLine,
  seoDescription: optionalMultiline,
  canonicalUrl: optionalLink(true),
  uniqueContent: optionalMultiline,
  /** Unix seconds; defaults to now. The seed sets it so "latest" is deterministic. */
  createdAt: z.number().int().optional(),
});

export type BusinessInput = z.input<typeof businessInputSchema>;
export type ValidBusinessInput = z.output<typeof businessInputSchema>;

/** Review count that weighs as much as the prior in the recommended score. */
const PRIOR_REVIEWS = 10;
const PRIOR_RATING = 3.5;

/** "Best by rating weighted by review count": a Bayesian average pulled toward 3.5 for few reviews. */
export function recommendedScore(rating: number, reviewCount: number): number {
  if (!(rating > 0)) return 0;
  const n = Math.max(0, reviewCount);
  return Math.round(((rating * n + PRIOR_RATING * PRIOR_REVIEWS) / (n + PRIOR_REVIEWS)) * 1e6) / 1e6;
}

/** Columns of a PreparedBusiness stored as JSON text. */
export const JSON_COLUMNS = new Set<BusinessInputColumn>(["photos", "opening_hours", "about", "reviews_per_score", "filter_terms"]);

/**
 * Column values of a businesses row (BUSINESS_INPUT_COLUMNS, by SQL name), derived from a validated
 * input, and the base its slug is made from (the slug is the writer's job). The JSON columns stay
 * structured here: the writer sends them inside its JSON rows, unescaped.
 */
export type PreparedBusiness = Omit<
  Pick<SqlRow<typeof businesses>, BusinessInputColumn>,
  "photos" | "opening_hours" | "about" | "reviews_per_score" | "filter_terms"
> & {
  base_slug: string;
  photos: string[];
  opening_hours: Record<string, string> | null;
  about: About | null;
  reviews_per_score: number[] | null;
  /** The filter tokens (attributes.ts), derived from about and the weekly hours. */
  filter_terms: string[] | null;
  created_at: number | null;
};

const groupOf = memoized((category: string, subtypes: string) => groupForCategory(category, subtypes));
const countryOf = memoized((name: string, code: string) => normalizeCountry(name, code));
const placeSlug = memoized((text: string) => slugify(text));

export function prepareBusiness(input: ValidBusinessInput): PreparedBusiness {
  const group = groupOf(input.category, input.subtypes);
  const country = countryOf(input.country, input.countryCode);
  const rating = Math.round(input.rating * 10) / 10;
  return {
    place_id: input.placeId ?? null,
    base_slug: baseSlug(input),
    name: input.name,
    category: input.category,
    category_slug: placeSlug(input.category),
    group_slug: group.slug,
    subtypes: input.subtypes,
    keywords: `${group.name} ${group.keywords}`,
    description: input.description ?? null,
    address: input.address,
    city: input.city,
    city_slug: placeSlug(input.city),
    state: input.state,
    state_code: input.stateCode.toUpperCase(),
    zip_code: input.zipCode,
    country: country.name,
    country_code: country.code,
    phone: input.phone ?? null,
    email: input.email ?? null,
    website: input.website ?? null,
    rating,
    review_count: input.reviewCount,
    reviews_per_score: input.reviewsPerScore ?? null,
    score: recommendedScore(rating, input.reviewCount),
    is_open: input.isOpen,
    is_verified: input.isVerified,
    photos: input.photos,
    opening_hours: input.openingHours && Object.keys(input.openingHours).length ? input.openingHours : null,
    about: input.about && Object.keys(input.about).length ? input.about : null,
    filter_terms: filterTermsOf(input.about, input.openingHours),
    time_zone: input.timeZone ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    location_link: input.locationLink ?? null,
    business_status: input.businessStatus ?? null,
    seo_title: input.seoTitle ?? null,
    seo_description: input.seoDescription ?? null,
    canonical_url: input.canonicalUrl ?? null,
    unique_content: input.uniqueContent ?? null,
    created_at: input.createdAt ?? null,
  };
}

/** JSON text from a row, or the fallback when missing or malformed. */
export function parseJson<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

type OpenNowFields = Pick<BusinessRow, "openingHours" | "timeZone" | "businessStatus" | "countryCode" | "stateCode" | "state"> & {
  specialHours?: string | null;
};

/**
 * Open at `now`: only from the hours in the business's own time zone (its stored one, else the one
 * its country or state implies); false when there are no hours, they do not say, or the zone is
 * unknown (never the stored is_open flag, never the default schedule), and never when Google says it closed.
 * What the API's isOpen says and the search's openNow filter keeps; special hours decide on their dates.
 */
export function isOpenNow(row: OpenNowFields, now: Date, openingHours = parseOpeningHoursJson(row.openingHours)): boolean {
  if (isClosedStatus(row.businessStatus)) return false;
  const timeZone = effectiveTimeZone(row);
  if (!timeZone) return false;
  // Special hours (holidays, one-off hours) decide on their dates, as the status line does.
  if (row.specialHours) {
    const specialHours = parseSpecialHours(row.specialHours);
    return openStatus({ openingHours, timeZone, businessStatus: row.businessStatus, specialHours }, now).state === "open";
  }
  return isOpenAt(openingHours, now, timeZone) ?? false;
}

const isoDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

export function omit<T extends object, K extends PropertyKey>(row: T, keys: readonly K[]): Omit<T, K> {
  const out = { ...row } as Record<PropertyKey, unknown>;
  for (const key of keys) delete out[key];
  return out as Omit<T, K>;
}

/**
 * Row → API object (the one mapper). isOpen is true only when the status line says open: from real
 * hours in the business's time zone, false without hours (the default schedule never counts).
 */
export function toBusiness(row: StoredBusiness, now: Date = new Date()): Business {
  const openingHours = parseOpeningHoursJson(row.openingHours);
  const specialHours = parseSpecialHours(row.specialHours);
  const status = openStatus({ openingHours, timeZone: effectiveTimeZone(row), businessStatus: row.businessStatus, specialHours }, now);
  return {
    ...omit(row, HIDDEN_COLUMNS),
    group: row.groupSlug,
    isOpen: status.state === "open",
    openStatus: status,
    photos: parseJson<string[]>(row.photos, []),
    openingHours,
    about: parseJson<About | null>(row.about, null),
    reviewsPerScore: parseReviewsPerScore(row.reviewsPerScore),
    createdAt: isoDate(row.createdAt),
    updatedAt: isoDate(row.updatedAt),
    specialHours,
    factSources: Object.fromEntries(
      Object.entries(parseFactSources(row.factSources)).map(([fact, source]) => [fact, { by: source.by, at: isoDate(source.at) }]),
    ),
    importedAt: isoDate(row.refreshedAt ?? row.createdAt),
    claimed: row.claimedAt !== null,
    claimedAt: row.claimedAt === null ? null : isoDate(row.claimedAt),
    featured: row.featuredUntil !== null && row.featuredUntil * 1000 > now.getTime(),
    ownReviews: ownReviewsOf(row),
  };
}

/** The own rating's API shape from its summary columns (the average to one decimal, as `rating`). */
function ownReviewsOf(row: StoredBusiness): Business["ownReviews"] {
  const count = row.ownReviewCount;
  return {
    count,
    average: count > 0 ? Math.round((row.ownRatingSum / count) * 10) / 10 : null,
    histogram: [row.ownStars1, row.ownStars2, row.ownStars3, row.ownStars4, row.ownStars5],
    since: row.firstReviewAt === null ? null : isoDate(row.firstReviewAt),
  };
}

/** Rows of one answer → API objects, all read against the same clock. */
export function toBusinesses(rows: StoredBusiness[], now: Date = new Date()): Business[] {
  return rows.map((row) => toBusiness(row, now));
}

/** Columns the write module derives from an input (slugs, group, search words, score, facets). */
const DERIVED_COLUMNS = ["categorySlug", "groupSlug", "keywords", "citySlug", "score", "facets"] as const;

/** The stored row as a write input, so an edit keeps every field the form does not show. */
export function rowToInput(row: BusinessRow): BusinessInput {
  return {
    ...omit(row, [
      ...DERIVED_COLUMNS,
      "id",
      "slug",
      "importId",
      "createdAt",
      "updatedAt",
      "editedFields",
      ...SHOWN_PARSED_COLUMNS,
    ] as const),
    photos: parseJson<string[]>(row.photos, []),
    openingHours: parseJson<Record<string, string> | null>(row.openingHours, null),
    about: parseJson<About | null>(row.about, null),
    reviewsPerScore: parseReviewsPerScore(row.reviewsPerScore),
  };
}

/** The stored histogram (1★ to 5★), or null when missing or not five counts. */
export function parseReviewsPerScore(text: string | null): number[] | null {
  const counts = parseJson<unknown>(text, null);
  return Array.isArray(counts) && counts.length === 5 && counts.every((n) => Number.isInteger(n) && n >= 0) ? (counts as number[]) : null;
}

/** 'Customer Favorite' only for a high rating from enough reviewers to mean it (rating ≥ 4.5, ≥ 10 reviews). */
const FAVORITE_MIN_RATING = 4.5;
const FAVORITE_MIN_REVIEWS = 10;

export function isCustomerFavorite(business: { rating: number; reviewCount: number }): boolean {
  return business.rating >= FAVORITE_MIN_RATING && business.reviewCount >= FAVORITE_MIN_REVIEWS;
}

export type HistogramRow = { stars: number; count: number; percent: number };

/** The review histogram as rows from 5★ down to 1★, each with its whole-number share; null without counts. */
export function reviewHistogram(counts: number[] | null): HistogramRow[] | null {
  if (!counts) return null;
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = counts[stars - 1];
    return { stars, count, percent: Math.round((count / total) * 100) };
  });
}
