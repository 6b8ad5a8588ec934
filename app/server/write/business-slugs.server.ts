/**
 * Slugs for new businesses (stored and unique, accents transliterated): name, then name-city, then
 * name-city-{tag}, each checked by exact lookup so a chain's hundredth branch costs no more than its first.
 */
import type { PreparedBusiness } from "#app/lib/business/business";
import type { Db } from "#app/server/platform/db.server";

/** Marks a row whose name gives no slug: it becomes `business-{id}` once its id is known. */
export const PENDING_SLUG_PREFIX = "~pending-";

/** FNV-1a, base 36: a short, stable tag from a business's identity. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(6, "0").slice(-6);
}

/**
 * Slug candidates in order of preference: name and name-city first (round 0), then name-city-{tag}
 * where the tag is a hash of the place id (or name and address) and the round, so a chain's
 * hundredth branch costs no more than its first: every candidate is checked by exact lookup, never
 * by scanning a prefix. Round 0 is looked up with the batch's place ids; a tagged candidate is only
 * looked up for the few rows whose name and name-city are both taken (a third of the lookups saved).
 */
export function slugCandidates(r: PreparedBusiness, round: number): string[] {
  const withCity = r.city_slug && r.city_slug !== r.base_slug ? `${r.base_slug}-${r.city_slug}` : r.base_slug;
  if (round === 0) return withCity === r.base_slug ? [withCity] : [r.base_slug, withCity];
  const identity = r.place_id ?? `${r.name}|${r.address}|${r.city}`;
  return [`${withCity}-${shortHash(`${identity}#${round - 1}`)}`];
}

/**
 * Which of these place ids and slugs are stored already: one query for both. A place id merged into
 * another business (ADR 0019) counts as stored, so a re-import skips it in either mode
 * instead of bringing the merged-away duplicate back (duplicates.server.ts's mergedInto says where).
 */
export async function stored(db: Db, placeIds: string[], slugs: string[]): Promise<{ placeIds: Set<string>; slugs: Set<string> }> {
  const rows = await db.all<{ kind: "p" | "s"; value: string }>(
    `SELECT 'p' AS kind, place_id AS value FROM businesses WHERE place_id IN (SELECT value FROM json_each(?1))
     UNION ALL
     SELECT 'p', place_id FROM retired_businesses WHERE place_id IN (SELECT value FROM json_each(?1)) AND merged_into IS NOT NULL
     UNION ALL
     SELECT 's', slug FROM businesses WHERE slug IN (SELECT value FROM json_each(?2))`,
    [JSON.stringify(placeIds), JSON.stringify(slugs)],
  );
  const out = { placeIds: new Set<string>(), slugs: new Set<string>() };
  for (const r of rows) (r.kind === "p" ? out.placeIds : out.slugs).add(r.value);
  return out;
}

/**
 * Picks a free slug for each row (the unique index is the final arbiter). `taken` starts with the
 * stored slugs among the first round's candidates; later rounds (rare) look theirs up.
 */
export async function resolveSlugs(db: Db, rows: PreparedBusiness[], taken: Set<string>): Promise<string[]> {
  const chosen: Array<string | null> = rows.map((r) => (r.base_slug ? null : `${PENDING_SLUG_PREFIX}${crypto.randomUUID()}`));
  for (let round = 0; chosen.some((c) => c === null); round++) {
    if (round > 9) throw new Error("Could not find a free slug");
    if (round > 0) {
      const wanted = new Set<string>();
      rows.forEach((r, i) => {
        if (chosen[i] === null) for (const c of slugCandidates(r, round)) wanted.add(c);
      });
      for (const slug of (await stored(db, [], [...wanted])).slugs) taken.add(slug);
    }
    rows.forEach((r, i) => {
      if (chosen[i] !== null) return;
      const free = slugCandidates(r, round).find((c) => !taken.has(c));
      if (free) {
        chosen[i] = free;
        taken.add(free);
      }
    });
  }
  return chosen as string[];
}
