import { data, redirect } from "react-router";
import { localePath, localeOfSegment } from "#app/lib/i18n/locales";
import { FormRefused, readPublicForm } from "#app/server/moderation/form-guard.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { voteHelpful, voterOf } from "#app/server/reviews/helpful.server";
import type { Route } from "./+types/review-helpful";

export const queryParams: QueryParams = [];

function idsOf(params: Route.LoaderArgs["params"]): { businessId: number; reviewId: number } | null {
  const businessId = Number(params.id);
  const reviewId = Number(params.reviewId);
  return Number.isSafeInteger(businessId) && businessId > 0 && Number.isSafeInteger(reviewId) && reviewId > 0 ? { businessId, reviewId } : null;
}

/** Where the vote returns: the review on its business page, in the page's locale. */
function backTo(env: Env, params: Route.LoaderArgs["params"], ids: { businessId: number; reviewId: number }): string {
  const settings = siteConfig(env).localeSettings;
  const locale = localeOfSegment(settings, params.lang) ?? settings.defaultLocale;
  return `${localePath(settings, locale, `/business/${ids.businessId}`)}#review-${ids.reviewId}`;
}

/** A GET (a link followed, a reload) goes back to the business page. */
export function loader({ params, context }: Route.LoaderArgs) {
  const ids = idsOf(params);
  if (!ids) throw data(null, { status: 404 });
  throw redirect(backTo(getApp(context).env, params, ids));
}

/**
 * "Helpful": one vote per browser (la_voter cookie) and review, behind the public forms' walls; works
 * without JavaScript (a redirect back to the review).
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  const app = getApp(context);
  const ids = idsOf(params);
  if (!ids) throw data(null, { status: 404 });
  try {
    const { trapped } = await readPublicForm(request, app, { target: `helpful:${ids.reviewId}` });
    const voter = voterOf(request);
    if (!trapped) await voteHelpful(app.db, app.env, ids.businessId, ids.reviewId, voter.id);
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    if (voter.setCookie) headers.append("Set-Cookie", voter.setCookie);
    return redirect(backTo(app.env, params, ids), { headers });
  } catch (error) {
    if (error instanceof FormRefused) throw data(null, { status: error.status });
    throw error;
  }
}
