/**
 * The keys two listings of one business share: the name without case, accents,
 * punctuation, spacing, a leading "the" or a trailing legal form, and the phone's national number.
 * Pure: the writer stores them in duplicate_keys (docs/decisions/0019-duplicates-and-gone.md).
 */

/** Legal forms dropped from the end of a name ("Acme Plumbing, LLC" is "Acme Plumbing"). */
const LEGAL_FORMS = new Set([
  "inc",
  "incorporated",
  "llc",
  "lllp",
  "llp",
  "lp",
  "ltd",
  "limited",
  "co",
  "corp",
  "corporation",
  "company",
  "pllc",
  "pc",
  "plc",
  "pty",
  "gmbh",
  "ag",
  "kg",
  "ug",
  "sa",
  "sas",
  "sarl",
  "srl",
  "spa",
  "bv",
  "nv",
  "oy",
  "ab",
  "as",
  "aps",
  "kk",
]);

/** Digits kept of a phone number: the national significant number's tail in nearly every numbering plan. */
const PHONE_KEY_DIGITS = 9;

/** Shortest number (in digits) that is a phone number and not an extension or a short code. */
const MIN_PHONE_DIGITS = 7;

/** Metres within which two listings of one name are one place. */
export const NEARBY_METRES = 100;

/**
 * "Café Zürich & Co., L.L.C." → "cafezurich"; "The Joe's Pizza" → "joespizza". Letters and digits
 * of any script are kept, so a name in Japanese has a key too; '' when nothing is left.
 */
export function nameKey(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    // Apostrophes and dots join ("Joe's" = "Joes", "L.L.C." = "LLC"); other punctuation separates.
    .replace(/['’`.]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  // "& Co." leaves "and co": both go.
  while (words.length > 1 && (LEGAL_FORMS.has(words[words.length - 1]) || words[words.length - 1] === "and")) words.pop();
  if (words.length > 1 && words[0] === "the") words.shift();
  return words.join("");
}

/**
 * "+1 (555) 123-4567", "001 555 123 4567" and "(555) 123-4567" → "551234567": the last nine digits,
 * so the country code's spelling (or its absence) does not matter; '' for no or too short a number.
 */
export function phoneKey(phone: string | null | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length < MIN_PHONE_DIGITS ? "" : digits.slice(-PHONE_KEY_DIGITS);
}

export type DuplicateKeyFields = { name: string; phone: string | null; latitude: number | null; longitude: number | null };

/** [name_key, phone_key, latitude, longitude, cos_lat]: a duplicate_keys row without its business id. */
export function duplicateKeyValues(b: DuplicateKeyFields): [string, string, number | null, number | null, number | null] {
  const located = b.latitude !== null && b.longitude !== null && Number.isFinite(b.latitude) && Number.isFinite(b.longitude);
  return [
    nameKey(b.name),
    phoneKey(b.phone),
    located ? b.latitude : null,
    located ? b.longitude : null,
    located ? Math.cos(((b.latitude as number) * Math.PI) / 180) : null,
  ];
}

/** Great-circle distance in metres (haversine, mean Earth radius), for the admin's duplicates list. */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}
