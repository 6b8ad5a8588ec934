/**
 * The places of the search plans: a location text resolved against the summary tables (the
 * database half of parsing a location, app/lib/search/search-plan.ts has the other), and per kind
 * of place its column, the (column, score, id) index that lists its businesses in recommended order,
 * and the summary that counts them.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  locationOf,
  type Category,
  type Location,
  type LocationText,
  type Place,
  type PlaceKind,
  type PlaceWords,
  type Point,
} from "#app/lib/search/search-plan";
import type { Db } from "#app/server/platform/db.server";
import { b, FROM_B } from "#app/server/search/candidates.server";

/** `n` of a hand-written `SELECT … AS n` (a count, a size, 1 for "exists"); null when it gives no row. */
export async function valueOf(db: Db, query: SQL): Promise<number | null> {
  return (await db.orm.get<{ n: number } | undefined>(query))?.n ?? null;
}

const indexedBy = (index: string) => sql.raw(`INDEXED BY ${index}`);

/** Per kind of place: its column, its index in recommended order, and its summary's size query (none for states and postal codes). */
export const PLACES: Record<PlaceKind, { column: SQLiteColumn; index: string; size: ((value: string) => SQL) | null }> = {
  zip: { column: b.zipCode, index: "businesses_zip_score_idx", size: null },
  city: {
    column: b.citySlug,
    index: "businesses_city_score_idx",
    size: (v) => sql`SELECT business_count AS n FROM cities WHERE slug = ${v}`,
  },
  state: { column: b.stateCode, index: "businesses_state_score_idx", size: null },
  country: {
    column: b.countryCode,
    index: "businesses_country_score_idx",
    size: (v) => sql`SELECT coalesce(sum(business_count), 0) AS n FROM countries WHERE code = ${v}`,
  },
};

/**
 * What the first round trip read about a search's places and category (placeLookups): which state
 * codes are stored, each named city's business count (when it has businesses), and the summary
 * sizes the driving index is chosen by (a country's, the category's, the directory's). Keys are
 * `kind:value`; a key that is absent was not looked up or found nothing.
 */
export type Lookups = Map<string, number | null>;

const lookupKey = (kind: string, value: string) => `${kind}:${value}`;

/** The place words a location text can name, as the look-ups ask them. */
function placeWordsOf(text: LocationText): PlaceWords[] {
  return [...text.rest, ...(text.first?.alone ? [text.first.alone] : [])];
}

/**
 * Every look-up a location text (and, with `sizes`, the driving index's choice) can need, each with
 * the key its row answers with. Each arm is one seek: a state code's first business, a city's summary
 * row, a country's summary rows, the category's summary row, site_stats.
 */
export function lookupArms(text: LocationText | null, sizes: { places: boolean; category: Category | null }): LookupArm[] {
  const arms: LookupArm[] = [];
  const arm = (key: string, query: SQL) => arms.push({ key, sql: query });
  const words = text ? placeWordsOf(text) : [];
  for (const code of new Set(words.map((w) => w.code).filter((c): c is string => c !== null))) {
    const key = lookupKey("state", code);
    arm(key, sql`SELECT ${key} AS k, 1 AS n FROM (SELECT 1 FROM businesses WHERE state_code = ${code} LIMIT 1)`);
  }
  if (text?.first && text.first.citySlug !== "") {
    const key = lookupKey("city", text.first.citySlug);
    arm(key, sql`SELECT ${key} AS k, business_count AS n FROM cities WHERE slug = ${text.first.citySlug} AND business_count > 0`);
  }
  if (sizes.places)
    for (const country of new Set(words.map((w) => w.country).filter((c): c is string => c !== null))) {
      const key = lookupKey("country", country);
      arm(key, sql`SELECT ${key} AS k, coalesce(sum(business_count), 0) AS n FROM countries WHERE code = ${country}`);
    }
  const c = sizes.category;
  if (c) {
    const key = lookupKey(c.kind, c.slug);
    arm(
      key,
      c.kind === "group"
        ? sql`SELECT ${key} AS k, business_count AS n FROM category_groups WHERE slug = ${c.slug}`
        : sql`SELECT ${key} AS k, business_count AS n FROM categories WHERE slug = ${c.slug}`,
    );
    arm("total:", sql`SELECT 'total:' AS k, total_businesses AS n FROM site_stats WHERE id = 1`);
  }
  return arms;
}

/** A look-up: the key its row answers with (absent: not found), and its statement. */
export type LookupArm = { key: string; sql: SQL };

/**
 * The look-ups merged into one statement (UNION ALL: a row per answer), or null when there are none.
 * The text is resolved from the answers in JS (findLocation), in the order the sequential look-ups took.
 */
export function placeLookups(text: LocationText | null, sizes: { places: boolean; category: Category | null }): SQL | null {
  const arms = lookupArms(text, sizes);
  return arms.length
    ? sql.join(
        arms.map((a) => a.sql),
        sql` UNION ALL `,
      )
    : null;
}

/** Sizes already read (a listing's opening reads its city's and its category's), as look-ups. */
export function knownLookups(sizes: ReadonlyArray<{ kind: string; value: string; n: number | null }>): Lookups {
  return new Map(sizes.map((s) => [lookupKey(s.kind, s.value), s.n]));
}

/** The look-ups' rows as a map. */
export function lookupsOf(rows: ReadonlyArray<{ k: string; n: number | null }>): Lookups {
  return new Map(rows.map((r) => [r.k, r.n]));
}

/** A place's or a category's size when the look-ups read it (undefined: not read). */
export function knownSize(lookups: Lookups | undefined, kind: string, value: string): number | null | undefined {
  if (!lookups) return undefined;
  const key = lookupKey(kind, value);
  return lookups.has(key) ? (lookups.get(key) ?? null) : undefined;
}

/** A part after the first comma (or a first part alone): a state (a stored code, or a name) or a country. */
function qualifier(lookups: Lookups, words: PlaceWords): Place | null {
  if (words.code && lookups.has(lookupKey("state", words.code))) return { kind: "state", value: words.code };
  if (words.region) return { kind: "state", value: words.region };
  if (words.country) return { kind: "country", value: words.country };
  return null;
}

/**
 * The places a location text names, or null when it names nothing we know (the search is then
 * empty rather than silently unfiltered), from the look-ups' answers. Accents and case do not
 * matter: cities compare by slug.
 */
export function findLocation(text: LocationText, lookups: Lookups): Location | null {
  const places: Place[] = text.postalCode ? [{ kind: "zip", value: text.postalCode }] : [];
  const found = () => (places.length ? locationOf(text.label, places) : null);
  if (!text.first) return found();
  for (const words of text.rest) {
    const p = qualifier(lookups, words);
    if (!p) return null;
    places.push(p);
  }
  if (text.first.citySlug !== "" && lookups.has(lookupKey("city", text.first.citySlug))) {
    places.push({ kind: "city", value: text.first.citySlug });
    return found();
  }
  // Not a city: a state or a country on its own ("Illinois", "IL", "Switzerland").
  if (text.first.alone) {
    const p = qualifier(lookups, text.first.alone);
    if (p) {
      places.push(p);
      return found();
    }
  }
  return text.postalCode ? found() : null;
}

/**
 * The location as indexed predicates over `b`. With no table statistics SQLite may pick the state's
 * index for "Chicago, IL": a unary `+` keeps the other predicates off their indexes so the most
 * selective one drives.
 */
export function placeWhere(location: Location): SQL {
  return sql.join(
    location.places.map((p) => sql`${sql.raw(p === location.driving ? "" : "+")}${PLACES[p.kind].column} = ${p.value}`),
    sql` AND `,
  );
}

/** Businesses in a city or a country from the summary tables; null for a state or a postal code. */
export async function placeSize(db: Db, place: Place, lookups?: Lookups): Promise<number | null> {
  const size = PLACES[place.kind].size;
  if (!size) return null;
  const known = knownSize(lookups, place.kind, place.value);
  return known !== undefined ? known : valueOf(db, size(place.value));
}

/** How many businesses there are (site_stats, one row). */
export async function totalBusinesses(db: Db, lookups?: Lookups): Promise<number> {
  const known = knownSize(lookups, "total", "");
  return Math.max(
    1,
    (known !== undefined ? known : await valueOf(db, sql`SELECT total_businesses AS n FROM site_stats WHERE id = 1`)) ?? 1,
  );
}

/**
 * The mean position of up to 50 of a place's businesses, read from the place's own index: one row,
 * (lat, lng). `when`: a condition on other tables that gates the read — as the LIMIT, which SQLite
 * evaluates once before the loop (a WHERE term with a subquery is tested a row at a time: a state's
 * 8,431 rows at 100,000 for a gate that was false).
 */
const centreQuery = ({ kind, value }: Place, when?: SQL) =>
  sql`SELECT avg(lat) AS lat, avg(lng) AS lng FROM (SELECT b.latitude AS lat, b.longitude AS lng FROM ${FROM_B} ${indexedBy(PLACES[kind].index)}
    WHERE ${PLACES[kind].column} = ${value} AND b.latitude IS NOT NULL AND b.longitude IS NOT NULL
    LIMIT ${when ? sql`CASE WHEN ${when} THEN 50 ELSE 0 END` : sql`50`})`;

/**
 * The centre of a place, for "pizza in Hue" sorted by distance: the mean position of up to 50 of
 * its businesses (centreQuery). Null when none has coordinates.
 */
export async function placeCentre(db: Db, place: Place): Promise<Point | null> {
  return pointOf(await db.orm.get<{ lat: number | null; lng: number | null }>(centreQuery(place)));
}

const pointOf = (row: { lat: number | null; lng: number | null } | undefined): Point | null =>
  row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;

/**
 * The centres a search sorted by distance may need, as look-ups read in the look-ups' round trip
 * (two rows a place, its latitude and its longitude; centreFrom reads them): a postal code's, which
 * drives whenever it is given; else the first part's as a city, and — when that part stands alone —
 * the state or the country it names, each read only when findLocation would choose it (no such city
 * has businesses; a state code only when it is stored). Null when there is nothing to guess: the
 * centre is then read after the look-ups (placeCentre), as it is when a later part drives
 * ("Springfield, IL" with no such city).
 */
export function centreLookups(text: LocationText): SQL | null {
  if (text.postalCode) return centreLookup({ kind: "zip", value: text.postalCode });
  if (!text.first || text.first.citySlug === "") return null;
  const arms = [centreLookup({ kind: "city", value: text.first.citySlug })];
  const alone = text.first.alone;
  if (alone) {
    // qualifier's order: a stored state code, else a state's name, else a country.
    const noCity = sql`NOT EXISTS (SELECT 1 FROM cities WHERE slug = ${text.first.citySlug} AND business_count > 0)`;
    const stored = alone.code ? sql`EXISTS (SELECT 1 FROM businesses WHERE state_code = ${alone.code} LIMIT 1)` : sql`0`;
    if (alone.code) arms.push(centreLookup({ kind: "state", value: alone.code }, sql`${noCity} AND ${stored}`));
    const other: Place | null = alone.region
      ? { kind: "state", value: alone.region }
      : alone.country
        ? { kind: "country", value: alone.country }
        : null;
    if (other && !(other.kind === "state" && other.value === alone.code)) arms.push(centreLookup(other, sql`${noCity} AND NOT ${stored}`));
  }
  return sql.join(arms, sql` UNION ALL `);
}

/** One place's centre as two look-up rows (centreLookups), its index read only `when` that holds. */
function centreLookup(place: Place, when?: SQL): SQL {
  const key = lookupKey(`centre-${place.kind}`, place.value);
  return sql`SELECT * FROM (WITH c AS MATERIALIZED (${centreQuery(place, when)})
    SELECT ${`${key}:lat`} AS k, lat AS n FROM c UNION ALL SELECT ${`${key}:lng`} AS k, lng AS n FROM c)`;
}

/** The centre centreLookups read for a place: undefined when it was not read (another place drives). */
export function centreFrom(lookups: Lookups, place: Place): Point | null | undefined {
  const key = lookupKey(`centre-${place.kind}`, place.value);
  if (!lookups.has(`${key}:lat`)) return undefined;
  return pointOf({ lat: lookups.get(`${key}:lat`) ?? null, lng: lookups.get(`${key}:lng`) ?? null });
}
