/**
 * Number and text formatting, by locale (`Intl`; never a hand-written en-US format). Pure: no runtime imports.
 */

/** Distances are shown in the units of the place searched: miles around a US or UK point, km elsewhere. */
export type DistanceUnit = "km" | "mi";

/** Countries (ISO 3166-1 alpha-2) whose people give road distances in miles. */
const MILE_COUNTRIES = new Set(["US", "GB", "LR", "MM"]);

/** The distance unit of a place in `country` (its ISO code); km when unknown. */
export function distanceUnitOf(country: string | null | undefined): DistanceUnit {
  return MILE_COUNTRIES.has((country ?? "").toUpperCase()) ? "mi" : "km";
}

const formats = new Map<string, Intl.NumberFormat>();

/** One `Intl.NumberFormat` per locale and options, made on first use (they are costly to build). */
function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/**
 * The statistics strip's and the footer's short numbers. English keeps SPEC §9's forms: one million
 * or more → one-decimal "M"; one thousand or more → whole "k", rounded down; smaller numbers as they
 * are. Other locales write their own compact form ("1,2 Tr", "3 mil"), rounded down as well.
 */
export function abbreviateNumber(value: number, locale = "en"): string {
  if (!Number.isFinite(value)) return "0";
  const n = Math.max(0, Math.floor(value));
  if (locale.split("-")[0] === "en") {
    if (n >= 1_000_000) return `${(Math.floor(n / 100_000) / 10).toFixed(1)}M`;
    if (n >= 1_000) return `${Math.floor(n / 1_000)}k`;
    return String(n);
  }
  return numberFormat(locale, { notation: "compact", maximumFractionDigits: n >= 1_000_000 ? 1 : 0, roundingMode: "floor" }).format(n);
}

/** Every other count: grouped in the locale's way ("12,345", "12.345"), whole and never negative (a missing one is 0). */
export function formatCount(value: number, locale = "en"): string {
  return numberFormat(locale).format(Math.max(0, Math.floor(value || 0)));
}

/**
 * A distance given in km, in `unit`: "350 m" (to 10 m, at least 10), "1.2 km" below 10 km, "14 km"
 * from there; in miles "500 ft" (to 50 ft) below a tenth of a mile, then "1.2 mi" and "14 mi".
 */
export function formatDistance(km: number, locale = "en", unit: DistanceUnit = "km"): string {
  const unitFormat = (value: number, name: string, digits: number) =>
    numberFormat(locale, { style: "unit", unit: name, maximumFractionDigits: digits }).format(value);
  if (unit === "mi") {
    const miles = km / 1.609344;
    if (miles < 0.1) return unitFormat(Math.max(50, Math.round((miles * 5280) / 50) * 50), "foot", 0);
    return unitFormat(miles, "mile", miles < 10 ? 1 : 0);
  }
  if (km < 1) return unitFormat(Math.max(10, Math.round((km * 1000) / 10) * 10), "meter", 0);
  return unitFormat(km, "kilometer", km < 10 ? 1 : 0);
}

/** A rating with one decimal ("4.0", "4,0"); 0 when missing. */
export function formatRating(value: number | null | undefined, locale = "en"): string {
  const n = Number(value);
  return numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Number.isFinite(n) && n > 0 ? n : 0);
}

/** Stars filled up to the whole part of the rating (SPEC §9), out of 5. */
export function filledStars(value: number | null | undefined): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(5, Math.floor(n));
}

/** SPEC §2 category heading: hyphens become spaces and each word is title-cased. */
export function titleCaseFromSlug(value: string): string {
  return value
    .replace(/-/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(" ");
}

/** Joins non-empty parts, so empty address parts leave no dangling commas in titles and descriptions. */
export function joinParts(parts: Array<string | null | undefined>, separator = ", "): string {
  return parts
    .map((p) => (p ?? "").trim())
    .filter(Boolean)
    .join(separator);
}
