import { pagingQuerySchema } from "~/lib/api-schemas";
import { parseQuery } from "~/server/api.server";
import { getApp } from "~/server/context.server";
import { getLatest } from "~/server/directory.server";
import { json } from "~/server/http.server";
import type { Route } from "./+types/businesses-latest";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { limit } = parseQuery(request, pagingQuerySchema(6));
  return json(await getLatest(getApp(context).db, limit));
}
