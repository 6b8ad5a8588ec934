import { useEffect } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { LOGIN_TEXTS } from "#app/lib/admin/admin-login";
import { toast } from "#app/lib/toast";
import { getAdminSession, login } from "#app/server/auth/auth.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import { flashToastHeader } from "#app/server/platform/toast.server";
import adminCss from "#app/admin.css?url";
import { pageMeta } from "#app/lib/seo/meta";
import type { Route } from "./+types/login";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";

export function links(): Route.LinkDescriptors {
  return [{ rel: "stylesheet", href: adminCss }];
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ title: `Admin Login | ${loaderData?.siteName ?? "LocalAtlas"}`, robots: "noindex", robotsLast: true });
}

export function headers({ parentHeaders, actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers(parentHeaders);
  for (const h of [actionHeaders, loaderHeaders]) for (const [k, v] of h) if (k.toLowerCase() === "set-cookie") out.append(k, v);
  out.set("Cache-Control", "no-store");
  return out;
}

/** /admin and /admin-login: an admin who is already signed in goes straight to the panel. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (await getAdminSession(request, app)) throw redirect("/admin-panel", { headers: { "Cache-Control": "no-store" } });
  return { siteName: siteConfig(app.env).siteName };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await login(request, getApp(context));
  if (!result.ok) {
    // 401 shows SPEC §8's text; the throttle's 429 shows the server's message saying when to try again.
    const message = result.status === 401 ? LOGIN_TEXTS.failureDescription : result.message;
    return data({ error: message, at: Date.now() }, { status: result.status });
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", result.setCookie);
  headers.append("Set-Cookie", await flashToastHeader({ title: LOGIN_TEXTS.successTitle, description: LOGIN_TEXTS.successDescription }));
  throw redirect("/admin-panel", { headers });
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";

  useEffect(() => {
    if (actionData?.error) toast({ title: LOGIN_TEXTS.failureTitle, description: actionData.error, variant: "destructive" });
  }, [actionData]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold">Admin Login</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in to manage the directory.</p>
        <Form method="post" className="mt-6 space-y-4">
          <div>
            <label htmlFor="username" className="block text-sm font-medium text-slate-700">
              Username
            </label>
            <input
              id="username"
              name="username"
              required
              autoComplete="username"
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
            />
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-medium text-slate-700">
              Password
            </label>
            <input
              id="password"
              name="password"
              type="password"
              required
              autoComplete="current-password"
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
            />
          </div>
          {/* Without JavaScript there is no toast: the same text is shown here. */}
          <noscript>{actionData?.error ? <p className="text-sm text-red-700">{actionData.error}</p> : null}</noscript>
          <button
            type="submit"
            disabled={pending}
            className="w-full rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {pending ? "Logging in..." : "Login"}
          </button>
        </Form>
      </div>
    </main>
  );
}

// Any failure (a thrown status or an error) reads the same: the tab has nothing else to offer.
export function ErrorBoundary() {
  const failed = () => (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Login failed</h1>
      <p className="mt-2 text-slate-600">The login page could not be loaded. Please try again.</p>
    </main>
  );
  return <GeneralErrorBoundary defaultStatusHandler={failed} unexpectedErrorHandler={failed} />;
}
