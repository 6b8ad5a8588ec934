import { SeoSitemapTab } from "#app/components/admin/seo-sitemap-tab";
import { requireAdminPage } from "#app/server/auth/auth.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import { sitemapRules, sitemapStats } from "#app/server/seo/sitemap.server";
import type { Route } from "./+types/sitemap";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";

/** /admin-panel/sitemap: the SEO Sitemap tab (SPEC §2; its texts are Turkish), the same data as GET /api/admin/sitemap-stats. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminPage(request, app);
  return { stats: await sitemapStats(app.db, siteConfig(app.env).siteUrl, sitemapRules(app.env)) };
}

export default function SitemapTab({ loaderData }: Route.ComponentProps) {
  return <SeoSitemapTab stats={loaderData.stats} />;
}

// Any failure (a thrown status or an error) reads the same: the tab has nothing else to offer.
export function ErrorBoundary() {
  const failed = () => <p className="py-8 text-center text-red-700">Site haritası istatistikleri yüklenemedi.</p>;
  return <GeneralErrorBoundary defaultStatusHandler={failed} unexpectedErrorHandler={failed} />;
}
