import { pagingQuerySchema } from "~/lib/api-schemas";
import { parseQuery } from "~/server/api.server";
import { getApp } from "~/server/context.server";
import { getPopularCities } from "~/server/directory.server";
import { json } from "~/server/http.server";
import type { Route } from "./+types/cities-popular";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { limit } = parseQuery(request, pagingQuerySchema(12));
  return json(await getPopularCities(getApp(context).db, limit));
}
