import { requireAdminApi } from "~/server/auth.server";
import { siteConfig } from "~/server/config.server";
import { getApp } from "~/server/context.server";
import { json } from "~/server/http.server";
import { sitemapRules, sitemapStats } from "~/server/sitemap.server";
import type { Route } from "./+types/sitemap-stats";

/** GET /api/admin/sitemap-stats (SPEC §7): `main` is /sitemap.xml, `mainPages` /sitemaps/main.xml. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  const stats = await sitemapStats(app.db, siteConfig(app.env).siteUrl, sitemapRules(app.env));
  return json(stats, { cache: "no-store" });
}
