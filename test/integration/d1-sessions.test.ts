/**
 * D1 read replication through the Sessions API (docs/decisions/0013-read-replication.md).
 * Local D1 has no replicas, so these tests hold the routing decisions: which session each request
 * opens (seen by a spy that passes every call on to the real binding), the bookmark carried in the
 * admin's signed cookie, and the isolate's mark that keeps the edge cache key exact.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createCookie } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readAdminCookie } from "#app/server/auth/auth.server";
import { makeAppContext } from "#app/server/auth/make-context.server";
import { BookmarkMark, Db } from "#app/server/platform/db.server";
import { dataVersion, memoizedDataVersion } from "#app/server/platform/edge-cache.server";
import { cookiesFrom, loginAsAdmin, SITE_ORIGIN } from "../helpers/admin";
import { TEST_SESSION_SECRET } from "../setup/admin-credentials";
import { buildBusiness, idOf, insert, request, rowsRead, rowsWritten } from "../helpers/factories";

const tag = `sessions-${crypto.randomUUID().slice(0, 8)}`;

/** Every session the Worker opens from now on, by what it started from (the real binding still answers). */
function watchSessions(): string[] {
  const starts: string[] = [];
  const real = env.DB.withSession.bind(env.DB);
  vi.spyOn(env.DB, "withSession").mockImplementation((start) => {
    starts.push(start ?? "first-unconstrained");
    return real(start);
  });
  return starts;
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** The admin cookie's content as the Worker reads it (signature checked). */
async function adminCookieOf(cookieHeader: string) {
  return readAdminCookie(new Request(SITE_ORIGIN, { headers: { Cookie: cookieHeader } }), { env });
}

function queries(response: Response): number {
  return Number(/queries=(\d+)/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? NaN);
}

function contextFor(path: string, init?: RequestInit, mark = new BookmarkMark()) {
  return makeAppContext(env, createExecutionContext(), new Request(`${SITE_ORIGIN}${path}`, init), mark);
}

describe("D1 sessions per request", () => {
  it("a public request runs on a first-unconstrained session, opened at its first statement", async () => {
    const app = await contextFor("/api/statistics");
    expect(app.db.sessionStart).toBeNull();
    expect(app.db.bookmark()).toBeNull();

    await dataVersion(app.db);

    expect(app.db.sessionStart).toBe("first-unconstrained");
    expect(app.db.bookmark()).toEqual(expect.any(String));
  });

  it("a public request through the Worker opens one session and reports its D1 work", async () => {
    const starts = watchSessions();
    const response = await request("/api/statistics");
    expect(response.status).toBe(200);
    // The first one in a fresh isolate is "first-unconstrained"; later ones start from the freshest
    // bookmark the isolate has seen, never from the primary.
    expect(starts).toHaveLength(1);
    expect(starts[0]).not.toBe("first-primary");
    expect(rowsRead(response)).toBeGreaterThan(0);
    expect(rowsWritten(response)).toBe(0);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("admin writes start on the primary; admin reads without a bookmark too", async () => {
    const write = await contextFor("/api/admin/businesses/1/verify", { method: "POST" });
    const read = await contextFor("/api/admin/summary");
    await dataVersion(write.db);
    await dataVersion(read.db);
    expect(write.db.sessionStart).toBe("first-primary");
    expect(read.db.sessionStart).toBe("first-primary");
  });

  it("the metered binding has no way around the session", () => {
    const db = new Db(env.DB, { session: () => "first-unconstrained" });
    expect(() => db.d1.exec("SELECT 1")).toThrow(/not available/);
    expect(() => db.d1.withSession()).toThrow(/not available/);
  });
});

describe("the admin's bookmark in the session cookie", () => {
  it("login puts the bookmark of the new session's row into the signed cookie", async () => {
    const cookie = await adminCookieOf(await loginAsAdmin());
    expect(cookie?.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.bookmark).toEqual(expect.any(String));
  });

  it("an admin write re-issues the cookie with its bookmark; the next admin read starts from it and sees the write", async () => {
    await insert(buildBusiness({ placeId: `${tag}-verify`, name: `Sessions Verify ${tag}`, isVerified: true }));
    const id = await idOf(`${tag}-verify`);
    const loginCookie = await loginAsAdmin();
    const before = await adminCookieOf(loginCookie);

    const starts = watchSessions();
    const write = await request(`/api/admin/businesses/${id}/verify`, {
      method: "POST",
      headers: { Cookie: loginCookie, Origin: SITE_ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ verified: false }),
    });
    expect(write.status).toBe(200);
    expect(starts).toEqual(["first-primary"]);
    expect(rowsWritten(write)).toBeGreaterThan(0);
    expect(queries(write)).toBeGreaterThan(0);

    const [setCookie] = write.headers.getSetCookie();
    expect(setCookie).toMatch(/^__Host-la_admin=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    // No sliding expiry: the cookie ends when the session does (12 hours after login at most).
    expect(Number(/Max-Age=(\d+)/.exec(setCookie)?.[1])).toBeLessThanOrEqual(12 * 60 * 60);
    const after = await adminCookieOf(cookiesFrom(write));
    expect(after?.sessionId).toBe(before?.sessionId);
    expect(after?.bookmark && before?.bookmark && after.bookmark > before.bookmark).toBe(true);

    const read = await request(`/api/admin/businesses/${id}`, { headers: { Cookie: cookiesFrom(write) } });
    expect(read.status).toBe(200);
    expect(starts).toEqual(["first-primary", after?.bookmark]);
    expect(((await read.json()) as { isVerified: boolean }).isVerified).toBe(false);
    expect(rowsRead(read)).toBeGreaterThan(0);
    expect(queries(read)).toBeGreaterThan(0);
    // A read changes nothing of the admin's: the cookie is not sent again.
    expect(read.headers.getSetCookie()).toEqual([]);
  });

  it("a public page seen by the logged-in operator reads from their bookmark on, and never carries Set-Cookie", async () => {
    const cookieHeader = await loginAsAdmin();
    const cookie = await adminCookieOf(cookieHeader);
    const starts = watchSessions();
    const response = await request("/api/statistics", { headers: { Cookie: cookieHeader } });
    expect(response.status).toBe(200);
    expect(starts).toHaveLength(1);
    expect(starts[0] >= (cookie?.bookmark ?? "\uffff")).toBe(true);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("logout (a write) clears the cookie and does not give it back with a bookmark", async () => {
    const cookieHeader = await loginAsAdmin();
    const response = await request("/api/admin/logout", { method: "POST", headers: { Cookie: cookieHeader, Origin: SITE_ORIGIN } });
    expect(response.status).toBe(200);
    expect(rowsWritten(response)).toBeGreaterThan(0);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^__Host-la_admin=;/);
  });

  it("a cookie from before read replication (the session id alone) still logs in, without a bookmark", async () => {
    const current = await adminCookieOf(await loginAsAdmin());
    const legacy = createCookie("__Host-la_admin", { secrets: [TEST_SESSION_SECRET], path: "/", secure: true, httpOnly: true });
    const header = (await legacy.serialize(current?.sessionId)).split(";")[0];
    expect(await adminCookieOf(header)).toEqual({ sessionId: current?.sessionId, bookmark: null });
    const response = await request("/api/admin/check-auth", { headers: { Cookie: header } });
    expect(response.status).toBe(200);
  });

  it("a forged cookie (bad signature) is no session and no bookmark", async () => {
    // A character well inside the signature: the last base64 character may carry only padding bits,
    // and changing it can leave the signature's bytes as they were.
    const header = (await loginAsAdmin()).replace(/(.)(.{10})$/, (_, c: string, rest: string) => (c === "A" ? "B" : "A") + rest);
    expect(await adminCookieOf(header)).toBeNull();
    const starts = watchSessions();
    const response = await request("/api/admin/summary", { headers: { Cookie: header } });
    expect(response.status).toBe(401);
    // Refused before any statement: no session was opened, and no cookie is sent.
    expect(starts).toEqual([]);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("the edge cache key stays exact under replica lag", () => {
  it("a request's session starts at least as fresh as every bookmark the isolate saw before its first statement", async () => {
    const mark = new BookmarkMark();
    // B exists before A reads (concurrent requests of one isolate) but makes its first statement after.
    const b = await contextFor("/", undefined, mark);
    const a = await contextFor("/", undefined, mark);
    await dataVersion(a.db);
    await dataVersion(b.db);
    expect(b.db.sessionStart).toBe(a.db.bookmark());
  });

  it("a page rendered under a memoized data version reads data at least as new as the read that memoized it", async () => {
    const mark = new BookmarkMark();
    const version = memoizedDataVersion(60_000);
    const first = await contextFor("/", undefined, mark);
    const second = await contextFor("/", undefined, mark);
    const v1 = await version(first.db);
    // The second request takes the memo (no statement), then renders: its session starts from the first's bookmark.
    expect(await version(second.db)).toBe(v1);
    expect(second.db.meter.queries).toBe(0);
    await dataVersion(second.db);
    expect(second.db.sessionStart).toBe(first.db.bookmark());
  });

  it("the isolate's mark only moves forward (bookmarks sort oldest first)", async () => {
    const mark = new BookmarkMark();
    const older = await contextFor("/", undefined, mark);
    await dataVersion(older.db);
    const oldBookmark = older.db.bookmark();
    await insert(buildBusiness({ placeId: `${tag}-mark` }));
    const newer = await contextFor("/api/admin/businesses", { method: "POST" }, mark);
    await dataVersion(newer.db);
    expect((newer.db.bookmark() ?? "") > (oldBookmark ?? "")).toBe(true);
    mark.saw(oldBookmark);
    expect(mark.freshest).toBe(newer.db.bookmark());
  });
});
