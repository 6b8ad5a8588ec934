import { notFound } from "#app/server/platform/http.server";

/** Any other /api path: JSON, not the HTML 404 page. */
export function loader() {
  return notFound("No such API endpoint");
}
