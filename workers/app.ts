import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { tileOrigin } from "#app/lib/business/map";
import { siteConfig, turnstileKeys } from "#app/server/platform/config.server";
import { appContext, type AppContext } from "#app/server/platform/context.server";
import { finishResponse, makeAppContext } from "#app/server/auth/make-context.server";
import { shouldDeferHydration } from "#app/server/platform/deferred-hydration.server";
import { memoizedDataVersion, pageMemory, withEdgeCache } from "#app/server/platform/edge-cache.server";
import type { QueryMeter } from "#app/server/platform/db.server";
import { withScriptHashes, withSecurityHeaders, withServerTiming } from "#app/server/platform/security-headers.server";
import { answerUnavailable, lastResort } from "#app/server/platform/unavailable.server";

// The Workflows of wrangler.toml's [[workflows]]: imports, delete all and SEO generation run as durable jobs (ADR 0016).
export { ImportWorkflow } from "#app/server/import/import-workflow.server";
export { DeleteAllWorkflow } from "#app/server/admin/delete-all-workflow.server";
export { SeoWorkflow } from "#app/server/seo/seo-workflow.server";
export { DuplicateScanWorkflow } from "#app/server/admin/duplicate-scan-workflow.server";
export { FilterBackfillWorkflow } from "#app/server/admin/filter-backfill-workflow.server";

// The DOM lib's CacheStorage (for the client code) hides workerd's `caches.default`.
const edgeCache = () => (caches as unknown as { default: Cache }).default;

// The build itself, not a function returning it: React Router derives its routes and static handler
// once for a build object, but again on every request for a function (ADR 0014: ~9 % of a render).
const requestHandler = createRequestHandler(build, import.meta.env.MODE);

// A cache hit reads no D1: the data version is read at most once a second per isolate, so a page
// changed by a write is served as it was for at most a second more (docs/decisions/0014-edge-cache.md),
// except by the isolate that wrote it: a request that wrote rows makes it read the version again.
const VERSION_MEMO_MS = 1_000;
const cachedDataVersion = memoizedDataVersion(VERSION_MEMO_MS);
// The hottest pages answered from the isolate's memory: 16 MB of a Worker's 128 (~160 pages of 100 KB).
const hotPages = pageMemory(16 * 1024 * 1024);

const NO_D1: QueryMeter = { rowsRead: 0, rowsWritten: 0, queries: 0, roundTrips: 0, d1Ms: 0 };

// dur: D1's own time for the request's statements (meta.duration), as Server-Timing spells it.
function serverTiming({ rowsRead, rowsWritten, queries, roundTrips, d1Ms }: QueryMeter): string {
  return `d1;dur=${Math.round(d1Ms * 10) / 10};desc="rows_read=${rowsRead} rows_written=${rowsWritten} queries=${queries} round_trips=${roundTrips}"`;
}

export default {
  async fetch(request, env, ctx) {
    // Made on first use: a hit from the isolate's memory needs no context (its Db builds drizzle).
    let made: Promise<AppContext> | undefined;
    let context: AppContext | undefined;
    const app = () => (made ??= makeAppContext(env, ctx, request).then((c) => (context = c)));
    const config = siteConfig(env);
    const httpsSite = config.siteUrl.startsWith("https:");
    // Turnstile's widget is on the public forms only when both its keys are set (form-guard.server.ts).
    const turnstileOn = turnstileKeys(env) !== null;
    // The finished response, security headers included: what the edge cache stores, so a hit needs no rewriting.
    const render = async (page: Request, dataVersion?: number) => {
      const routerContext = new RouterContextProvider();
      routerContext.set(appContext, { ...(await app()), dataVersion });
      const rendered = await requestHandler(page, routerContext);
      const hashed = await withScriptHashes(rendered, {
        deferHydration: shouldDeferHydration(page, rendered),
        tileOrigin: tileOrigin(config.mapTileUrl),
        turnstile: turnstileOn,
      });
      return withSecurityHeaders(request, hashed, { httpsSite });
    };
    // D1 work of this request, for the budgets of DESIGN.md (and the tests that hold us to them).
    const timing = () => serverTiming(context?.db.meter ?? NO_D1);
    try {
      const response = await serve();
      if ((context?.db.meter.rowsWritten ?? 0) > 0) cachedDataVersion.forget();
      return response;
    } catch (error) {
      // What React Router's error boundaries did not answer (the Cache API or a render failing
      // outside them): the site's own short page, never the runtime's bare 500.
      console.error("worker: a request failed outside the routes' error boundaries", error);
      return withSecurityHeaders(request, lastResort(request, config.localeSettings.defaultLocale, context?.faults?.any ?? false), {
        httpsSite,
      });
    }

    async function serve(): Promise<Response> {
      if (env.EDGE_CACHE === "off") return finish(await render(request));
      const response = await withEdgeCache(
        request,
        {
          db: async () => (await app()).db,
          cache: edgeCache(),
          waitUntil: (p) => ctx.waitUntil(p),
          version: cachedDataVersion,
          memory: hotPages,
          build: build.assets.version,
          hitHeaders: () => [["Server-Timing", timing()]],
          degraded: () => context?.faults?.any ?? false,
          alwaysMiss: env.EDGE_CACHE === "miss",
        },
        render,
      );
      return response.headers.has("Server-Timing") ? response : finish(response);
    }

    async function finish(response: Response): Promise<Response> {
      if (!context) return withServerTiming(response, timing());
      // D1 or R2 failed this request into a server error: 503 with Retry-After, the site's own error page or JSON.
      const answered = context.faults ? answerUnavailable(request, response, context.faults) : response;
      return withServerTiming(await finishResponse(context, answered), timing());
    }
  },
} satisfies ExportedHandler<Env>;
