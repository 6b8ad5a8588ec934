import { adminJson, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { isSameOriginRequest, logout } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/logout";

/** POST /api/admin/logout — ends the session on the server and always clears the cookie, with or without a live session. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (!isSameOriginRequest(request, app)) return adminJson({ message: "Cross-origin request refused" }, 403);
  return adminJson({ message: "Logged out" }, 200, { "Set-Cookie": await logout(request, app) });
}

export function loader() {
  return methodNotAllowed("POST");
}
