/**
 * Admin authentication (docs/decisions/0006-admin-sessions.md): remix-auth's FormStrategy checks the
 * credentials from the environment; sessions live in D1 with an expiry and the cookie carries only a
 * signed random id. Failed logins are counted in D1 per client address and per username for the throttle.
 * The cookie also carries the D1 bookmark of the admin's last write, so the next admin request reads
 * at least that fresh data (read replication, docs/decisions/0013-read-replication.md).
 */
import { redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { LOGIN_TEXTS, loginSchema } from "#app/lib/admin/admin-login";
import { auditD1Statement } from "#app/server/write/audit.server";
import { sessionSecret, siteConfig } from "#app/server/platform/config.server";
import type { AdminCookie, AdminSession, AppContext } from "#app/server/platform/context.server";
import { json } from "#app/server/platform/http.server";
import { clientAddress } from "#app/server/platform/client.server";
import { nowSeconds, randomToken, sha256Hex } from "#app/server/platform/crypto.server";
import { signedCookie } from "#app/server/auth/cookies.server";
import { constantTimeEqualText, verifyPassword } from "#app/server/auth/password.server";
import { flashToastHeader } from "#app/server/platform/toast.server";

const SESSION_TTL_SECONDS = 12 * 60 * 60;
/** MAX failures in the window per address and per username; the (MAX+1)th attempt gets 429. */
const THROTTLE_MAX_FAILURES = 5;
const THROTTLE_WINDOW_SECONDS = 15 * 60;

type AuthEnv = { ADMIN_USERNAME?: string; ADMIN_PASSWORD_HASH?: string };

function authEnv(app: Pick<AppContext, "env">): AuthEnv {
  return app.env as unknown as AuthEnv;
}

function isConfigured(app: Pick<AppContext, "env">): boolean {
  const env = authEnv(app);
  return Boolean(env.ADMIN_USERNAME && env.ADMIN_PASSWORD_HASH && sessionSecret(app.env));
}

/** The admin's cookie: `__Host-la_admin` wherever the site is https (signedCookie). */
function sessionCookie(app: Pick<AppContext, "env">) {
  return signedCookie(app, "la_admin", SESSION_TTL_SECONDS);
}

function noStoreJson(data: unknown, status: number, headers?: HeadersInit): Response {
  return json(data, { status, headers, cache: "no-store" });
}

// ── Origin check ──────────────────────────────────────────────────────────────

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request must come from the site itself: its Origin is the request's own origin or
 * SITE_URL's. Without an Origin (curl, old clients) a browser's Sec-Fetch-Site still gives a
 * cross-site form away; the SameSite=Lax cookie is the second wall.
 */
export function isSameOriginRequest(request: Request, app: AppContext): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const origin = request.headers.get("Origin");
  if (!origin) {
    const site = request.headers.get("Sec-Fetch-Site");
    return !site || site === "same-origin" || site === "none";
  }
  const own = new Set([new URL(request.url).origin]);
  try {
    own.add(new URL(siteConfig(app.env).siteUrl).origin);
  } catch {
    // A malformed SITE_URL only narrows the accepted origins to the request's own.
  }
  return own.has(origin);
}

function forbiddenOrigin(): Response {
  return noStoreJson({ message: "Cross-origin request refused" }, 403);
}

// ── Sessions ──────────────────────────────────────────────────────────────────

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
// D1 bookmarks are short strings of hex digits and dashes; anything else is not ours.
const BOOKMARK = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The verified admin cookie of a request, or null (none, bad signature, not configured). Before
 * read replication the cookie held the session id alone: such a cookie still reads, without bookmark.
 */
export async function readAdminCookie(request: Request, app: Pick<AppContext, "env">): Promise<AdminCookie | null> {
  if (!isConfigured(app)) return null;
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value: unknown = await sessionCookie(app).parse(header);
  if (typeof value === "string") return SESSION_ID.test(value) ? { sessionId: value, bookmark: null } : null;
  if (!value || typeof value !== "object") return null;
  const { id, bookmark } = value as { id?: unknown; bookmark?: unknown };
  if (typeof id !== "string" || !SESSION_ID.test(id)) return null;
  return { sessionId: id, bookmark: typeof bookmark === "string" && BOOKMARK.test(bookmark) ? bookmark : null };
}

async function readSessionId(request: Request, app: AppContext): Promise<string | null> {
  // The fetch handler verified the cookie already (makeAppContext); a hand-made context has not.
  const cookie = app.admin ? app.admin.cookie : await readAdminCookie(request, app);
  return cookie?.sessionId ?? null;
}

function serializeSession(app: AppContext, cookie: AdminCookie, maxAge?: number): Promise<string> {
  return sessionCookie(app).serialize({ id: cookie.sessionId, bookmark: cookie.bookmark }, maxAge === undefined ? undefined : { maxAge });
}

/** The live session of the request, or null. One indexed D1 read. */
export async function getAdminSession(request: Request, app: AppContext): Promise<AdminSession | null> {
  const sessionId = await readSessionId(request, app);
  if (!sessionId) return null;
  const row = await app.db.first<{ username: string; expires_at: number }>(
    "SELECT username, expires_at FROM admin_sessions WHERE id_hash = ?1 AND expires_at > ?2",
    [await sha256Hex(sessionId), nowSeconds()],
  );
  const session = row ? { username: row.username, sessionId, expiresAt: row.expires_at } : null;
  if (app.admin) app.admin.session = session;
  return session;
}

/** For /api/admin/*: throws 403 JSON for a foreign Origin on a write, 401 JSON without a session. */
export async function requireAdminApi(request: Request, app: AppContext): Promise<AdminSession> {
  if (!isSameOriginRequest(request, app)) throw forbiddenOrigin();
  const session = await getAdminSession(request, app);
  if (!session) throw noStoreJson({ message: "Authentication required" }, 401);
  return session;
}

/** For admin pages: a redirect to /admin-login carrying the 'Authentication required' toast. */
export async function requireAdminPage(request: Request, app: AppContext): Promise<AdminSession> {
  if (!isSameOriginRequest(request, app)) throw forbiddenOrigin();
  const session = await getAdminSession(request, app);
  if (session) return session;
  throw redirect("/admin-login", {
    headers: {
      "Set-Cookie": await flashToastHeader({
        title: LOGIN_TEXTS.authRequiredTitle,
        description: LOGIN_TEXTS.authRequiredDescription,
        variant: "destructive",
      }),
      "Cache-Control": "no-store",
    },
  });
}

async function createSession(app: AppContext, username: string, attempt: CountedAttempt): Promise<string> {
  const sessionId = randomToken();
  const now = nowSeconds();
  await app.db.batch([
    // Housekeeping rides along with the write: expired sessions go, and so does this attempt (it was
    // counted as a failure up front) with the address's earlier failures. The username's other
    // failures stay: they may be someone else's guesses.
    app.db.statement("DELETE FROM admin_sessions WHERE expires_at <= ?1", [now]),
    app.db.statement("DELETE FROM login_failures WHERE throttle_key = ?1 OR id IN (SELECT value FROM json_each(?2))", [
      attempt.addressKey,
      JSON.stringify(attempt.rowIds),
    ]),
    app.db.statement("INSERT INTO admin_sessions (id_hash, username, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)", [
      await sha256Hex(sessionId),
      username,
      now,
      now + SESSION_TTL_SECONDS,
    ]),
    // The audit log's entry commits with the session itself: a login either happened and is logged, or neither.
    auditD1Statement(app.db, { actor: username, action: "login", detail: "Logged in" }),
  ]);
  // The bookmark after the session's row was written: the next admin request reads from there, so
  // a replica that has not seen the login yet cannot answer it with "Authentication required".
  return serializeSession(app, { sessionId, bookmark: app.db.bookmark() });
}

/**
 * An admin response after writes: the cookie again, now with the bookmark the request's writes
 * reached, so the operator's next request reads them. Only on admin paths, only for a live session,
 * only when the bookmark moved past the cookie's and the request wrote, and never over a Set-Cookie of
 * this cookie the route gave itself (login, logout). Public pages never get it: they are edge-cached.
 */
export async function withAdminBookmark(app: AppContext, response: Response): Promise<Response> {
  const admin = app.admin;
  const session = admin?.session;
  if (!admin?.adminPath || !admin.cookie || !session || app.db.meter.rowsWritten === 0) return response;
  const bookmark = app.db.bookmark();
  if (!bookmark || (admin.cookie.bookmark !== null && bookmark <= admin.cookie.bookmark)) return response;
  const name = sessionCookie(app).name;
  if (response.headers.getSetCookie().some((c) => c.startsWith(`${name}=`))) return response;
  // The session's own end stays the cookie's end (no sliding expiry).
  const remaining = session.expiresAt - nowSeconds();
  if (remaining <= 0) return response;
  const updated = new Response(response.body, response);
  updated.headers.append("Set-Cookie", await serializeSession(app, { sessionId: session.sessionId, bookmark }, remaining));
  return updated;
}

/** Ends the session (if any) on the server and returns the Set-Cookie that clears the cookie. */
export async function logout(request: Request, app: AppContext): Promise<string> {
  const sessionId = await readSessionId(request, app);
  if (sessionId) {
    const idHash = await sha256Hex(sessionId);
    // Logged only when a live session ends (its username is the actor); a stale cookie's logout just clears it.
    await app.db.batch([
      app.db.statement(
        "INSERT INTO audit_log (actor, action, detail) SELECT username, 'logout', 'Logged out' FROM admin_sessions WHERE id_hash = ?1 AND expires_at > ?2",
        [idHash, nowSeconds()],
      ),
      app.db.statement("DELETE FROM admin_sessions WHERE id_hash = ?1", [idHash]),
    ]);
  }
  return sessionCookie(app).serialize("", { maxAge: 0, expires: new Date(0) });
}

// ── Login ─────────────────────────────────────────────────────────────────────

/** A username as the throttle counts it: "Admin " is the same account to guess at as "admin". */
function throttleUsername(username: string): string {
  return username.trim().toLowerCase().slice(0, 200);
}

type CountedAttempt = { addressKey: string; rowIds: number[] };
type AttemptCount = ({ allowed: true } & CountedAttempt) | { allowed: false; retryAfterSeconds: number; message: string };

/**
 * Counts this attempt as a failure for its address and its username BEFORE the password is checked,
 * in one statement that inserts both rows only while each key has fewer than MAX failures in the
 * window. D1 runs statements one at a time, so parallel attempts cannot all pass the check before
 * any of them is counted; a success removes its rows again (createSession).
 */
async function countAttempt(app: AppContext, client: string, username: string): Promise<AttemptCount> {
  const now = nowSeconds();
  const since = now - THROTTLE_WINDOW_SECONDS;
  const keys = [`ip:${client}`, `user:${throttleUsername(username)}`];
  const [, inserted] = await app.db.batch<{ id: number }>([
    app.db.statement("DELETE FROM login_failures WHERE created_at <= ?1", [since]),
    app.db.statement(
      `INSERT INTO login_failures (throttle_key, created_at)
       SELECT throttle_key, ?3 FROM (SELECT ?1 AS throttle_key UNION ALL SELECT ?2)
       WHERE (SELECT count(*) FROM login_failures WHERE throttle_key = ?1 AND created_at > ?4) < ?5
         AND (SELECT count(*) FROM login_failures WHERE throttle_key = ?2 AND created_at > ?4) < ?5
       RETURNING id`,
      [keys[0], keys[1], now, since, THROTTLE_MAX_FAILURES],
    ),
  ]);
  if (inserted.results.length > 0) return { allowed: true, addressKey: keys[0], rowIds: inserted.results.map((r) => r.id) };

  // Refused: wait until every full key has a failure fewer in the window (refusals are not counted).
  const rows = await app.db.all<{ throttle_key: string; created_at: number }>(
    "SELECT throttle_key, created_at FROM login_failures WHERE throttle_key IN (?1, ?2) AND created_at > ?3 ORDER BY created_at DESC",
    [keys[0], keys[1], since],
  );
  let unlockAt = now + 1;
  for (const key of keys) {
    const times = rows.filter((r) => r.throttle_key === key).map((r) => r.created_at);
    if (times.length >= THROTTLE_MAX_FAILURES) unlockAt = Math.max(unlockAt, times[THROTTLE_MAX_FAILURES - 1] + THROTTLE_WINDOW_SECONDS);
  }
  const retryAfterSeconds = unlockAt - now;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const at = new Date(unlockAt * 1000).toISOString().slice(11, 16);
  return {
    allowed: false,
    retryAfterSeconds,
    message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"} (after ${at} UTC).`,
  };
}

class LoginRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 429,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The credentials check; it returns the username and the counted attempt, or throws a LoginRefusal. */
function authenticator(app: AppContext, client: string): Authenticator<{ username: string; attempt: CountedAttempt }> {
  const env = authEnv(app);
  return new Authenticator<{ username: string; attempt: CountedAttempt }>().use(
    new FormStrategy(async ({ form }) => {
      const parsed = loginSchema.safeParse({ username: form.get("username") ?? undefined, password: form.get("password") ?? undefined });
      if (!parsed.success) throw new LoginRefusal(400, "Username and password are required");
      // Even the right password waits when throttled: otherwise the throttle would not stop guessing.
      const count = await countAttempt(app, client, parsed.data.username);
      if (!count.allowed) throw new LoginRefusal(429, count.message, count.retryAfterSeconds);
      // Always derive the hash, so a wrong username takes as long as a wrong password.
      const passwordOk = await verifyPassword(parsed.data.password, env.ADMIN_PASSWORD_HASH ?? "");
      const userOk = constantTimeEqualText(parsed.data.username, env.ADMIN_USERNAME ?? "");
      // A failure needs no write: the attempt was counted up front.
      if (!(passwordOk && userOk)) throw new LoginRefusal(401, LOGIN_TEXTS.failureDescription);
      return { username: parsed.data.username, attempt: count };
    }),
    "admin-form",
  );
}

/** FormStrategy reads form data; a JSON body `{username, password}` is re-encoded as a form. */
async function asFormRequest(request: Request): Promise<Request> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) return request;
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    body = null;
  }
  const form = new URLSearchParams();
  if (body && typeof body === "object") {
    for (const key of ["username", "password"] as const) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === "string") form.set(key, value);
    }
  }
  return new Request(request.url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form });
}

export type LoginResult =
  | { ok: true; username: string; setCookie: string }
  | { ok: false; status: 400 | 401 | 403 | 429 | 503; message: string; retryAfterSeconds?: number };

/** The whole login: origin, configuration, then throttle and credentials (remix-auth), session. */
export async function login(request: Request, app: AppContext): Promise<LoginResult> {
  if (!isSameOriginRequest(request, app)) return { ok: false, status: 403, message: "Cross-origin request refused" };
  if (!isConfigured(app)) {
    return { ok: false, status: 503, message: "Admin login is not configured: set ADMIN_USERNAME, ADMIN_PASSWORD_HASH and SESSION_SECRET" };
  }
  let result: { username: string; attempt: CountedAttempt };
  try {
    result = await authenticator(app, clientAddress(request)).authenticate("admin-form", await asFormRequest(request));
  } catch (error) {
    if (error instanceof LoginRefusal)
      return { ok: false, status: error.status, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
    // An unreadable body is a bad request, not a server error.
    return { ok: false, status: 400, message: "Username and password are required" };
  }
  return { ok: true, username: result.username, setCookie: await createSession(app, result.username, result.attempt) };
}

/** A LoginResult failure as the JSON API answers it. */
export function loginFailureResponse(result: Extract<LoginResult, { ok: false }>): Response {
  const headers: Record<string, string> = {};
  if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
  return noStoreJson({ message: result.message }, result.status, headers);
}
