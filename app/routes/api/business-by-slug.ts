import { businessSlugParamsSchema } from "~/lib/api-schemas";
import { getApp } from "~/server/context.server";
import { getBusinessBySlug } from "~/server/directory.server";
import { json, notFound } from "~/server/http.server";
import type { Route } from "./+types/business-by-slug";

/** GET /api/businesses/slug/:slug → the business (every link form of CLARIFICATIONS 9), or 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = businessSlugParamsSchema.safeParse(params);
  const business = parsed.success ? await getBusinessBySlug(getApp(context).db, parsed.data.slug) : null;
  return business ? json(business) : notFound("Business not found");
}
