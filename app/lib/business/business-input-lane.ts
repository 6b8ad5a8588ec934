/**
 * The business input's fast lane: businessInputSchema's rules applied by hand, for the import, which
 * validates 50,000 rows at a time. Workers forbid code generation, so zod runs there without its
 * compiled fast path: 1.9-2.8 s per 50,000 rows against 0.4-0.7 s for this lane, 10-20 % of a whole
 * import (docs/perf/import.md, ADR 0008). Whenever the lane is unsure it hands the input to zod, so
 * the outcome and every error message are zod's own; test/unit/business-input.test.ts holds the two
 * equal and checks that the lane reads every field of the schema.
 */
import {
  type BusinessInput,
  businessInputSchema,
  cleanAbout,
  isAbout,
  keepPhotoLinks,
  type ValidBusinessInput,
} from "#app/lib/business/business";
import { cleanLine, cleanMultiline, isLink } from "#app/lib/business/untrusted-text";

/**
 * Whether the lane is still sure its result is the one zod would give. A value it cannot judge
 * exactly as zod does (a wrong type, a length or range zod refuses) makes it unsure, and
 * parseBusinessInput then hands the whole input to zod.
 */
type Lane = { sure: boolean };

function unsure(lane: Lane): void {
  lane.sure = false;
}

/** Marks the lane unsure and returns a placeholder for the value (its result will not be used). */
function defer<T>(lane: Lane, placeholder: T): T {
  unsure(lane);
  return placeholder;
}

function textField(v: unknown, max: number, lane: Lane, min = 0): string {
  if (v === undefined) return "";
  if (typeof v !== "string") return defer(lane, "");
  const t = cleanLine(v).trim();
  if (t.length > max || t.length < min) unsure(lane);
  return t;
}

function optionalTextField(v: unknown, lane: Lane, clean = cleanLine): string | null | undefined {
  if (v === undefined || v === null) return v;
  if (typeof v !== "string") return defer(lane, null);
  const t = clean(v).trim();
  return t === "" ? null : t;
}

function optionalLinkField(v: unknown, lane: Lane, allowPath: boolean): string | null | undefined {
  const t = optionalTextField(v, lane);
  return t && !isLink(t, allowPath) ? null : t;
}

function numberField(v: unknown, min: number, max: number, lane: Lane, int = false): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max || (int && !Number.isSafeInteger(v))) unsure(lane);
  return v as number;
}

function booleanField(v: unknown, fallback: boolean, lane: Lane): boolean {
  if (v === undefined) return fallback;
  if (typeof v !== "boolean") unsure(lane);
  return v as boolean;
}

function coordinateField(v: unknown, limit: number, lane: Lane): number | null | undefined {
  return v === undefined || v === null ? v : numberField(v, -limit, limit, lane);
}

function stringRecordField(v: unknown, lane: Lane): Record<string, string> | null | undefined {
  if (v === undefined || v === null) return v;
  const proto = typeof v === "object" ? Object.getPrototypeOf(v) : undefined;
  if (proto !== Object.prototype && proto !== null) return defer(lane, null);
  const out: Record<string, string> = {};
  for (const key in v) {
    const value = (v as Record<string, unknown>)[key];
    if (typeof value !== "string") unsure(lane);
    else out[key] = cleanLine(value);
  }
  return out;
}

/** The fields the fast lane below reads: every field of businessInputSchema (a test holds them equal). */
export const FAST_LANE_FIELDS = [
  "placeId",
  "name",
  "category",
  "subtypes",
  "description",
  "address",
  "city",
  "state",
  "stateCode",
  "zipCode",
  "country",
  "countryCode",
  "phone",
  "email",
  "website",
  "rating",
  "reviewCount",
  "reviewsPerScore",
  "isOpen",
  "isVerified",
  "photos",
  "openingHours",
  "about",
  "timeZone",
  "latitude",
  "longitude",
  "locationLink",
  "businessStatus",
  "seoTitle",
  "seoDescription",
  "canonicalUrl",
  "uniqueContent",
  "createdAt",
] as const;

/** Five non-negative whole counts, or nothing; anything else is zod's to judge (and reject). */
function reviewsPerScoreField(value: unknown, lane: Lane): number[] | null | undefined {
  if (value === undefined || value === null) return value;
  if (Array.isArray(value) && value.length === 5 && value.every((n) => Number.isInteger(n) && (n as number) >= 0)) return value as number[];
  return defer(lane, null);
}

/** businessInputSchema.safeParse's result for `input`: the lane's own when it is sure, else zod's. */
export function parseBusinessInput(input: BusinessInput): ReturnType<typeof businessInputSchema.safeParse> {
  const lane: Lane = { sure: true };
  const v = input as Record<string, unknown>;
  const photos = v.photos === undefined ? [] : v.photos;
  let photoList: string[] = [];
  if (!Array.isArray(photos) || photos.length > 50) unsure(lane);
  else
    photoList = photos.map((p: unknown) => {
      if (typeof p !== "string") return defer(lane, "");
      return cleanLine(p).trim();
    });
  const about = v.about;
  let cleanedAbout = about as ValidBusinessInput["about"];
  if (about !== undefined && about !== null) {
    if (isAbout(about)) cleanedAbout = cleanAbout(about);
    else unsure(lane);
  }
  const data: ValidBusinessInput = {
    placeId: optionalTextField(v.placeId, lane),
    name: textField(v.name, 300, lane, 1),
    category: textField(v.category, 200, lane),
    subtypes: textField(v.subtypes, 1000, lane),
    description: optionalTextField(v.description, lane, cleanMultiline),
    address: textField(v.address, 500, lane),
    city: textField(v.city, 200, lane),
    state: textField(v.state, 200, lane),
    stateCode: textField(v.stateCode, 10, lane),
    zipCode: textField(v.zipCode, 30, lane),
    country: textField(v.country, 200, lane),
    countryCode: textField(v.countryCode, 2, lane),
    phone: optionalTextField(v.phone, lane),
    email: optionalTextField(v.email, lane),
    website: optionalLinkField(v.website, lane, false),
    rating: v.rating === undefined ? 0 : numberField(v.rating, 0, 5, lane),
    reviewCount: v.reviewCount === undefined ? 0 : numberField(v.reviewCount, 0, Number.MAX_SAFE_INTEGER, lane, true),
    reviewsPerScore: reviewsPerScoreField(v.reviewsPerScore, lane),
    isOpen: booleanField(v.isOpen, true, lane),
    isVerified: booleanField(v.isVerified, false, lane),
    photos: keepPhotoLinks(photoList),
    openingHours: stringRecordField(v.openingHours, lane),
    about: cleanedAbout,
    timeZone: optionalTextField(v.timeZone, lane),
    latitude: coordinateField(v.latitude, 90, lane),
    longitude: coordinateField(v.longitude, 180, lane),
    locationLink: optionalLinkField(v.locationLink, lane, false),
    businessStatus: optionalTextField(v.businessStatus, lane),
    seoTitle: optionalTextField(v.seoTitle, lane),
    seoDescription: optionalTextField(v.seoDescription, lane, cleanMultiline),
    canonicalUrl: optionalLinkField(v.canonicalUrl, lane, true),
    uniqueContent: optionalTextField(v.uniqueContent, lane, cleanMultiline),
    createdAt: v.createdAt === undefined ? undefined : numberField(v.createdAt, -Infinity, Infinity, lane, true),
  };
  if (!lane.sure) return businessInputSchema.safeParse(input);
  return { success: true, data } as ReturnType<typeof businessInputSchema.safeParse>;
}
