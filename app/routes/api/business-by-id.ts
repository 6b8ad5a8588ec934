import { businessIdParamsSchema } from "~/lib/api-schemas";
import { getApp } from "~/server/context.server";
import { getBusinessById } from "~/server/directory.server";
import { badRequest, json, notFound } from "~/server/http.server";
import type { Route } from "./+types/business-by-id";

/** GET /api/businesses/:id → the business, 400 for an id that is no number, 404 for no such business. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = businessIdParamsSchema.safeParse(params);
  if (!parsed.success) return badRequest("Invalid business id: it must be a positive whole number");
  const business = await getBusinessById(getApp(context).db, parsed.data.id);
  return business ? json(business) : notFound("Business not found");
}
