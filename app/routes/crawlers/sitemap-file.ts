import { urlsetXml } from "~/lib/xml";
import { siteConfig } from "~/server/config.server";
import { getApp } from "~/server/context.server";
import { xmlResponse } from "~/server/http.server";
import { businessSitemap, businessesPerSitemap, categoriesSitemap, citiesSitemap, mainSitemap } from "~/server/sitemap.server";
import type { Route } from "./+types/sitemap-file";

/** GET /sitemaps/{main|categories|cities|businesses-N}.xml */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const siteUrl = siteConfig(env).siteUrl;
  const file = params.file;
  if (file === "main.xml") return xmlResponse(urlsetXml(await mainSitemap(db, siteUrl)));
  if (file === "categories.xml") return xmlResponse(urlsetXml(await categoriesSitemap(db, siteUrl)));
  if (file === "cities.xml") return xmlResponse(urlsetXml(await citiesSitemap(db, siteUrl)));
  const match = /^businesses-([1-9]\d{0,8})\.xml$/.exec(file);
  const urls = match ? await businessSitemap(db, siteUrl, businessesPerSitemap(env), Number(match[1])) : null;
  if (!urls)
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return xmlResponse(urlsetXml(urls));
}
