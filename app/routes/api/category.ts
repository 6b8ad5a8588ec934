import { pagingQuerySchema } from "#app/lib/api-schemas";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import { listCategory } from "#app/server/lists/directory.server";
import { json, notFound } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/category";

// pagingQuerySchema's keys.
export const queryParams: QueryParams = ["limit", "offset"];

/** Group slugs ("restaurants") and fine categories ("italian-restaurant") both resolve. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { limit, offset } = parseQuery(request, pagingQuerySchema(50));
  const listing = await listCategory(getApp(context).db, params.categoryName, limit, offset);
  if (!listing) return notFound("Category not found");
  return json(listing.businesses, { headers: { "X-Total-Count": String(listing.count) } });
}
