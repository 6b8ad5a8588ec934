import { useEffect } from "react";
import { Link, useFetcher, useNavigation } from "react-router";
import { useAdminFormats } from "#app/components/admin/operator-locale";
import { Button } from "#app/components/ui/button";
import {
  HELD_REASON_LABELS,
  REPLY_MAX,
  REPORT_REASON_LABELS,
  type ReviewDecisionResult,
  type ReviewQueueItem,
  type ReviewQueuePage,
  type ReviewQueueQuery,
  type ReviewQueueView,
} from "#app/lib/admin/admin-reviews";
import { toast } from "#app/lib/toast";

const PATH = "/admin-panel/reviews";
const linkClass = "text-blue-800 underline hover:text-blue-950";
const inputClass = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1 text-sm focus:border-blue-600 focus:outline-none";
const PAGE_LINK = "rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50";
const VIEW_LABELS: Record<ReviewQueueView, string> = {
  held: "Held by the checks",
  reported: "Reported by visitors",
  hidden: "Hidden",
};

function queueHref(view: ReviewQueueView, before?: string | null): string {
  const params = new URLSearchParams();
  if (view !== "held") params.set("view", view);
  if (before) params.set("before", before);
  const q = params.toString();
  return q ? `${PATH}?${q}` : PATH;
}

/**
 * Reviews (docs/reviews.md): what the automatic checks held and what visitors reported. Publish,
 * Hide, Restore (reports dismissed) and the operator's reply. The stars never decide anything here:
 * a negative review is published like a positive one.
 */
export function ReviewsTab({ page, query }: { page: ReviewQueuePage; query: ReviewQueueQuery }) {
  const navigation = useNavigation();
  const paging = navigation.state === "loading" && navigation.location.pathname === PATH;
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Reviews</h2>
        <p className="mt-1 text-sm text-slate-600">
          Reviews the automatic checks held, and published reviews visitors reported. Nothing held or hidden shows on the site. Decide on
          what a review says, never on its stars.
        </p>
      </div>
      <nav aria-label="Review queues" className="flex flex-wrap gap-2 text-sm">
        {(Object.keys(VIEW_LABELS) as ReviewQueueView[]).map((view) => (
          <Link
            key={view}
            to={queueHref(view)}
            aria-current={query.view === view ? "page" : undefined}
            className={`${PAGE_LINK} ${query.view === view ? "bg-slate-100" : ""}`}
          >
            {VIEW_LABELS[view]}
          </Link>
        ))}
      </nav>
      {paging ? (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      ) : page.items.length === 0 ? (
        <p className="text-slate-600">{query.before ? "No older reviews." : "No reviews here."}</p>
      ) : (
        <ul className="space-y-4">
          {page.items.map((item) => (
            <ReviewCard key={item.id} item={item} />
          ))}
        </ul>
      )}
      <nav aria-label="Review pages" className="flex gap-2">
        {query.before ? (
          <Link to={queueHref(query.view)} className={PAGE_LINK}>
            Newest
          </Link>
        ) : null}
        {page.next ? (
          <Link to={queueHref(query.view, page.next)} className={PAGE_LINK}>
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

function useResultToast(result: ReviewDecisionResult | undefined) {
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast({ title: "Done", description: result.message });
    else toast({ title: "Not done", description: result.message, variant: "destructive" });
  }, [result]);
}

function ReviewCard({ item }: { item: ReviewQueueItem }) {
  const fetcher = useFetcher<ReviewDecisionResult>();
  useResultToast(fetcher.data);
  const format = useAdminFormats();
  const busy = fetcher.state !== "idle";
  const intent = busy ? fetcher.formData?.get("intent") : null;
  const held = item.status === "held";
  return (
    <li className="rounded-xl border border-slate-200 p-4 text-sm" data-testid="review-item">
      <p className="text-slate-600">
        #{item.id} · {item.rating} of 5 stars · by {item.name} ({item.email}) · sent {format.dateTime(item.createdAt)} (UTC)
        {item.visitMonth ? ` · visited ${item.visitMonth}` : ""}
      </p>
      <p className="mt-1">
        Business:{" "}
        {item.businessSlug ? (
          <Link to={`/details/${item.businessSlug}`} className={linkClass} target="_blank" rel="noopener">
            {item.businessName} (#{item.businessId})
          </Link>
        ) : (
          `#${item.businessId} (gone)`
        )}
      </p>
      {held ? <p className="mt-1 text-amber-900">Held: {HELD_REASON_LABELS[item.heldReason ?? ""] ?? item.heldReason ?? "—"}</p> : null}
      <h3 className="mt-2 font-semibold text-slate-900">{item.title}</h3>
      <p className="mt-1 break-words whitespace-pre-wrap text-slate-800">{item.body}</p>
      {item.reportCount > 0 ? (
        <div className="mt-2">
          <p className="font-medium">
            Reported {format.count(item.reportCount)} time{item.reportCount === 1 ? "" : "s"}:
          </p>
          <ul className="ms-4 list-disc">
            {item.reports.map((r, i) => (
              <li key={i}>
                {REPORT_REASON_LABELS[r.reason] ?? r.reason}
                {r.byOwner ? " (by the owner)" : ""} · {format.dateTime(r.createdAt)}
                {r.note ? ` — ${r.note}` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {item.replyBody ? (
        <p className="mt-2 border-s-2 border-slate-300 ps-3 break-words whitespace-pre-wrap text-slate-700">
          Reply by {item.replyBy === "owner" ? "the owner" : "the operator"}: {item.replyBody}
        </p>
      ) : null}
      <fetcher.Form method="post" className="mt-3 space-y-2">
        <input type="hidden" name="id" value={item.id} />
        <div className="flex flex-wrap gap-2">
          {held || item.status === "hidden" ? (
            <Button type="submit" name="intent" value="publish" disabled={busy}>
              {intent === "publish" ? "Publishing..." : "Publish"}
            </Button>
          ) : (
            <Button type="submit" name="intent" value="restore" disabled={busy}>
              {intent === "restore" ? "Restoring..." : "Keep (dismiss reports)"}
            </Button>
          )}
          {item.status === "hidden" ? null : (
            <Button type="submit" name="intent" value="hide" variant="outline" disabled={busy}>
              {intent === "hide" ? "Hiding..." : "Hide"}
            </Button>
          )}
        </div>
      </fetcher.Form>
      {item.status === "published" && item.replyBy !== "owner" ? (
        <fetcher.Form method="post" className="mt-3 max-w-xl">
          <input type="hidden" name="id" value={item.id} />
          <label className="block">
            {item.replyBody ? "Edit the operator's reply" : "Reply as the operator"}
            <textarea name="body" required maxLength={REPLY_MAX} rows={3} defaultValue={item.replyBody ?? ""} className={inputClass} />
          </label>
          <Button type="submit" name="intent" value="reply" variant="outline" className="mt-2" disabled={busy}>
            {intent === "reply" ? "Saving..." : "Save reply"}
          </Button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}
