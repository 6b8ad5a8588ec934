import { getApp } from "#app/server/platform/context.server";
import { getStatistics } from "#app/server/lists/directory.server";
import { json } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/statistics";

export const queryParams: QueryParams = [];

export async function loader({ context }: Route.LoaderArgs) {
  return json(await getStatistics(getApp(context).db));
}
