import { useLingui } from "@lingui/react";
import { Form, Link, useLocation } from "react-router";
import { useLocalePath } from "#app/components/page-locale";
import { Stars } from "#app/components/ui/stars";
import type { HistogramRow } from "#app/lib/business/business";
import { formatCount, formatRating } from "#app/lib/format";
import type { PublicReview } from "#app/lib/reviews/review";

export type ReviewsView = {
  sort: "newest" | "helpful";
  /** The page's reviews and the cursor of the next page (null on the last). */
  reviews: PublicReview[];
  next: string | null;
  /** Whether this is a later page (reached by a cursor): it offers the way back to the first. */
  later: boolean;
};

/** "October 2026" in the page's locale: a month, read as UTC so the server and the browser agree. */
function monthYear(value: string, locale: string): string {
  const date = /^\d{4}-\d{2}$/.test(value) ? new Date(`${value}-01T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}

function dayMonthYear(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}

/** Reviews per star beside an average: the counts are text, the bars only draw them. */
function ReviewHistogram({ rows, caption }: { rows: HistogramRow[]; caption: string }) {
  const { _, i18n } = useLingui();
  return (
    <table className="w-full max-w-xs text-sm">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.stars}>
            <th scope="row" className="whitespace-nowrap py-0.5 pe-3 text-start font-normal text-slate-700">
              {_("business.histogramStars", { stars: row.stars })}
            </th>
            <td className="w-full py-0.5" aria-hidden="true">
              <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="block h-2 w-full rtl:-scale-x-100" focusable="false">
                <rect width="100" height="8" rx="4" className="fill-slate-200" />
                {row.count > 0 ? <rect width={Math.max(row.percent, 2)} height="8" rx="4" className="fill-amber-400" /> : null}
              </svg>
            </td>
            <td className="whitespace-nowrap py-0.5 ps-3 text-end tabular-nums text-slate-700">
              {formatCount(row.count, i18n.locale)}{" "}
              <span className="text-slate-600">{_("business.histogramPercent", { percent: row.percent })}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One rating with its source's label, its average, its count and its histogram: the two are never mixed. */
export function RatingSummary({
  label,
  rating,
  count,
  histogram,
  caption,
}: {
  label: string;
  rating: number;
  count: number;
  histogram: HistogramRow[] | null;
  caption: string;
}) {
  const { _, i18n } = useLingui();
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">{label}</h3>
      <div className="flex shrink-0 items-center gap-4">
        <span className="text-4xl font-bold">{formatRating(rating, i18n.locale)}</span>
        <div>
          <Stars rating={rating} />
          <p className="text-sm text-slate-600">{_("business.basedOn", { count })}</p>
        </div>
      </div>
      {histogram ? <ReviewHistogram rows={histogram} caption={caption} /> : null}
    </div>
  );
}

/** The header's rating lines: the own rating and the imported one, each labelled; "No reviews yet" without either. */
export function HeaderRatings({
  siteName,
  own,
  imported,
}: {
  siteName: string;
  own: { count: number; average: number | null };
  imported: { rating: number; reviewCount: number };
}) {
  const { _ } = useLingui();
  const hasOwn = own.count > 0 && own.average !== null;
  const hasImported = imported.rating > 0;
  if (!hasOwn && !hasImported) return <p className="text-slate-700">{_("reviews.noReviewsYet")}</p>;
  return (
    <ul className="space-y-1">
      {hasOwn ? (
        <li className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-700">{_("reviews.ownLabel", { siteName })}</span>
          <Stars rating={own.average ?? 0} reviewCount={own.count} size="lg" />
        </li>
      ) : null}
      {hasImported ? (
        <li className="flex flex-wrap items-center gap-2">
          {hasOwn ? <span className="text-sm font-medium text-slate-700">{_("reviews.importedLabel")}</span> : null}
          <Stars rating={imported.rating} reviewCount={imported.reviewCount} size="lg" />
        </li>
      ) : null}
    </ul>
  );
}

function ReviewItem({ review, businessId, siteName }: { review: PublicReview; businessId: number; siteName: string }) {
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  const locale = i18n.locale;
  const reply = review.reply;
  return (
    <li className="border-t border-slate-200 pt-4" id={`review-${review.id}`}>
      <article aria-labelledby={`review-${review.id}-title`}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars rating={review.rating} />
          <h3 id={`review-${review.id}-title`} className="font-semibold">
            {review.title}
          </h3>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {_("reviews.byline", { name: review.name, date: monthYear(review.publishedAt, locale) })}
          {review.visitMonth ? <> · {_("reviews.visited", { month: monthYear(review.visitMonth, locale) })}</> : null}
        </p>
        <p className="mt-2 whitespace-pre-line text-slate-800">{review.body}</p>
        {reply ? (
          <div className="mt-3 rounded-lg border-s-4 border-blue-700 bg-slate-50 p-3">
            <p className="text-sm font-semibold">
              {reply.by === "owner" ? _("reviews.replyOwner") : _("reviews.replyAdmin", { siteName })}
              {reply.at ? <span className="font-normal text-slate-600"> · {dayMonthYear(reply.at, locale)}</span> : null}
            </p>
            <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{reply.body}</p>
          </div>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-4 text-sm">
          <Form method="post" action={lp(`/business/${businessId}/reviews/${review.id}/helpful`)} preventScrollReset>
            <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1 font-medium text-slate-800 hover:bg-slate-50">
              {_("reviews.helpful", { count: review.helpfulCount })}
            </button>
          </Form>
          <Link to={lp(`/business/${businessId}/reviews/${review.id}/report`)} rel="nofollow" className="text-blue-800 hover:underline">
            {_("reviews.report")}
          </Link>
        </div>
      </article>
    </li>
  );
}

/** The published reviews written here, one page at a time (links, not scripts): newest or most helpful first. */
export function ReviewList({ view, businessId, siteName }: { view: ReviewsView; businessId: number; siteName: string }) {
  const { _ } = useLingui();
  const path = useLocation().pathname;
  const sortLink = (sort: "newest" | "helpful") =>
    sort === "helpful" ? `${path}?reviewSort=helpful#reviews-list` : `${path}#reviews-list`;
  const nextLink = view.next
    ? `${path}?${new URLSearchParams({ ...(view.sort === "helpful" ? { reviewSort: "helpful" } : {}), reviewsAfter: view.next })}#reviews-list`
    : null;
  return (
    <div id="reviews-list" className="mt-6">
      <h3 className="sr-only">{_("reviews.listHeading", { siteName })}</h3>
      {view.reviews.length || view.later ? (
        <nav aria-label={_("reviews.sortLabel")} className="flex flex-wrap gap-2 text-sm">
          {(["newest", "helpful"] as const).map((sort) => (
            <Link
              key={sort}
              to={sortLink(sort)}
              rel="nofollow"
              preventScrollReset
              aria-current={view.sort === sort && !view.later ? "page" : undefined}
              className={`rounded-full border px-3 py-1 ${view.sort === sort ? "border-blue-700 bg-blue-50 font-semibold text-blue-900" : "border-slate-300 text-slate-800 hover:bg-slate-50"}`}
            >
              {sort === "helpful" ? _("reviews.sortHelpful") : _("reviews.sortNewest")}
            </Link>
          ))}
        </nav>
      ) : null}
      {view.reviews.length ? (
        <ol className="mt-4 space-y-4">
          {view.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} businessId={businessId} siteName={siteName} />
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{view.later ? _("reviews.noMore") : _("reviews.noneHere", { siteName })}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-4 text-sm">
        {view.later ? (
          <Link to={sortLink(view.sort)} rel="nofollow" preventScrollReset className="font-medium text-blue-800 hover:underline">
            {_("reviews.firstPage")}
          </Link>
        ) : null}
        {nextLink ? (
          <Link to={nextLink} rel="nofollow" preventScrollReset className="font-medium text-blue-800 hover:underline">
            {_("reviews.nextPage")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
