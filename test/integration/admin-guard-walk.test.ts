/**
 * Every admin call is checked on the server: this walks every route of the build (app/routes.ts),
 * so a new admin page or API route that forgets its guard fails here. Without a session an admin API
 * route answers 401 JSON that is never cached, and an admin page sends the browser to /admin-login.
 * A method a route has no handler for is React Router's 405, which runs nothing. Open to everyone:
 * the login, and the two Logout handlers (they only end a session and clear its cookie).
 */
import * as build from "virtual:react-router/server-build";
import { describe, expect, it } from "vitest";
import { SITE_ORIGIN } from "../helpers/admin";
import { request } from "../helpers/factories";

type Walked = { path: string; loader: boolean; action: boolean };

/** Each route of the build as the path it answers (its parents' segments and its own), with its handlers. */
function walk(): Walked[] {
  const routes = build.routes;
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  return Object.values(routes)
    .filter((route) => route !== undefined)
    .filter((route) => route.path || route.index)
    .map((route) => ({
      // Any value fits a dynamic segment: the guard answers before anything is looked up.
      path: (fullPath(route.id) || "/").replace(/:[\w-]+/g, "1").replace(/\*$/, "no-such-call"),
      loader: Boolean(route.module.loader),
      action: Boolean(route.module.action),
    }));
}

const OPEN = new Set(["/admin", "/admin-login", "/api/admin/login"]);
const LOGOUT = new Set(["/api/admin/logout", "/admin-panel", "/admin/dashboard"]);
const walked = walk().filter(({ path }) => !OPEN.has(path));
const api = walked.filter(({ path }) => path.startsWith("/api/admin/"));
const pages = walked.filter(({ path }) => path.startsWith("/admin"));

describe("every admin route without a session", () => {
  it("the walk finds the admin API and the panel's pages", () => {
    expect(api.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/api/admin/businesses/1", "/api/admin/delete-all", "/api/admin/no-such-call"]),
    );
    expect(pages.map((r) => r.path)).toEqual(expect.arrayContaining(["/admin-panel", "/admin-panel/businesses/1", "/admin/dashboard"]));
  });

  it.each(api.filter(({ path }) => !LOGOUT.has(path)))("$path: GET answers 401 JSON, not cached", async ({ path }) => {
    const response = await request(path);
    expect(response.status).toBe(401);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toHaveProperty("message");
  });

  for (const method of ["POST", "PATCH", "PUT", "DELETE"]) {
    it.each(api.filter(({ path }) => !LOGOUT.has(path)))(`$path: ${method} is refused`, async ({ path, action }) => {
      const response = await request(path, {
        method,
        headers: { Origin: SITE_ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ confirm: "DELETE", verified: true }),
      });
      expect(response.status).toBe(action ? 401 : 405);
      if (action) {
        expect(response.headers.get("Cache-Control")).toBe("no-store");
        expect(await response.json()).toHaveProperty("message");
      }
    });
  }

  it.each(pages)("$path: GET, and a form posted to it, send the browser to /admin-login", async ({ path, action }) => {
    const page = await request(path, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin-login");
    if (LOGOUT.has(path)) return;
    const posted = await request(path, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: SITE_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", id: "1" }),
    });
    // With no action of its own the post is React Router's 405, rendered inside the guarded panel.
    expect(action ? [302] : [302, 405]).toContain(posted.status);
    if (posted.status === 302) expect(posted.headers.get("Location")).toBe("/admin-login");
  });
});
