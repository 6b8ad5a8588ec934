/**
 * Edge cache for public GETs (CLARIFICATIONS 35): the key carries the data version, which every
 * write bumps, so visitors never see a deleted business for long while unchanged pages are served
 * without rendering or touching more than one D1 row.
 */
import { eq } from "drizzle-orm";
import { isAdminPath } from "~/lib/admin-path";
import { siteStats } from "#db/schema";
import type { Db } from "./db.server";

export function isCacheable(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (isAdminPath(new URL(request.url).pathname)) return false;
  // A visitor carrying a flash toast or an admin session gets a personal page.
  const cookie = request.headers.get("Cookie") ?? "";
  return !/(?:^|;\s*)(?:la_toast|la_admin|__Host-la_admin)=/.test(cookie);
}

/** Bumped by every write (business-writer.server.ts): part of each cache key. */
export async function dataVersion(db: Db): Promise<number> {
  const row = await db.orm.select({ dataVersion: siteStats.dataVersion }).from(siteStats).where(eq(siteStats.id, 1)).get();
  return row?.dataVersion ?? 0;
}

function cacheKey(request: Request, version: number): Request {
  const url = new URL(request.url);
  url.searchParams.set("__v", String(version));
  return new Request(url.toString(), { method: "GET" });
}

function storable(response: Response): boolean {
  return response.status === 200 && !response.headers.has("Set-Cookie") && (response.headers.get("Cache-Control") ?? "").includes("public");
}

/**
 * Serves from `cache` when this version of the page is there; otherwise renders and stores it.
 * `render` gives the finished response (rewritten body, CSP): a hit is sent back as it was stored.
 */
export async function withEdgeCache(
  request: Request,
  options: { db: Db; cache: Cache; waitUntil: (p: Promise<unknown>) => void },
  render: () => Promise<Response>,
): Promise<Response> {
  if (!isCacheable(request)) return render();
  const key = cacheKey(request, await dataVersion(options.db));
  const hit = await options.cache.match(key);
  if (hit) {
    const headers = new Headers(hit.headers);
    headers.set("X-Edge-Cache", "HIT");
    return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers });
  }
  const response = await render();
  if (!storable(response)) return response;
  options.waitUntil(options.cache.put(key, response.clone()));
  const headers = new Headers(response.headers);
  headers.set("X-Edge-Cache", "MISS");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
