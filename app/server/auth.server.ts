/**
 * Admin authentication (docs/decisions/0006-admin-sessions.md): remix-auth's FormStrategy checks the
 * credentials from the environment; sessions live in D1 with an expiry and the cookie carries only a
 * signed random id. Failed logins are counted per client address in D1 for the throttle.
 */
import { createCookie, redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { LOGIN_TEXTS, loginSchema } from "~/lib/admin-login";
import { siteConfig } from "./config.server";
import type { AppContext } from "./context.server";
import { json } from "./http.server";
import { constantTimeEqualText, verifyPassword } from "./password.server";
import { flashToastHeader } from "./toast.server";

export type AdminSession = { username: string; sessionId: string };

export const SESSION_TTL_SECONDS = 12 * 60 * 60;
/** More than MAX failures in the window → 429: the (MAX+1)th attempt is refused. */
export const THROTTLE_MAX_FAILURES = 5;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

type AuthEnv = Pick<Env, "SITE_URL"> & { ADMIN_USERNAME?: string; ADMIN_PASSWORD_HASH?: string; SESSION_SECRET?: string };

function authEnv(app: AppContext): AuthEnv {
  return app.env as unknown as AuthEnv;
}

function isConfigured(env: AuthEnv): boolean {
  return Boolean(env.ADMIN_USERNAME && env.ADMIN_PASSWORD_HASH && env.SESSION_SECRET);
}

function isHttpsSite(app: AppContext): boolean {
  return siteConfig(app.env).siteUrl.startsWith("https:");
}

/** `__Host-` (Secure, Path=/, no Domain) wherever the site is https; plain name on http://localhost. */
function sessionCookie(app: AppContext) {
  const secure = isHttpsSite(app);
  return createCookie(secure ? "__Host-la_admin" : "la_admin", {
    secrets: [authEnv(app).SESSION_SECRET ?? ""],
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
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

async function readSessionId(request: Request, app: AppContext): Promise<string | null> {
  if (!isConfigured(authEnv(app))) return null;
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value: unknown = await sessionCookie(app).parse(header);
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** The live session of the request, or null. One indexed D1 read. */
export async function getAdminSession(request: Request, app: AppContext): Promise<AdminSession | null> {
  const sessionId = await readSessionId(request, app);
  if (!sessionId) return null;
  const row = await app.db.first<{ username: string }>(
    "SELECT username FROM admin_sessions WHERE id_hash = ?1 AND expires_at > ?2",
    [await sha256Hex(sessionId), nowSeconds()],
  );
  return row ? { username: row.username, sessionId } : null;
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

async function createSession(app: AppContext, username: string, client: string): Promise<string> {
  const sessionId = randomId();
  const now = nowSeconds();
  await app.db.batch([
    // Housekeeping rides along with the write: expired sessions and this client's failures go.
    app.db.statement("DELETE FROM admin_sessions WHERE expires_at <= ?1", [now]),
    app.db.statement("DELETE FROM login_failures WHERE client = ?1", [client]),
    app.db.statement("INSERT INTO admin_sessions (id_hash, username, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)", [
      await sha256Hex(sessionId),
      username,
      now,
      now + SESSION_TTL_SECONDS,
    ]),
  ]);
  return sessionCookie(app).serialize(sessionId);
}

/** Ends the session (if any) on the server and returns the Set-Cookie that clears the cookie. */
export async function logout(request: Request, app: AppContext): Promise<string> {
  const sessionId = await readSessionId(request, app);
  if (sessionId) await app.db.run("DELETE FROM admin_sessions WHERE id_hash = ?1", [await sha256Hex(sessionId)]);
  return sessionCookie(app).serialize("", { maxAge: 0, expires: new Date(0) });
}

// ── Login ─────────────────────────────────────────────────────────────────────

/** The client address for the throttle: Cloudflare's CF-Connecting-IP ("local" in dev and tests). */
export function clientAddress(request: Request): string {
  return (request.headers.get("CF-Connecting-IP") || "local").slice(0, 64);
}

type ThrottleState = { blocked: false } | { blocked: true; retryAfterSeconds: number; message: string };

async function throttleState(app: AppContext, client: string): Promise<ThrottleState> {
  const now = nowSeconds();
  const row = await app.db.first<{ n: number; oldest: number | null }>(
    "SELECT count(*) AS n, min(created_at) AS oldest FROM login_failures WHERE client = ?1 AND created_at > ?2",
    [client, now - THROTTLE_WINDOW_SECONDS],
  );
  if (!row || row.n < THROTTLE_MAX_FAILURES || row.oldest === null) return { blocked: false };
  const retryAfterSeconds = Math.max(1, row.oldest + THROTTLE_WINDOW_SECONDS - now);
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const at = new Date((now + retryAfterSeconds) * 1000).toISOString().slice(11, 16);
  return {
    blocked: true,
    retryAfterSeconds,
    message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"} (after ${at} UTC).`,
  };
}

async function recordFailure(app: AppContext, client: string): Promise<void> {
  const now = nowSeconds();
  await app.db.batch([
    app.db.statement("DELETE FROM login_failures WHERE created_at <= ?1", [now - THROTTLE_WINDOW_SECONDS]),
    app.db.statement("INSERT INTO login_failures (client, created_at) VALUES (?1, ?2)", [client, now]),
  ]);
}

class CredentialsError extends Error {
  constructor(
    readonly status: 400 | 401,
    message: string,
  ) {
    super(message);
  }
}

function authenticator(env: AuthEnv): Authenticator<string> {
  return new Authenticator<string>().use(
    new FormStrategy(async ({ form }) => {
      const parsed = loginSchema.safeParse({ username: form.get("username") ?? undefined, password: form.get("password") ?? undefined });
      if (!parsed.success) throw new CredentialsError(400, "Username and password are required");
      // Always derive the hash, so a wrong username takes as long as a wrong password.
      const passwordOk = await verifyPassword(parsed.data.password, env.ADMIN_PASSWORD_HASH ?? "");
      const userOk = constantTimeEqualText(parsed.data.username, env.ADMIN_USERNAME ?? "");
      if (!(passwordOk && userOk)) throw new CredentialsError(401, LOGIN_TEXTS.failureDescription);
      return parsed.data.username;
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

/** The whole login: origin, configuration, throttle, credentials (remix-auth), session. */
export async function login(request: Request, app: AppContext): Promise<LoginResult> {
  if (!isSameOriginRequest(request, app)) return { ok: false, status: 403, message: "Cross-origin request refused" };
  const env = authEnv(app);
  if (!isConfigured(env)) {
    return { ok: false, status: 503, message: "Admin login is not configured: set ADMIN_USERNAME, ADMIN_PASSWORD_HASH and SESSION_SECRET" };
  }
  const client = clientAddress(request);
  const throttle = await throttleState(app, client);
  if (throttle.blocked) return { ok: false, status: 429, message: throttle.message, retryAfterSeconds: throttle.retryAfterSeconds };
  let username: string;
  try {
    username = await authenticator(env).authenticate("admin-form", await asFormRequest(request));
  } catch (error) {
    if (error instanceof CredentialsError) {
      if (error.status === 401) await recordFailure(app, client);
      return { ok: false, status: error.status, message: error.message };
    }
    // An unreadable body is a bad request, not a server error.
    return { ok: false, status: 400, message: "Username and password are required" };
  }
  return { ok: true, username, setCookie: await createSession(app, username, client) };
}

/** A LoginResult failure as the JSON API answers it. */
export function loginFailureResponse(result: Extract<LoginResult, { ok: false }>): Response {
  const headers: Record<string, string> = {};
  if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
  return noStoreJson({ message: result.message }, result.status, headers);
}
