/** The signed session cookies of the admin and the owners (docs/decisions/0006-admin-sessions.md). */
import { createCookie, type Cookie } from "react-router";
import { sessionSecret, siteConfig } from "#app/server/platform/config.server";
import type { AppContext } from "#app/server/platform/context.server";

/**
 * An HttpOnly, SameSite=Lax cookie signed with SESSION_SECRET: `__Host-{name}` (Secure, Path=/, no
 * Domain) wherever the site is https, the plain name on http://localhost.
 */
export function signedCookie(app: Pick<AppContext, "env">, name: string, maxAge: number): Cookie {
  const secure = siteConfig(app.env).siteUrl.startsWith("https:");
  return createCookie(secure ? `__Host-${name}` : name, {
    secrets: [sessionSecret(app.env)],
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge,
  });
}
