import type { MessageId } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { data, Form, Link } from "react-router";
import { GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { buttonClass, Notice, OwnerPage } from "#app/components/owners/owner-ui";
import { ThankYou } from "#app/components/public-form";
import { i18nFor } from "#app/lib/i18n/i18n";
import { pageMeta } from "#app/lib/seo/meta";
import { ownerFormOrRefusal, ownerHeaders, ownerPageHeaders } from "#app/server/owners/owner-route.server";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { confirmReview, reviewLinkUsable, type ConfirmedReview } from "#app/server/reviews/review-write.server";
import type { Route } from "./+types/confirm";

export const queryParams: QueryParams = ["token"];

/**
 * /reviews/confirm?token=…: the e-mailed link opens this page. Opening it publishes nothing (mail
 * scanners open links): its button posts the token, and only that POST uses the link, once.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = token ? await reviewLinkUsable(getApp(context), token) : false;
  return data({ token: usable ? token : "", usable }, { headers: ownerHeaders() });
}

type ActionResult = { error: MessageId } | ConfirmedReview;

export async function action({ context, request }: Route.ActionArgs) {
  const app = getApp(context);
  const answer = (result: ActionResult, status = 200) => data(result, { status, headers: ownerHeaders() });
  const form = await ownerFormOrRefusal(request, app);
  if (!(form instanceof FormData)) return answer({ error: form.error }, form.status);
  const confirmed = await confirmReview(app, String(form.get("token") ?? ""));
  if (!confirmed) return answer({ error: "reviewForm.linkInvalid" }, 400);
  return answer(confirmed);
}

export const headers = ownerPageHeaders;

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  return pageMeta({ title: `${i18n._("reviewForm.confirmTitle")} | ${siteNameOf(matches)}`, robots: "noindex", robotsLast: true });
}

export default function ConfirmReview({ loaderData, actionData }: Route.ComponentProps) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  if (actionData && "state" in actionData) {
    const published = actionData.state === "published";
    return (
      <OwnerPage title={_("reviewForm.confirmTitle")}>
        <ThankYou
          title={published ? _("reviewForm.publishedTitle") : _("reviewForm.heldTitle")}
          text={published ? _("reviewForm.publishedText") : _("reviewForm.heldText")}
        >
          <Link to={lp(`/business/${actionData.businessId}`)} className="font-medium text-blue-800 underline">
            {_("reviewForm.seeBusiness")}
          </Link>
        </ThankYou>
      </OwnerPage>
    );
  }
  const error = actionData?.error ?? (loaderData.usable ? null : "reviewForm.linkInvalid");
  return (
    <OwnerPage title={_("reviewForm.confirmTitle")}>
      {error ? (
        <Notice kind="error">{_(error)}</Notice>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-slate-700">{_("reviewForm.confirmIntro")}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className={buttonClass}>
            {_("reviewForm.confirmButton")}
          </button>
        </Form>
      )}
    </OwnerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
