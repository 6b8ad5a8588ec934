import { createRequestHandler, RouterContextProvider } from "react-router";
import { appContext, makeAppContext } from "~/server/context.server";
import { deferHydration, shouldDeferHydration } from "~/server/deferred-hydration.server";
import { withEdgeCache } from "~/server/edge-cache.server";

// The DOM lib's CacheStorage (for the client code) hides workerd's `caches.default`.
const edgeCache = () => (caches as unknown as { default: Cache }).default;

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    const app = makeAppContext(env, ctx);
    const render = () => {
      const context = new RouterContextProvider();
      context.set(appContext, app);
      return requestHandler(request, context);
    };
    const rendered =
      env.EDGE_CACHE === "off"
        ? await render()
        : await withEdgeCache(request, { db: app.db, cache: edgeCache(), waitUntil: (p) => ctx.waitUntil(p) }, render);
    const response = shouldDeferHydration(request, rendered) ? deferHydration(rendered) : rendered;
    // D1 work of this request, for the budgets of DESIGN.md (and the tests that hold us to them).
    const { rowsRead, queries } = app.db.meter;
    const headers = new Headers(response.headers);
    headers.append("Server-Timing", `d1;desc="rows_read=${rowsRead} queries=${queries}"`);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
} satisfies ExportedHandler<Env>;
