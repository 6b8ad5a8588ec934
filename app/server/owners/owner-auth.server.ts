/**
 * Owner accounts (docs/people.md): no passwords. An owner asks for a one-time link by e-mail; the
 * link's token is random (32 bytes), stored only as its SHA-256 with a 30-minute expiry and where it
 * leads. Opening the link shows a button (mail scanners fetch links: only the POST signs in), and the
 * POST consumes the token in one statement, so a replayed or expired link signs nobody in. A sign-in
 * makes the owner's account (by lower-case address) if new and a session: as the admin's
 * (app/server/auth/auth.server.ts), the cookie carries a signed random id, owner_sessions its hash.
 */
import { i18nFor } from "#app/lib/i18n/i18n";
import { localePath, type LocaleSettings } from "#app/lib/i18n/locales";
import { signedCookie } from "#app/server/auth/cookies.server";
import { sessionSecret, siteConfig } from "#app/server/platform/config.server";
import { nowSeconds, randomToken, sha256Hex } from "#app/server/platform/crypto.server";
import type { AppContext } from "#app/server/platform/context.server";
import { escapeHtml, sendEmail } from "#app/server/platform/email.server";
import { auditD1Statement } from "#app/server/write/audit.server";

const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
const SIGN_IN_LINK_TTL_SECONDS = 30 * 60;
/** Most sign-in e-mails to one address in an hour. */
const SIGN_IN_LINKS_PER_HOUR = 5;
/** The shape of a random token (randomToken: 32 bytes, base64url): an owner session id and a sign-in link's token alike. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const DEFAULT_NEXT = "/owner";

export type OwnerSession = { ownerId: number; email: string; sessionId: string; expiresAt: number };

/** Owner accounts need SESSION_SECRET (it signs the cookie and keys the claim token): without it they are off. */
export function ownerAccountsConfigured(app: Pick<AppContext, "env">): boolean {
  return sessionSecret(app.env) !== "";
}

/** Thrown by what would sign an owner in or make a claim token while SESSION_SECRET is unset. */
export class OwnerAccountsNotConfigured extends Error {
  constructor() {
    super("Owner accounts are not configured: set SESSION_SECRET");
  }
}

/** `__Host-la_owner` on an https site, `la_owner` on http://localhost (signedCookie). */
function ownerCookie(app: Pick<AppContext, "env">) {
  return signedCookie(app, "la_owner", SESSION_TTL_SECONDS);
}

/**
 * Where a sign-in may lead: a path of this site only ("/owner", "/vi/business/12/claim"), never
 * another host ("//evil.example", "/\\evil.example", "https://…"); anything else is the dashboard.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== "string" || next.length > 500) return DEFAULT_NEXT;
  if (!/^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/.test(next)) return DEFAULT_NEXT;
  return next;
}

// ── Sessions ──────────────────────────────────────────────────────────────────

/** The signed session id of the request's owner cookie, or null (none, tampered, not configured). */
async function readSessionId(request: Request, app: Pick<AppContext, "env">): Promise<string | null> {
  if (!ownerAccountsConfigured(app)) return null;
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value: unknown = await ownerCookie(app).parse(header);
  return typeof value === "string" && TOKEN_SHAPE.test(value) ? value : null;
}

/** The signed-in owner of the request, or null. One indexed D1 read. */
export async function getOwnerSession(request: Request, app: AppContext): Promise<OwnerSession | null> {
  const sessionId = await readSessionId(request, app);
  if (!sessionId) return null;
  const row = await app.db.first<{ owner_id: number; email: string; expires_at: number }>(
    `SELECT s.owner_id, o.email, s.expires_at FROM owner_sessions AS s JOIN owners AS o ON o.id = s.owner_id
     WHERE s.id_hash = ?1 AND s.expires_at > ?2`,
    [await sha256Hex(sessionId), nowSeconds()],
  );
  return row ? { ownerId: row.owner_id, email: row.email, sessionId, expiresAt: row.expires_at } : null;
}

/** Ends the request's owner session (if any) and returns the Set-Cookie that clears the cookie. */
export async function signOutOwner(request: Request, app: AppContext): Promise<string> {
  const sessionId = await readSessionId(request, app);
  if (sessionId) await app.db.run("DELETE FROM owner_sessions WHERE id_hash = ?1", [await sha256Hex(sessionId)]);
  return ownerCookie(app).serialize("", { maxAge: 0, expires: new Date(0) });
}

// ── Sign-in links ─────────────────────────────────────────────────────────────

/**
 * Stores a new sign-in link for `email` (already checked and lower-cased) and e-mails it, in the
 * page's locale. Throws EmailNotSent when the e-mail service fails (the link is then useless: it was
 * never sent), OwnerAccountsNotConfigured when SESSION_SECRET is unset (nothing is stored or sent).
 */
export async function sendSignInLink(
  app: AppContext,
  link: { email: string; next: string; locale: string; settings: LocaleSettings },
): Promise<void> {
  if (!ownerAccountsConfigured(app)) throw new OwnerAccountsNotConfigured();
  const token = randomToken();
  const now = nowSeconds();
  // At most SIGN_IN_LINKS_PER_HOUR e-mails to one address, however many places ask: the page says
  // the same either way, so nobody can fill someone's inbox through the form.
  const recent = await app.db.first<{ n: number }>("SELECT count(*) AS n FROM sign_in_links WHERE email = ?1 AND created_at > ?2", [
    link.email,
    now - 60 * 60,
  ]);
  if ((recent?.n ?? 0) >= SIGN_IN_LINKS_PER_HOUR) return;
  await app.db.batch([
    // Housekeeping rides along, a bounded number of rows a time: links past their end are of no use to anyone.
    app.db.statement("DELETE FROM sign_in_links WHERE rowid IN (SELECT rowid FROM sign_in_links WHERE expires_at <= ?1 LIMIT 100)", [
      now - 24 * 60 * 60,
    ]),
    app.db.statement("INSERT INTO sign_in_links (token_hash, email, next_path, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)", [
      await sha256Hex(token),
      link.email,
      safeNextPath(link.next),
      now,
      now + SIGN_IN_LINK_TTL_SECONDS,
    ]),
  ]);
  const config = siteConfig(app.env);
  const url = new URL(localePath(link.settings, link.locale, "/owner/sign-in/confirm"), config.siteUrl);
  url.searchParams.set("token", token);
  const i18n = i18nFor(link.locale);
  const values = { siteName: config.siteName, minutes: SIGN_IN_LINK_TTL_SECONDS / 60 };
  const subject = i18n._("signIn.emailSubject", values);
  const intro = i18n._("signIn.emailIntro", values);
  const action = i18n._("signIn.emailAction", values);
  const ignore = i18n._("signIn.emailIgnore", values);
  await sendEmail(app, {
    to: link.email,
    subject,
    text: `${intro}\n\n${url.href}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url.href)}">${escapeHtml(action)}</a></p><p>${escapeHtml(ignore)}</p>`,
  });
}

/** Whether a link's token is still good (unused, not expired): the confirm page's GET, which consumes nothing. */
export async function signInLinkUsable(app: AppContext, token: string): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false;
  const row = await app.db.first<{ one: number }>(
    "SELECT 1 AS one FROM sign_in_links WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2",
    [await sha256Hex(token), nowSeconds()],
  );
  return row !== null;
}

type SignedIn = { ownerId: number; email: string; next: string; setCookie: string };

/**
 * Uses a sign-in link: marks it used in one statement that matches only an unused, unexpired link
 * (two requests with one token cannot both pass), then makes the owner (if new) and a session, with
 * the audit row, in one batch. Null when the token is unknown, used or expired: nothing is written.
 * Throws OwnerAccountsNotConfigured when SESSION_SECRET is unset (the link stays unused).
 */
export async function consumeSignInLink(app: AppContext, token: string): Promise<SignedIn | null> {
  if (!ownerAccountsConfigured(app)) throw new OwnerAccountsNotConfigured();
  if (!TOKEN_SHAPE.test(token)) return null;
  const now = nowSeconds();
  const link = await app.db.first<{ email: string; next_path: string }>(
    `UPDATE sign_in_links SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2
     RETURNING email, next_path`,
    [await sha256Hex(token), now],
  );
  if (!link) return null;
  const email = link.email.toLowerCase();
  const sessionId = randomToken();
  const [, , owner] = await app.db.batch<{ id: number }>([
    app.db.statement("DELETE FROM owner_sessions WHERE rowid IN (SELECT rowid FROM owner_sessions WHERE expires_at <= ?1 LIMIT 100)", [
      now,
    ]),
    app.db.statement(
      "INSERT INTO owners (email, created_at, last_sign_in_at) VALUES (?1, ?2, ?2) ON CONFLICT(email) DO UPDATE SET last_sign_in_at = excluded.last_sign_in_at",
      [email, now],
    ),
    app.db.statement("SELECT id FROM owners WHERE email = ?1", [email]),
    app.db.statement(
      "INSERT INTO owner_sessions (id_hash, owner_id, created_at, expires_at) SELECT ?1, id, ?2, ?3 FROM owners WHERE email = ?4",
      [await sha256Hex(sessionId), now, now + SESSION_TTL_SECONDS, email],
    ),
    auditD1Statement(app.db, { actor: `owner:${email}`, action: "owner-sign-in", detail: "Signed in by an e-mailed link" }),
  ]);
  const ownerId = owner.results[0]?.id;
  if (ownerId === undefined) return null;
  return { ownerId, email, next: safeNextPath(link.next_path), setCookie: await ownerCookie(app).serialize(sessionId) };
}
