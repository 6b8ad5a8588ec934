import { featureSchema } from "#app/lib/admin/admin-moderation";
import { adminJson, methodNotAllowed, parseBusinessId, readJsonBody } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { featureBusiness } from "#app/server/moderation/decisions.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/business-feature";

/**
 * POST /api/admin/businesses/:id/feature `{until: "YYYY-MM-DD"}` features the business through that
 * day (UTC; it ends by itself), `{end: true}` ends it now. Nothing else of the business changes.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  const id = parseBusinessId(params.id);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = featureSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return adminJson({ message: 'Expected {"until": "YYYY-MM-DD"} or {"end": true}', issues: parsed.error.issues }, 400);
  const until = "until" in parsed.data ? parsed.data.until : null;
  if (until !== null && until * 1000 <= Date.now()) return adminJson({ message: "The end date must be in the future" }, 400);
  if (!(await featureBusiness(app.db, id, until, session.username))) return adminJson({ message: "Business not found" }, 404);
  return adminJson({
    message: until === null ? "Featuring ended" : "Business featured",
    featuredUntil: until === null ? null : new Date(until * 1000).toISOString(),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("POST");
}
