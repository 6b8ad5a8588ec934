import { pagingQuerySchema } from "~/lib/api-schemas";
import { parseQuery } from "~/server/api.server";
import { getApp } from "~/server/context.server";
import { getCategories } from "~/server/directory.server";
import { json } from "~/server/http.server";
import type { Route } from "./+types/categories";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { limit, offset } = parseQuery(request, pagingQuerySchema(100));
  return json(await getCategories(getApp(context).db, limit, offset));
}
