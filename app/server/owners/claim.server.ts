/**
 * Claiming a business (docs/people.md), the ways Google Business Profile offers: an owner's address at
 * the business website's domain verifies at once; a token the owner places on the website (a file
 * under /.well-known/ or a <meta> tag on the home page), which the Worker fetches with a timeout and a
 * size cap from the business's stored website origin only; or the admin's approval of the evidence
 * the owner gives (a pending `claim` submission). Each verification goes through grantOwnership.
 */
import { parseFactSources } from "#app/lib/business/provenance";
import { claimPayloadSchema } from "#app/lib/moderation/submission";
import { createSubmission } from "#app/server/moderation/submissions.server";
import { requestLocale, senderOf } from "#app/server/moderation/form-guard.server";
import type { AppContext } from "#app/server/platform/context.server";
import { grantOwnership } from "#app/server/owners/ownership.server";
import { OwnerAccountsNotConfigured, type OwnerSession } from "#app/server/owners/owner-auth.server";
import { readBodyCapped } from "#app/server/platform/client.server";
import { sessionSecret } from "#app/server/platform/config.server";
import { hmacHex } from "#app/server/platform/crypto.server";
import { businessLabel } from "#app/server/write/audit.server";

/** The file an owner places at the website's root, and the meta tag's name. */
export const VERIFICATION_FILE = "/.well-known/localatlas-verification.txt";
export const VERIFICATION_META = "localatlas-verification";
const TOKEN_PREFIX = "localatlas-verify=";
/** How long the website may take to answer, how much of a page is read, and how many redirects are followed. */
const FETCH_TIMEOUT_MS = 5000;
const FETCH_MAX_BYTES = 64 * 1024;
const MAX_REDIRECTS = 3;

/**
 * Hosts many people share (mail providers, social sites, site builders): an address there proves
 * nothing about a business whose "website" is a page on it.
 */
const SHARED_HOSTS = new Set([
  "gmail.com",
  "googlemail.com",
  "google.com",
  "yahoo.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "mail.com",
  "facebook.com",
  "instagram.com",
  "linktr.ee",
  "tripadvisor.com",
  "yelp.com",
]);

type ClaimBusiness = {
  id: number;
  name: string;
  website: string | null;
  claimedAt: number | null;
  /** The website came from a visitor's suggestion: proving control of it proves little on its own. */
  websiteByVisitor: boolean;
};

export async function claimBusiness(app: AppContext, id: number): Promise<ClaimBusiness | null> {
  const row = await app.db.first<{ id: number; name: string; website: string | null; claimed_at: number | null; fact_sources: string }>(
    "SELECT id, name, website, claimed_at, fact_sources FROM businesses WHERE id = ?1",
    [id],
  );
  if (!row) return null;
  const websiteByVisitor = parseFactSources(row.fact_sources).website?.by === "visitor";
  return { id: row.id, name: row.name, website: row.website, claimedAt: row.claimed_at, websiteByVisitor };
}

/**
 * Whether a claim proved by the website or its domain still goes to the team: the business already
 * has a verified owner (as Google Business Profile, a second claim is reviewed, never taken over at
 * once), or its website is a visitor's suggestion.
 */
export function claimNeedsReview(business: ClaimBusiness): boolean {
  return business.claimedAt !== null || business.websiteByVisitor;
}

/** The business's stored website as an http(s) URL, or null. */
export function websiteUrl(website: string | null): URL | null {
  if (!website) return null;
  try {
    const url = new URL(website);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const bareHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");

/** Whether `email` is at the website's host (www. aside) or a subdomain of it, and the host is no shared one. */
export function emailMatchesWebsite(email: string, website: string | null): boolean {
  const url = websiteUrl(website);
  const at = email.lastIndexOf("@");
  if (!url || at < 0) return false;
  const host = bareHost(url.hostname);
  const domain = bareHost(email.slice(at + 1));
  if (!host.includes(".") || SHARED_HOSTS.has(host) || /^[\d.]+$|^\[/.test(host)) return false;
  return domain === host || domain.endsWith(`.${host}`);
}

/**
 * The token an owner places on the website: an HMAC-SHA256 under SESSION_SECRET of the business and
 * the owner, so it proves this pair only. Its message starts with its purpose ("claim-token:"), so it
 * never equals another HMAC of the same secret. Throws OwnerAccountsNotConfigured without the secret.
 */
export async function verificationToken(app: Pick<AppContext, "env">, businessId: number, ownerId: number): Promise<string> {
  const secret = sessionSecret(app.env);
  if (!secret) throw new OwnerAccountsNotConfigured();
  return TOKEN_PREFIX + (await hmacHex(secret, `claim-token:${businessId}:${ownerId}`));
}

/** Why a website check did not verify: each is a sentence on the claim page (claim.check*). */
export type WebsiteCheck = "verified" | "noWebsite" | "notPublic" | "notFound" | "mismatch" | "timeout" | "unreachable";

/**
 * Whether the Worker may fetch `url` to look for a token: a named public host on the scheme's default
 * port. An IP address, localhost, a one-label name or another port is refused — unless
 * CLAIM_CHECK_LOCAL_SITES is "on" (the tests and local development, which serve sites on 127.0.0.1).
 */
function fetchableSite(url: URL, env: Pick<Env, "CLAIM_CHECK_LOCAL_SITES">): boolean {
  if (env.CLAIM_CHECK_LOCAL_SITES === "on") return true;
  const host = url.hostname.toLowerCase();
  const ip = /^[\d.]+$/.test(host) || host.startsWith("[");
  return !ip && host.includes(".") && host !== "localhost" && !host.endsWith(".localhost") && url.port === "";
}

type Fetched = { status: number; body: string } | "timeout" | "unreachable";

/** The start of a response's body, at most FETCH_MAX_BYTES, then the rest is left unread. */
async function readStart(response: Response): Promise<string> {
  const bytes = await readBodyCapped(response.body, FETCH_MAX_BYTES, { truncate: true });
  return bytes === "tooLarge" ? "" : new TextDecoder().decode(bytes);
}

/**
 * GET `url`, following at most MAX_REDIRECTS redirects, each to the same host (www. aside), on the
 * same port, and never from https down to http; any other redirect is answered as not found.
 */
async function fetchOnSite(url: URL, host: string): Promise<Fetched> {
  let at = url;
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const response = await fetch(at, { redirect: "manual", signal, headers: { "User-Agent": "LocalAtlas-Verification/1" } });
      const location = response.headers.get("Location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        const next = new URL(location, at);
        // Only to the same host (www. aside), on the same port, never from https down to http.
        const downgrade = at.protocol === "https:" && next.protocol !== "https:";
        if (next.protocol !== "http:" && next.protocol !== "https:") return { status: 404, body: "" };
        if (downgrade || bareHost(next.hostname) !== host || next.port !== at.port) return { status: 404, body: "" };
        at = next;
        continue;
      }
      return { status: response.status, body: response.ok ? await readStart(response) : (await response.body?.cancel(), "") };
    }
    return { status: 404, body: "" };
  } catch (error) {
    return error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError") ? "timeout" : "unreachable";
  }
}

/** The content of each <meta name="localatlas-verification"> in an HTML page's start. */
function verificationMetaContents(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = new Map<string, string>();
    for (const [, name, a, b, c] of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
      attributes.set(name.toLowerCase(), (a ?? b ?? c ?? "").trim());
    }
    if (attributes.get("name")?.toLowerCase() === VERIFICATION_META) found.push(attributes.get("content") ?? "");
  }
  return found;
}

/** Looks for the token on the website: the file first, then the home page's meta tag. */
export async function checkWebsite(
  website: string | null,
  token: string,
  env: Pick<Env, "CLAIM_CHECK_LOCAL_SITES">,
): Promise<WebsiteCheck> {
  const url = websiteUrl(website);
  if (!url) return "noWebsite";
  if (!fetchableSite(url, env)) return "notPublic";
  const host = bareHost(url.hostname);
  const file = await fetchOnSite(new URL(VERIFICATION_FILE, url.origin), host);
  if (file === "timeout" || file === "unreachable") return file;
  let sawOther = false;
  if (file.status === 200) {
    const words = file.body.split(/\s+/).filter(Boolean);
    if (words.includes(token)) return "verified";
    sawOther = words.some((w) => w.startsWith(TOKEN_PREFIX));
  }
  const home = await fetchOnSite(new URL("/", url.origin), host);
  if (home === "timeout" || home === "unreachable") return sawOther ? "mismatch" : home;
  if (home.status === 200) {
    const contents = verificationMetaContents(home.body);
    if (contents.includes(token)) return "verified";
    if (contents.length > 0) sawOther = true;
  }
  return sawOther ? "mismatch" : "notFound";
}

/** A claim verified by one of the owner's own proofs: ownership granted, audited with the owner as actor. */
export async function verifyClaim(
  app: AppContext,
  owner: OwnerSession,
  business: ClaimBusiness,
  method: "email-domain" | "website-token",
): Promise<boolean> {
  const how = method === "email-domain" ? "an address at the website's domain" : "a token on the website";
  return grantOwnership(app.db, {
    businessId: business.id,
    ownerId: owner.ownerId,
    method,
    actor: `owner:${owner.email}`,
    detail: `Claimed ${businessLabel(business.id, business.name)} by ${how}`,
  });
}

/** Whether the owner's claim of the business waits for the team's review (a pending `claim` submission). */
export async function hasPendingClaim(app: AppContext, businessId: number, ownerId: number): Promise<boolean> {
  const row = await app.db.first<{ one: number }>(
    "SELECT 1 AS one FROM submissions WHERE owner_id = ?1 AND business_id = ?2 AND kind = 'claim' AND status = 'pending' LIMIT 1",
    [ownerId, businessId],
  );
  return row !== null;
}

/** The owner's request for the admin to confirm the claim, with the evidence (a pending `claim` submission). */
export async function askTeam(
  app: AppContext,
  request: Request,
  owner: OwnerSession,
  business: ClaimBusiness,
  evidence: unknown,
): Promise<boolean> {
  const parsed = claimPayloadSchema.safeParse({ evidence: typeof evidence === "string" ? evidence : "" });
  if (!parsed.success) return false;
  if (await hasPendingClaim(app, business.id, owner.ownerId)) return true;
  await createSubmission(app.db, {
    kind: "claim",
    payload: parsed.data,
    businessId: business.id,
    ownerId: owner.ownerId,
    contactEmail: owner.email,
    sender: await senderOf(request, app),
    locale: requestLocale(request, app),
  });
  return true;
}
