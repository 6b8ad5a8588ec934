import { pagingQuerySchema } from "#app/lib/api-schemas";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import { findCategory, listScope } from "#app/server/lists/directory.server";
import { json, notFound } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/category";

// pagingQuerySchema's keys.
export const queryParams: QueryParams = ["limit", "offset"];

/** Group slugs ("restaurants") and fine categories ("italian-restaurant") both resolve. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { limit, offset } = parseQuery(request, pagingQuerySchema(50));
  const { db } = getApp(context);
  const category = await findCategory(db, params.categoryName);
  if (!category) return notFound("Category not found");
  const businesses = await listScope(db, { kind: category.kind, slug: category.slug }, limit, offset);
  return json(businesses, { headers: { "X-Total-Count": String(category.count) } });
}
