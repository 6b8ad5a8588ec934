import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME } from "../setup/admin-credentials";
import { adminRequest, cookiesFrom, loginAsAdmin, SITE_ORIGIN } from "../helpers/admin";
import { request } from "../helpers/factories";

let ipCounter = 0;
/** A fresh client address per test, so throttle counts never leak between tests. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function postLogin(body: unknown, ip: string, headers: Record<string, string> = {}) {
  return request("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, "CF-Connecting-IP": ip, ...headers },
    body: JSON.stringify(body),
  });
}

const GOOD = { username: TEST_ADMIN_USERNAME, password: TEST_ADMIN_PASSWORD };
const BAD = { username: TEST_ADMIN_USERNAME, password: "wrong password" };

// Every test logs in as the one admin, and the throttle also counts failures per username: each test
// starts with none (storage is shared by the tests of a file).
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM login_failures").run();
});

/** Every admin API path this branch defines, plus those other branches add (their own routes or the guarded catch-all). */
const ADMIN_ENDPOINTS: Array<[method: string, path: string]> = [
  ["GET", "/api/admin/check-auth"],
  ["GET", "/api/admin/summary"],
  ["GET", "/api/admin/businesses"],
  ["GET", "/api/admin/businesses?status=verified"],
  ["GET", "/api/admin/businesses/1"],
  ["PATCH", "/api/admin/businesses/1"],
  ["DELETE", "/api/admin/businesses/1"],
  ["POST", "/api/admin/businesses/1/verify"],
  ["POST", "/api/admin/import"],
  ["GET", "/api/admin/export"],
  ["GET", "/api/admin/export?country=Germany"],
  ["POST", "/api/admin/generate-seo"],
  ["DELETE", "/api/admin/delete-all"],
  ["GET", "/api/admin/sitemap-stats"],
  ["GET", "/api/admin/no-such-endpoint"],
  ["POST", "/api/admin/no-such-endpoint"],
];

describe("POST /api/admin/login", () => {
  it("accepts the right credentials as JSON with a session cookie", async () => {
    const response = await postLogin(GOOD, freshIp());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Login successful", username: TEST_ADMIN_USERNAME });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.getSetCookie()).toHaveLength(1);
  });

  it("accepts the right credentials as a form", async () => {
    const response = await request("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE_ORIGIN, "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams(GOOD),
    });
    expect(response.status).toBe(200);
    const cookie = cookiesFrom(response);
    const check = await request("/api/admin/check-auth", { headers: { Cookie: cookie } });
    expect(check.status).toBe(200);
  });

  it("refuses a wrong password or username with 401 JSON and no cookie", async () => {
    for (const body of [BAD, { username: "root", password: TEST_ADMIN_PASSWORD }]) {
      const response = await postLogin(body, freshIp());
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Invalid credentials. Please try again." });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("requires both username and password", async () => {
    const response = await postLogin({ username: TEST_ADMIN_USERNAME }, freshIp());
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("Username and password are required");
  });

  it("sets an HttpOnly, SameSite=Lax, Secure cookie that carries only a signed id", async () => {
    const response = await postLogin(GOOD, freshIp());
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-la_admin=/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    const value = decodeURIComponent(cookie.split(";")[0].split("=").slice(1).join("="));
    expect(value).not.toContain(TEST_ADMIN_USERNAME);
    // A tampered signature is no session.
    const tampered = `${cookie.split(";")[0].slice(0, -3)}AAA`;
    expect((await request("/api/admin/check-auth", { headers: { Cookie: tampered } })).status).toBe(401);
  });

  it("throttles a client after 5 failures in 15 minutes with 429 and when to retry", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await postLogin(BAD, ip)).status).toBe(401);
    const throttled = await postLogin(BAD, ip);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("Cache-Control")).toBe("no-store");
    const body = (await throttled.json()) as { message: string };
    expect(body.message).toMatch(/^Too many failed login attempts\. Please try again in 15 minutes \(after \d\d:\d\d UTC\)\.$/);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    // Even the right password waits: otherwise the throttle would not stop guessing.
    expect((await postLogin(GOOD, ip)).status).toBe(429);
  });

  it("throttles a username whatever address the attempts claim, so a spoofed address unlocks nothing", async () => {
    for (let i = 0; i < 5; i++) expect((await postLogin(BAD, freshIp())).status).toBe(401);
    // Case and spaces make no other account to guess at.
    const variant = { username: ` ${TEST_ADMIN_USERNAME.toUpperCase()} `, password: "another guess" };
    const throttled = await postLogin(variant, freshIp());
    expect(throttled.status).toBe(429);
    expect(((await throttled.json()) as { message: string }).message).toMatch(/^Too many failed login attempts\./);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    // The price of a per-username limit: the admin waits too (docs/decisions/0006-admin-sessions.md).
    expect((await postLogin(GOOD, freshIp())).status).toBe(429);
    // Another username from a fresh address is still checked (and refused as wrong).
    expect((await postLogin({ username: "someone-else", password: "x" }, freshIp())).status).toBe(401);
  });

  it("20 parallel wrong logins for one username from 20 addresses: at most 5 are checked, the rest get 429", async () => {
    const statuses = await Promise.all(Array.from({ length: 20 }, () => postLogin(BAD, freshIp()).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
  });

  it("20 parallel wrong logins from one address under 20 usernames: at most 5 are checked, the rest get 429", async () => {
    const ip = freshIp();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postLogin({ username: `guess-${i}`, password: "wrong" }, ip).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
  });

  it("a successful login clears its address's failures", async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await postLogin(BAD, ip)).status).toBe(401);
    expect((await postLogin(GOOD, ip)).status).toBe(200);
    // The address may fail again; the username still counts the 4 failures, so it has one left.
    expect((await postLogin({ username: "someone-else", password: "x" }, ip)).status).toBe(401);
    expect((await postLogin(BAD, ip)).status).toBe(401);
    expect((await postLogin(BAD, ip)).status).toBe(429);
  });

  it("refuses a login posted from another site", async () => {
    const response = await postLogin(GOOD, freshIp(), { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("GET /api/admin/check-auth", () => {
  it("answers 401 without a session and the username with one", async () => {
    const anonymous = await request("/api/admin/check-auth");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("Cache-Control")).toBe("no-store");
    const response = await adminRequest("/api/admin/check-auth");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ authenticated: true, username: TEST_ADMIN_USERNAME });
  });
});

describe("every admin endpoint", () => {
  it.each(ADMIN_ENDPOINTS)("%s %s answers 401 JSON without a session", async (method, path) => {
    const response = await request(path, {
      method,
      headers: { Origin: SITE_ORIGIN, "Content-Type": "application/json" },
      body: method === "GET" ? undefined : "{}",
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ message: "Authentication required" });
  });

  it("refuses a state-changing request from another origin even with a session (403)", async () => {
    const cookie = await loginAsAdmin();
    for (const [method, path] of ADMIN_ENDPOINTS.filter(([m]) => m !== "GET")) {
      const response = await request(path, {
        method,
        headers: { Cookie: cookie, Origin: "https://evil.example", "Content-Type": "application/json" },
        body: "{}",
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    // A cross-site form without an Origin header is caught by Sec-Fetch-Site.
    const noOrigin = await request("/api/admin/businesses/1", {
      method: "DELETE",
      headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" },
    });
    expect(noOrigin.status).toBe(403);
  });

  it("answers an unknown admin path with 404 JSON once logged in", async () => {
    const response = await adminRequest("/api/admin/no-such-endpoint");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "No such admin API endpoint" });
  });
});

/**
 * The session id inside a signed cookie header value (React Router's cookie encoding: base64 JSON + "." + signature);
 * the JSON is `{id, bookmark}` since read replication (ADR 0013), the bare id before.
 */
function sessionIdOf(cookieHeader: string): string {
  const value = decodeURIComponent(cookieHeader.split("=").slice(1).join("="));
  const decoded = JSON.parse(atob(value.slice(0, value.lastIndexOf(".")))) as string | { id: string };
  return typeof decoded === "string" ? decoded : decoded.id;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("sessions", () => {
  it("are stored server-side by a hash of the id, and stop working when they expire", async () => {
    const cookie = await loginAsAdmin();
    const idHash = await sha256Hex(sessionIdOf(cookie));
    const row = await env.DB.prepare("SELECT username, expires_at - created_at AS ttl FROM admin_sessions WHERE id_hash = ?1")
      .bind(idHash)
      .first<{ username: string; ttl: number }>();
    expect(row).toEqual({ username: TEST_ADMIN_USERNAME, ttl: 12 * 60 * 60 });
    expect((await request("/api/admin/check-auth", { headers: { Cookie: cookie } })).status).toBe(200);
    await env.DB.prepare("UPDATE admin_sessions SET expires_at = unixepoch() - 1 WHERE id_hash = ?1").bind(idHash).run();
    expect((await request("/api/admin/check-auth", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("give the cookie the session's lifetime", async () => {
    const response = await postLogin(GOOD, freshIp());
    expect(response.headers.getSetCookie()[0]).toMatch(/; Max-Age=43200/);
  });
});

describe("logout", () => {
  it("ends the session on the server, so a copied cookie stops working", async () => {
    const cookie = await loginAsAdmin();
    const copy = cookie;
    expect((await request("/api/admin/check-auth", { headers: { Cookie: copy } })).status).toBe(200);
    const response = await request("/api/admin/logout", { method: "POST", headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
    expect(response.status).toBe(200);
    const [cleared] = response.headers.getSetCookie();
    expect(cleared).toMatch(/^__Host-la_admin=;/);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await request("/api/admin/check-auth", { headers: { Cookie: copy } })).status).toBe(401);
  });

  it("always clears the cookie, with or without a live session", async () => {
    const response = await request("/api/admin/logout", { method: "POST", headers: { Origin: SITE_ORIGIN } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()[0]).toMatch(/^__Host-la_admin=;/);
  });

  it("from the panel's Logout button lands on / and kills the session", async () => {
    const cookie = await loginAsAdmin();
    const response = await request("/admin-panel", {
      method: "POST",
      headers: { Cookie: cookie, Origin: SITE_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__Host-la_admin=;"))).toBe(true);
    expect((await request("/api/admin/check-auth", { headers: { Cookie: cookie } })).status).toBe(401);
  });
});

describe("admin pages", () => {
  it.each(["/admin-panel", "/admin/dashboard", "/admin-panel?tab=businesses"])(
    "%s redirects to /admin-login with the 'Authentication required' toast when logged out",
    async (path) => {
      const response = await request(path, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin-login");
      const flash = response.headers.getSetCookie().find((c) => c.startsWith("la_toast="));
      expect(flash).toBeDefined();
      const login = await request("/admin-login", { headers: { Cookie: flash!.split(";")[0] } });
      const html = await login.text();
      expect(html).toContain("Authentication required");
      expect(html).toContain("Please log in to access the admin panel");
    },
  );

  it("render the panel for a logged-in admin, never cached", async () => {
    const cookie = await loginAsAdmin();
    for (const path of ["/admin-panel", "/admin/dashboard"]) {
      const response = await request(path, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const html = await response.text();
      for (const tab of ["Dashboard", "Businesses", "Import", "SEO Site Haritası"]) expect(html).toContain(tab);
    }
  });

  it("log in through the login form: redirect to /admin-panel with the success toast", async () => {
    for (const path of ["/admin-login", "/admin"]) {
      const page = await request(path);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("no-store");
      const response = await request(path, {
        method: "POST",
        headers: { Origin: SITE_ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
        body: new URLSearchParams(GOOD),
        redirect: "manual",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin-panel");
      const cookies = response.headers.getSetCookie();
      expect(cookies.some((c) => c.startsWith("__Host-la_admin="))).toBe(true);
      expect(cookies.some((c) => c.startsWith("la_toast="))).toBe(true);
    }
  });

  it("answer a refused form login with its status (the page then toasts Login failed)", async () => {
    const response = await request("/admin-login", {
      method: "POST",
      headers: { Origin: SITE_ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams(BAD),
    });
    expect(response.status).toBe(401);
  });
});

describe("logout from another site", () => {
  it("is refused, and the session lives on", async () => {
    const cookie = await loginAsAdmin();
    for (const path of ["/api/admin/logout", "/admin-panel"]) {
      const response = await request(path, {
        method: "POST",
        headers: { Cookie: cookie, Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
        redirect: "manual",
      });
      // React Router's own action origin check may answer the page POST first (400); ours says 403.
      expect([400, 403], path).toContain(response.status);
      expect(
        response.headers.getSetCookie().some((c) => c.includes("la_admin=")),
        path,
      ).toBe(false);
    }
    expect((await request("/api/admin/check-auth", { headers: { Cookie: cookie } })).status).toBe(200);
  });
});
