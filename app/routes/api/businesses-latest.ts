import { pagingQuerySchema } from "#app/lib/api-schemas";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import { getLatest } from "#app/server/lists/directory.server";
import { json } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/businesses-latest";

// pagingQuerySchema's keys.
export const queryParams: QueryParams = ["limit", "offset"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { limit } = parseQuery(request, pagingQuerySchema(6));
  return json(await getLatest(getApp(context).db, limit));
}
