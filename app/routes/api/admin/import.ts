import { requireAdminApi } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
import { json } from "~/server/http.server";
import { handleImport } from "~/server/import.server";
import type { Route } from "./+types/import";

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405, cache: "no-store" });
  // The body is read by handleImport as a stream, straight into R2 (never request.formData()).
  return handleImport(app, request, session.username);
}
