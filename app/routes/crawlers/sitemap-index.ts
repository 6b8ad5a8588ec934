import { sitemapIndexXml } from "#app/lib/seo/xml";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import { xmlResponse } from "#app/server/platform/http.server";
import { sitemapIndex, sitemapRules } from "#app/server/seo/sitemap.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/sitemap-index";

export const queryParams: QueryParams = [];

/** GET /sitemap.xml: the sitemap index, every served locale's files. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const { siteUrl, localeSettings } = siteConfig(env);
  return xmlResponse(sitemapIndexXml(await sitemapIndex(db, siteUrl, sitemapRules(env), localeSettings)));
}
