import { urlsetXml } from "#app/lib/seo/xml";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import { xmlResponse } from "#app/server/platform/http.server";
import {
  businessSitemap,
  categoriesSitemap,
  citiesSitemap,
  cityCategoriesSitemap,
  mainSitemap,
  sitemapRules,
} from "#app/server/seo/sitemap.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/sitemap-file";

export const queryParams: QueryParams = [];

/** GET /sitemaps/{main|categories|cities|businesses-N|city-categories-N}.xml */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const siteUrl = siteConfig(env).siteUrl;
  const rules = sitemapRules(env);
  const file = params.file;
  if (file === "main.xml") return xmlResponse(urlsetXml(await mainSitemap(db, siteUrl)));
  if (file === "categories.xml") return xmlResponse(urlsetXml(await categoriesSitemap(db, siteUrl, rules)));
  if (file === "cities.xml") return xmlResponse(urlsetXml(await citiesSitemap(db, siteUrl, rules)));
  const numbered = /^(businesses|city-categories)-([1-9]\d{0,8})\.xml$/.exec(file);
  const urls = !numbered
    ? null
    : numbered[1] === "businesses"
      ? await businessSitemap(db, siteUrl, rules, Number(numbered[2]))
      : await cityCategoriesSitemap(db, siteUrl, rules, Number(numbered[2]));
  if (!urls)
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return xmlResponse(urlsetXml(urls));
}
