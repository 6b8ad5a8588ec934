import { mapPlacesQuerySchema } from "#app/lib/api-schemas";
import { mapTiles, type MapPlaces } from "#app/lib/business/map";
import { parseQuery } from "#app/server/platform/api.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import { json } from "#app/server/platform/http.server";
import { mapPlaces } from "#app/server/lists/map-places.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/map-places";

// mapPlacesQuerySchema's keys.
export const queryParams: QueryParams = ["ids"];

/** A map's tiles and markers (ADR 0022) for `?ids=12,7,40` (≤ 50), cached at the edge like every public GET. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ids } = parseQuery(request, mapPlacesQuerySchema);
  const { db, env } = getApp(context);
  return json({ tiles: mapTiles(siteConfig(env)), places: await mapPlaces(db, ids) } satisfies MapPlaces);
}
