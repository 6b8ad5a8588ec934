/**
 * The places of a page's map (docs/decisions/0022-maps.md): public/map-draw.js asks for
 * the businesses on the page by id when the map comes into view, so the page itself carries no
 * coordinates in its loader data.
 */
import { mapMarker, type MapMarker } from "#app/lib/business/map";
import type { BusinessRow } from "#db/schema";
import type { Db } from "#app/server/platform/db.server";

type PlaceRow = Pick<BusinessRow, "id" | "name" | "latitude" | "longitude">;

/**
 * The markers of these businesses in the order asked, leaving out ids that are no business or have no
 * coordinates. One statement, one primary-key seek and one row read per id: the ids as a VALUES list
 * joined to businesses, CROSS JOIN so that SQLite keeps the list as the outer loop whatever it
 * estimates for a million rows (a scan of businesses probing the list is the other order). (D1 counts two rows per id for `id IN (…)`, `id = ? OR …` and json_each — the
 * list's temporary table, then the seek — and allows no more than 5 terms in a UNION ALL; measured.)
 */
export async function mapPlaces(db: Db, ids: readonly number[]): Promise<MapMarker[]> {
  if (ids.length === 0) return [];
  const rows = await db.all<PlaceRow>(
    `SELECT b.id, b.name, b.latitude, b.longitude FROM (VALUES ${ids.map(() => "(?)").join(", ")}) AS asked
     CROSS JOIN businesses AS b ON b.id = asked.column1`,
    ids,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    const marker = row ? mapMarker(row) : null;
    return marker ? [marker] : [];
  });
}
