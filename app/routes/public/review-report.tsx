import type { MessageId } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { data, Form, Link } from "react-router";
import { ErrorState, errorMeta, GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { FormAlert, FormField, formView, Honeypot, SendButton, ThankYou, Turnstile } from "#app/components/public-form";
import { i18nFor } from "#app/lib/i18n/i18n";
import { REPORT_REASONS, REVIEW_LIMITS } from "#app/lib/reviews/review-limits";
import { pageMeta } from "#app/lib/seo/meta";
import { turnstileSiteKey } from "#app/server/moderation/form-guard.server";
import { ownerHeaders, ownerPageHeaders } from "#app/server/owners/owner-route.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import { receiveReport, reportableReview } from "#app/server/reviews/review-report.server";
import type { Route } from "./+types/review-report";

export const queryParams: QueryParams = [];

const REASON_MESSAGES: Record<(typeof REPORT_REASONS)[number], MessageId> = {
  spam: "reviewReport.reasonSpam",
  offensive: "reviewReport.reasonOffensive",
  conflict: "reviewReport.reasonConflict",
  "not-about-business": "reviewReport.reasonNotAboutBusiness",
  other: "reviewReport.reasonOther",
};

function idsOf(params: Route.LoaderArgs["params"]): { businessId: number; reviewId: number } {
  const businessId = Number(params.id);
  const reviewId = Number(params.reviewId);
  const valid = /^\d{1,15}$/.test(params.id) && /^\d{1,15}$/.test(params.reviewId) && businessId > 0 && reviewId > 0;
  if (!valid) throw data(null, { status: 404, headers: ownerHeaders() });
  return { businessId, reviewId };
}

/** /business/:id/reviews/:reviewId/report: a published review of that business and the report form; never indexed nor cached. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const app = getApp(context);
  const config = siteConfig(app.env);
  const locale = loaderLocale(config.localeSettings, params);
  const { businessId, reviewId } = idsOf(params);
  const review = await reportableReview(app.db, businessId, reviewId);
  if (!review) throw data(null, { status: 404, headers: ownerHeaders() });
  const title = `${i18nFor(locale)._("reviewReport.metaTitle", { name: review.businessName })} | ${config.siteName}`;
  return data({ review, title, turnstile: turnstileSiteKey(app) }, { headers: ownerHeaders() });
}

/** The report: stored with its reason, the review's report_count one higher; it stays shown until the admin decides. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const { businessId, reviewId } = idsOf(params);
  const answer = await receiveReport(request, getApp(context), businessId, reviewId);
  if (answer.status === 404) throw data(null, { status: 404, headers: ownerHeaders() });
  return data(answer.outcome, { status: answer.status, headers: ownerHeaders() });
}

export const headers = ownerPageHeaders;

export function meta({ loaderData, error, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return errorMeta(error, i18nFor(pageLocaleOf(matches).locale)._("business.notFoundTitle"), matches);
  return pageMeta({ title: loaderData.title, robots: "noindex" });
}

export default function ReportReview({ loaderData, actionData }: Route.ComponentProps) {
  const { review, turnstile } = loaderData;
  const { _ } = useLingui();
  const lp = useLocalePath();
  const view = formView(actionData);
  const businessPath = lp(`/business/${review.businessId}`);
  const chosen = view.value("reason");
  const reasonError = view.error("reason");
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Link to={businessPath} className="text-sm font-medium text-blue-800 hover:underline">
        {_("reviewReport.backTo", { name: review.businessName })}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{_("reviewReport.title")}</h1>
      <figure className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
        <blockquote className="font-semibold text-slate-900">{review.title}</blockquote>
        <figcaption className="mt-1 text-sm text-slate-700">{_("reviewReport.by", { name: review.name })}</figcaption>
      </figure>
      {actionData?.state === "sent" ? (
        <div className="mt-6">
          <ThankYou title={_("reviewReport.thanksTitle")} text={_("reviewReport.thanksText")}>
            <Link to={businessPath} className="font-medium text-blue-800 underline">
              {_("reviewReport.backTo", { name: review.businessName })}
            </Link>
          </ThankYou>
        </div>
      ) : (
        <Form method="post" action={lp(`/business/${review.businessId}/reviews/${review.id}/report`)} className="relative mt-6 space-y-6">
          <FormAlert outcome={actionData} />
          <p className="text-slate-700">{_("reviewReport.intro")}</p>
          <fieldset aria-describedby={reasonError ? "field-reason-error" : undefined} className="space-y-2">
            <legend className="text-sm font-semibold text-slate-900">{_("reviewReport.reason")}</legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex items-center gap-2 text-slate-800">
                <input type="radio" name="reason" value={reason} required defaultChecked={chosen === reason} className="size-4" />
                {_(REASON_MESSAGES[reason])}
              </label>
            ))}
            {reasonError ? (
              <p id="field-reason-error" className="text-sm font-medium text-red-700">
                {_(reasonError)}
              </p>
            ) : null}
          </fieldset>
          <FormField
            view={view}
            name="note"
            label={_("reviewReport.note")}
            hint={_("reviewReport.noteHint")}
            optional
            multiline
            maxLength={REVIEW_LIMITS.reportNote}
          />
          <Honeypot />
          <Turnstile siteKey={turnstile} />
          <SendButton label={_("reviewReport.send")} />
        </Form>
      )}
    </main>
  );
}

function NotFound() {
  const { _ } = useLingui();
  return <ErrorState title={_("reviewReport.notFoundTitle")} text={_("reviewReport.notFoundText")} homeLink />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFound /> }} />;
}
