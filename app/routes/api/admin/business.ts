import { businessEditSchema, editFieldErrors } from "#app/lib/admin/admin-businesses";
import { adminJson, methodNotAllowed, parseBusinessId, readJsonBody } from "#app/server/admin/admin-api.server";
import { editBusiness, getAdminBusiness, removeBusiness } from "#app/server/admin/admin-businesses.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/business";

const NOT_FOUND = { message: "Business not found" };

/** GET /api/admin/businesses/:id → the business (no-store, unlike the public one). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  const business = await getAdminBusiness(app.db, parseBusinessId(params.id));
  return business ? adminJson(business) : adminJson(NOT_FOUND, 404);
}

/** PATCH (the edit form's fields, validated by businessEditSchema) or DELETE. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  const id = parseBusinessId(params.id);
  if (request.method === "DELETE") {
    return (await removeBusiness(app.db, id, session.username)) ? adminJson({ message: "Business deleted" }) : adminJson(NOT_FOUND, 404);
  }
  if (request.method !== "PATCH") return methodNotAllowed("GET, PATCH, DELETE");
  const parsed = businessEditSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    return adminJson({ message: "Please correct the highlighted fields", fieldErrors: editFieldErrors(parsed.error) }, 400);
  }
  const outcome = await editBusiness(app.db, id, parsed.data, session.username);
  if (outcome.ok) return adminJson(outcome.business);
  if (outcome.notFound) return adminJson(NOT_FOUND, 404);
  return adminJson({ message: "The business's stored data does not pass validation", fieldErrors: outcome.fieldErrors }, 400);
}
