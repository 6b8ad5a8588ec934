/**
 * Spreadsheet rows → business inputs. Reads the spec's 13 import columns and both Outscraper
 * layouts (2025: full_address/site/hours {"Monday": "9AM-8PM"}; 2026: address/website/hours
 * {"Monday": ["6AM-6PM"]}), header names matched case-insensitively. A bad row becomes one error
 * {row, column, reason} and is skipped; the caller counts it. Pure: zod and lib/ modules only.
 */
import { z } from "zod";
import { parseAddressLocality, toCountryCode, US_STATES, usStateCode } from "#app/lib/business/address";
import { type BusinessInput, type ValidBusinessInput } from "#app/lib/business/business";
import { parseBusinessInput } from "#app/lib/business/business-input-lane";
import { parseScraperHours } from "#app/lib/business/hours";
import type { CellValue } from "#app/lib/sheets/sheet-rows";

export type { CellValue };

/** The spec's import columns (SPEC §3), in order: exports write them first so they re-import. */
export const SPEC_COLUMNS = [
  "name",
  "category",
  "full_address",
  "postal_code",
  "country",
  "phone",
  "rating",
  "reviews",
  "photo",
  "working_hours",
  "about",
  "place_id",
  "location_link",
] as const;

/** Fields read from a sheet, each with the header names that feed it (first present wins). */
const FIELD_HEADERS = {
  name: ["name", "business_name", "title"],
  category: ["category", "main_category"],
  type: ["type"],
  subtypes: ["subtypes", "categories"],
  address: ["full_address", "address"],
  postalCode: ["postal_code", "zip_code", "zipcode", "zip", "postcode"],
  country: ["country"],
  countryCode: ["country_code"],
  city: ["city"],
  state: ["state", "us_state", "region"],
  stateCode: ["state_code"],
  phone: ["phone", "phone_number", "phone_1"],
  email: ["email", "email_1"],
  website: ["website", "site"],
  rating: ["rating"],
  reviews: ["reviews", "review_count", "reviews_count"],
  // The review histogram: five count columns in both Outscraper layouts; 2026 also has it as JSON.
  reviewsPerScore1: ["reviews_per_score_1"],
  reviewsPerScore2: ["reviews_per_score_2"],
  reviewsPerScore3: ["reviews_per_score_3"],
  reviewsPerScore4: ["reviews_per_score_4"],
  reviewsPerScore5: ["reviews_per_score_5"],
  reviewsPerScore: ["reviews_per_score"],
  photo: ["photo", "photos", "image"],
  hours: ["working_hours"],
  hoursOld: ["working_hours_old_format"],
  hoursCsv: ["working_hours_csv_compatible"],
  about: ["about"],
  description: ["description"],
  placeId: ["place_id", "google_id"],
  locationLink: ["location_link"],
  latitude: ["latitude", "lat"],
  longitude: ["longitude", "lng", "lon"],
  timeZone: ["time_zone", "timezone"],
  businessStatus: ["business_status"],
  verified: ["verified", "is_verified"],
  seoTitle: ["seo_title"],
  seoDescription: ["seo_description"],
  uniqueContent: ["unique_content"],
} as const;

export type ImportField = keyof typeof FIELD_HEADERS;
export type ColumnMap = Partial<Record<ImportField, number>>;

/** A column is required when a row cannot be a business without it; named in the refusal. */
const REQUIRED_COLUMNS: ReadonlyArray<{ field: ImportField; label: string; alternatives?: ImportField[] }> = [
  { field: "name", label: "name" },
  { field: "category", label: "category", alternatives: ["type"] },
  { field: "address", label: "full_address (or address)" },
  { field: "placeId", label: "place_id" },
];

export function normalizeHeader(header: unknown): string {
  return String(header ?? "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** Column index of each field in a header row. */
export function mapHeader(headerRow: ReadonlyArray<CellValue>): ColumnMap {
  const index = new Map<string, number>();
  headerRow.forEach((h, i) => {
    const key = normalizeHeader(h);
    if (key && !index.has(key)) index.set(key, i);
  });
  const map: ColumnMap = {};
  for (const [field, names] of Object.entries(FIELD_HEADERS) as Array<[ImportField, readonly string[]]>) {
    for (const name of names) {
      const at = index.get(name);
      if (at !== undefined) {
        map[field] = at;
        break;
      }
    }
  }
  // Outscraper 2025 has both state and us_state; state is the full name there, keep it.
  return map;
}

/** Labels of the required columns the header lacks. */
export function missingColumns(map: ColumnMap): string[] {
  return REQUIRED_COLUMNS.filter((c) => map[c.field] === undefined && !(c.alternatives ?? []).some((a) => map[a] !== undefined)).map(
    (c) => c.label,
  );
}

/** Indexes of the columns a row mapping reads, so a reader can drop the others early. */
export function usedColumns(map: ColumnMap): number[] {
  return [...new Set(Object.values(map))].sort((a, b) => a - b);
}

export type RowError = { row: number; column: string; reason: string };
export type MappedRow = { ok: true; input: ValidBusinessInput } | { ok: false; error: RowError };

function text(value: CellValue | undefined): string {
  if (value == null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return String(value).trim();
}

class RowProblem extends Error {
  constructor(
    readonly column: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** "4,7" → 4.7; empty → 0; must be 1–5 (0 is read as "no rating", as an export writes it). */
export function parseRating(value: CellValue | undefined): number {
  if (value == null || text(value) === "") return 0;
  const n = typeof value === "number" ? value : Number(text(value).replace(",", "."));
  if (!Number.isFinite(n)) throw new RowProblem("rating", `"${text(value)}" is not a number`);
  if (n !== 0 && (n < 1 || n > 5)) throw new RowProblem("rating", `${n} is outside 1–5`);
  return n;
}

/** Whole number ≥ 0; empty → 0; "1,234" and "1 234" are thousands. */
export function parseReviews(value: CellValue | undefined): number {
  if (value == null || text(value) === "") return 0;
  const raw =
    typeof value === "number" ? value : Number(text(value).replace(/^(\d{1,3})(?:[,\s.]\d{3})+$/, (m) => m.replace(/[,\s.]/g, "")));
  if (!Number.isFinite(raw)) throw new RowProblem("reviews", `"${text(value)}" is not a number`);
  if (!Number.isInteger(raw) || raw < 0) throw new RowProblem("reviews", `${raw} is not a whole number ≥ 0`);
  return raw;
}

function parseNumber(value: CellValue | undefined, min: number, max: number): number | null {
  const raw = typeof value === "number" ? value : text(value) === "" ? NaN : Number(text(value).replace(",", "."));
  return Number.isFinite(raw) && raw >= min && raw <= max ? raw : null;
}

function parseBoolean(value: CellValue | undefined): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  return /^(true|yes|1|y|verified)$/i.test(text(value));
}

function parseAbout(value: CellValue | undefined): Record<string, Record<string, boolean>> | null {
  const raw = text(value);
  if (!raw.startsWith("{")) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    const out: Record<string, Record<string, boolean>> = {};
    let groups = 0;
    for (const group in parsed as Record<string, unknown>) {
      const items = (parsed as Record<string, unknown>)[group];
      if (!items || typeof items !== "object" || Array.isArray(items)) continue;
      let kept: Record<string, boolean> | null = null;
      for (const key in items as Record<string, unknown>) {
        const v = (items as Record<string, unknown>)[key];
        if (typeof v === "boolean") (kept ??= {})[key] = v;
      }
      if (kept) {
        out[group] = kept;
        groups += 1;
      }
    }
    return groups ? out : null;
  } catch {
    return null;
  }
}

const SCORE_FIELDS = ["reviewsPerScore1", "reviewsPerScore2", "reviewsPerScore3", "reviewsPerScore4", "reviewsPerScore5"] as const;

/** A whole count ≥ 0 from a cell (5, "5", "1,234"); null when the cell holds no such number. */
function countOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 ? value : null;
  if (typeof value !== "string" || !/^\s*\d[\d,]*\s*$/.test(value)) return null;
  return Number(value.replace(/[,\s]/g, ""));
}

/**
 * Review counts per star, 1★ to 5★: from reviews_per_score_1..5 when all five are numbers, else
 * from the 2026 layout's reviews_per_score JSON ({"1": 6, …, "5": 87}); null when neither says. A
 * histogram that cannot be read is dropped, not the row: it is a detail, not the business.
 */
export function parseReviewsPerScore(columns: ReadonlyArray<CellValue | undefined>, json: CellValue | undefined): number[] | null {
  const fromColumns = columns.map(countOf);
  if (fromColumns.every((n) => n !== null)) return fromColumns as number[];
  const raw = text(json);
  if (!raw.startsWith("{")) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    const counts = [1, 2, 3, 4, 5].map((star) => countOf((parsed as Record<string, unknown>)[String(star)]));
    return counts.every((n) => n !== null) ? (counts as number[]) : null;
  } catch {
    return null;
  }
}

/** Postal codes stay text; a numeric cell loses nothing but its type ("07652" cells are text already). */
function postalText(value: CellValue | undefined): string {
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : "";
  return text(value);
}

/** Zod messages name the field; turn a businessInputSchema path into the sheet's column name. */
const COLUMN_OF_FIELD: Record<string, string> = {
  name: "name",
  category: "category",
  subtypes: "subtypes",
  address: "full_address",
  city: "city",
  state: "state",
  stateCode: "state_code",
  zipCode: "postal_code",
  country: "country",
  countryCode: "country_code",
  phone: "phone",
  email: "email",
  website: "website",
  rating: "rating",
  reviewCount: "reviews",
  reviewsPerScore: "reviews_per_score",
  photos: "photo",
  openingHours: "working_hours",
  about: "about",
  placeId: "place_id",
  locationLink: "location_link",
};

/** Maps one data row (cells by column index) to a validated business input, or its first problem. */
export function mapRow(cells: ReadonlyArray<CellValue>, map: ColumnMap, rowNumber: number): MappedRow {
  const get = (field: ImportField): CellValue | undefined => (map[field] === undefined ? undefined : cells[map[field] as number]);
  try {
    const placeId = text(get("placeId"));
    if (!placeId) throw new RowProblem("place_id", "place_id is required");
    const name = text(get("name"));
    if (!name) throw new RowProblem("name", "name is required");
    const rating = parseRating(get("rating"));
    const reviewCount = parseReviews(get("reviews"));
    const address = text(get("address"));
    const postalCode = postalText(get("postalCode"));
    const country = text(get("country"));
    const countryCodeCell = text(get("countryCode"));
    let city = text(get("city"));
    let state = text(get("state"));
    let stateCode = text(get("stateCode"));
    let zipCode = postalCode;
    const code = toCountryCode(countryCodeCell) || toCountryCode(country);
    if (!city || !state || !zipCode) {
      const recovered = parseAddressLocality(address, { postalCode, country, countryCode: countryCodeCell });
      city ||= recovered.city;
      state ||= recovered.state;
      stateCode ||= recovered.stateCode;
      zipCode ||= recovered.postalCode;
    }
    if (!stateCode && code === "US") stateCode = usStateCode(state);
    if (code === "US" && /^[A-Z]{2}$/.test(state) && US_STATES[state]) state = US_STATES[state];
    if (stateCode.length > 10) stateCode = "";
    const type = text(get("type"));
    const subtypes = text(get("subtypes"));
    const category = type || text(get("category")) || subtypes.split(",")[0]?.trim() || "";
    const photo = text(get("photo"));
    const status = text(get("businessStatus")).toUpperCase();
    const cellText = (f: ImportField) => {
      const v = get(f);
      return typeof v === "string" ? v : v == null ? null : String(v);
    };
    const input: BusinessInput = {
      placeId,
      name,
      category,
      subtypes,
      description: text(get("description")),
      address,
      city,
      state,
      stateCode,
      zipCode,
      country,
      countryCode: code,
      phone: text(get("phone")),
      email: text(get("email")),
      website: text(get("website")),
      rating,
      reviewCount,
      reviewsPerScore: parseReviewsPerScore(
        SCORE_FIELDS.map((f) => get(f)),
        get("reviewsPerScore"),
      ),
      isOpen: !status.startsWith("CLOSED"),
      isVerified: parseBoolean(get("verified")),
      // Links (website, location_link, photo) and control characters are the input schema's job, the
      // same for the admin form: a link that is no web address is dropped and the row kept.
      photos: photo ? [photo] : [],
      openingHours: parseScraperHours(cellText("hours"), cellText("hoursOld"), cellText("hoursCsv")),
      about: parseAbout(get("about")),
      timeZone: text(get("timeZone")),
      latitude: parseNumber(get("latitude"), -90, 90),
      longitude: parseNumber(get("longitude"), -180, 180),
      locationLink: text(get("locationLink")),
      businessStatus: status,
      seoTitle: text(get("seoTitle")),
      seoDescription: text(get("seoDescription")),
      uniqueContent: text(get("uniqueContent")),
    };
    const parsed = parseBusinessInput(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0] ?? "");
      return { ok: false, error: { row: rowNumber, column: COLUMN_OF_FIELD[field] ?? field, reason: issue.message } };
    }
    return { ok: true, input: parsed.data };
  } catch (error) {
    if (error instanceof RowProblem) return { ok: false, error: { row: rowNumber, column: error.column, reason: error.message } };
    throw error;
  }
}

/**
 * What an import does with a place_id already listed (the form field `mode`, ADR 0018): `skip` it
 * (SPEC §3, the default) or `update` that business's rating, reviews, hours, status, photos, website
 * and phone (app/lib/business/business-refresh.ts).
 */
const IMPORT_MODES = ["skip", "update"] as const;
export const importModeSchema = z.enum(IMPORT_MODES).default("skip");
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_MODE_REFUSAL =
  'The field mode must be "skip" (the default: rows already listed are skipped) or "update" (they are refreshed).';

/** The import endpoint's answer (SPEC §3 Import result, plus the first row errors; `updated` in update mode only). */
export type ImportResult = {
  message: string;
  stats: { imported: number; duplicatesSkipped: number; totalErrors: number; updated?: number };
  errors: Array<{ row: number; column: string; reason: string }>;
};

/** 202 answer and the status poll of a long import. */
export type ImportJobStatus = {
  status: "running" | "done" | "failed";
  mode: ImportMode;
  progress: { processed: number; total: number };
  message: string;
  stats: ImportResult["stats"];
  errors: RowError[];
};
