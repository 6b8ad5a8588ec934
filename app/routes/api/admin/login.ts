import { adminJson, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { login, loginFailureResponse } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/login";

/** POST /api/admin/login — JSON `{username, password}` or a form → 200 + session cookie, or 401/429 JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const result = await login(request, getApp(context));
  if (!result.ok) return loginFailureResponse(result);
  return adminJson({ message: "Login successful", username: result.username }, 200, { "Set-Cookie": result.setCookie });
}

export function loader() {
  return methodNotAllowed("POST");
}
