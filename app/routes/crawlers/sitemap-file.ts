import { localeOfSegment } from "#app/lib/i18n/locales";
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
  type SitemapLocale,
} from "#app/server/seo/sitemap.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/sitemap-file";

export const queryParams: QueryParams = [];

const notFound = () =>
  new Response("Not found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * GET /sitemaps/{main|categories|cities|businesses-N|city-categories-N}.xml, the default locale's,
 * and /sitemaps/{locale}/… the same files of another served locale (docs/search-engines.md).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const { siteUrl, localeSettings } = siteConfig(env);
  // The default locale has no prefix here either: /sitemaps/en/… is no file, as /en/… is no page.
  const locale = localeOfSegment(localeSettings, "lang" in params ? params.lang : undefined);
  if (!locale) return notFound();
  const where: SitemapLocale = { settings: localeSettings, locale };
  const rules = sitemapRules(env);
  const file = params.file;
  if (file === "main.xml") return xmlResponse(urlsetXml(await mainSitemap(db, siteUrl, where)));
  if (file === "categories.xml") return xmlResponse(urlsetXml(await categoriesSitemap(db, siteUrl, rules, where)));
  if (file === "cities.xml") return xmlResponse(urlsetXml(await citiesSitemap(db, siteUrl, rules, where)));
  const numbered = /^(businesses|city-categories)-([1-9]\d{0,8})\.xml$/.exec(file);
  const urls = !numbered
    ? null
    : numbered[1] === "businesses"
      ? await businessSitemap(db, siteUrl, rules, Number(numbered[2]), where)
      : await cityCategoriesSitemap(db, siteUrl, rules, Number(numbered[2]), where);
  if (!urls) return notFound();
  return xmlResponse(urlsetXml(urls));
}
