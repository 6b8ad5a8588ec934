/**
 * City, state and postal code recovered from a one-line address when a spreadsheet has no city or
 * state columns. Google Maps writes addresses in the local convention of each country; this reads
 * the common shapes, anchored by the row's postal code and country when they are known:
 *   US/CA   "240 W 37th St, New York, NY 10018"          (city, then state code + postal code)
 *   AU      "1 George St, Sydney NSW 2000"                (city, state and postcode in one part)
 *   UK      "10 Downing St, London SW1A 2AA"              (city, then postcode)
 *   DE/FR…  "Unter den Linden 77, 10117 Berlin"           (postal code, then city)
 *   BR      "Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200"
 *   VN      "25 Sư Vạn Hạnh, Kim Long, Huế 49000"        (city, then postal code)
 * Pure: no runtime imports beyond ./countries.
 */
import { countryCode as rawCountryCode, countryName } from "#app/lib/business/countries";

/**
 * ISO code of a country name or code. Intl also names the reserved code "UK" "United Kingdom",
 * which would otherwise win over GB.
 */
const codeCache = new Map<string, string>();

export function toCountryCode(value: string): string {
  // Imports ask for the same few countries thousands of times; Intl lookups are not free.
  let code = codeCache.get(value);
  if (code === undefined) {
    code = rawCountryCode(value);
    if (code === "UK") code = "GB";
    if (codeCache.size < 1000) codeCache.set(value, code);
  }
  return code;
}

export type Locality = { city: string; state: string; stateCode: string; postalCode: string };

export type AddressHints = { postalCode?: string | null; country?: string | null; countryCode?: string | null };

/** Names some runtimes' Intl region data spells differently. */
const EXTRA_ALIASES: Record<string, string> = { "united kingdom": "GB", "united states": "US", vietnam: "VN" };

/** Trailing parts that only name the country ("USA", "Vietnam", "Deutschland"). */
function isCountryPart(part: string, code: string): boolean {
  const resolved = toCountryCode(part) || EXTRA_ALIASES[part.toLowerCase()] || "";
  if (resolved && (!code || resolved === code)) return true;
  return Boolean(code) && part.toLowerCase() === countryName(code).toLowerCase();
}

/** Postal code shapes by country; a generic one for the rest. */
const POSTAL_BY_COUNTRY: Record<string, RegExp> = {
  US: /\b\d{5}(?:-\d{4})?\b/,
  CA: /\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/i,
  GB: /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/i,
  IE: /\b[A-Z]\d{2}\s?[A-Z\d]{4}\b/i,
  NL: /\b\d{4}\s?[A-Z]{2}\b/i,
  BR: /\b\d{5}-?\d{3}\b/,
  JP: /〒?\d{3}-\d{4}/,
  PL: /\b\d{2}-\d{3}\b/,
  PT: /\b\d{4}-\d{3}\b/,
};
const GENERIC_POSTAL = /\b\d{4,6}\b/;

/** Words that precede a city name in some countries and are not part of it. */
const CITY_PREFIXES = /^(?:thành phố|tp\.?|tỉnh|city of|ville de|municipio de|cidade de)\s+/i;

/** "Kim Long, Huế" style sub-city localities are left to the caller; this trims one part. */
function cleanCity(text: string): string {
  return text
    .replace(CITY_PREFIXES, "")
    .replace(/\s+(?:cedex|cédex)(?:\s+\d+)?$/i, "")
    .replace(/^[\s,–—-]+|[\s,–—-]+$/g, "")
    .trim();
}

const STATE_CODE = /^[A-Z]{2,3}$/;

function splitStateFromCity(part: string): { city: string; stateCode: string } {
  // "São Paulo - SP" (Brazil), "Sydney NSW" (Australia), "Toronto ON"
  const dash = /^(.*?)\s+[-–]\s+([A-Z]{2,3})$/.exec(part);
  if (dash) return { city: dash[1], stateCode: dash[2] };
  const trailing = /^(.*\S)\s+([A-Z]{2,3})$/.exec(part);
  if (trailing && /[a-z]/.test(trailing[1])) return { city: trailing[1], stateCode: trailing[2] };
  return { city: part, stateCode: "" };
}

function findPostal(parts: string[], postal: string, code: string): { index: number; match: string } | null {
  if (postal) {
    const wanted = postal.replace(/\s+/g, "").toLowerCase();
    for (let i = parts.length - 1; i >= 0; i--) {
      const squeezed = parts[i].replace(/\s+/g, "").toLowerCase();
      if (squeezed.includes(wanted)) {
        const loose = new RegExp(
          postal
            .trim()
            .split("")
            .map((c) => (c === " " ? "\\s*" : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
            .join(""),
          "i",
        );
        const m = loose.exec(parts[i]);
        return { index: i, match: m ? m[0] : postal };
      }
    }
  }
  const pattern = POSTAL_BY_COUNTRY[code] ?? GENERIC_POSTAL;
  // Only the last parts: a house number early in the address is not a postal code.
  for (let i = parts.length - 1; i >= Math.max(1, parts.length - 3); i--) {
    const m = pattern.exec(parts[i]);
    if (m) return { index: i, match: m[0] };
  }
  return null;
}

/** Recovers city, state (code) and postal code from an address line; empty strings when unknown. */
export function parseAddressLocality(address: string | null | undefined, hints: AddressHints = {}): Locality {
  const empty: Locality = { city: "", state: "", stateCode: "", postalCode: hints.postalCode?.trim() ?? "" };
  if (!address || !address.trim()) return empty;
  const code =
    (hints.countryCode && toCountryCode(hints.countryCode)) ||
    toCountryCode(hints.country ?? "") ||
    EXTRA_ALIASES[(hints.country ?? "").trim().toLowerCase()] ||
    "";
  let parts = address
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  while (parts.length > 1 && isCountryPart(parts[parts.length - 1], code)) parts = parts.slice(0, -1);
  if (parts.length === 0) return empty;

  const postal = findPostal(parts, hints.postalCode?.trim() ?? "", code);
  let city = "";
  let stateCode = "";
  let state = "";
  const postalCode = hints.postalCode?.trim() || postal?.match.trim() || "";

  if (postal) {
    const part = parts[postal.index];
    const at = part.indexOf(postal.match);
    const before = part.slice(0, at).trim();
    const after = part.slice(at + postal.match.length).trim();
    if (after && /[^\d\s-]/.test(after)) {
      // "10117 Berlin", "75001 Paris", "〒100-0005 Tokyo"
      city = after;
    } else if (before) {
      const split = splitStateFromCity(before);
      if (split.stateCode && STATE_CODE.test(split.stateCode) && split.city && /[a-z]/i.test(split.city) && !/\d/.test(split.city)) {
        // "Sydney NSW 2000" (one part) or "NY 10018" where the city is the part before.
        city = split.city;
        stateCode = split.stateCode;
      } else if (STATE_CODE.test(before)) {
        stateCode = before;
        city = postal.index > 0 ? parts[postal.index - 1] : "";
      } else {
        // "London SW1A 2AA", "Huế 49000", "Dublin 2"
        city = before;
      }
    } else if (postal.index > 0) {
      // The postal code stands alone ("São Paulo - SP, 01310-200"): the city is the part before.
      const split = splitStateFromCity(parts[postal.index - 1]);
      city = split.city;
      stateCode = split.stateCode;
    }
  } else {
    // No postal code: the last part is the city ("138 Kim Long, Huế"), unless it is a state code.
    const last = parts[parts.length - 1];
    const split = splitStateFromCity(last);
    if (parts.length === 1 && /\d/.test(last)) city = "";
    else if (STATE_CODE.test(last) && parts.length > 1) {
      stateCode = last;
      city = parts[parts.length - 2];
    } else {
      city = split.city;
      stateCode = split.stateCode;
    }
  }
  city = cleanCity(city);
  if (/^\d+$/.test(city)) city = "";
  if (stateCode && code === "US") state = US_STATES[stateCode] ?? "";
  return { city, state: state || stateCode, stateCode, postalCode };
}

/** US state names by postal abbreviation, so a recovered "NY" also gives "New York". */
export const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  PR: "Puerto Rico",
};

/** State code for a US state name ("New York" → "NY"), or "" when it is not one. */
const US_CODE_BY_NAME = new Map(Object.entries(US_STATES).map(([abbr, full]) => [full.toLowerCase(), abbr]));

export function usStateCode(name: string): string {
  const wanted = name.trim().toLowerCase();
  if (/^[a-z]{2}$/i.test(wanted) && US_STATES[wanted.toUpperCase()]) return wanted.toUpperCase();
  return US_CODE_BY_NAME.get(wanted) ?? "";
}
