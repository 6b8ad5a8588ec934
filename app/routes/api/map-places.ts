import { mapPlacesQuerySchema } from "~/lib/api-schemas";
import { mapTiles, type MapPlaces } from "~/lib/map";
import { parseQuery } from "~/server/api.server";
import { siteConfig } from "~/server/config.server";
import { getApp } from "~/server/context.server";
import { json } from "~/server/http.server";
import { mapPlaces } from "~/server/map-places.server";
import type { Route } from "./+types/map-places";

/** A map's tiles and markers (ADR 0022) for `?ids=12,7,40` (≤ 50), cached at the edge like every public GET. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ids } = parseQuery(request, mapPlacesQuerySchema);
  const { db, env } = getApp(context);
  return json({ tiles: mapTiles(siteConfig(env)), places: await mapPlaces(db, ids) } satisfies MapPlaces);
}
