import { sitemapIndexXml } from "~/lib/xml";
import { siteConfig } from "~/server/config.server";
import { getApp } from "~/server/context.server";
import { xmlResponse } from "~/server/http.server";
import { sitemapIndex, sitemapRules } from "~/server/sitemap.server";
import type { Route } from "./+types/sitemap-index";

/** GET /sitemap.xml: the sitemap index. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  return xmlResponse(sitemapIndexXml(await sitemapIndex(db, siteConfig(env).siteUrl, sitemapRules(env))));
}
