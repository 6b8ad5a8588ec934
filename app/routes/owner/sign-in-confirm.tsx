import type { MessageId } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { data, Form, Link, redirect } from "react-router";
import { GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { buttonClass, Notice, OwnerPage, OwnersUnavailable } from "#app/components/owners/owner-ui";
import { i18nFor } from "#app/lib/i18n/i18n";
import { pageMeta } from "#app/lib/seo/meta";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { flashToastHeader } from "#app/server/platform/toast.server";
import { consumeSignInLink, signInLinkUsable } from "#app/server/owners/owner-auth.server";
import {
  ownerFormOrRefusal,
  ownerHeaders,
  ownerLocale,
  ownerPageHeaders,
  requireOwnerAccounts,
} from "#app/server/owners/owner-route.server";
import type { Route } from "./+types/sign-in-confirm";

export const queryParams: QueryParams = ["token"];

/**
 * The e-mailed link opens this page. Opening it signs nobody in (mail scanners open links): its
 * button posts the token, and only that POST uses the link, once.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireOwnerAccounts(getApp(context));
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = token ? await signInLinkUsable(getApp(context), token) : false;
  return data({ token: usable ? token : "", usable }, { headers: ownerHeaders() });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const app = getApp(context);
  requireOwnerAccounts(app);
  const form = await ownerFormOrRefusal(request, app);
  if (!(form instanceof FormData)) return data({ error: form.error as MessageId }, { status: form.status, headers: ownerHeaders() });
  const token = String(form.get("token") ?? "");
  const signedIn = await consumeSignInLink(app, token);
  if (!signedIn) return data({ error: "signIn.linkInvalid" as MessageId }, { status: 400, headers: ownerHeaders() });
  const page = ownerLocale(app, params);
  const headers = ownerHeaders();
  headers.append("Set-Cookie", signedIn.setCookie);
  headers.append("Set-Cookie", await flashToastHeader({ title: i18nFor(page.locale)._("signIn.signedIn") }));
  throw redirect(signedIn.next === "/owner" ? page.path("/owner") : signedIn.next, { headers });
}

export const headers = ownerPageHeaders;

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  return pageMeta({ title: `${i18n._("signIn.confirmTitle")} | ${siteNameOf(matches)}`, robots: "noindex", robotsLast: true });
}

export default function SignInConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  const error = actionData?.error ?? (loaderData.usable ? null : "signIn.linkInvalid");
  return (
    <OwnerPage title={_("signIn.confirmTitle")}>
      {error ? (
        <>
          <Notice kind="error">{_(error)}</Notice>
          <p>
            <Link to={lp("/owner/sign-in")} className="text-blue-800 underline">
              {_("signIn.askAgain")}
            </Link>
          </p>
        </>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-slate-700">{_("signIn.confirmIntro")}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className={buttonClass}>
            {_("signIn.confirmButton")}
          </button>
        </Form>
      )}
    </OwnerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 503: () => <OwnersUnavailable /> }} />;
}
