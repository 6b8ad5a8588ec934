import { turnstileSiteKey } from "#app/server/moderation/form-guard.server";
import type { MessageId } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { data } from "react-router";
import { GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { pageLocaleOf } from "#app/components/page-locale";
import { OwnerPage, OwnersUnavailable, SignInForm } from "#app/components/owners/owner-ui";
import { i18nFor } from "#app/lib/i18n/i18n";
import { emailSchema } from "#app/lib/moderation/submission";
import { pageMeta } from "#app/lib/seo/meta";
import { FormRefused, readPublicForm } from "#app/server/moderation/form-guard.server";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { EmailNotSent } from "#app/server/platform/email.server";
import { safeNextPath, sendSignInLink } from "#app/server/owners/owner-auth.server";
import { ownerHeaders, ownerLocale, ownerPageHeaders, requireOwnerAccounts } from "#app/server/owners/owner-route.server";
import type { Route } from "./+types/sign-in";

export const queryParams: QueryParams = ["next"];

/** Where the link leads: the asked page when it is one of this site's, else the dashboard in the page's locale. */
function nextOf(value: unknown, dashboard: string): string {
  const next = safeNextPath(value);
  return next === "/owner" ? dashboard : next;
}

export function loader({ context, params, request }: Route.LoaderArgs) {
  const app = getApp(context);
  requireOwnerAccounts(app);
  const page = ownerLocale(app, params);
  const next = nextOf(new URL(request.url).searchParams.get("next") ?? undefined, page.path("/owner"));
  return data({ next, turnstile: turnstileSiteKey(app) }, { headers: ownerHeaders() });
}

type ActionResult = { sent: boolean; next: string; error: MessageId | null };

/** Sends a sign-in link; the answer is the same whether or not an account exists for the address. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const app = getApp(context);
  requireOwnerAccounts(app);
  const page = ownerLocale(app, params);
  const answer = (result: ActionResult, status = 200) => data(result, { status, headers: ownerHeaders() });
  let form: FormData;
  let trapped: boolean;
  try {
    ({ form, trapped } = await readPublicForm(request, app));
  } catch (error) {
    if (error instanceof FormRefused) return answer({ sent: false, next: page.path("/owner"), error: error.messageId }, error.status);
    throw error;
  }
  const next = nextOf(form.get("next"), page.path("/owner"));
  if (trapped) return answer({ sent: true, next, error: null });
  const email = emailSchema.safeParse(String(form.get("email") ?? ""));
  if (!email.success) return answer({ sent: false, next, error: "signIn.invalidEmail" }, 400);
  // The second wall: links to one address, whoever asks for them.
  if (!(await app.env.FORM_LIMIT_TARGET.limit({ key: `email:${email.data}` })).success) {
    return answer({ sent: false, next, error: "forms.tooMany" }, 429);
  }
  try {
    await sendSignInLink(app, { email: email.data, next, locale: page.locale, settings: page.settings });
  } catch (error) {
    if (error instanceof EmailNotSent) return answer({ sent: false, next, error: "forms.emailNotSent" }, 503);
    throw error;
  }
  return answer({ sent: true, next, error: null });
}

export const headers = ownerPageHeaders;

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  return pageMeta({ title: `${i18n._("signIn.title")} | ${siteNameOf(matches)}`, robots: "noindex", robotsLast: true });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { _ } = useLingui();
  return (
    <OwnerPage title={_("signIn.title")}>
      <SignInForm
        next={actionData?.next ?? loaderData.next}
        sent={actionData?.sent}
        error={actionData?.error}
        turnstile={loaderData.turnstile}
      />
    </OwnerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 503: () => <OwnersUnavailable /> }} />;
}
