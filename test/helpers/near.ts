/** Near-me test steps shared by the query-level near tests: the order a search must give, and a search with its cost. */
import { parseSearchParams } from "#app/lib/search/search-params";
import { distanceKm } from "#app/server/search/near.server";
import { search } from "#app/server/search/search.server";
import { testDb } from "./factories";

type Located = { name: string; latitude: number; longitude: number };

/** The names of `spots` passing `keep`, nearest `from` first: the order a near search must give. */
export function nearestNames<S extends Located>(spots: S[], from: { lat: number; lng: number }, keep: (s: S) => boolean): string[] {
  return spots
    .filter(keep)
    .map((s) => ({ name: s.name, d: distanceKm(from, { lat: s.latitude, lng: s.longitude }) }))
    .sort((a, b) => a.d - b.d)
    .map((s) => s.name);
}

/** A search by its query string, with the names it lists and the rows it read. */
export async function searchNear(query: string) {
  const db = testDb();
  const result = await search(db, parseSearchParams(`https://x.test/search?${query}`));
  return { result, names: result.businesses.map((b) => b.name), rowsRead: db.meter.rowsRead };
}
