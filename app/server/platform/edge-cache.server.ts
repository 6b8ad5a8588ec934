/**
 * Edge cache for public GETs (served as `public, max-age=60, s-maxage=300, stale-while-revalidate=600`,
 * so Open Now is at most minutes old): the key carries the data version, which every write bumps, so
 * visitors never see a deleted business for long while unchanged pages are served without rendering.
 * docs/decisions/0014-edge-cache.md.
 *
 * The key is the page, not the URL: only the query parameters the page reads go into it, in one
 * order, so `/about?utm_source=x` and `/about` are one entry and a run of random parameters cannot
 * fill the cache. Each route says which parameters it reads where it is declared (`queryParams` in
 * its module); a route that says nothing keeps them all. The page is rendered from that same key
 * URL, so what is stored never depends on a parameter the key left out.
 */
import { eq } from "drizzle-orm";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { basename as appBasename, routes as appRoutes } from "virtual:react-router/server-build";
import { isAdminPath } from "#app/lib/admin/admin-path";
import { isOwnerPath } from "#app/lib/owners/owner-path";
import { isReviewerPath } from "#app/lib/reviews/review-path";
import { siteStats } from "#db/schema";
import type { Db } from "#app/server/platform/db.server";

/**
 * The query parameters a route reads, exported by its module beside its loader:
 * `export const queryParams: QueryParams = ["page"];` (`[]` for none). A page's cache key keeps what
 * every route of its match declares (the root, the layout, the page) and drops the rest, so a
 * parameter read but not declared would be answered with the page of another value. A route that
 * declares nothing keeps every parameter but the tracking ones: never wrong, but every new
 * parameter, however meaningless, is a new entry. Write the names out, not `Object.keys(schema.shape)`
 * or a spread: the browser's bundle keeps a route module's top-level call or spread (and what it
 * imports) and drops a plain list.
 * test/integration/edge-cache-routes.test.ts walks every route of app/routes.ts against its key.
 */
export type QueryParams = readonly string[];

/** Campaign and click ids that no page reads: dropped even where a route declares nothing. */
const TRACKING_PARAM = /^(?:utm_.*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|twclid|igshid|mc_cid|mc_eid|_ga|_gl)$/;
/** The cache key's own parameters (cacheKey, staleKey): no visitor's URL may name a version or a build. */
const KEY_PARAMS = new Set(["__v", "__b"]);

/** React Router's lazy route discovery (routeDiscovery's default manifestPath) is no route: without its version it answers "reload the document". */
const MANIFEST_PATH = /^\/__manifest$/i;
const MANIFEST_PARAMS: QueryParams = ["paths", "version"];

/** React Router's data requests (`/search.data`, `/_.data` for `/`) read the page's parameters and these. */
const DATA_REQUEST_PARAMS = ["_routes", "index"];

export function isCacheable(request: Request): boolean {
  return request.method === "GET" && !isPersonalPath(new URL(request.url).pathname) && visitorWithoutPersonalCookie(request);
}

/** The admin's pages, an owner's (their dashboard, edit and claim pages) and a reviewer's (the form, confirm, manage): never cached. */
function isPersonalPath(pathname: string): boolean {
  return isAdminPath(pathname) || isOwnerPath(pathname) || isReviewerPath(pathname);
}

const PERSONAL_COOKIE = /(?:^|;\s*)(?:la_toast|la_admin|__Host-la_admin)=/;

/** A visitor carrying a flash toast or an admin session gets a personal page. */
function visitorWithoutPersonalCookie(request: Request): boolean {
  const cookie = request.headers.get("Cookie");
  return cookie === null || !PERSONAL_COOKIE.test(cookie);
}

type Routes = ServerBuild["routes"];
/** The parameters a page reads: the names its routes declare, or all of them (one route declares nothing). */
type Reads = ReadonlySet<string> | "all";

/**
 * How a build's routes are found for a path. React Router's `matchRoutes` flattens and ranks the
 * whole route tree on each call (~0.2 ms for this app's), so its answer is remembered per path
 * shape: the decoded path with each segment that is no route's static segment replaced by one
 * placeholder. React Router tells such segments apart only by being empty or not (a `:param`
 * matches any, a static segment only itself), so every path of one shape matches the same routes.
 */
type RouteLookup = {
  tree: RouteObject[];
  /** Any route's static segment, matched as React Router's patterns match them (case ignored). */
  staticSegment: RegExp | null;
  /** Reads per shape; at most SHAPES entries (a shape is short, the memo small). */
  reads: Map<string, Reads>;
};

const SHAPES = 1024;
const lookups = new WeakMap<Routes, RouteLookup>();

function routeLookup(routes: Routes): RouteLookup {
  let lookup = lookups.get(routes);
  if (lookup) return lookup;
  const all = Object.values(routes).filter((route) => route !== undefined);
  // The tree as React Router builds it from the manifest: children in the manifest's order (a tie in rank goes to the first).
  const tree = (parentId?: string): RouteObject[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
      );
  const statics = new Set<string>();
  let shapeable = true;
  for (const segment of all.flatMap((route) => (route.path ?? "").split("/"))) {
    if (segment === "" || segment === "*" || /^:[\w-]+$/.test(segment)) continue;
    // An optional or partly dynamic segment would match more than itself: shapes are not safe then.
    if (/[:*?]/.test(segment)) shapeable = false;
    statics.add(segment.replace(/[\\.*+^${}|()[\]]/g, "\\$&"));
  }
  lookup = {
    tree: tree(undefined),
    staticSegment: shapeable ? new RegExp(`^(?:${[...statics].join("|")})$`, "i") : null,
    reads: new Map(),
  };
  lookups.set(routes, lookup);
  return lookup;
}

/** The path's segments decoded as React Router decodes them before matching (an encoded slash stays one). */
function decodedPath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** What the matched routes declare; all parameters when one declares nothing (or no route matches). */
function declaredBy(routes: Routes, matches: Array<{ route: RouteObject }> | null): Reads {
  const names = new Set<string>();
  for (const { route } of matches ?? []) {
    const declared = (routes[route.id ?? ""]?.module as { queryParams?: QueryParams } | undefined)?.queryParams;
    if (!declared) return "all";
    for (const name of declared) names.add(name);
  }
  return matches ? names : "all";
}

/** The parameters the routes React Router matches for `pathname` declare. */
function readsOf(routes: Routes, pathname: string): Reads {
  const lookup = routeLookup(routes);
  const decoded = decodedPath(pathname);
  const pattern = lookup.staticSegment;
  const shape = pattern ? decoded.replace(/[^/]+/g, (segment) => (pattern.test(segment) ? segment : "\0")) : decoded;
  const known = lookup.reads.get(shape);
  if (known) return known;
  const reads = declaredBy(routes, matchRoutes(lookup.tree, pathname, appBasename));
  if (lookup.reads.size >= SHAPES) lookup.reads.delete(lookup.reads.keys().next().value as string);
  lookup.reads.set(shape, reads);
  return reads;
}

/**
 * The URL that names the page: the path and only the parameters it reads, sorted by name (a
 * repeated name keeps its values in their order: loaders differ on which one they take). `routes`
 * are the build's (tests pass others).
 */
export function pageUrl(url: URL, routes: Routes = appRoutes): URL {
  // The page's path as React Router's server reads it: a data request names its page by `.data`.
  const page = url.pathname.endsWith("/_.data") ? url.pathname.slice(0, -"_.data".length) : url.pathname.replace(/\.data$/, "");
  const dataRequest = page !== url.pathname;
  const reads: Reads = MANIFEST_PATH.test(page) ? new Set(MANIFEST_PARAMS) : readsOf(routes, page);
  const keeps = (name: string) =>
    reads === "all"
      ? !TRACKING_PARAM.test(name) && !KEY_PARAMS.has(name)
      : reads.has(name) || (dataRequest && DATA_REQUEST_PARAMS.includes(name));
  const kept = [...url.searchParams].filter(([name]) => keeps(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Not new URL(pathname, origin): a path starting with "//" would be read as a host.
  const out = new URL(url);
  out.search = "";
  out.hash = "";
  for (const [name, value] of kept) out.searchParams.append(name, value);
  return out;
}

/** Bumped by every write (business-writer.server.ts): part of each cache key. */
export async function dataVersion(db: Db): Promise<number> {
  const row = await db.orm.select({ dataVersion: siteStats.dataVersion }).from(siteStats).where(eq(siteStats.id, 1)).get();
  return row?.dataVersion ?? 0;
}

/** A request's Db, or how to get it (workers/app.ts builds its context only when something needs it). */
type DbSource = Db | (() => Promise<Db>);

async function readDataVersion(db: DbSource): Promise<number> {
  return dataVersion(typeof db === "function" ? await db() : db);
}

/** The data version as this isolate remembers it (memoizedDataVersion), and how to drop what it remembers. */
export type RememberedVersion = ((db: DbSource) => Promise<number>) & {
  /** This isolate just wrote: its next request reads the version again instead of serving the one before the write. */
  forget(): void;
};

/**
 * The data version remembered in this isolate for `ttlMs`, so a cache hit needs no D1 query: after a
 * write, an isolate that read the version less than `ttlMs` before goes on serving the previous
 * pages for at most the rest of `ttlMs` (and the one read that renews it, itself at most `ttlMs`).
 * The isolate that made the write forgets the version (`forget()`, workers/app.ts), so whoever wrote
 * sees their change on the next page: an owner who saves and opens their page, the admin after an edit.
 * When the memo expires, one request reads D1 and the requests that arrive meanwhile keep the
 * version it remembers: under load
 * an isolate reads the version about once per `ttlMs`, not once per request in flight (ten at a time
 * before, ~10 % of a listing's misses; docs/perf/http.md). Only the reading request waits
 * on its own I/O (a promise shared across requests would tie one request's answer to another's I/O).
 */
export function memoizedDataVersion(ttlMs: number, now: () => number = Date.now): RememberedVersion {
  let memo: { version: number; readAt: number } | null = null;
  // When the read in flight started: a read slower than ttlMs no longer holds the others back.
  let readingSince: number | null = null;
  // Bumped by forget(): a read that started before a write may return the version before it, and is not kept.
  let generation = 0;
  const read = async (db: DbSource) => {
    const time = now();
    if (memo && (time - memo.readAt < ttlMs || (readingSince !== null && time - readingSince < ttlMs))) return memo.version;
    readingSince = time;
    const started = generation;
    try {
      const version = await readDataVersion(db);
      if (started === generation) memo = { version, readAt: time };
      return version;
    } catch (error) {
      // D1 failing for a moment: the pages of the last version read are still the site as it was,
      // so hits go on being served (stale-if-error); the next request tries the read again.
      if (!memo) throw error;
      console.error("edge cache: the data version could not be renewed; serving version", memo.version, error);
      return memo.version;
    } finally {
      if (started === generation) readingSince = null;
    }
  };
  return Object.assign(read, {
    forget() {
      memo = null;
      readingSince = null;
      generation += 1;
    },
  });
}

/**
 * The page's key for `version` and `build`: its URL with parameters no page reads, so no visitor's
 * URL can name a version. The build is in it because a page links its build's hashed assets, which
 * the next deploy replaces: the Cache API outlives a deploy, and a page stored before it would link
 * a stylesheet that is gone (seen locally: an unstyled page after a rebuild on a kept state).
 */
function cacheKey(page: string, version: number, build: string | undefined): string {
  return `${page}${page.includes("?") ? "&" : "?"}__v=${version}${build ? `&__b=${encodeURIComponent(build)}` : ""}`;
}

function storable(response: Response): boolean {
  return response.status === 200 && !response.headers.has("Set-Cookie") && (response.headers.get("Cache-Control") ?? "").includes("public");
}

/**
 * A finished answer as bytes: what both caches hold, and what a hit is answered from. The headers of
 * a hit are made once, when the page is stored (X-Edge-Cache: HIT among them), so answering a hit
 * builds one Response and nothing else.
 */
type StoredPage = {
  body: ArrayBuffer;
  status: number;
  headers: Array<[string, string]>;
  hitHeaders: Array<[string, string]>;
  expires: number;
};

/**
 * How long the isolate keeps an answer, in ms: a page it rendered as long as a shared cache may
 * (s-maxage); a page it took from the Cache API, whose age it cannot see, only as long as a browser
 * may keep one (max-age), so a page is never older than the Cache API's s-maxage plus max-age.
 */
function lifetimeMs(response: Response, directive: "s-maxage" | "max-age"): number {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  const seconds = new RegExp(`(?:^|[\\s,])${directive}=(\\d+)`).exec(cacheControl)?.[1] ?? "0";
  return Number(seconds) * 1000;
}

async function toStored(response: Response, expires: number): Promise<StoredPage> {
  const headers = [...response.headers].filter(([name]) => name !== "x-edge-cache");
  return {
    body: await response.arrayBuffer(),
    status: response.status,
    headers,
    hitHeaders: [...headers, ["X-Edge-Cache", "HIT"]],
    expires,
  };
}

function answer(page: StoredPage, headers: Array<[string, string]> = page.headers): Response {
  return new Response(page.body, { status: page.status, headers });
}

/**
 * The page URL of each request URL seen lately (pageUrl parses and sorts; a hit should not): at most
 * KEY_MEMO_ENTRIES URLs of at most KEY_MEMO_URL_LENGTH characters, so the memo stays under ~2 MB
 * whatever URLs are asked. Null: a path that is never cached.
 */
const KEY_MEMO_ENTRIES = 4096;
const KEY_MEMO_URL_LENGTH = 512;
const pageKeys = new Map<string, string | null>();

function pageKeyOf(requestUrl: string): string | null {
  const known = pageKeys.get(requestUrl);
  if (known !== undefined) return known;
  const url = new URL(requestUrl);
  const key = isPersonalPath(url.pathname) ? null : pageUrl(url).href;
  if (requestUrl.length <= KEY_MEMO_URL_LENGTH) {
    if (pageKeys.size >= KEY_MEMO_ENTRIES) pageKeys.delete(pageKeys.keys().next().value as string);
    pageKeys.set(requestUrl, key);
  }
  return key;
}

export type PageMemory = {
  get(key: string): StoredPage | undefined;
  set(key: string, page: StoredPage, version: number): void;
};

/**
 * The hottest finished pages kept in this isolate, up to `maxBytes`, least recently used out first:
 * a hit from here does no I/O at all (the Cache API is a subrequest, and locally a disk read). The
 * keys carry the data version like the Cache API's, and a page of a new version clears the older
 * ones; an entry lives no longer than the shared cache would keep it (lifetimeMs).
 */
export function pageMemory(maxBytes: number, now: () => number = Date.now): PageMemory {
  const entries = new Map<string, StoredPage>();
  let bytes = 0;
  let version: number | null = null;
  const drop = (key: string) => {
    bytes -= entries.get(key)?.body.byteLength ?? 0;
    entries.delete(key);
  };
  return {
    get(key) {
      const page = entries.get(key);
      if (!page) return undefined;
      entries.delete(key);
      if (page.expires <= now()) {
        bytes -= page.body.byteLength;
        return undefined;
      }
      // Map keeps insertion order: re-inserted, it is the most recently used.
      entries.set(key, page);
      return page;
    },
    set(key, page, pageVersion) {
      if (page.body.byteLength > maxBytes / 4) return;
      if (version !== pageVersion) {
        entries.clear();
        bytes = 0;
        version = pageVersion;
      }
      drop(key);
      entries.set(key, page);
      bytes += page.body.byteLength;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}

export type EdgeCacheOptions = {
  /** The request's Db, or how to get it: only an expired version memo or a miss needs one. */
  db: DbSource;
  cache: Cache;
  waitUntil: (p: Promise<unknown>) => void;
  /** Where the data version comes from: D1 on every request unless given (workers/app.ts memoizes it). */
  version?: (db: DbSource) => Promise<number>;
  /** Pages kept in the isolate in front of `cache` (workers/app.ts keeps one per isolate). */
  memory?: PageMemory;
  /** The build serving the request (React Router's assets version): a page is served only by the build that rendered it. */
  build?: string;
  /** Neither look up nor store: each request is rendered as a miss is (bench:http's render path). */
  alwaysMiss?: boolean;
  /** Headers added to a hit as it is answered (workers/app.ts: the request's Server-Timing). */
  hitHeaders?: () => Array<[string, string]>;
  /**
   * Whether storage failed part of this render that the page survived (a layout's footer read it
   * caught): such a page is answered, never stored, nor kept as the page's last good copy.
   */
  degraded?: () => boolean;
  now?: () => number;
};

/**
 * The data version a page never cached renders at (docs/decisions/0038-personal-pages-at-the-known-version.md):
 * an owner's or a reviewer's page has the public layout, whose footer the isolate keeps per data
 * version (site-summary.server.ts), so at the version the isolate remembers it reads only its own
 * rows. None for the admin's pages (no such footer), without a remembered version (`options.version`),
 * or when it cannot be read: the page then reads its footer, as before.
 */
async function personalPageVersion(request: Request, options: EdgeCacheOptions): Promise<number | undefined> {
  if (!options.version || isAdminPath(new URL(request.url).pathname)) return undefined;
  return options.version(options.db).catch(() => undefined);
}

/**
 * Serves from the isolate's memory or `cache` when this version of the page is there; otherwise
 * renders the page's URL (`pageUrl`), answers, and stores the same bytes in both after answering.
 * `render` gives the finished response (rewritten body, CSP, security headers): a hit is sent back as
 * it was stored, with `hitHeaders()` (the request's own Server-Timing) added.
 */
export async function withEdgeCache(
  request: Request,
  options: EdgeCacheOptions,
  render: (request: Request, version?: number) => Promise<Response>,
): Promise<Response> {
  if (request.method !== "GET" || !visitorWithoutPersonalCookie(request)) return render(request);
  const page = pageKeyOf(request.url);
  if (page === null) return render(request, await personalPageVersion(request, options));
  const now = options.now ?? Date.now;
  const extra = () => options.hitHeaders?.() ?? [];
  const staleRequest = new Request(staleKey(page, options.build), { method: "GET" });
  let version: number;
  try {
    version = await (options.version ?? readDataVersion)(options.db);
  } catch (error) {
    // No version to key on (D1 failing, none remembered): the last good copy of the page if the cache
    // holds one (stale-if-error), else the page as with the cache off, not stored: the render answers,
    // or the site's own error page does (503 when D1 failed it too, unavailable.server.ts).
    console.error("edge cache: the data version could not be read; serving a stale copy or rendering uncached", error);
    if (options.alwaysMiss) return render(request);
    return (await staleAnswer(options.cache, staleRequest, extra())) ?? render(request);
  }
  const pageRequest = () => (page === request.url ? request : new Request(page, request));
  // EDGE_CACHE=miss (benchmarks): every request costs what a miss costs, and nothing is stored.
  if (options.alwaysMiss) return render(pageRequest(), version);
  const key = cacheKey(page, version, options.build);
  const remembered = options.memory?.get(key);
  if (remembered) return answer(remembered, [...remembered.hitHeaders, ...extra()]);
  const keyRequest = new Request(key, { method: "GET" });
  // The Cache API failing is a miss, not an error: the page is rendered.
  const hit = await options.cache.match(keyRequest).catch(() => undefined);
  if (hit) {
    const stored = await toStored(hit, now() + lifetimeMs(hit, "max-age"));
    options.memory?.set(key, stored, version);
    return answer(stored, [...stored.hitHeaders, ...extra()]);
  }
  let response: Response;
  try {
    response = await render(pageRequest(), version);
  } catch (error) {
    const stale = await staleAnswer(options.cache, staleRequest, extra());
    if (stale) return stale;
    throw error;
  }
  // A server error (D1 failing the render): the last good copy rather than the error page.
  if (response.status >= 500) {
    const stale = await staleAnswer(options.cache, staleRequest, extra());
    if (stale) {
      await response.body?.cancel();
      return stale;
    }
  }
  if (!storable(response)) return response;
  if (options.degraded?.()) return notStored(response);
  // The body is a finished document already in memory (withScriptHashes): reading it costs a copy,
  // and the cache gets its own Response of the same bytes instead of a tee of the visitor's stream.
  const stored = await toStored(response, now() + lifetimeMs(response, "s-maxage"));
  options.memory?.set(key, stored, version);
  options.waitUntil(options.cache.put(keyRequest, answer(stored)));
  options.waitUntil(options.cache.put(staleRequest, staleCopy(stored)));
  return answer(stored, [...stored.headers, ["X-Edge-Cache", "MISS"]]);
}

/** A page answered as it is but kept by no cache (a render that storage failed in part). */
function notStored(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * How long the Cache API keeps a page's last good copy, whatever the data version: served only when
 * D1 fails the page (stale-if-error, RFC 5861's sense), never in place of a page that renders.
 */
const STALE_SECONDS = 24 * 60 * 60;

/** The key of a page's last good copy: no version (it outlives every write), the build (its assets). */
function staleKey(page: string, build: string | undefined): string {
  return `${page}${page.includes("?") ? "&" : "?"}__v=stale${build ? `&__b=${encodeURIComponent(build)}` : ""}`;
}

function staleCopy(page: StoredPage): Response {
  const headers = page.headers.filter(([name]) => name !== "cache-control");
  return new Response(page.body, { status: page.status, headers: [...headers, ["Cache-Control", `public, s-maxage=${STALE_SECONDS}`]] });
}

/** The page's last good copy, answered as such (X-Edge-Cache: STALE, kept by no one else), or null. */
async function staleAnswer(cache: Cache, staleRequest: Request, extra: Array<[string, string]>): Promise<Response | null> {
  const copy = await cache.match(staleRequest).catch(() => undefined);
  if (!copy) return null;
  const headers = new Headers(copy.headers);
  headers.set("Cache-Control", "no-store");
  headers.set("X-Edge-Cache", "STALE");
  for (const [name, value] of extra) headers.set(name, value);
  return new Response(copy.body, { status: copy.status, headers });
}
