import type { MessageId } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { data, Form, Link } from "react-router";
import { GeneralErrorBoundary, siteNameOf } from "#app/components/general-error-boundary";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";
import { buttonClass, Notice, OwnerPage } from "#app/components/owners/owner-ui";
import { i18nFor } from "#app/lib/i18n/i18n";
import { pageMeta } from "#app/lib/seo/meta";
import { ownerFormOrRefusal, ownerHeaders, ownerPageHeaders } from "#app/server/owners/owner-route.server";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { deleteManagedReview, managedReview } from "#app/server/reviews/review-write.server";
import type { Route } from "./+types/manage";

export const queryParams: QueryParams = ["token"];

const STATUS_TEXT: Record<string, MessageId> = {
  unverified: "reviewForm.statusUnverified",
  published: "reviewForm.statusPublished",
  held: "reviewForm.statusHeld",
  hidden: "reviewForm.statusHidden",
};

function reviewIdOf(params: { id?: string }): number {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** /reviews/:id/manage?token=…: the reviewer's own review, from the link in their e-mail (403 for any other token). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const review = await managedReview(getApp(context), reviewIdOf(params), token);
  if (!review) return data({ review: null, token: "" }, { status: 403, headers: ownerHeaders() });
  const { email: _email, ...shown } = review;
  return data({ review: shown, token }, { headers: ownerHeaders() });
}

type ActionResult = { error: MessageId } | { deleted: true; businessId: number };

/** Deletes the review (the own rating follows by the triggers), audited as its author's. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const app = getApp(context);
  const answer = (result: ActionResult, status = 200) => data(result, { status, headers: ownerHeaders() });
  const form = await ownerFormOrRefusal(request, app);
  if (!(form instanceof FormData)) return answer({ error: form.error }, form.status);
  const deleted = await deleteManagedReview(app, reviewIdOf(params), String(form.get("token") ?? ""));
  if (!deleted) return answer({ error: "reviewForm.manageInvalid" }, 403);
  return answer({ deleted: true, businessId: deleted.businessId });
}

export const headers = ownerPageHeaders;

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  const i18n = i18nFor(pageLocaleOf(matches).locale);
  return pageMeta({ title: `${i18n._("reviewForm.manageTitle")} | ${siteNameOf(matches)}`, robots: "noindex", robotsLast: true });
}

export default function ManageReview({ loaderData, actionData }: Route.ComponentProps) {
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  if (actionData && "deleted" in actionData) {
    return (
      <OwnerPage title={_("reviewForm.manageTitle")}>
        <Notice kind="success">{_("reviewForm.deleted")}</Notice>
        <p>
          <Link to={lp(`/business/${actionData.businessId}`)} className="font-medium text-blue-800 underline">
            {_("reviewForm.seeBusiness")}
          </Link>
        </p>
      </OwnerPage>
    );
  }
  const { review, token } = loaderData;
  const error = actionData?.error ?? (review ? null : "reviewForm.manageInvalid");
  if (error || !review) {
    return (
      <OwnerPage title={_("reviewForm.manageTitle")}>
        <Notice kind="error">{_(error ?? "reviewForm.manageInvalid")}</Notice>
      </OwnerPage>
    );
  }
  const month = review.visitMonth
    ? new Intl.DateTimeFormat(i18n.locale, { year: "numeric", month: "long", timeZone: "UTC" }).format(
        new Date(`${review.visitMonth}-01T00:00:00Z`),
      )
    : null;
  const edit = `${lp(`/business/${review.businessId}/review`)}?review=${review.id}&token=${token}`;
  return (
    <OwnerPage title={_("reviewForm.manageTitle")} intro={_("reviewForm.manageIntro", { name: review.businessName })}>
      <article className="space-y-2 rounded-xl border border-slate-200 p-6">
        <p className="text-amber-700">
          <span aria-hidden="true">{"★".repeat(review.rating)}</span>
          <span className="sr-only">{_("reviewForm.ratingOf", { rating: review.rating })}</span>
        </p>
        <h2 className="text-xl font-semibold">{review.title}</h2>
        <p className="whitespace-pre-line text-slate-800">{review.body}</p>
        <p className="text-sm text-slate-600">{review.name}</p>
        {month ? <p className="text-sm text-slate-600">{_("reviewForm.visited", { month })}</p> : null}
        <p className="text-sm text-slate-700">
          {_("reviewForm.statusLabel")}: {_(STATUS_TEXT[review.status] ?? "reviewForm.statusHeld")}
        </p>
      </article>
      <div className="flex flex-wrap items-center gap-4">
        <Link to={edit} rel="nofollow" className="font-medium text-blue-800 underline">
          {_("reviewForm.editLink")}
        </Link>
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={buttonClass}>
            {_("reviewForm.deleteButton")}
          </button>
        </Form>
      </div>
    </OwnerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
