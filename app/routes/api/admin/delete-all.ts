import { deleteAllSchema } from "~/lib/admin-data-schemas";
import { adminJson } from "~/server/admin-api.server";
import { requireAdminApi } from "~/server/auth.server";
import { deleteAllBusinesses } from "~/server/business-writer.server";
import { getApp } from "~/server/context.server";
import type { Route } from "./+types/delete-all";

/**
 * DELETE /api/admin/delete-all `{"confirm":"DELETE"}` (SPEC §5's typed word): businesses, FTS and
 * summaries go; import history and R2 files stay, so the data can be re-imported.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  if (request.method !== "DELETE") return adminJson({ message: "Method not allowed" }, 405);
  const parsed = deleteAllSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return adminJson({ message: 'Nothing was deleted. Send {"confirm":"DELETE"} to delete all data.' }, 400);
  const deleted = await deleteAllBusinesses(app.db);
  return adminJson({
    message: `Deleted ${deleted} businesses. Import history and uploaded files are kept, so data can be re-imported.`,
    deleted,
  });
}
