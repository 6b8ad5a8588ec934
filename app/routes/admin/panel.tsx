import { Form, Link, Outlet, redirect, useLocation, useNavigation } from "react-router";
import { ADMIN_TABS, adminTabFor } from "#app/components/admin/tabs";
import { OperatorLocaleProvider } from "#app/components/admin/operator-locale";
import { operatorLocale } from "#app/lib/admin/operator-locale";
import { isSameOriginRequest, logout, requireAdminPage } from "#app/server/auth/auth.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import adminCss from "#app/admin.css?url";
import { pageMeta } from "#app/lib/seo/meta";
import type { Route } from "./+types/panel";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";

export function links(): Route.LinkDescriptors {
  return [{ rel: "stylesheet", href: adminCss }];
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ title: `Admin Panel | ${loaderData?.siteName ?? "LocalAtlas"}`, robots: "noindex", robotsLast: true });
}

export function headers({ parentHeaders }: Route.HeadersArgs) {
  const out = new Headers(parentHeaders);
  out.set("Cache-Control", "no-store");
  return out;
}

/**
 * The panel's layout (/admin-panel and /admin/dashboard). Each tab is a child route with its own
 * loader; every panel loader and action checks the session with requireAdminPage, whose redirect to
 * /admin-login carries the 'Authentication required' toast: the panel's one 401 path. Its texts are
 * English; its dates and numbers are in the operator's locale, from the request's Accept-Language
 * (the page is never cached, and the browser renders the same locale from this data).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const session = await requireAdminPage(request, app);
  return {
    username: session.username,
    siteName: siteConfig(app.env).siteName,
    locale: operatorLocale(request.headers.get("Accept-Language")),
    // The Outbox tab exists only with the local outbox on (never in production).
    outbox: app.env.EMAIL_OUTBOX === "on",
  };
}

/** The Logout button: the session ends on the server, the cookie is cleared, the admin lands on /, with or without a live session. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (!isSameOriginRequest(request, app))
    throw new Response("Cross-origin request refused", { status: 403, headers: { "Cache-Control": "no-store" } });
  const setCookie = await logout(request, app);
  throw redirect("/", { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}

export default function AdminPanel({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const current = adminTabFor(location.pathname);
  // A tab switch in flight: the next tab's loader is running (a filter change within a tab keeps its page).
  const switching = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  const next = switching ? adminTabFor(navigation.location.pathname) : null;

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-4">
          <div>
            <h1 className="text-2xl font-bold">Admin Panel</h1>
            <p className="text-sm text-slate-600">Signed in as {loaderData.username}</p>
          </div>
          <div className="flex items-center gap-3">
            {/* The public site in the same tab: a full page load, the visitor pages are another layout. */}
            <a href="/" className="rounded-md px-3 py-2 text-sm font-medium text-blue-800 underline hover:text-blue-950">
              View site
            </a>
            <Form method="post">
              <button
                type="submit"
                disabled={navigation.state !== "idle" && navigation.formMethod === "POST"}
                className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
              >
                Logout
              </button>
            </Form>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        <nav aria-label="Admin sections" className="flex flex-wrap gap-1 border-b border-slate-200">
          {ADMIN_TABS.filter((t) => t.id !== "outbox" || loaderData.outbox).map((t) => {
            const active = current?.id === t.id;
            return (
              <Link
                key={t.id}
                to={t.path}
                aria-current={active ? "page" : undefined}
                className={`-mb-px rounded-t-md border px-4 py-2 text-sm font-medium ${
                  active
                    ? "border-slate-200 border-b-white bg-white text-blue-800"
                    : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                {t.label}
              </Link>
            );
          })}
        </nav>
        <section aria-label={current?.label ?? "Admin"} className="rounded-b-md border border-t-0 border-slate-200 bg-white p-6">
          {next ? (
            <p className="py-8 text-center text-slate-600" aria-live="polite">
              {next.loadingText}
            </p>
          ) : (
            <OperatorLocaleProvider value={loaderData.locale}>
              <Outlet />
            </OperatorLocaleProvider>
          )}
        </section>
      </main>
    </div>
  );
}

// Any failure (a thrown status or an error) reads the same: the tab has nothing else to offer.
export function ErrorBoundary() {
  const failed = () => (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-slate-600">The admin panel could not be loaded. Please try again in a moment.</p>
    </main>
  );
  return <GeneralErrorBoundary defaultStatusHandler={failed} unexpectedErrorHandler={failed} />;
}
