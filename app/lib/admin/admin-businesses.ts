/**
 * The admin Businesses tab's inputs, shared by the tab (client) and the admin API (server):
 * the list query and the edit form. Pure: zod only.
 */
import { z } from "zod";
import type { Business, BusinessInput } from "#app/lib/business/business";
import { WEEKDAYS } from "#app/lib/business/hours";
import { isLink } from "#app/lib/business/untrusted-text";

export const ADMIN_PAGE_SIZE = 50;
/** Numbered page buttons shown at once (SPEC §9). */
const ADMIN_PAGE_BUTTONS = 5;

export const STATUS_FILTERS = ["all", "verified", "pending"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

const optionalFilter = z
  .string()
  .max(200, "is too long (200 characters at most)")
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

export const adminListQuerySchema = z.object({
  // The pager clamps like the public one: junk or < 1 → 1, past the end → last.
  page: z
    .string()
    .optional()
    .transform((v) => (v && /^\d{1,7}$/.test(v.trim()) ? Math.max(1, Number(v)) : 1)),
  search: optionalFilter,
  category: optionalFilter,
  country: optionalFilter,
  status: z
    .enum(STATUS_FILTERS)
    .optional()
    .catch("all")
    .transform((v) => v ?? "all"),
});

export type AdminListQuery = z.output<typeof adminListQuerySchema>;

export type AdminBusinessPage = {
  businesses: Business[];
  totalCount: number;
  totalPages: number;
  page: number;
  /**
   * A dense search's count is a lower bound: `totalCount` the results known to exist so far (at most
   * 1,000, never the cap nor an estimate), `totalPages` the pages known to exist.
   */
  approximate?: boolean;
};

/** Up to ADMIN_PAGE_BUTTONS page numbers around the current page. */
export function pageWindow(page: number, totalPages: number, size = ADMIN_PAGE_BUTTONS): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

// ── Edit form ─────────────────────────────────────────────────────────────────

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

const hoursShape = Object.fromEntries(WEEKDAYS.map((d) => [d, text(100, `${d} hours`)])) as Record<
  (typeof WEEKDAYS)[number],
  ReturnType<typeof text>
>;

/** The edit form: every field as the form holds it (text, numbers, a flag). */
export const businessEditSchema = z.object({
  name: text(300, "Name").min(1, "Name is required"),
  category: text(200, "Category").min(1, "Category is required"),
  address: text(500, "Address"),
  city: text(200, "City"),
  state: text(200, "State"),
  zipCode: text(30, "ZIP code"),
  country: text(200, "Country"),
  phone: text(50, "Phone").regex(/^[0-9+()\-.\s/x]*$/i, "Phone may contain only digits, spaces and + ( ) - ."),
  email: text(200, "E-mail").refine((v) => v === "" || z.email().safeParse(v).success, "Enter a valid e-mail address"),
  website: text(500, "Website").refine((v) => v === "" || isLink(v, false), "Enter a full web address starting with http:// or https://"),
  rating: z.coerce
    .number({ error: "Rating must be a number" })
    .min(0, "Rating must be between 0 and 5")
    .max(5, "Rating must be between 0 and 5"),
  reviewCount: z.coerce
    .number({ error: "Review count must be a number" })
    .int("Review count must be a whole number")
    .min(0, "Review count cannot be negative"),
  openingHours: z.object(hoursShape),
  /** One image address per line. */
  photos: text(20_000, "Photos")
    .refine(
      (v) => photoLines(v).every((line) => isLink(line, true)),
      "Each photo must be a web address (http:// or https://) or a site path starting with /",
    )
    .refine((v) => photoLines(v).length <= 50, "At most 50 photos"),
  isVerified: z.boolean(),
  description: text(5000, "Description"),
  seoTitle: text(200, "SEO title"),
  seoDescription: text(500, "SEO description"),
  canonicalUrl: text(500, "Canonical URL").refine((v) => v === "" || isLink(v, true), "Enter a full web address or a path starting with /"),
  uniqueContent: text(20_000, "Detailed information"),
  /** The /details/{slug} address (ADR 0019): a change keeps the old address as a 301; blank or absent keeps it. */
  slug: text(200, "Page address")
    .toLowerCase()
    .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, "The page address may contain only letters, digits and single hyphens")
    .optional(),
});

export type BusinessEditInput = z.input<typeof businessEditSchema>;
export type BusinessEdit = z.output<typeof businessEditSchema>;
export type FieldErrors = Partial<Record<string, string[]>>;

function photoLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Field errors keyed by field ("openingHours.Monday" for a weekday). */
export function editFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** The form's starting values for a business. */
export function editValues(b: Business): BusinessEditInput {
  return {
    name: b.name,
    category: b.category,
    address: b.address,
    city: b.city,
    state: b.state,
    zipCode: b.zipCode,
    country: b.country,
    phone: b.phone ?? "",
    email: b.email ?? "",
    website: b.website ?? "",
    rating: b.rating,
    reviewCount: b.reviewCount,
    openingHours: Object.fromEntries(WEEKDAYS.map((d) => [d, b.openingHours?.[d] ?? ""])) as BusinessEdit["openingHours"],
    photos: b.photos.join("\n"),
    isVerified: b.isVerified,
    description: b.description ?? "",
    seoTitle: b.seoTitle ?? "",
    seoDescription: b.seoDescription ?? "",
    canonicalUrl: b.canonicalUrl ?? "",
    uniqueContent: b.uniqueContent ?? "",
    slug: b.slug,
  };
}

/**
 * The column each form field writes: the names businesses.edited_fields records. The page address
 * (slug) is left out: no import ever changes it, and an edit of it is kept as a redirect (ADR 0019).
 */
const EDIT_COLUMNS: Record<Exclude<keyof BusinessEdit, "slug">, string> = {
  name: "name",
  category: "category",
  address: "address",
  city: "city",
  state: "state",
  zipCode: "zip_code",
  country: "country",
  phone: "phone",
  email: "email",
  website: "website",
  rating: "rating",
  reviewCount: "review_count",
  openingHours: "opening_hours",
  photos: "photos",
  isVerified: "is_verified",
  description: "description",
  seoTitle: "seo_title",
  seoDescription: "seo_description",
  canonicalUrl: "canonical_url",
  uniqueContent: "unique_content",
};

/** A form value in one spelling: text trimmed, numbers as numbers, hours by weekday, photos by line. */
function comparable(field: keyof BusinessEdit, value: unknown): string {
  if (field === "openingHours") {
    const hours = (value ?? {}) as Record<string, unknown>;
    return JSON.stringify(WEEKDAYS.map((d) => String(hours[d] ?? "").trim()));
  }
  if (field === "photos") return JSON.stringify(photoLines(String(value ?? "")));
  if (field === "rating" || field === "reviewCount") return String(Number(value));
  return String(value ?? "").trim();
}

/**
 * The columns an edit changed by hand: the submitted form against the form as the stored business
 * fills it (editValues). Only these are recorded, so saving the form untouched protects nothing
 * from a later update-mode import.
 */
export function editedColumns(before: BusinessEditInput, edit: BusinessEdit): string[] {
  return (Object.keys(EDIT_COLUMNS) as Array<keyof typeof EDIT_COLUMNS>)
    .filter((field) => comparable(field, before[field]) !== comparable(field, edit[field]))
    .map((field) => EDIT_COLUMNS[field]);
}

/** The edited fields as a write input; what the form does not show is kept from `current`. */
export function applyEdit(current: BusinessInput, edit: BusinessEdit): BusinessInput {
  const sameText = (a: string | undefined, b: string) => (a ?? "").trim().toLowerCase() === b.trim().toLowerCase();
  const hours = Object.fromEntries(WEEKDAYS.filter((d) => edit.openingHours[d]).map((d) => [d, edit.openingHours[d]]));
  return {
    ...current,
    name: edit.name,
    category: edit.category,
    address: edit.address,
    city: edit.city,
    // Codes follow their names: a changed state or country is re-derived by the writer.
    state: edit.state,
    stateCode: sameText(current.state, edit.state) ? current.stateCode : "",
    zipCode: edit.zipCode,
    country: edit.country,
    countryCode: sameText(current.country, edit.country) ? current.countryCode : "",
    phone: edit.phone,
    email: edit.email,
    website: edit.website,
    rating: edit.rating,
    reviewCount: edit.reviewCount,
    openingHours: Object.keys(hours).length ? hours : null,
    photos: photoLines(edit.photos),
    isVerified: edit.isVerified,
    description: edit.description,
    seoTitle: edit.seoTitle,
    seoDescription: edit.seoDescription,
    canonicalUrl: edit.canonicalUrl,
    uniqueContent: edit.uniqueContent,
  };
}

/** GET /api/admin/summary: statistics, the country summary and the category filter's options. */
export type AdminSummary = {
  statistics: { totalBusinesses: number; verifiedBusinesses: number; categories: number; totalCities: number };
  countries: Array<{ country: string; code: string; businessCount: number }>;
  categories: Array<{ category: string; slug: string; businessCount: number }>;
};
