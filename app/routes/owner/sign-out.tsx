import { useLingui } from "@lingui/react";
import { data, Form, redirect } from "react-router";
import { GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { pageLocaleOf } from "#app/components/page-locale";
import { buttonClass, Notice, OwnerPage } from "#app/components/owners/owner-ui";
import { i18nFor } from "#app/lib/i18n/i18n";
import { pageMeta } from "#app/lib/seo/meta";
import { isSameOriginRequest } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { getOwnerSession, signOutOwner } from "#app/server/owners/owner-auth.server";
import { ownerHeaders, ownerLocale, ownerPageHeaders } from "#app/server/owners/owner-route.server";
import type { Route } from "./+types/sign-out";

export const queryParams: QueryParams = [];

export async function loader({ context, request }: Route.LoaderArgs) {
  const session = await getOwnerSession(request, getApp(context));
  return data({ signedIn: session !== null }, { headers: ownerHeaders() });
}

/** Ends the owner's session on the server and clears the cookie. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const app = getApp(context);
  if (!isSameOriginRequest(request, app)) throw data(null, { status: 403, headers: ownerHeaders() });
  const headers = ownerHeaders();
  headers.append("Set-Cookie", await signOutOwner(request, app));
  throw redirect(ownerLocale(app, params).path("/owner/sign-out"), { headers });
}

export const headers = ownerPageHeaders;

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  return pageMeta({ title: `${i18n._("signIn.signOutTitle")} | ${siteNameOf(matches)}`, robots: "noindex", robotsLast: true });
}

export default function SignOut({ loaderData }: Route.ComponentProps) {
  const { _ } = useLingui();
  return (
    <OwnerPage title={_("signIn.signOutTitle")}>
      {loaderData.signedIn ? (
        <Form method="post" className="space-y-4">
          <p className="text-slate-700">{_("signIn.signOutIntro")}</p>
          <button type="submit" className={buttonClass}>
            {_("signIn.signOut")}
          </button>
        </Form>
      ) : (
        <Notice kind="info">{_("signIn.signedOut")}</Notice>
      )}
    </OwnerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
