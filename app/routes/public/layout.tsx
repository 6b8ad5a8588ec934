import { useLingui } from "@lingui/react";
import { useEffect } from "react";
import { data, Outlet, redirect, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { GeneralErrorBoundary, PageNotFound, pageNotFoundMeta } from "#app/components/general-error-boundary";
import { LocaleAlternates, LocaleHint } from "#app/components/language-switcher";
import { usePageLocale } from "#app/components/page-locale";
import { PageSkeleton } from "#app/components/skeletons";
import { localeOfSegment, splitLocalePath } from "#app/lib/i18n/locales";
import { SiteFooter } from "#app/components/site-footer";
import { SiteHeader } from "#app/components/site-header";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import { FOOTER_CITIES, siteSummary } from "#app/server/lists/site-summary.server";
import { PUBLIC_CACHE } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/layout";

export const queryParams: QueryParams = [];

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, env, dataVersion } = getApp(context);
  const config = siteConfig(env);
  const settings = config.localeSettings;
  if (params.lang !== undefined && localeOfSegment(settings, params.lang) === null) {
    // "/en/city/Hue" is the default locale's page under a prefix: its one address is at the root.
    if (params.lang === settings.defaultLocale) {
      const url = new URL(request.url);
      throw redirect((url.pathname.slice(params.lang.length + 1) || "/") + url.search, 301);
    }
    // Any other first segment names no page of the site.
    throw data(null, { status: 404 });
  }
  // The footer is decoration: a failed read hides the row instead of failing the page (never zeros).
  const { cities, statistics } = await siteSummary(db, dataVersion).catch(() => ({ cities: [], statistics: null }));
  return { siteName: config.siteName, siteUrl: config.siteUrl, phone: config.contactPhone, email: config.contactEmail, cities: cities.slice(0, FOOTER_CITIES), statistics };
}

/** Public pages are cacheable at the edge (max-age=60, s-maxage=300) unless a parent said otherwise (flash cookie). */
export function headers({ parentHeaders, loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers(parentHeaders);
  for (const [k, v] of loaderHeaders) if (k.toLowerCase() !== "set-cookie") out.set(k, v);
  if (!out.has("Cache-Control")) out.set("Cache-Control", PUBLIC_CACHE);
  return out;
}

type SkeletonKind = "home" | "city" | "category" | "detail" | "list";

/** Which skeleton a client-side navigation to `pathname` (without its locale prefix) shows (SPEC §2). */
function skeletonFor(pathname: string): SkeletonKind | null {
  if (pathname === "/") return "home";
  if (pathname.startsWith("/city/")) return "city";
  if (pathname.startsWith("/category/")) return "category";
  if (pathname.startsWith("/details/") || pathname.startsWith("/business/")) return "detail";
  return null;
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const page = usePageLocale();
  const { _ } = useLingui();
  useEffect(() => {
    // Remembered for the business page's Back to Search, which returns to the last search page.
    if (splitLocalePath(page, location.pathname).path === "/search") sessionStorage.setItem("lastSearch", location.pathname + location.search);
  }, [location, page]);
  const target = navigation.state === "loading" ? navigation.location : null;
  const skeleton = target ? skeletonFor(splitLocalePath(page, target.pathname).path) : null;
  return (
    <div className="flex min-h-screen flex-col">
      <LocaleAlternates siteUrl={loaderData.siteUrl} />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {_("layout.skipToContent")}
      </a>
      <LocaleHint />
      <SiteHeader siteName={loaderData.siteName} />
      <div id="main" className="flex-1">
        {skeleton ? <PageSkeleton kind={skeleton} /> : <Outlet />}
      </div>
      <SiteFooter
        siteName={loaderData.siteName}
        phone={loaderData.phone}
        email={loaderData.email}
        cities={loaderData.cities}
        statistics={loaderData.statistics}
      />
    </div>
  );
}

/** An unknown first segment ("/xx/…"): the site's 404 page, in the site's frame. */
export function meta({ error, matches }: Route.MetaArgs): Route.MetaDescriptors {
  return error ? pageNotFoundMeta(matches) : [];
}

export function ErrorBoundary() {
  const root = useRouteLoaderData("root") as { config?: { siteName?: string } } | undefined;
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader siteName={root?.config?.siteName ?? "LocalAtlas"} />
      <div id="main" className="flex-1">
        <GeneralErrorBoundary statusHandlers={{ 404: () => <PageNotFound /> }} />
      </div>
    </div>
  );
}
