import { suggestQuerySchema } from "#app/lib/api-schemas";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import { json } from "#app/server/platform/http.server";
import { suggest } from "#app/server/search/suggest.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/suggest";

// suggestQuerySchema's keys.
export const queryParams: QueryParams = ["q", "kind"];

/** Type-ahead: `{ suggestions }`, up to 8, cached at the edge like every public GET. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { q, kind } = parseQuery(request, suggestQuerySchema);
  return json({ suggestions: await suggest(getApp(context).db, q, kind) });
}
