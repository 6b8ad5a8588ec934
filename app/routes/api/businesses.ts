import { businessesQuerySchema } from "~/lib/api-schemas";
import { parseQuery } from "~/server/api.server";
import { getApp } from "~/server/context.server";
import { listBusinesses } from "~/server/directory.server";
import { json } from "~/server/http.server";
import type { Route } from "./+types/businesses";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseQuery(request, businessesQuerySchema);
  return json(await listBusinesses(getApp(context).db, query));
}
