import { suggestQuerySchema } from "~/lib/api-schemas";
import { parseQuery } from "~/server/api.server";
import { getApp } from "~/server/context.server";
import { json } from "~/server/http.server";
import { suggest } from "~/server/suggest.server";
import type { Route } from "./+types/suggest";

/** Type-ahead: `{ suggestions }`, up to 8, cached at the edge like every public GET. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { q, kind } = parseQuery(request, suggestQuerySchema);
  return json({ suggestions: await suggest(getApp(context).db, q, kind) });
}
