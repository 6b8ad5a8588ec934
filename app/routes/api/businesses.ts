import { businessesQuerySchema } from "#app/lib/api-schemas";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import { listBusinesses } from "#app/server/lists/directory.server";
import { json } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/businesses";

// businessesQuerySchema's keys.
export const queryParams: QueryParams = ["limit", "offset", "search", "category", "sort"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseQuery(request, businessesQuerySchema);
  return json(await listBusinesses(getApp(context).db, query));
}
