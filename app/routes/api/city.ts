import { pagingQuerySchema } from "#app/lib/api-schemas";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import { listCity } from "#app/server/lists/directory.server";
import { json, notFound } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/city";

// pagingQuerySchema's keys.
export const queryParams: QueryParams = ["limit", "offset"];

/** The spec's list shape, paged by limit/offset (default 50, max 100), total in X-Total-Count; unknown city → 404 JSON. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { limit, offset } = parseQuery(request, pagingQuerySchema(50));
  const listing = await listCity(getApp(context).db, params.cityName, limit, offset);
  if (!listing) return notFound("City not found");
  return json(listing.businesses, { headers: { "X-Total-Count": String(listing.count) } });
}
