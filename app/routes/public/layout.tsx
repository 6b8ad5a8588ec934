import { useEffect } from "react";
import { Outlet, useLocation, useNavigation } from "react-router";
import { PageSkeleton } from "#app/components/skeletons";
import { SiteFooter } from "#app/components/site-footer";
import { SiteHeader } from "#app/components/site-header";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import { FOOTER_CITIES, siteSummary } from "#app/server/lists/site-summary.server";
import { PUBLIC_CACHE } from "#app/server/platform/http.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/layout";

export const queryParams: QueryParams = [];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env, dataVersion } = getApp(context);
  const config = siteConfig(env);
  // The footer is decoration: a failed read hides the row instead of failing the page (never zeros).
  const { cities, statistics } = await siteSummary(db, dataVersion).catch(() => ({ cities: [], statistics: null }));
  return { siteName: config.siteName, phone: config.contactPhone, email: config.contactEmail, cities: cities.slice(0, FOOTER_CITIES), statistics };
}

/** Public pages are cacheable at the edge (max-age=60, s-maxage=300) unless a parent said otherwise (flash cookie). */
export function headers({ parentHeaders, loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers(parentHeaders);
  for (const [k, v] of loaderHeaders) if (k.toLowerCase() !== "set-cookie") out.set(k, v);
  if (!out.has("Cache-Control")) out.set("Cache-Control", PUBLIC_CACHE);
  return out;
}

type SkeletonKind = "home" | "city" | "category" | "detail" | "list";

/** Which skeleton a client-side navigation to `pathname` shows (SPEC §2). */
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
  useEffect(() => {
    // Remembered for the business page's Back to Search, which returns to the last /search page.
    if (location.pathname === "/search") sessionStorage.setItem("lastSearch", location.pathname + location.search);
  }, [location]);
  const target = navigation.state === "loading" ? navigation.location : null;
  const skeleton = target ? skeletonFor(target.pathname) : null;
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
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
