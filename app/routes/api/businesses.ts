import { ATTRIBUTE_PARAMS, parseAttributeFilters } from "#app/lib/search/listing-filters";
import { businessesQuerySchema } from "#app/lib/api-schemas";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import { listBusinesses } from "#app/server/lists/directory.server";
import { json } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/businesses";

// businessesQuerySchema's keys.
export const queryParams: QueryParams = ["limit", "offset", "search", "category", "sort", ...ATTRIBUTE_PARAMS];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseQuery(request, businessesQuerySchema);
  // has, openAt, openLate, open24h: read as every listing reads them; `filters` answers the choices and their counts.
  const attributes = parseAttributeFilters(new URL(request.url).searchParams);
  return json(await listBusinesses(getApp(context).db, { ...query, attributes }));
}
