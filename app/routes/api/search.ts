import { parseSearchParams } from "~/lib/search-params";
import { getApp } from "~/server/context.server";
import { json } from "~/server/http.server";
import { search } from "~/server/search.server";
import type { Route } from "./+types/search";

/** GET /api/search: the JSON twin of /search, same parameters (q, location, category, openNow, minRating, sort, page). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = parseSearchParams(request.url);
  return json(await search(getApp(context).db, params));
}
