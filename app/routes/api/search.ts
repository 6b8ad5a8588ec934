import { parseSearchParams } from "#app/lib/search/search-params";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import { json } from "#app/server/platform/http.server";
import { search } from "#app/server/search/search.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/search";

// searchParamsSchema's keys.
export const queryParams: QueryParams = [
  "q",
  "location",
  "category",
  "openNow",
  "minRating",
  "has",
  "openAt",
  "openLate",
  "open24h",
  "sort",
  "near",
  "radius",
  "page",
];

/** GET /api/search: the JSON twin of /search, same parameters (q, location, category, openNow, minRating, sort, page). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = parseSearchParams(request.url);
  const { db, env } = getApp(context);
  // The words may name a category in any enabled language, as on /search.
  return json(await search(db, params, { locales: siteConfig(env).localeSettings.locales }));
}
