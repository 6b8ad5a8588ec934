import { decisionSchema, queueQuerySchema } from "#app/lib/admin/admin-moderation";
import { adminJson, methodNotAllowed, readJsonBody } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { decide } from "#app/server/moderation/decisions.server";
import { queuePage } from "#app/server/moderation/queue.server";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/submissions";

/**
 * GET /api/admin/submissions[?status=pending|approved|rejected|all&kind=…&before={id}] → `{items,
 * counts, next}`: the moderation queue, newest first (pending by default), each request with its
 * business's current values beside the proposed ones (docs/people.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  return adminJson(await queuePage(app.db, parseQuery(request, queueQuerySchema)));
}

/**
 * POST `{action: "approve", id, payload?, businessId?, until?, keepId?, note?}` approves a pending
 * request (with the admin's edited values), `{action: "reject", id, note?}` rejects it; a request no
 * longer pending, or whose business is gone, is refused (409) with nothing written.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const parsed = decisionSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    return adminJson({ message: "Invalid request: expected an approve or reject of a request id", issues: parsed.error.issues }, 400);
  }
  const result = await decide(app, parsed.data, session.username);
  if (result.ok) return adminJson(result);
  return adminJson(result, result.message === "No such request" ? 404 : 409);
}
