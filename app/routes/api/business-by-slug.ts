import { getApp } from "~/server/context.server";
import { getBusinessBySlug } from "~/server/directory.server";
import { json, notFound } from "~/server/http.server";
import type { Route } from "./+types/business-by-slug";

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug.trim();
  const business = slug.length <= 300 ? await getBusinessBySlug(getApp(context).db, slug) : null;
  return business ? json(business) : notFound("Business not found");
}
