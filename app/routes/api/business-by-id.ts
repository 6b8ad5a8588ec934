import { getApp } from "~/server/context.server";
import { getBusinessById } from "~/server/directory.server";
import { badRequest, json, notFound } from "~/server/http.server";
import type { Route } from "./+types/business-by-id";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,15}$/.test(params.id)) return badRequest("Invalid business id: it must be a positive whole number");
  const business = await getBusinessById(getApp(context).db, Number(params.id));
  return business ? json(business) : notFound("Business not found");
}
