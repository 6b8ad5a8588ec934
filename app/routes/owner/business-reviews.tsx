import { turnstileSiteKey } from "#app/server/moderation/form-guard.server";
import type { MessageId } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { data, Form, Link } from "react-router";
import { siteNameOf } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import {
  buttonClass,
  inputClass,
  Notice,
  OwnerBar,
  OwnerErrorBoundary,
  OwnerPage,
  secondaryButtonClass,
  SignInForm,
} from "#app/components/owners/owner-ui";
import { i18nFor } from "#app/lib/i18n/i18n";
import { reviewReplySchema, reviewReportSchema } from "#app/lib/reviews/review";
import { REPORT_REASONS, REVIEW_LIMITS } from "#app/lib/reviews/review-limits";
import { pageMeta } from "#app/lib/seo/meta";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { getOwnerSession } from "#app/server/owners/owner-auth.server";
import { ownerBusinessId, ownerHeaders, ownerLocale, ownerPageHeaders, readOwnerForm } from "#app/server/owners/owner-route.server";
import { ownsBusiness } from "#app/server/owners/ownership.server";
import { ownerReviewsPage, parseOwnerCursor, reportAsOwner, saveOwnerReply } from "#app/server/reviews/owner-reviews.server";
import type { Route } from "./+types/business-reviews";

export const queryParams: QueryParams = ["before"];

const REASON_MESSAGES: Record<(typeof REPORT_REASONS)[number], MessageId> = {
  spam: "ownerReviews.reasonSpam",
  offensive: "ownerReviews.reasonOffensive",
  conflict: "ownerReviews.reasonConflict",
  "not-about-business": "ownerReviews.reasonNotAboutBusiness",
  other: "ownerReviews.reasonOther",
};

/** /owner/businesses/:id/reviews[?before]: the business's published reviews, for a verified owner of it only, to reply or report. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const id = ownerBusinessId(params);
  const session = await getOwnerSession(request, app);
  const next = ownerLocale(app, params).path(`/owner/businesses/${id}/reviews`);
  if (!session)
    return data({ owner: null, next, business: null, page: null, turnstile: turnstileSiteKey(app) }, { headers: ownerHeaders() });
  if (!(await ownsBusiness(app.db, session.ownerId, id))) throw data(null, { status: 403, headers: ownerHeaders() });
  const before = parseOwnerCursor(new URL(request.url).searchParams.get("before"));
  const [business, page] = await Promise.all([
    app.db.first<{ id: number; name: string; slug: string }>("SELECT id, name, slug FROM businesses WHERE id = ?1", [id]),
    ownerReviewsPage(app.db, id, before),
  ]);
  if (!business) throw data(null, { status: 404, headers: ownerHeaders() });
  return data(
    { owner: { email: session.email }, next, business, page, before: Boolean(before), turnstile: null },
    { headers: ownerHeaders() },
  );
}

type ActionResult = { outcome: "replied" | "reported" | "gone" | "invalid" | "tooMany"; reviewId: number | null };

/** A reply (new or edited) or a report, by a verified owner of the business (checked here), from this site (readOwnerForm). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const app = getApp(context);
  const id = ownerBusinessId(params);
  const form = await readOwnerForm(request, app);
  const session = await getOwnerSession(request, app);
  if (!session) throw data(null, { status: 401, headers: ownerHeaders() });
  if (!(await ownsBusiness(app.db, session.ownerId, id))) throw data(null, { status: 403, headers: ownerHeaders() });
  const answer = (result: ActionResult, status = 200) => data(result, { status, headers: ownerHeaders() });
  const reviewId = /^\d{1,15}$/.test(String(form.get("reviewId") ?? "")) ? Number(form.get("reviewId")) : null;
  if (!reviewId) return answer({ outcome: "invalid", reviewId: null }, 400);
  if (!(await app.env.FORM_LIMIT_TARGET.limit({ key: `owner-review:${session.ownerId}` })).success) {
    return answer({ outcome: "tooMany", reviewId }, 429);
  }
  const owner = { ownerId: session.ownerId, email: session.email };
  if (form.get("intent") === "report") {
    const parsed = reviewReportSchema.safeParse({ reason: form.get("reason"), note: form.get("note") ?? undefined });
    if (!parsed.success) return answer({ outcome: "invalid", reviewId }, 400);
    const done = await reportAsOwner(app.db, owner, id, reviewId, parsed.data);
    return done ? answer({ outcome: "reported", reviewId }) : answer({ outcome: "gone", reviewId }, 409);
  }
  const parsed = reviewReplySchema.safeParse({ body: form.get("body") ?? "" });
  if (!parsed.success) return answer({ outcome: "invalid", reviewId }, 400);
  const done = await saveOwnerReply(app.db, owner, id, reviewId, parsed.data.body);
  return done ? answer({ outcome: "replied", reviewId }) : answer({ outcome: "gone", reviewId }, 409);
}

export const headers = ownerPageHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  const title = loaderData?.business ? i18n._("ownerReviews.title", { name: loaderData.business.name }) : i18n._("owner.dashboardTitle");
  return pageMeta({ title: `${title} | ${siteNameOf(matches)}`, robots: "noindex", robotsLast: true });
}

export default function OwnerBusinessReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  const { owner, business, page, next } = loaderData;
  if (!owner || !business || !page) {
    return (
      <OwnerPage title={_("owner.signInToContinue")}>
        <SignInForm next={next} intro={_("owner.signInNeeded")} turnstile={loaderData.turnstile} />
      </OwnerPage>
    );
  }
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeZone: "UTC" });
  const base = `/owner/businesses/${business.id}/reviews`;
  return (
    <OwnerPage title={_("ownerReviews.title", { name: business.name })} intro={<OwnerBar email={owner.email} />}>
      <p className="text-slate-700">{_("ownerReviews.intro")}</p>
      <p className="flex flex-wrap gap-4">
        <Link to={lp(`/owner/businesses/${business.id}`)} className="text-blue-800 underline">
          {_("ownerReviews.backToEdit")}
        </Link>
        <Link to={lp(`/details/${business.slug}`)} className="text-blue-800 underline">
          {_("owner.viewPage")}
        </Link>
      </p>
      {actionData?.outcome === "replied" ? <Notice kind="success">{_("ownerReviews.replied")}</Notice> : null}
      {actionData?.outcome === "reported" ? <Notice kind="success">{_("ownerReviews.reported")}</Notice> : null}
      {actionData?.outcome === "gone" ? <Notice kind="error">{_("ownerReviews.gone")}</Notice> : null}
      {actionData?.outcome === "invalid" ? <Notice kind="error">{_("ownerReviews.invalid")}</Notice> : null}
      {actionData?.outcome === "tooMany" ? <Notice kind="error">{_("forms.tooMany")}</Notice> : null}
      {page.items.length === 0 ? <Notice kind="info">{_("ownerReviews.empty")}</Notice> : null}
      <ul className="space-y-6">
        {page.items.map((review) => (
          <li key={review.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="owner-review">
            <h2 className="text-lg font-semibold text-slate-900">{review.title}</h2>
            <p className="text-sm text-slate-700">
              {_("ownerReviews.stars", { rating: review.rating })} ·{" "}
              {_("ownerReviews.byOn", { name: review.name, date: date.format(new Date(review.publishedAt * 1000)) })}
              {review.visitMonth ? ` · ${_("ownerReviews.visited", { month: review.visitMonth })}` : ""}
            </p>
            <p className="mt-2 break-words whitespace-pre-wrap text-slate-900">{review.body}</p>
            {review.replyBody ? (
              <div className="mt-3 border-s-4 border-slate-300 ps-3">
                <p className="text-sm font-semibold text-slate-800">
                  {review.replyBy === "owner" ? _("ownerReviews.yourReply") : _("ownerReviews.operatorReply")}
                  {review.replyAt ? ` · ${date.format(new Date(review.replyAt * 1000))}` : ""}
                </p>
                <p className="break-words whitespace-pre-wrap text-slate-800">{review.replyBody}</p>
              </div>
            ) : null}
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="reviewId" value={review.id} />
              <label className="block font-medium text-slate-900">
                {review.replyBy === "owner" ? _("ownerReviews.editReply") : _("ownerReviews.reply")}
                <textarea
                  name="body"
                  required
                  rows={3}
                  maxLength={REVIEW_LIMITS.reply}
                  defaultValue={review.replyBy === "owner" ? (review.replyBody ?? "") : ""}
                  className={inputClass}
                />
              </label>
              <button type="submit" name="intent" value="reply" className={buttonClass}>
                {_("ownerReviews.saveReply")}
              </button>
            </Form>
            {review.reportedByOwner ? (
              <p className="mt-3 text-sm text-slate-700">{_("ownerReviews.alreadyReported")}</p>
            ) : (
              <details className="mt-3">
                <summary className="cursor-pointer text-blue-800 underline">{_("ownerReviews.report")}</summary>
                <Form method="post" className="mt-2 space-y-2">
                  <input type="hidden" name="reviewId" value={review.id} />
                  <label className="block font-medium text-slate-900">
                    {_("ownerReviews.reason")}
                    <select name="reason" required className={inputClass}>
                      {REPORT_REASONS.map((reason) => (
                        <option key={reason} value={reason}>
                          {_(REASON_MESSAGES[reason])}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="block font-medium text-slate-900">
                    {_("ownerReviews.note")}
                    <textarea name="note" rows={2} maxLength={REVIEW_LIMITS.reportNote} className={inputClass} />
                  </label>
                  <button type="submit" name="intent" value="report" className={secondaryButtonClass}>
                    {_("ownerReviews.sendReport")}
                  </button>
                </Form>
              </details>
            )}
          </li>
        ))}
      </ul>
      <nav aria-label={_("ownerReviews.pages")} className="flex gap-4">
        {loaderData.before ? (
          <Link to={lp(base)} className="text-blue-800 underline">
            {_("ownerReviews.newest")}
          </Link>
        ) : null}
        {page.next ? (
          <Link to={lp(`${base}?before=${page.next}`)} className="text-blue-800 underline">
            {_("ownerReviews.older")}
          </Link>
        ) : null}
      </nav>
    </OwnerPage>
  );
}

export function ErrorBoundary() {
  return <OwnerErrorBoundary forbidden="ownerReviews.forbidden" />;
}
