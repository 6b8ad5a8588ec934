import { businessIdParamsSchema } from "#app/lib/api-schemas";
import { getApp } from "#app/server/platform/context.server";
import { badRequest, json, notFound } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { parseReviewCursor, readBusinessReviews, reviewSortOf } from "#app/server/reviews/reviews-read.server";
import type { Route } from "./+types/business-reviews";

export const queryParams: QueryParams = ["cursor", "sort"];

/**
 * GET /api/businesses/:id/reviews?cursor=&sort=newest|helpful → the business's published reviews
 * written here, one page ({ reviews, next }: `next` is the cursor of the following page, null on the
 * last); 404 for no such business. Unverified, held and hidden reviews are never listed.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const parsed = businessIdParamsSchema.safeParse(params);
  if (!parsed.success) return badRequest("Invalid business id: it must be a positive whole number");
  const search = new URL(request.url).searchParams;
  const sort = search.get("sort");
  if (sort !== null && sort !== "newest" && sort !== "helpful") return badRequest("sort must be newest or helpful");
  const cursor = search.get("cursor");
  const after = parseReviewCursor(cursor);
  if (cursor && !after) return badRequest("Invalid cursor");
  const page = await readBusinessReviews(getApp(context).db, parsed.data.id, reviewSortOf(sort), after);
  return page ? json(page) : notFound("Business not found");
}
