import { isAdminPath } from "#app/lib/admin/admin-path";
import { readAdminCookie, withAdminBookmark } from "#app/server/auth/auth.server";
import type { AppContext } from "#app/server/platform/context.server";
import { benchD1 } from "#app/server/platform/d1-latency.server";
import { BookmarkMark, Db, laterBookmark, type SessionStart } from "#app/server/platform/db.server";
import { StorageFaults, watchedBucket } from "#app/server/platform/unavailable.server";

/** One per isolate: the freshest D1 bookmark any request here has seen (ADR 0013). */
const isolateMark = new BookmarkMark();

const READ_METHODS = new Set(["GET", "HEAD"]);

/**
 * Where a request's D1 session starts (docs/decisions/0013-read-replication.md):
 * - an admin write (any method but GET/HEAD: actions, API writes, login, logout, and the background
 *   work they start: import slices, delete-all, SEO generation): "first-primary", so what it reads
 *   before writing is the latest;
 * - an admin read: the bookmark of the admin's last write, from the signed cookie (the operator
 *   reads their own writes, a caught-up replica may answer); "first-primary" without one;
 * - anything else: "first-unconstrained", raised to the isolate's freshest bookmark (and to the
 *   admin cookie's, for the operator looking at the public site). Asked at the request's first
 *   statement, so a data version this isolate memoized is never newer than the data the page is then
 *   rendered from: a stale page cannot be stored under a newer version's cache key.
 */
function sessionStart(request: Request, adminPath: boolean, cookieBookmark: string | null, mark: BookmarkMark): () => SessionStart {
  if (adminPath) {
    const start = !READ_METHODS.has(request.method.toUpperCase()) ? "first-primary" : (cookieBookmark ?? "first-primary");
    return () => start;
  }
  return () => laterBookmark(cookieBookmark, mark.freshest) ?? "first-unconstrained";
}

// Only a request that names the admin cookie pays for verifying its signature.
const ADMIN_COOKIE = /(?:^|;\s*)(?:__Host-)?la_admin=/;

export async function makeAppContext(
  env: Env,
  ctx: ExecutionContext,
  request: Request,
  mark: BookmarkMark = isolateMark,
): Promise<AppContext> {
  const adminPath = isAdminPath(new URL(request.url).pathname);
  const cookie = ADMIN_COOKIE.test(request.headers.get("Cookie") ?? "") ? await readAdminCookie(request, { env }) : null;
  // The calls D1 and R2 fail for this request: a server error after one is answered 503 (unavailable.server.ts).
  const faults = new StorageFaults();
  // benchD1: the binding itself, or with network latency when a benchmark asks for it (d1-latency.server.ts).
  const db = new Db(benchD1(env), { session: sessionStart(request, adminPath, cookie?.bookmark ?? null, mark), mark, faults });
  return { env: { ...env, UPLOADS: watchedBucket(env.UPLOADS, faults) }, ctx, db, admin: { adminPath, cookie }, faults };
}

/** The response as it leaves the Worker: an admin write's bookmark goes back into the admin's cookie. */
export function finishResponse(app: AppContext, response: Response): Promise<Response> {
  return withAdminBookmark(app, response);
}
