import { pagingQuerySchema } from "#app/lib/api-schemas";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import { getPopularCities } from "#app/server/lists/directory.server";
import { json } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/cities-popular";

// pagingQuerySchema's keys.
export const queryParams: QueryParams = ["limit", "offset"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { limit } = parseQuery(request, pagingQuerySchema(12));
  return json(await getPopularCities(getApp(context).db, limit));
}
