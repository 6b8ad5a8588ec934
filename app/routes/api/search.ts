import { ATTRIBUTE_PARAMS, BEFORE_PARAM, CURSOR_PARAM, parseCursor } from "#app/lib/search/listing-filters";
import { parseSearchParams } from "#app/lib/search/search-params";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import { badRequest, json } from "#app/server/platform/http.server";
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
  BEFORE_PARAM,
  ...ATTRIBUTE_PARAMS,
];

/**
 * GET /api/search: the JSON twin of /search, same parameters (q, location, category, openNow, minRating,
 * sort, page, has, openAt, openLate, open24h, and the cursors: `after`, the answer before it's
 * `next`, and `before`, a word-less list's page above its first row, the answer after it's `before`); `filters` is the filter bar's choices with their counts. As on /search, a list that pages
 * by cursor past NUMBERED_PAGES (a dense match of words, a place alone, filters: ADR 0012, ADR 0031)
 * is read by number up to that page and by cursor past it, each page reading its own rows; a deeper
 * number without its cursor is refused (400) rather than answered with another page, so a client
 * that counts pages stops with a clear message. Near me goes by number at any depth (its walk is
 * bounded).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = parseSearchParams(request.url);
  const { db, env } = getApp(context);
  const url = new URL(request.url);
  const after = parseCursor(url.searchParams.get(CURSOR_PARAM));
  const before = parseCursor(url.searchParams.get(BEFORE_PARAM));
  // The words may name a category in any enabled language, as on /search.
  const result = await search(db, params, {
    locales: siteConfig(env).localeSettings.locales,
    vocabulary: env.FTS5VOCAB !== "off",
    after,
    before,
    cursors: true,
  });
  if (result.numbered !== null && result.page < (params.page ?? 1) && after === null && before === null)
    return badRequest(
      `Pages past ${result.numbered} are read by their cursor: ask for page ${result.numbered + 1} with after= set to page ${result.numbered}'s next.`,
    );
  return json(result);
}
