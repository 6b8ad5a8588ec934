import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { siteConfig } from "~/server/config.server";
import { appContext, finishResponse, makeAppContext, type AppContext } from "~/server/context.server";
import { shouldDeferHydration } from "~/server/deferred-hydration.server";
import { memoizedDataVersion, pageMemory, withEdgeCache } from "~/server/edge-cache.server";
import { withScriptHashes, withSecurityHeaders } from "~/server/security-headers.server";

// The DOM lib's CacheStorage (for the client code) hides workerd's `caches.default`.
const edgeCache = () => (caches as unknown as { default: Cache }).default;

// The build itself, not a function returning it: React Router derives its routes and static handler
// once for a build object, but again on every request for a function (ADR 0014: ~9 % of a render).
const requestHandler = createRequestHandler(build, import.meta.env.MODE);

// A cache hit reads no D1: the data version is read at most once a second per isolate, so a page
// changed by a write is served as it was for at most a second more (docs/decisions/0014-edge-cache.md).
const VERSION_MEMO_MS = 1_000;
const cachedDataVersion = memoizedDataVersion(VERSION_MEMO_MS);
// The hottest pages answered from the isolate's memory: 16 MB of a Worker's 128 (~160 pages of 100 KB).
const hotPages = pageMemory(16 * 1024 * 1024);

export default {
  async fetch(request, env, ctx) {
    // Made on first use: a hit from the isolate's memory needs no context (its Db builds drizzle).
    let made: Promise<AppContext> | undefined;
    const app = () => (made ??= makeAppContext(env, ctx, request));
    // The finished response: what the edge cache stores, so a hit needs no rewriting.
    const render = async (page: Request) => {
      const context = new RouterContextProvider();
      context.set(appContext, await app());
      const rendered = await requestHandler(page, context);
      return withScriptHashes(rendered, { deferHydration: shouldDeferHydration(page, rendered) });
    };
    const response =
      env.EDGE_CACHE === "off"
        ? await render(request)
        : await withEdgeCache(
            request,
            {
              db: async () => (await app()).db,
              cache: edgeCache(),
              waitUntil: (p) => ctx.waitUntil(p),
              version: cachedDataVersion,
              memory: hotPages,
            },
            render,
          );
    // D1 work of this request, for the budgets of DESIGN.md (and the tests that hold us to them).
    const used = made && (await made);
    const { rowsRead, rowsWritten, queries, d1Ms } = used ? used.db.meter : { rowsRead: 0, rowsWritten: 0, queries: 0, d1Ms: 0 };
    return withSecurityHeaders(request, used ? await finishResponse(used, response) : response, {
      httpsSite: siteConfig(env).siteUrl.startsWith("https:"),
      // dur: D1's own time for the request's statements (meta.duration), as Server-Timing spells it.
      serverTiming: `d1;dur=${Math.round(d1Ms * 10) / 10};desc="rows_read=${rowsRead} rows_written=${rowsWritten} queries=${queries}"`,
    });
  },
} satisfies ExportedHandler<Env>;
