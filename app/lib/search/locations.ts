/**
 * Reads a visitor's location text ("Chicago", "Chicago, IL", "60601", "Zürich", "Springfield,
 * Illinois", "Paris, France") into the parts the server resolves against indexed columns.
 * Pure: no runtime imports.
 */
import { slugify } from "#app/lib/business/slug";

/** US states and territories, Canadian provinces and Australian states: name → code. */
const REGIONS: Record<string, string> = {
  alabama: "AL",
  alaska: "AK",
  arizona: "AZ",
  arkansas: "AR",
  california: "CA",
  colorado: "CO",
  connecticut: "CT",
  delaware: "DE",
  "district-of-columbia": "DC",
  florida: "FL",
  georgia: "GA",
  hawaii: "HI",
  idaho: "ID",
  illinois: "IL",
  indiana: "IN",
  iowa: "IA",
  kansas: "KS",
  kentucky: "KY",
  louisiana: "LA",
  maine: "ME",
  maryland: "MD",
  massachusetts: "MA",
  michigan: "MI",
  minnesota: "MN",
  mississippi: "MS",
  missouri: "MO",
  montana: "MT",
  nebraska: "NE",
  nevada: "NV",
  "new-hampshire": "NH",
  "new-jersey": "NJ",
  "new-mexico": "NM",
  "new-york": "NY",
  "north-carolina": "NC",
  "north-dakota": "ND",
  ohio: "OH",
  oklahoma: "OK",
  oregon: "OR",
  pennsylvania: "PA",
  "rhode-island": "RI",
  "south-carolina": "SC",
  "south-dakota": "SD",
  tennessee: "TN",
  texas: "TX",
  utah: "UT",
  vermont: "VT",
  virginia: "VA",
  washington: "WA",
  "west-virginia": "WV",
  wisconsin: "WI",
  wyoming: "WY",
  "puerto-rico": "PR",
  alberta: "AB",
  "british-columbia": "BC",
  manitoba: "MB",
  "new-brunswick": "NB",
  "newfoundland-and-labrador": "NL",
  "nova-scotia": "NS",
  ontario: "ON",
  "prince-edward-island": "PE",
  quebec: "QC",
  saskatchewan: "SK",
  "new-south-wales": "NSW",
  queensland: "QLD",
  victoria: "VIC",
  tasmania: "TAS",
  "western-australia": "WA",
  "south-australia": "SA",
};

/** The code of a state or province named in full ("Illinois", "Québec"), else undefined. */
export function regionCode(text: string): string | undefined {
  return REGIONS[slugify(text)];
}

/** A postal code: at most 10 characters of letters, digits, spaces and hyphens, with a digit in it. */
function looksLikePostalCode(text: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(text) && /\d/.test(text);
}

function normalizePostalCode(text: string): string {
  return text.trim().toUpperCase().replace(/\s+/g, " ");
}

/**
 * The comma-separated parts of the text, trimmed, at most three ("City, State, Country"), with a
 * trailing postal code split off ("Chicago, IL 60601" → ["Chicago", "IL"] + "60601").
 */
export function splitLocation(text: string): { parts: string[]; postalCode?: string } {
  const cleaned = text
    .normalize("NFKC")
    .slice(0, 200)
    .replace(/[^\p{L}\p{N}\s,.'-]/gu, " ");
  const parts = cleaned
    .split(",")
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .slice(0, 3);
  let postalCode: string | undefined;
  const last = parts[parts.length - 1];
  // "IL 60601" or "Chicago 60601": a trailing all-digit word after words without digits.
  const trailing = last ? /^(\D*\S)\s+(\d{4,6}(?:-\d{4})?)$/u.exec(last) : null;
  if (trailing) {
    postalCode = trailing[2];
    parts[parts.length - 1] = trailing[1];
  } else if (last && looksLikePostalCode(last)) {
    postalCode = normalizePostalCode(last);
    parts.pop();
  }
  return { parts, postalCode };
}
