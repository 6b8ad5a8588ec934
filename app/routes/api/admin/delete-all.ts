import { handleDeleteAll } from "~/server/admin-data.server";
import { requireAdminApi } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
import { json } from "~/server/http.server";
import type { Route } from "./+types/delete-all";

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  if (request.method !== "DELETE") return json({ message: "Method not allowed" }, { status: 405, cache: "no-store" });
  const body: unknown = await request.json().catch(() => null);
  return handleDeleteAll(app.db, body);
}
