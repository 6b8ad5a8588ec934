/**
 * Admin helpers for request-level tests:
 * `loginAsAdmin()` logs in through POST /api/admin/login and returns the Cookie header value;
 * `adminRequest(path, init?)` sends a request with that cookie and the site's own Origin.
 */
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME } from "../setup/admin-credentials";
import { request } from "./factories";

export const SITE_ORIGIN = "https://localatlas.test";
/** The helper's own client address, so other tests' failed logins never throttle it. */
const HELPER_CLIENT_IP = "192.0.2.250";

/** "name=value" of every Set-Cookie on a response (attributes dropped). */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export async function loginAsAdmin(): Promise<string> {
  const response = await request("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, "CF-Connecting-IP": HELPER_CLIENT_IP },
    body: JSON.stringify({ username: TEST_ADMIN_USERNAME, password: TEST_ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
  const cookie = cookiesFrom(response);
  if (!cookie) throw new Error("admin login set no cookie");
  return cookie;
}

let cachedCookie: string | null = null;

/** A request as the logged-in admin (one login per test file, reused). */
export async function adminRequest(path: string, init: RequestInit = {}): Promise<Response> {
  cachedCookie ??= await loginAsAdmin();
  const headers = new Headers(init.headers);
  headers.set("Cookie", cachedCookie);
  if (!headers.has("Origin")) headers.set("Origin", SITE_ORIGIN);
  return request(path, { ...init, headers });
}
