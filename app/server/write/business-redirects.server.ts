/**
 * What a business URL that finds no business answers (docs/decisions/0019-duplicates-and-gone.md):
 * a 301 to the business it was merged into or that now has the slug, a 410 for a deleted business,
 * or null (a 404: never a business). Only called on a miss; each step is a primary-key seek.
 */
import { detailSlugCandidates } from "#app/lib/business/slug";
import type { Db } from "#app/server/platform/db.server";
import { json, NO_STORE } from "#app/server/platform/http.server";

export type BusinessRedirect = { status: 301; id: number; canonicalUrl: string | null } | { status: 410 };

/** Merges chain one hop (the writer re-points older merges); a few more are followed for safety. */
const MAX_HOPS = 4;

/** An id that no business has: where its URLs lead now. */
export async function redirectForId(db: Db, id: number): Promise<BusinessRedirect | null> {
  let current = id;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const live = await db.first<{ id: number; canonicalUrl: string | null }>(
      "SELECT id, canonical_url AS canonicalUrl FROM businesses WHERE id = ?1",
      [current],
    );
    if (live) return current === id ? null : { status: 301, id: live.id, canonicalUrl: live.canonicalUrl };
    const retired = await db.first<{ into: number | null }>('SELECT merged_into AS "into" FROM retired_businesses WHERE id = ?1', [
      current,
    ]);
    if (retired?.into == null) return retired || (await belowHighWaterMark(db, current)) ? { status: 410 } : null;
    current = retired.into;
  }
  return { status: 410 };
}

/**
 * A slug (or a city card's `{slug}-{7 chars}`) that no business has: an old slug of a business
 * (its slug was edited: 301) or of a retired one (301 or 410).
 */
export async function redirectForSlug(db: Db, value: string): Promise<BusinessRedirect | null> {
  const exact = await oldSlugOwner(db, value);
  if (exact !== null) return (await redirectForId(db, exact)) ?? (await liveRedirect(db, exact));
  for (const { base, suffix } of detailSlugCandidates(value)) {
    const owner = await oldSlugOwner(db, base);
    if (owner === null) continue;
    const identity = await db.first<{ placeId: string | null }>(
      `SELECT place_id AS placeId FROM businesses WHERE id = ?1
       UNION ALL SELECT place_id FROM retired_businesses WHERE id = ?1 LIMIT 1`,
      [owner],
    );
    if (String(identity?.placeId || owner).slice(0, 7) === suffix)
      return (await redirectForId(db, owner)) ?? (await liveRedirect(db, owner));
  }
  return null;
}

async function oldSlugOwner(db: Db, slug: string): Promise<number | null> {
  return (await db.first<{ id: number }>("SELECT business_id AS id FROM old_slugs WHERE slug = ?1", [slug]))?.id ?? null;
}

/** The business that still has this id (an edited slug's owner). */
async function liveRedirect(db: Db, id: number): Promise<BusinessRedirect | null> {
  const live = await db.first<{ id: number; canonicalUrl: string | null }>(
    "SELECT id, canonical_url AS canonicalUrl FROM businesses WHERE id = ?1",
    [id],
  );
  return live ? { status: 301, id: live.id, canonicalUrl: live.canonicalUrl } : null;
}

/**
 * Ids are never reused (AUTOINCREMENT): a missing id at or below the highest ever given was a
 * business once, deleted one by one or by a delete-all, which leaves no rows behind at 1,000,000.
 */
async function belowHighWaterMark(db: Db, id: number): Promise<boolean> {
  try {
    const row = await db.first<{ seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'businesses'");
    return row !== null && id <= row.seq;
  } catch {
    // Should a host refuse to read sqlite_sequence, the answer is the spec's 404, never a 500.
    return false;
  }
}

/** Where a 301 for a business page goes: its canonical URL (canonicalUrl when set, else /business/{id}). */
export function businessPagePath(target: { id: number; canonicalUrl: string | null }): string {
  return target.canonicalUrl || `/business/${target.id}`;
}

/** The JSON API's answer for a miss: a 301 to the business's own API address, 410 JSON, or null (404). */
export function apiRedirectResponse(found: BusinessRedirect | null): Response | null {
  if (!found) return null;
  if (found.status === 410) return json({ message: "Business no longer listed" }, { status: 410 });
  return new Response(null, { status: 301, headers: { Location: `/api/businesses/${found.id}`, "Cache-Control": NO_STORE } });
}
