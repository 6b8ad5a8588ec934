import { requireAdminApi } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
import { json } from "~/server/http.server";
import { handleImport } from "~/server/import.server";
import type { Route } from "./+types/import";

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405, cache: "no-store" });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json({ message: "Send the file as multipart/form-data in the field excelFile." }, { status: 400, cache: "no-store" });
  }
  return handleImport(app, form, session.username);
}
