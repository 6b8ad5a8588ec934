/**
 * Duplicate listings (docs/decisions/0019-duplicates-and-gone.md): candidates are found on
 * the write path, by index seeks on the written rows' own keys (duplicate_keys), and kept in
 * duplicate_pairs, which the admin's Duplicates tab pages through. Merging deletes the loser through
 * the writer (business-writer.server.ts), which records where its URLs now lead.
 */
import { distanceMetres } from "#app/lib/business/duplicate-keys";
import type {
  DuplicatePage,
  DuplicatePair,
  DuplicatePairSide,
  DuplicatesQuery,
  MergeInput,
  PairInput,
} from "#app/lib/admin/admin-duplicates";
import { DUPLICATES_PAGE_SIZE } from "#app/lib/admin/admin-duplicates";
import type { Db } from "#app/server/platform/db.server";
import { businessLabel, recordAudit } from "#app/server/write/audit.server";
import { deleteBusiness } from "#app/server/write/business-writer.server";

/**
 * Which of these place ids were merged into another business, and into which (its id): the importer
 * skips them on re-import instead of bringing the merged-away listing back.
 */
export async function mergedInto(db: Db, placeIds: ReadonlyArray<string>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (placeIds.length === 0) return out;
  const rows = await db.all<{ placeId: string; into: number }>(
    `SELECT place_id AS placeId, merged_into AS "into" FROM retired_businesses
     WHERE place_id IN (SELECT value FROM json_each(?1)) AND merged_into IS NOT NULL ORDER BY retired_at, id`,
    [JSON.stringify(placeIds)],
  );
  for (const row of rows) out.set(row.placeId, row.into);
  return out;
}

// ── The admin's Duplicates tab ──────────────────────────────────────────────

/** A side as read: the tab's facts plus the coordinates its distance is worked out from. */
type SideRow = DuplicatePairSide & { latitude: number | null; longitude: number | null };

/**
 * One page of open pairs, newest first (keyset on (high_id, low_id): the status index, O(page)),
 * with the facts that tell the two apart.
 */
export async function duplicatePage(db: Db, query: DuplicatesQuery): Promise<DuplicatePage> {
  const before = query.before ?? { highId: Number.MAX_SAFE_INTEGER, lowId: Number.MAX_SAFE_INTEGER };
  const pairs = await db.all<{ lowId: number; highId: number; reason: DuplicatePair["reason"]; foundAt: number }>(
    `SELECT low_id AS lowId, high_id AS highId, reason, found_at AS foundAt FROM duplicate_pairs
     WHERE status = 'open' AND (high_id, low_id) < (?1, ?2)
     ORDER BY high_id DESC, low_id DESC LIMIT ?3`,
    [before.highId, before.lowId, DUPLICATES_PAGE_SIZE + 1],
  );
  const shown = pairs.slice(0, DUPLICATES_PAGE_SIZE);
  const ids = [...new Set(shown.flatMap((p) => [p.lowId, p.highId]))];
  const rows = ids.length
    ? await db.all<SideRow>(
        `SELECT id, place_id AS placeId, slug, name, phone, address, city, state, country, rating,
           review_count AS reviewCount, latitude, longitude
         FROM businesses WHERE id IN (SELECT value FROM json_each(?1))`,
        [JSON.stringify(ids)],
      )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items: DuplicatePair[] = [];
  for (const p of shown) {
    const a = byId.get(p.lowId);
    const b = byId.get(p.highId);
    if (!a || !b) continue;
    const located = a.latitude !== null && a.longitude !== null && b.latitude !== null && b.longitude !== null;
    items.push({
      lowId: p.lowId,
      highId: p.highId,
      reason: p.reason,
      foundAt: p.foundAt,
      distanceMetres: located
        ? Math.round(distanceMetres(a as { latitude: number; longitude: number }, b as { latitude: number; longitude: number }))
        : null,
      // The default winner: more reviews, then the older listing.
      suggestedKeepId: b.reviewCount > a.reviewCount ? b.id : a.id,
      businesses: [side(a), side(b)],
    });
  }
  const last = shown[shown.length - 1];
  return { pairs: items, next: pairs.length > DUPLICATES_PAGE_SIZE && last ? { highId: last.highId, lowId: last.lowId } : null };
}

function side(r: SideRow): DuplicatePairSide {
  const { latitude: _lat, longitude: _lng, ...rest } = r;
  return rest;
}

async function openPair(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db.first<{ one: number }>(
    "SELECT 1 AS one FROM duplicate_pairs WHERE low_id = ?1 AND high_id = ?2 AND status = 'open'",
    [Math.min(a, b), Math.max(a, b)],
  );
  return row !== null;
}

async function nameOf(db: Db, id: number): Promise<string | undefined> {
  return (await db.first<{ name: string }>("SELECT name FROM businesses WHERE id = ?1", [id]))?.name;
}

/**
 * Keeps `keepId` and removes `removeId` (an open pair): the writer's delete (summaries, FTS, list
 * positions, data version) records the loser as merged, so its URLs 301 to the winner.
 */
export async function mergeDuplicates(db: Db, input: MergeInput, actor: string): Promise<boolean> {
  if (!(await openPair(db, input.keepId, input.removeId))) return false;
  const [keepName, removeName] = await Promise.all([nameOf(db, input.keepId), nameOf(db, input.removeId)]);
  if (!(await deleteBusiness(db, input.removeId, { mergedInto: input.keepId }))) return false;
  await recordAudit(db, {
    actor,
    action: "merge",
    targetId: input.keepId,
    detail: `Merged ${businessLabel(input.removeId, removeName)} into ${businessLabel(input.keepId, keepName)}`,
  });
  return true;
}

/** "Not a duplicate": the pair is never proposed again. */
export async function dismissDuplicates(db: Db, input: PairInput, actor: string): Promise<boolean> {
  const [low, high] = [Math.min(input.ids[0], input.ids[1]), Math.max(input.ids[0], input.ids[1])];
  const [update] = await db.batch([
    db.statement(
      "UPDATE duplicate_pairs SET status = 'dismissed' WHERE low_id = ?1 AND high_id = ?2 AND status = 'open' RETURNING low_id",
      [low, high],
    ),
  ]);
  if (update.results.length === 0) return false;
  await recordAudit(db, {
    actor,
    action: "dismiss-duplicate",
    targetId: high,
    detail: `Business ${low} and business ${high} are not duplicates`,
  });
  return true;
}
