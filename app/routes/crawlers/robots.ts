import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import { PUBLIC_CACHE } from "#app/server/platform/http.server";
import { robotsTxt } from "#app/server/seo/sitemap.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/robots";

export const queryParams: QueryParams = [];

/** GET /robots.txt: a route, not a static file, so the sitemap is named on SITE_URL. */
export function loader({ context }: Route.LoaderArgs) {
  const { env } = getApp(context);
  return new Response(robotsTxt(siteConfig(env).siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE },
  });
}
