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

export const indexedBy = (index: string) => sql.raw(`INDEXED BY ${index}`);

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

const stateCodeExists = async (db: Db, code: string) =>
  (await valueOf(db, sql`SELECT 1 AS n FROM businesses WHERE state_code = ${code} LIMIT 1`)) !== null;

const cityExists = async (db: Db, slug: string) =>
  slug !== "" && (await valueOf(db, sql`SELECT 1 AS n FROM cities WHERE slug = ${slug} AND business_count > 0`)) !== null;

/** A part after the first comma (or a first part alone): a state (a stored code, or a name) or a country. */
async function qualifier(db: Db, words: PlaceWords): Promise<Place | null> {
  if (words.code && (await stateCodeExists(db, words.code))) return { kind: "state", value: words.code };
  if (words.region) return { kind: "state", value: words.region };
  if (words.country) return { kind: "country", value: words.country };
  return null;
}

/**
 * The places a location text names, or null when it names nothing we know (the search is then
 * empty rather than silently unfiltered). Accents and case do not matter: cities compare by slug.
 */
export async function findLocation(db: Db, text: LocationText): Promise<Location | null> {
  const places: Place[] = text.postalCode ? [{ kind: "zip", value: text.postalCode }] : [];
  const found = () => (places.length ? locationOf(text.label, places) : null);
  if (!text.first) return found();
  for (const words of text.rest) {
    const p = await qualifier(db, words);
    if (!p) return null;
    places.push(p);
  }
  if (await cityExists(db, text.first.citySlug)) {
    places.push({ kind: "city", value: text.first.citySlug });
    return found();
  }
  // Not a city: a state or a country on its own ("Illinois", "IL", "Switzerland").
  if (text.first.alone) {
    const p = await qualifier(db, text.first.alone);
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
export async function placeSize(db: Db, place: Place): Promise<number | null> {
  const size = PLACES[place.kind].size;
  return size ? valueOf(db, size(place.value)) : null;
}

/** How many businesses there are (site_stats, one row). */
export async function totalBusinesses(db: Db): Promise<number> {
  return Math.max(1, (await valueOf(db, sql`SELECT total_businesses AS n FROM site_stats WHERE id = 1`)) ?? 1);
}

/**
 * The centre of a place, for "pizza in Hue" sorted by distance: the mean position of up to 50 of
 * its businesses, read from the place's own index. Null when none has coordinates.
 */
export async function placeCentre(db: Db, { kind, value }: Place): Promise<Point | null> {
  const row = await db.orm.get<{ lat: number | null; lng: number | null }>(
    sql`SELECT avg(lat) AS lat, avg(lng) AS lng FROM (SELECT b.latitude AS lat, b.longitude AS lng FROM ${FROM_B} ${indexedBy(PLACES[kind].index)}
        WHERE ${PLACES[kind].column} = ${value} AND b.latitude IS NOT NULL AND b.longitude IS NOT NULL LIMIT 50)`,
  );
  return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}
