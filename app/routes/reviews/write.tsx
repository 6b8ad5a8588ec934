import { useLingui } from "@lingui/react";
import { data, Form, Link } from "react-router";
import { ErrorState, errorMeta, GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { FormAlert, FormField, formView, Honeypot, SendButton, ThankYou, Turnstile } from "#app/components/public-form";
import { StarChoice } from "#app/components/reviews/star-choice";
import { businessIdParamsSchema } from "#app/lib/api-schemas";
import { i18nFor } from "#app/lib/i18n/i18n";
import { REVIEW_LIMITS } from "#app/lib/reviews/review-limits";
import { pageMeta } from "#app/lib/seo/meta";
import { turnstileSiteKey } from "#app/server/moderation/form-guard.server";
import { ownerHeaders, ownerPageHeaders } from "#app/server/owners/owner-route.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import { managedReview, receiveReview, reviewTarget } from "#app/server/reviews/review-write.server";
import type { Route } from "./+types/write";

// An edit opens the form from the reviewer's manage link: ?review=12&token=… fills it with the review.
export const queryParams: QueryParams = ["review", "token"];

function businessIdOf(params: { id?: string }): number {
  const parsed = businessIdParamsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404, headers: ownerHeaders() });
  return parsed.data.id;
}

/** /business/:id/review: the review form, never indexed nor cached (it may show the reviewer's own review). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const config = siteConfig(app.env);
  const locale = loaderLocale(config.localeSettings, params);
  const business = await reviewTarget(app.db, businessIdOf(params));
  if (!business) throw data(null, { status: 404, headers: ownerHeaders() });
  const url = new URL(request.url);
  const reviewId = Number(url.searchParams.get("review"));
  const own =
    Number.isSafeInteger(reviewId) && reviewId > 0 ? await managedReview(app, reviewId, url.searchParams.get("token") ?? "") : null;
  const editing =
    own && own.businessId === business.id
      ? { rating: String(own.rating), title: own.title, body: own.body, visitMonth: own.visitMonth ?? "", name: own.name, email: own.email }
      : null;
  const title = `${i18nFor(locale)._("reviewForm.metaTitle", { name: business.name })} | ${config.siteName}`;
  return data({ business, title, editing, turnstile: turnstileSiteKey(app) }, { headers: ownerHeaders() });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const answer = await receiveReview(request, getApp(context), businessIdOf(params));
  if (!answer) throw data(null, { status: 404, headers: ownerHeaders() });
  return data(answer.outcome, { status: answer.status, headers: ownerHeaders() });
}

export const headers = ownerPageHeaders;

export function meta({ loaderData, error, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return errorMeta(error, i18nFor(pageLocaleOf(matches).locale)._("business.notFoundTitle"), matches);
  return pageMeta({ title: loaderData.title, robots: "noindex" });
}

export default function WriteReview({ loaderData, actionData }: Route.ComponentProps) {
  const { business, editing, turnstile } = loaderData;
  const { _ } = useLingui();
  const lp = useLocalePath();
  const view = formView(actionData);
  const businessPath = lp(`/business/${business.id}`);
  const initial = (name: keyof NonNullable<typeof editing>) => editing?.[name] ?? "";
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Link to={businessPath} className="text-sm font-medium text-blue-800 hover:underline">
        {_("reviewForm.backTo", { name: business.name })}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{_("reviewForm.title")}</h1>
      <p className="mt-1 text-lg text-slate-700">{business.name}</p>
      {actionData?.state === "sent" ? (
        <div className="mt-6">
          <ThankYou title={_("reviewForm.thanksTitle")} text={_("reviewForm.thanksText")}>
            <Link to={businessPath} className="font-medium text-blue-800 underline">
              {_("reviewForm.backTo", { name: business.name })}
            </Link>
          </ThankYou>
        </div>
      ) : (
        <Form method="post" action={lp(`/business/${business.id}/review`)} className="relative mt-6 space-y-6">
          <FormAlert outcome={actionData} />
          {editing ? <p className="text-slate-700">{_("reviewForm.editing")}</p> : null}
          <StarChoice view={view} initial={initial("rating")} />
          <FormField
            view={view}
            name="title"
            label={_("reviewForm.reviewTitle")}
            defaultValue={initial("title")}
            required
            maxLength={REVIEW_LIMITS.title}
          />
          <FormField
            view={view}
            name="body"
            label={_("reviewForm.body")}
            hint={_("reviewForm.bodyHint")}
            defaultValue={initial("body")}
            required
            multiline
            maxLength={REVIEW_LIMITS.bodyMax}
          />
          <MonthField view={view} initial={initial("visitMonth")} />
          <FormField
            view={view}
            name="name"
            label={_("reviewForm.name")}
            defaultValue={initial("name")}
            required
            autoComplete="nickname"
            maxLength={REVIEW_LIMITS.name}
          />
          <FormField
            view={view}
            name="email"
            type="email"
            label={_("reviewForm.email")}
            hint={_("reviewForm.emailNote")}
            defaultValue={initial("email")}
            required
            autoComplete="email"
            maxLength={254}
          />
          <Honeypot />
          <Turnstile siteKey={turnstile} />
          <SendButton label={_("reviewForm.send")} />
        </Form>
      )}
    </main>
  );
}

/** The optional visit month: a month picker, never after the current month. */
function MonthField({ view, initial }: { view: ReturnType<typeof formView>; initial: string }) {
  const { _ } = useLingui();
  const error = view.error("visitMonth");
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor="field-visitMonth" className="text-sm font-medium text-slate-800">
        {_("reviewForm.visitMonth")}
        <span className="font-normal text-slate-600"> {_("forms.optional")}</span>
      </label>
      <input
        id="field-visitMonth"
        name="visitMonth"
        type="month"
        dir="ltr"
        defaultValue={view.value("visitMonth", initial)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "field-visitMonth-error" : undefined}
        className={`h-10 w-48 rounded-md border px-3 text-slate-900 ${error ? "border-red-700" : "border-slate-400"}`}
      />
      {error ? (
        <p id="field-visitMonth-error" className="text-sm font-medium text-red-700">
          {_(error)}
        </p>
      ) : null}
    </div>
  );
}

function NotFound() {
  const { _ } = useLingui();
  return <ErrorState title={_("business.notFoundTitle")} text={_("business.notFoundText")} homeLink />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFound /> }} />;
}
