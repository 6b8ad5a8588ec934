import { notFound } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";

export const queryParams: QueryParams = [];

/** Any other /api path: JSON, not the HTML 404 page. */
export function loader() {
  return notFound("No such API endpoint");
}
