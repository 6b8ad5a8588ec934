import { turnstileSiteKey } from "#app/server/moderation/form-guard.server";
import { useLingui } from "@lingui/react";
import { data, Link } from "react-router";
import { GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { Notice, OwnerBar, OwnerPage, SignInForm } from "#app/components/owners/owner-ui";
import { i18nFor } from "#app/lib/i18n/i18n";
import { pageMeta } from "#app/lib/seo/meta";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { getOwnerSession } from "#app/server/owners/owner-auth.server";
import { ownerDashboard } from "#app/server/owners/owner-edit.server";
import { ownerHeaders, ownerLocale, ownerPageHeaders } from "#app/server/owners/owner-route.server";
import type { Route } from "./+types/dashboard";

export const queryParams: QueryParams = [];

/** /owner: the owner's businesses and claims waiting for the team; signed out, the sign-in form. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const session = await getOwnerSession(request, app);
  const next = ownerLocale(app, params).path("/owner");
  if (!session) return data({ owner: null, next, owned: [], pending: [], turnstile: turnstileSiteKey(app) }, { headers: ownerHeaders() });
  const { owned, pending } = await ownerDashboard(app.db, session.ownerId);
  return data({ owner: { email: session.email }, next, owned, pending, turnstile: null }, { headers: ownerHeaders() });
}

export const headers = ownerPageHeaders;

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  return pageMeta({ title: `${i18n._("owner.dashboardTitle")} | ${siteNameOf(matches)}`, robots: "noindex", robotsLast: true });
}

export default function OwnerDashboard({ loaderData }: Route.ComponentProps) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  const { owner, owned, pending, next } = loaderData;
  if (!owner) {
    return (
      <OwnerPage title={_("owner.dashboardTitle")}>
        <SignInForm next={next} turnstile={loaderData.turnstile} />
      </OwnerPage>
    );
  }
  return (
    <OwnerPage title={_("owner.dashboardTitle")} intro={<OwnerBar email={owner.email} />}>
      {owned.length === 0 ? <Notice kind="info">{_("owner.noBusinesses")}</Notice> : null}
      {owned.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {owned.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <span className="font-semibold text-slate-900">{b.name}</span>
              <span className="flex gap-4">
                <Link to={lp(`/owner/businesses/${b.id}`)} className="text-blue-800 underline">
                  {_("owner.edit")}
                </Link>
                <Link to={lp(`/details/${b.slug}`)} className="text-blue-800 underline">
                  {_("owner.viewPage")}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {pending.length > 0 ? (
        <section>
          <h2 className="text-xl font-semibold text-slate-900">{_("owner.pendingTitle")}</h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {pending.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <span className="text-slate-900">{b.name}</span>
                <span className="text-sm text-slate-700">{_("owner.pendingNote")}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </OwnerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
