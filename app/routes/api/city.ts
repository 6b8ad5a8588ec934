import { pagingQuerySchema } from "#app/lib/api-schemas";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import { findCity, listScope } from "#app/server/lists/directory.server";
import { json, notFound } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/city";

// pagingQuerySchema's keys.
export const queryParams: QueryParams = ["limit", "offset"];

/** The spec's list shape, paged by limit/offset (default 50, max 100), total in X-Total-Count; unknown city → 404 JSON. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { limit, offset } = parseQuery(request, pagingQuerySchema(50));
  const { db } = getApp(context);
  const city = await findCity(db, params.cityName);
  if (!city) return notFound("City not found");
  const businesses = await listScope(db, { kind: "city", slug: city.slug }, limit, offset);
  return json(businesses, { headers: { "X-Total-Count": String(city.count) } });
}
