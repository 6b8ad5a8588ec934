import { businessIdParamsSchema } from "#app/lib/api-schemas";
import { getApp } from "#app/server/platform/context.server";
import { getBusinessById } from "#app/server/lists/directory.server";
import { apiRedirectResponse, redirectForId } from "#app/server/write/business-redirects.server";
import { badRequest, json, notFound } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/business-by-id";

export const queryParams: QueryParams = [];

/** GET /api/businesses/:id → the business, 400 for an id that is no number, 301 to the business it was merged into, 410 for a deleted one, 404 for no such business. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = businessIdParamsSchema.safeParse(params);
  if (!parsed.success) return badRequest("Invalid business id: it must be a positive whole number");
  const { db } = getApp(context);
  const business = await getBusinessById(db, parsed.data.id);
  if (business) return json(business);
  return apiRedirectResponse(await redirectForId(db, parsed.data.id)) ?? notFound("Business not found");
}
