import { getApp } from "~/server/context.server";
import { getStatistics } from "~/server/directory.server";
import { json } from "~/server/http.server";
import type { Route } from "./+types/statistics";

export async function loader({ context }: Route.LoaderArgs) {
  return json(await getStatistics(getApp(context).db));
}
