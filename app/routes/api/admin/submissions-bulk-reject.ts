import { bulkRejectSchema } from "#app/lib/admin/admin-moderation";
import { adminJson, methodNotAllowed, readJsonBody } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { bulkReject } from "#app/server/moderation/decisions.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/submissions-bulk-reject";

/** POST /api/admin/submissions/bulk-reject `{ids, note?}` (at most 100): rejects the pending ones in one batch → `{rejected}`. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = bulkRejectSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    return adminJson({ message: "Invalid request: expected ids, 1 to 100 request ids", issues: parsed.error.issues }, 400);
  }
  const rejected = await bulkReject(app.db, parsed.data, session.username);
  return adminJson({ message: `Rejected ${rejected} request${rejected === 1 ? "" : "s"}`, rejected });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("POST");
}
