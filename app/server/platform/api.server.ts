import type { z } from "zod";
import { describeIssues, queryObject } from "#app/lib/api-schemas";
import { badRequest } from "#app/server/platform/http.server";

/** Parses the request's query with a schema; a 400 JSON Response (thrown) names what is wrong. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const parsed = schema.safeParse(queryObject(request.url));
  if (!parsed.success) throw badRequest(`Invalid query: ${describeIssues(parsed.error)}`, parsed.error.issues);
  return parsed.data;
}
