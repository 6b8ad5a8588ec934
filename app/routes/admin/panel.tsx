import { useState } from "react";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { BusinessesTab } from "~/components/admin/businesses-tab";
import { DashboardTab } from "~/components/admin/dashboard-tab";
import { ImportTab } from "~/components/admin/import-tab";
import { SeoSitemapTab } from "~/components/admin/seo-sitemap-tab";
import { isSameOriginRequest, logout, requireAdminPage } from "~/server/auth.server";
import { siteConfig } from "~/server/config.server";
import { getApp } from "~/server/context.server";
import type { Route } from "./+types/panel";

const TABS = [
  { id: "dashboard", label: "Dashboard" },
  { id: "businesses", label: "Businesses" },
  { id: "import", label: "Import" },
  // CLARIFICATIONS 34: the SEO Sitemap tab's texts are Turkish, its label included.
  { id: "seo", label: "SEO Site Haritası" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Admin Panel | ${loaderData?.siteName ?? "LocalAtlas"}` }, { name: "robots", content: "noindex" }];
}

export function headers({ parentHeaders }: Route.HeadersArgs) {
  const out = new Headers(parentHeaders);
  out.set("Cache-Control", "no-store");
  return out;
}

/** /admin-panel and /admin/dashboard: the session is checked on the server before anything renders. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const session = await requireAdminPage(request, app);
  return { username: session.username, siteName: siteConfig(app.env).siteName };
}

/** The Logout button: the session ends on the server, the cookie is cleared, the admin lands on / (CLARIFICATIONS 29). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (!isSameOriginRequest(request, app)) throw new Response("Cross-origin request refused", { status: 403, headers: { "Cache-Control": "no-store" } });
  const setCookie = await logout(request, app);
  throw redirect("/", { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}

export default function AdminPanel({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : "dashboard";
  const [dataVersion, setDataVersion] = useState(0);
  const navigation = useNavigation();
  const onDataChanged = () => setDataVersion((v) => v + 1);
  const select = (id: TabId) => setParams(id === "dashboard" ? {} : { tab: id }, { preventScrollReset: true });

  // WAI-ARIA tabs: arrow keys, Home and End move between tabs (only the selected tab is in the Tab order).
  function onTabKey(event: React.KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === "ArrowRight" ? (index + 1) % TABS.length
      : event.key === "ArrowLeft" ? (index - 1 + TABS.length) % TABS.length
      : event.key === "Home" ? 0
      : event.key === "End" ? TABS.length - 1
      : -1;
    if (next < 0) return;
    event.preventDefault();
    select(TABS[next].id);
    document.getElementById(`tab-${TABS[next].id}`)?.focus();
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-4">
          <div>
            <h1 className="text-2xl font-bold">Admin Panel</h1>
            <p className="text-sm text-slate-600">Signed in as {loaderData.username}</p>
          </div>
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
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        <div role="tablist" aria-label="Admin sections" onKeyDown={onTabKey} className="flex flex-wrap gap-1 border-b border-slate-200">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={tab === t.id ? `panel-${t.id}` : undefined}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => select(t.id)}
              className={`-mb-px rounded-t-md border px-4 py-2 text-sm font-medium ${
                tab === t.id ? "border-slate-200 border-b-white bg-white text-blue-800" : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {t.label}
            </button>
          ))}
        </div>
        <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="rounded-b-md border border-t-0 border-slate-200 bg-white p-6">
          {tab === "dashboard" ? <DashboardTab key={dataVersion} /> : null}
          {tab === "businesses" ? <BusinessesTab key={dataVersion} onDataChanged={onDataChanged} /> : null}
          {tab === "import" ? <ImportTab onDataChanged={onDataChanged} /> : null}
          {tab === "seo" ? <SeoSitemapTab onDataChanged={onDataChanged} /> : null}
        </section>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-slate-600">The admin panel could not be loaded. Please try again in a moment.</p>
    </main>
  );
}
