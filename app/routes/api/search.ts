import { ATTRIBUTE_PARAMS, CURSOR_PARAM, parseCursor } from "#app/lib/search/listing-filters";
import { parseSearchParams } from "#app/lib/search/search-params";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import { json } from "#app/server/platform/http.server";
import { search } from "#app/server/search/search.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/search";

// searchParamsSchema's keys and the attribute filters' (ATTRIBUTE_PARAMS).
export const queryParams: QueryParams = [
  "q",
  "location",
  "category",
  "openNow",
  "minRating",
  "sort",
  "near",
  "radius",
  "page",
  CURSOR_PARAM,
  ...ATTRIBUTE_PARAMS,
];

/**
 * GET /api/search: the JSON twin of /search, same parameters (q, location, category, openNow, minRating,
 * sort, page, has, openAt, openLate, open24h, and `after`: the cursor of a page past a dense match's
 * window, the answer's `next`); `filters` is the filter bar's choices with their counts. A page goes
 * by its number at any depth; by its cursor it reads its own matches only (ADR 0031).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = parseSearchParams(request.url);
  const { db, env } = getApp(context);
  // The words may name a category in any enabled language, as on /search.
  const after = parseCursor(new URL(request.url).searchParams.get(CURSOR_PARAM));
  return json(await search(db, params, { locales: siteConfig(env).localeSettings.locales, vocabulary: env.FTS5VOCAB !== "off", after }));
}
