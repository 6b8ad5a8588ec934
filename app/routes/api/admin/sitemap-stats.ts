import { requireAdminApi } from "#app/server/auth/auth.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import { json } from "#app/server/platform/http.server";
import { sitemapRules, sitemapStats } from "#app/server/seo/sitemap.server";
import type { Route } from "./+types/sitemap-stats";

/** GET /api/admin/sitemap-stats (SPEC §7): `main` is /sitemap.xml, `mainPages` /sitemaps/main.xml. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  const stats = await sitemapStats(app.db, siteConfig(app.env).siteUrl, sitemapRules(app.env));
  return json(stats, { cache: "no-store" });
}
