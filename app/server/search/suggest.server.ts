/**
 * Type-ahead for the search boxes: up to 8 suggestions for what a visitor has typed
 * so far. Every lookup is a prefix seek on a slug index (slugs are lower-case and accent-free, so
 * "hue" finds "Huế"), bounded by PREFIX_WINDOW rows whatever the directory's size, then ranked by
 * how many businesses each has. A short prefix therefore ranks the first PREFIX_WINDOW matches in
 * alphabetical order, not all of them: "s" may miss a big city, "sa" rarely does. At most 50 rows
 * are read per suggestion list (groups 10, categories 16, names 8; or cities 16 and their places), and a
 * list is one round trip of D1 (a batch, or one statement).
 */
import { and, eq, gt, gte, lt, sql } from "drizzle-orm";
import { businesses, categories, categoryGroups, cities, cityCountries } from "#db/schema";
import { detailPath, slugify } from "#app/lib/business/slug";
import type { Db } from "#app/server/platform/db.server";

export const MAX_SUGGESTIONS = 8;
/** Rows read per prefix lookup at most: a suggestion reads ≤ 50 rows in all. */
const PREFIX_WINDOW = 16;
const GROUP_WINDOW = 10;

export type SuggestKind = "service" | "location";

export type Suggestion = {
  kind: "group" | "category" | "business" | "city";
  label: string;
  /** A second line: the category and city of a business, the state and country of a city. */
  detail?: string;
  /** Businesses listed under it (groups, categories, cities). */
  count?: number;
  href: string;
};

/** The slug range of every key starting with `prefix` ("-" < "0" < "a" < "z" < "~"). */
const slugRange = (column: Parameters<typeof gte>[0], prefix: string) => and(gte(column, prefix), lt(column, `${prefix}~`));

export async function suggest(db: Db, text: string, kind: SuggestKind): Promise<Suggestion[]> {
  const prefix = slugify(text);
  if (!prefix) return [];
  return kind === "location" ? suggestCities(db, prefix) : suggestServices(db, prefix);
}

/** The groups, categories and names of a prefix: three seeks in one batch, so one round trip of D1. */
async function suggestServices(db: Db, prefix: string): Promise<Suggestion[]> {
  const [groups, cats, names] = await db.orm.batch([
    db.orm
      .select()
      .from(categoryGroups)
      .where(and(slugRange(categoryGroups.slug, prefix), gt(categoryGroups.businessCount, 0)))
      .limit(GROUP_WINDOW),
    db.orm.select().from(categories).where(slugRange(categories.slug, prefix)).limit(PREFIX_WINDOW),
    db.orm
      .select({
        id: businesses.id,
        name: businesses.name,
        slug: businesses.slug,
        placeId: businesses.placeId,
        category: businesses.category,
        city: businesses.city,
      })
      .from(businesses)
      .where(slugRange(businesses.slug, prefix))
      .limit(MAX_SUGGESTIONS),
  ]);
  const byCount = <T extends { businessCount: number }>(rows: T[]) =>
    rows.filter((r) => r.businessCount > 0).sort((a, b) => b.businessCount - a.businessCount);
  const out: Suggestion[] = [
    ...byCount(groups)
      .slice(0, 2)
      .map((g): Suggestion => ({ kind: "group", label: g.name, count: g.businessCount, href: `/category/${g.slug}` })),
    ...byCount(cats)
      .slice(0, 4)
      .map((c): Suggestion => ({
        kind: "category",
        label: c.name,
        count: c.businessCount,
        href: `/search?q=${encodeURIComponent(c.name)}`,
      })),
  ];
  for (const b of names) {
    out.push({ kind: "business", label: b.name, detail: [b.category, b.city].filter(Boolean).join(" · "), href: detailPath(b) });
  }
  return out.slice(0, MAX_SUGGESTIONS);
}

/**
 * The cities of a prefix, each with its countries (a left join on city_countries' primary key), in one
 * statement: the biggest of a city's countries gives its state and country (same-named cities share one slug).
 */
async function suggestCities(db: Db, prefix: string): Promise<Suggestion[]> {
  const matches = db.orm
    .select()
    .from(cities)
    .where(and(slugRange(cities.slug, prefix), gt(cities.businessCount, 0)))
    .limit(PREFIX_WINDOW)
    .as("matches");
  const rows = await db.orm
    .select({
      id: matches.id,
      slug: matches.slug,
      name: matches.name,
      businessCount: matches.businessCount,
      state: cityCountries.state,
      country: cityCountries.country,
      // Aliased: two columns named business_count would be one in D1's row objects (db.server.ts).
      placeCount: sql<number | null>`${cityCountries.businessCount}`.as("place_count"),
    })
    .from(matches)
    .leftJoin(cityCountries, eq(cityCountries.citySlug, matches.slug));
  type Place = { state: string; country: string; count: number };
  const byCity = new Map<number, { city: (typeof rows)[number]; place: Place | null }>();
  for (const row of rows) {
    const seen = byCity.get(row.id) ?? { city: row, place: null };
    const place = row.country === null ? null : { state: row.state ?? "", country: row.country, count: row.placeCount ?? 0 };
    if (place && (!seen.place || place.count > seen.place.count)) seen.place = place;
    byCity.set(row.id, seen);
  }
  const top = [...byCity.values()]
    .sort((a, b) => b.city.businessCount - a.city.businessCount || a.city.name.localeCompare(b.city.name))
    .slice(0, MAX_SUGGESTIONS);
  return top.map(({ city: c, place }) => ({
    kind: "city",
    label: c.name,
    detail: place ? [place.state, place.country].filter(Boolean).join(", ") : undefined,
    count: c.businessCount,
    href: `/city/${encodeURIComponent(c.name)}`,
  }));
}
