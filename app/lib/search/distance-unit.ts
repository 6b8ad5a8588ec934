/**
 * The unit a search's distances are shown in: the place searched's (miles around a US or UK point,
 * km elsewhere), never the visitor's request headers, so the page stays cacheable. A search knows
 * the country of its results, not of its point: the nearest result's country stands for the place
 * (a location's results all lie in it; near me, the point's surroundings). Pure.
 */
import { distanceUnitOf, type DistanceUnit } from "#app/lib/format";

export function searchDistanceUnit(results: ReadonlyArray<{ countryCode: string | null; distanceKm?: number }>): DistanceUnit {
  let nearest: (typeof results)[number] | undefined;
  for (const r of results) {
    if (r.distanceKm === undefined) continue;
    if (!nearest || r.distanceKm < (nearest.distanceKm ?? Infinity)) nearest = r;
  }
  return distanceUnitOf((nearest ?? results[0])?.countryCode);
}
