import { isOwnerPath } from "#app/lib/owners/owner-path";
import { I18nProvider } from "@lingui/react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { GeneralErrorBoundary, PageNotFound } from "#app/components/general-error-boundary";
import { ImgFallbackScript } from "#app/components/img-fallback-script";
import { Toaster } from "#app/components/toaster";
import { i18nFor } from "#app/lib/i18n/i18n";
import { localeOfSegment, splitLocalePath, textDirection, type PageLocale } from "#app/lib/i18n/locales";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import { readFlashToast } from "#app/server/platform/toast.server";
import { pageUrl, type QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/root";
// A file, not inlined: cached across pages, and 50 KB less in every page's HTML (ADR 0023).
import appCss from "#app/app.css?url";

export const queryParams: QueryParams = [];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = getApp(context);
  const { toast, clear } = await readFlashToast(request);
  const headers = new Headers();
  if (clear) {
    headers.append("Set-Cookie", clear);
    headers.set("Cache-Control", "no-store");
  }
  // Only what the document and the error boundary read: this object is in every public page's HTML.
  const { siteName, analyticsToken, localeSettings, ownRatingMinReviews } = siteConfig(env);
  // The URL's prefix names the page's locale (an unknown one is the public layout's 404).
  const locale: PageLocale = { ...localeSettings, locale: localeOfSegment(localeSettings, params.lang) ?? localeSettings.defaultLocale };
  // This page in any locale: its path without the prefix and the parameters its cache key keeps (the
  // language switcher and the hreflang alternates), so the page is the same for every URL of its key.
  // A client-side navigation asks for the page's data as /vi/city/Hue.data (/_.data for "/"): the
  // page is the document at that path.
  const asked = new URL(request.url);
  asked.pathname = asked.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  const url = pageUrl(asked);
  const samePage = splitLocalePath(localeSettings, url.pathname).path + url.search;
  // An owner's pages load no third-party script: a sign-in link's token is in the page's address.
  const analytics = isOwnerPath(asked.pathname) ? "" : analyticsToken;
  return data({ config: { siteName, analyticsToken: analytics, ownRatingMinReviews }, locale, samePage, toast }, { headers });
}

/** Every navigation: `samePage` follows the page (the loader reads no D1). */
export function shouldRevalidate() {
  return true;
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(actionHeaders);
  for (const [k, v] of loaderHeaders) out.append(k, v);
  return out;
}

export function links(): Route.LinkDescriptors {
  return [
    { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
    { rel: "stylesheet", href: appCss },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const analyticsToken = rootData?.config.analyticsToken;
  const locale = rootData?.locale.locale ?? "en";
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
        <ImgFallbackScript />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <I18nProvider i18n={i18nFor(locale)}>{children}</I18nProvider>
        <ScrollRestoration />
        <Scripts />
        {analyticsToken ? (
          <script
            defer
            src="https://static.cloudflareinsights.com/beacon.min.js"
            data-cf-beacon={JSON.stringify({ token: analyticsToken })}
          />
        ) : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      <Toaster flash={loaderData.toast} />
    </>
  );
}

/** The last resort, for errors no route caught (the public pages all have their own boundary). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <PageNotFound /> }} />;
}
