/**
 * Security headers (DESIGN.md "Security"), applied by the Worker (workers/app.ts).
 *
 * The page's Content-Security-Policy allows its inline scripts by their SHA-256, not by a nonce: the
 * edge cache serves one stored response to every visitor, so a nonce in it would be a shared, known
 * value. The hashes are taken from the finished document — in the same HTMLRewriter pass
 * as the deferred-hydration rewrite — so the stored page and its header always agree and a cache hit
 * is served as stored.
 */
import { isAdminPath } from "#app/lib/admin/admin-path";
import { isOwnerPath, OWNER_CACHE_CONTROL } from "#app/lib/owners/owner-path";
import { isReviewerPath } from "#app/lib/reviews/review-path";
import { DEFERRED_MODULE_TYPE, deferHydration, LOADER_SCRIPT_TEXT } from "#app/server/platform/deferred-hydration.server";
import { NO_STORE } from "#app/server/platform/http.server";

const READ_METHODS = new Set(["GET", "HEAD"]);

const AD_HOSTS =
  "https://pagead2.googlesyndication.com https://*.googlesyndication.com https://*.doubleclick.net https://*.google.com https://*.adtrafficquality.google";

/** Cloudflare Turnstile's script and challenge frame: allowed only when the site has its keys (the forms show it then). */
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/**
 * Scripts from our origin, the ad and analytics hosts, and the inline scripts with these hashes.
 * `tileOrigin` is the map tiles' host (MAP_TILE_URL, app/lib/business/map.ts): images only, named even when
 * it is https (already allowed) so the policy says which host the maps use, and so an http host works.
 */
function contentSecurityPolicy(scriptHashes: readonly string[], tileOrigin: string | null = null, turnstile = false): string {
  const inline = scriptHashes.map((hash) => `'sha256-${hash}'`);
  const challenge = turnstile ? [TURNSTILE_ORIGIN] : [];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline, "https://static.cloudflareinsights.com", AD_HOSTS, ...challenge].join(" "),
    // The critical CSS is inlined into <head> (ADR 0004).
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: https:", ...(tileOrigin ? [tileOrigin] : [])].join(" "),
    "font-src 'self'",
    `connect-src 'self' https://cloudflareinsights.com ${AD_HOSTS}`,
    [`frame-src ${AD_HOSTS}`, ...challenge].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Classic and module scripts run; so does the deferred bootstrap, which the loader re-inserts as a
 * module script with the same text (a hash also allows an inline script inserted later). Data blocks
 * such as JSON-LD never run and need no hash.
 */
function runs(type: string | null): boolean {
  const t = (type ?? "").trim().toLowerCase();
  return t === "" || t === "module" || t === "text/javascript" || t === "application/javascript" || t === DEFERRED_MODULE_TYPE;
}

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/** Collects the text of every inline script that runs, in document order, as `rewriter` passes it. */
function collectInlineScripts(rewriter: HTMLRewriter): { rewriter: HTMLRewriter; texts: string[] } {
  const texts: string[] = [];
  let current: number | null = null;
  // HTMLRewriter tokenizes as a browser does, so a '>' in an attribute or '<' in a script cannot fool it.
  rewriter.on("script", {
    element(el) {
      current = null;
      if (el.hasAttribute("src") || !runs(el.getAttribute("type"))) return;
      current = texts.length;
      texts.push("");
    },
    text(chunk) {
      if (current !== null) texts[current] += chunk.text;
    },
  });
  return { rewriter, texts };
}

/** The base64 SHA-256 of each text, without repeats. */
async function hashesOf(texts: string[]): Promise<string[]> {
  // The browser's parser turns CR LF and lone CR into LF before the script's text is hashed.
  const hashes = await Promise.all(texts.map((text) => sha256Base64(text.replace(/\r\n?/g, "\n"))));
  return [...new Set(hashes)];
}

/**
 * An HTML response with the CSP for exactly its inline scripts; other responses pass unchanged. With
 * `deferHydration` the document is rewritten (deferred-hydration.server.ts) in the same pass that
 * collects its scripts: one parse, and the body stays bytes (never decoded into a string).
 */
export async function withScriptHashes(
  response: Response,
  options: { deferHydration?: boolean; tileOrigin?: string | null; turnstile?: boolean } = {},
): Promise<Response> {
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  const { rewriter, texts } = collectInlineScripts(options.deferHydration ? deferHydration(new HTMLRewriter()) : new HTMLRewriter());
  const body = await rewriter.transform(response).arrayBuffer();
  // The loader is inserted at </body> after parsing, as the last script of the document.
  if (options.deferHydration) texts.push(LOADER_SCRIPT_TEXT);
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(await hashesOf(texts), options.tileOrigin, options.turnstile));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Headers every response gets, set before the edge cache stores a page, so a hit is answered with
 * the stored headers as they are. Admin and owner responses and the answers to a form (any method
 * but GET and HEAD) are never stored anywhere, whatever the route set: no route can forget it.
 */
export function withSecurityHeaders(request: Request, response: Response, options: { httpsSite: boolean }): Response {
  const headers = new Headers(response.headers);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  if (options.httpsSite) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  const pathname = new URL(request.url).pathname;
  // An owner's and a reviewer's pages are theirs alone: no shared cache keeps them, whatever the route set.
  if (isOwnerPath(pathname) || isReviewerPath(pathname)) headers.set("Cache-Control", OWNER_CACHE_CONTROL);
  else if (isAdminPath(pathname) || !READ_METHODS.has(request.method)) headers.set("Cache-Control", NO_STORE);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The request's own D1 work, in the Server-Timing header (DESIGN.md budgets; the tests read it). */
export function withServerTiming(response: Response, serverTiming: string): Response {
  const headers = new Headers(response.headers);
  headers.append("Server-Timing", serverTiming);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
