/**
 * Country names and ISO codes. Scrapers write "United States of America", "Viet Nam", "US" or
 * nothing; the directory shows one English name per country. Pure: uses only the ECMAScript Intl API.
 */

const ALIASES: Record<string, string> = {
  "united states of america": "US",
  usa: "US",
  "u.s.a.": "US",
  "u.s.": "US",
  america: "US",
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  "viet nam": "VN",
  "russian federation": "RU",
  "korea, republic of": "KR",
  "republic of korea": "KR",
  "south korea": "KR",
  "czech republic": "CZ",
  holland: "NL",
  "the netherlands": "NL",
  türkiye: "TR",
  turkiye: "TR",
  uae: "AE",
  "iran, islamic republic of": "IR",
  "taiwan, province of china": "TW",
  "hong kong sar": "HK",
  deutschland: "DE",
  españa: "ES",
  espana: "ES",
  brasil: "BR",
  méxico: "MX",
  italia: "IT",
};

/**
 * Codes ICU can name that are not (or no longer) countries, or that shadow one: "FX" → France, and
 * the withdrawn codes some ICU builds name as their successor ("VD" → Vietnam, "DY" → Benin).
 */
const NOT_COUNTRIES = new Set([
  ...["AN", "BU", "CS", "DD", "EU", "EZ", "FX", "NT", "QO", "SU", "TP", "UK", "UN", "YU", "ZR", "ZZ", "XA", "XB"],
  ...["CT", "DY", "FQ", "HV", "JT", "MI", "NH", "NQ", "PC", "PU", "PZ", "RH", "VD", "WK", "YD"],
]);

let displayNames: Intl.DisplayNames | undefined;
let byName: Map<string, string> | undefined;

function names(): Intl.DisplayNames {
  displayNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  return displayNames;
}

function nameIndex(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const A = "A".charCodeAt(0);
  for (let i = 0; i < 26; i++) {
    for (let j = 0; j < 26; j++) {
      const code = String.fromCharCode(A + i, A + j);
      if (NOT_COUNTRIES.has(code)) continue;
      let name: string | undefined;
      try {
        name = names().of(code);
      } catch {
        name = undefined;
      }
      if (name && name !== code && !byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), code);
    }
  }
  return byName;
}

/** English short name for an ISO 3166-1 alpha-2 code ("VN" → "Vietnam"), or "" when unknown. */
export function countryName(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code) || NOT_COUNTRIES.has(code.toUpperCase())) return "";
  try {
    const name = names().of(code.toUpperCase());
    return name && name.toUpperCase() !== code.toUpperCase() ? name : "";
  } catch {
    return "";
  }
}

/** ISO code for a country name, alias or code ("Viet Nam" → "VN"), or "" when unknown. */
export function countryCode(value: string): string {
  const text = value.trim();
  if (!text) return "";
  const key = text.toLowerCase();
  if (ALIASES[key]) return ALIASES[key];
  if (/^[A-Za-z]{2}$/.test(text)) return countryName(text) ? text.toUpperCase() : "";
  return nameIndex().get(key) ?? "";
}

/** Canonical name and code from whatever the row holds; an unknown name is kept as written. */
export function normalizeCountry(name: string | null | undefined, code?: string | null): { name: string; code: string } {
  const fromCode = code ? countryCode(code) : "";
  const resolved = fromCode || countryCode(name ?? "");
  if (resolved) return { name: countryName(resolved) || (name ?? "").trim(), code: resolved };
  return { name: (name ?? "").trim(), code: "" };
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/**
 * A country as the page's language names it ("Vietnam" → "Việt Nam", "Estados Unidos"), from its
 * stored English name or code; English pages, and a country the runtime cannot name, keep the
 * stored name.
 */
export function countryNameIn(locale: string, name: string, code?: string | null): string {
  if (!name || locale.split("-")[0] === "en") return name;
  const iso = code || countryCode(name);
  if (!iso) return name;
  if (!regionNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
    } catch {
      names = null;
    }
    if (regionNames.size < 100) regionNames.set(locale, names);
  }
  return regionNames.get(locale)?.of(iso) ?? name;
}
