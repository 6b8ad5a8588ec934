import { businessSlugParamsSchema } from "#app/lib/api-schemas";
import { getApp } from "#app/server/platform/context.server";
import { getBusinessBySlug } from "#app/server/lists/directory.server";
import { apiRedirectResponse, redirectForSlug } from "#app/server/write/business-redirects.server";
import { json, notFound } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/business-by-slug";

export const queryParams: QueryParams = [];

/** GET /api/businesses/slug/:slug → the business (every link form of SPEC §2); an old slug 301s, a deleted business's 410s; else 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = businessSlugParamsSchema.safeParse(params);
  if (!parsed.success) return notFound("Business not found");
  const { db } = getApp(context);
  const business = await getBusinessBySlug(db, parsed.data.slug);
  if (business) return json(business);
  return apiRedirectResponse(await redirectForSlug(db, parsed.data.slug)) ?? notFound("Business not found");
}
