/**
 * Number and text formatting for the visitor pages. Pure: no runtime imports.
 */

/**
 * SPEC §9: one million or more → one-decimal "M"; one thousand or more → whole
 * "k", rounded down; smaller numbers as they are. Only for the statistics strip and footer row;
 * every other number is en-US formatted.
 */
export function abbreviateNumber(value: number): string {
  if (!Number.isFinite(value)) return "0";
  const n = Math.max(0, Math.floor(value));
  if (n >= 1_000_000) return `${(Math.floor(n / 100_000) / 10).toFixed(1)}M`;
  if (n >= 1_000) return `${Math.floor(n / 1_000)}k`;
  return String(n);
}

/** The one en-US number format: every count on a page, in the admin and in a message goes through it. */
const EN_US = new Intl.NumberFormat("en-US");
const ONE_DECIMAL = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const WHOLE = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Every other number: en-US grouping ("12,345"), whole and never negative (a missing one is 0). */
export function formatCount(value: number): string {
  return EN_US.format(Math.max(0, Math.floor(value || 0)));
}

/** A distance: "350 m" (to 10 m, at least 10), "1.2 km" below 10 km, "14 km" from there. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${(km < 10 ? ONE_DECIMAL : WHOLE).format(km)} km`;
}

/** A rating with one decimal ("4.0"); 0 when missing. */
export function formatRating(value: number | null | undefined): string {
  const n = Number(value);
  return (Number.isFinite(n) && n > 0 ? n : 0).toFixed(1);
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
