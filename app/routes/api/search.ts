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
 * GET /api/search: the JSON twin of /search, same parameters (q, location, category, openNow,
 * minRating, sort, page, has, openAt, openLate, open24h) and its cursors (`after`: the answer before
 * it's `next`; `before`); `filters` is the filter bar's choices with their counts. As on /search, a
 * dense match of words and a place alone go by number up to page 6 and by cursor past it, each page
 * reading its own rows (ADR 0012); a deeper number without its cursor is refused (400) rather than
 * answered with another page, so a client counting pages stops with a clear message — unless the
 * list ends before it (an empty page). Near me and a search without words go by number at any depth.
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
    filtersByNumber: true,
  });
  const asked = params.page ?? 1;
  if (result.numbered !== null && result.page < asked && after === null && before === null) {
    // The list ends on the page served: the page asked for is past it, and empty.
    if (result.next === null)
      return json({ ...result, page: asked, businesses: [], hasPrevious: true, hasNext: false, next: null, previous: null });
    return badRequest(
      `Pages past ${result.numbered} are read by their cursor: ask for page ${result.numbered + 1} with after= set to page ${result.numbered}'s next.`,
    );
  }
  return json(result);
}
