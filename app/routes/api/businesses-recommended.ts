import { pagingQuerySchema } from "~/lib/api-schemas";
import { parseQuery } from "~/server/api.server";
import { getApp } from "~/server/context.server";
import { getRecommended } from "~/server/directory.server";
import { json } from "~/server/http.server";
import type { Route } from "./+types/businesses-recommended";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { limit } = parseQuery(request, pagingQuerySchema(6));
  return json(await getRecommended(getApp(context).db, limit));
}
