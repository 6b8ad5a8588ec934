import { z } from "zod";
import { adminJson, methodNotAllowed, parseBusinessId, readJsonBody } from "#app/server/admin/admin-api.server";
import { verifyBusiness } from "#app/server/admin/admin-businesses.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/business-verify";

const verifySchema = z.object({ verified: z.boolean({ error: "verified must be true or false" }) });

/** POST /api/admin/businesses/:id/verify `{verified}` → the business with its new status. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  const id = parseBusinessId(params.id);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = verifySchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return adminJson({ message: "verified must be true or false" }, 400);
  const business = await verifyBusiness(app.db, id, parsed.data.verified, session.username);
  return business ? adminJson(business) : adminJson({ message: "Business not found" }, 404);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("POST");
}
