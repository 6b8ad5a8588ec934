import { requireAdminApi } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
import { json } from "~/server/http.server";
import { generateSeoChunk } from "~/server/seo.server";
import type { Route } from "./+types/generate-seo";

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405, cache: "no-store" });
  return json(await generateSeoChunk(app.db), { cache: "no-store" });
}
