import { categoriesQuerySchema } from "#app/lib/api-schemas";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import { getCategories } from "#app/server/lists/directory.server";
import { json } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/categories";

// categoriesQuerySchema's keys.
export const queryParams: QueryParams = ["limit", "offset", "after"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { limit, offset, after } = parseQuery(request, categoriesQuerySchema);
  return json(await getCategories(getApp(context).db, limit, after ? { after } : { offset }));
}
