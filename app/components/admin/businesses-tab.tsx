import { useEffect, useState } from "react";
import { Form, Link, useFetcher, useLocation, useNavigation, useSearchParams } from "react-router";
import {
  ADMIN_PAGE_SIZE,
  pageWindow,
  STATUS_FILTERS,
  type AdminBusinessPage,
  type AdminListQuery,
  type AdminSummary,
  type StatusFilter,
} from "#app/lib/admin/admin-businesses";
import { errorText } from "#app/lib/admin/admin-fetch";
import { lowerBound } from "#app/lib/search/lower-bound";
import type { Business } from "#app/lib/business/business";
import { toast } from "#app/lib/toast";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog";
import { useAdminApi } from "#app/components/admin/use-admin-api";
import { useAdminFormats } from "#app/components/admin/operator-locale";

/** What the Businesses route's action answers a row's fetcher. */
export type RowActionResult =
  | { ok: true; intent: "delete" }
  | { ok: true; intent: "verify"; isVerified: boolean }
  | { ok: false; intent: "delete" | "verify"; message: string };

type Filters = Pick<AdminListQuery, "search" | "category" | "country" | "status">;

const STATUS_LABELS: Record<StatusFilter, string> = { all: "All Status", verified: "Verified", pending: "Pending" };
const selectClass = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

/** The list's search params: blank filters, status "all" and page 1 are left out of the URL. */
export function listParams(filters: Partial<Filters>, page = 1): URLSearchParams {
  const q = new URLSearchParams();
  const search = filters.search?.trim();
  if (search) q.set("search", search);
  if (filters.category) q.set("category", filters.category);
  if (filters.status && filters.status !== "all") q.set("status", filters.status);
  if (filters.country) q.set("country", filters.country);
  if (page > 1) q.set("page", String(page));
  return q;
}

/** The filters a list URL names (its page aside). */
function filtersOf(params: URLSearchParams): Filters {
  return {
    search: params.get("search") ?? "",
    category: params.get("category") ?? "",
    status: (params.get("status") ?? "all") as StatusFilter,
    country: params.get("country") ?? "",
  };
}

/** SPEC §2 file name: businesses_{country or all}_{date}.xlsx, unless the server names it. */
function exportFileName(response: Response, country: string): string {
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (named) return decodeURIComponent(named[1]);
  return `businesses_${country || "all"}_${new Date().toISOString().slice(0, 10)}.xlsx`;
}

type Props = { query: AdminListQuery; list: AdminBusinessPage; summary: AdminSummary };

/**
 * Businesses: search and filters (all applied on the server), 50 per page, edit, verify, delete,
 * export. Filters and page are the URL's search params: changing one navigates, the route's loader
 * answers, and a newer change cancels an older one's request.
 */
export function BusinessesTab({ query, list, summary }: Props) {
  const api = useAdminApi();
  const location = useLocation();
  const navigation = useNavigation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [exporting, setExporting] = useState(false);
  const format = useAdminFormats();
  const pending = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  /**
   * A filter changed: back to page 1 (SPEC §4), as a new history entry (the back button undoes it).
   * The other filters are the address bar's, not the other controls': React Router renders a
   * navigation in a transition after the URL has changed, so for a moment a control can still show
   * (or be remounted with) the previous answer's value (a CI run brought a cleared status back).
   */
  function applyFilters(change: Partial<Filters>) {
    const current = filtersOf(new URLSearchParams(window.location.search));
    setSearchParams(listParams({ ...current, ...change }), { preventScrollReset: true });
  }

  async function exportExcel() {
    setExporting(true);
    try {
      const country = query.country ?? "";
      const response = await api.raw(`/api/admin/export${country ? `?country=${encodeURIComponent(country)}` : ""}`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = exportFileName(response, country);
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast({ title: "Export successful", description: "Excel file has been downloaded" });
    } catch (error) {
      toast({ title: "Export failed", description: errorText(error, "Failed to export Excel file"), variant: "destructive" });
    } finally {
      setExporting(false);
    }
  }

  const { totalPages, page } = list;
  // The pager carries the URL's filters, not the loader's: right after a filter change the URL is
  // already new while the list still shows the previous answer, and a page button pressed then must
  // not bring the old filter back (seen in the e2e: "Page 2" right after clearing Country).
  const filtersOnly = listParams(filtersOf(searchParams));

  /**
   * A page button, with JavaScript: the filters are read from the address bar when it is pressed.
   * React Router renders a navigation in a transition, after the URL has changed, so the hidden
   * inputs above can still hold the previous filters for a moment (a CI run pressed "Page 2" then).
   */
  function goToPage(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const button = (event.nativeEvent as SubmitEvent).submitter;
    const wanted = Number(button instanceof HTMLButtonElement ? button.value : 1);
    setSearchParams(listParams(filtersOf(new URLSearchParams(window.location.search)), wanted), { preventScrollReset: true });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        {/* Without JavaScript this is a plain GET form; with it, blank filters stay out of the URL. */}
        <form
          role="search"
          method="get"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            applyFilters({ search: String(new FormData(e.currentTarget).get("search") ?? "") });
          }}
        >
          <div className="flex gap-2">
            <label htmlFor="admin-search" className="sr-only">
              Search businesses
            </label>
            <input
              key={`search:${query.search ?? ""}`}
              id="admin-search"
              name="search"
              type="search"
              defaultValue={query.search ?? ""}
              placeholder="Search businesses..."
              className="w-64 rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
            <button type="submit" className="rounded-md bg-slate-800 px-3 py-2 text-sm font-medium text-white hover:bg-slate-900">
              Search
            </button>
          </div>
          {/* Each select is keyed by its URL value: the back button puts the previous choice back. */}
          <FilterSelect
            key={`category:${query.category ?? ""}`}
            name="category"
            label="Category"
            value={query.category ?? ""}
            options={[
              ["", "All Categories"],
              ...summary.categories.map(
                (c) =>
                  [
                    c.slug,
                    <>
                      {c.category} ({c.businessCount})
                    </>,
                  ] as const,
              ),
            ]}
            onChange={(category) => applyFilters({ category })}
          />
          <FilterSelect
            key={`status:${query.status}`}
            name="status"
            label="Status"
            value={query.status}
            options={STATUS_FILTERS.map((s) => [s, STATUS_LABELS[s]] as const)}
            onChange={(status) => applyFilters({ status: status as StatusFilter })}
          />
          <FilterSelect
            key={`country:${query.country ?? ""}`}
            name="country"
            label="Country"
            value={query.country ?? ""}
            options={[
              ["", "All Countries"],
              ...summary.countries.map(
                (c) =>
                  [
                    c.country,
                    <>
                      {c.country} ({c.businessCount})
                    </>,
                  ] as const,
              ),
            ]}
            onChange={(country) => applyFilters({ country })}
          />
        </form>
        <button
          type="button"
          onClick={exportExcel}
          disabled={exporting}
          className="ms-auto rounded-md bg-green-700 px-4 py-2 text-sm font-medium text-white hover:bg-green-800 disabled:opacity-60"
        >
          {exporting ? "Exporting..." : "Export to Excel"}
        </button>
      </div>

      <div aria-busy={pending} className={pending ? "opacity-60 transition-opacity" : undefined}>
        {list.businesses.length === 0 ? (
          <p className="text-slate-600">No businesses found</p>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-600" data-testid="admin-total">
              {/* A dense search's count is a lower bound, rounded down ("400+"): never more than can be listed. */}
              {list.approximate
                ? `${format.count(lowerBound(list.totalCount, (page - 1) * ADMIN_PAGE_SIZE + list.businesses.length))}+`
                : format.count(list.totalCount)}{" "}
              businesses
            </p>
            <div className="overflow-x-auto">
              <table className="w-full text-start text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th className="py-2 pe-3 font-medium">Name</th>
                    <th className="py-2 pe-3 font-medium">Category</th>
                    <th className="py-2 pe-3 font-medium">City</th>
                    <th className="py-2 pe-3 font-medium">Country</th>
                    <th className="py-2 pe-3 font-medium">Rating</th>
                    <th className="py-2 pe-3 font-medium">Status</th>
                    <th className="py-2 font-medium">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {list.businesses.map((b) => (
                    <BusinessRow key={b.id} business={b} editHref={`/admin-panel/businesses/${b.id}${location.search}`} />
                  ))}
                </tbody>
              </table>
            </div>
            {totalPages > 1 ? (
              // A GET form: each button submits the current filters with its page number.
              <nav aria-label="Pagination">
                <Form method="get" preventScrollReset onSubmit={goToPage} className="flex flex-wrap items-center gap-2">
                  {[...filtersOnly].map(([name, value]) => (
                    <input key={name} type="hidden" name={name} value={value} />
                  ))}
                  <button
                    type="submit"
                    name="page"
                    value={page - 1}
                    disabled={page <= 1}
                    className="rounded border border-slate-300 px-3 py-1 text-sm disabled:opacity-50"
                  >
                    Previous
                  </button>
                  {pageWindow(page, totalPages).map((n) => (
                    <button
                      key={n}
                      type="submit"
                      name="page"
                      value={n}
                      aria-current={n === page ? "page" : undefined}
                      aria-label={`Page ${n}`}
                      className={`rounded border px-3 py-1 text-sm ${n === page ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300"}`}
                    >
                      {n}
                    </button>
                  ))}
                  <button
                    type="submit"
                    name="page"
                    value={page + 1}
                    disabled={page >= totalPages}
                    className="rounded border border-slate-300 px-3 py-1 text-sm disabled:opacity-50"
                  >
                    Next
                  </button>
                  <span className="text-sm text-slate-600">
                    Page {page} of {totalPages}
                    {list.approximate ? "+" : ""}
                  </span>
                </Form>
              </nav>
            ) : null}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * One row; its Verify and Delete buttons submit through the row's own fetcher to the route's action.
 * Delete asks first in a modal dialog; without JavaScript the form posts directly, as before.
 */
function BusinessRow({ business: b, editHref }: { business: Business; editHref: string }) {
  const fetcher = useFetcher<RowActionResult>();
  const busy = fetcher.state !== "idle";
  const [confirming, setConfirming] = useState(false);
  const format = useAdminFormats();

  // One toast per answer; the list itself is refreshed by the loaders React Router re-runs after the action.
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (!result.ok) {
      toast({ title: result.intent === "delete" ? "Delete failed" : "Update failed", description: result.message, variant: "destructive" });
    } else if (result.intent === "delete") {
      toast({ title: "Business deleted", description: `${b.name} was removed` });
    } else {
      toast({ title: result.isVerified ? "Business verified" : "Business marked as pending", description: b.name });
    }
  }, [fetcher.data, b.name]);

  return (
    <tr className="border-b border-slate-100" data-testid="admin-business-row">
      <td className="py-2 pe-3 font-medium">{b.name}</td>
      <td className="py-2 pe-3">{b.category}</td>
      <td className="py-2 pe-3">{b.city}</td>
      <td className="py-2 pe-3">{b.country}</td>
      <td className="py-2 pe-3 tabular-nums">{format.rating(b.rating)}</td>
      <td className="py-2 pe-3">
        {b.isVerified ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">Verified</span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Pending</span>
        )}
      </td>
      <td className="py-2">
        <div className="flex gap-2">
          <Link to={editHref} className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50" aria-label={`Edit ${b.name}`}>
            Edit
          </Link>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="id" value={b.id} />
            <input type="hidden" name="verified" value={String(!b.isVerified)} />
            {/* One width for both labels, so the row's buttons do not move when the status flips. */}
            <button
              type="submit"
              disabled={busy}
              className="w-20 rounded border border-slate-300 px-2 py-1 text-center text-xs hover:bg-slate-50 disabled:opacity-60"
              aria-label={`${b.isVerified ? "Unverify" : "Verify"} ${b.name}`}
            >
              {b.isVerified ? "Unverify" : "Verify"}
            </button>
          </fetcher.Form>
          <fetcher.Form
            method="post"
            onSubmit={(e) => {
              e.preventDefault();
              setConfirming(true);
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={b.id} />
            <button
              type="submit"
              disabled={busy}
              className="rounded border border-red-300 px-2 py-1 text-xs text-red-700 hover:bg-red-50 disabled:opacity-60"
              aria-label={`Delete ${b.name}`}
            >
              Delete
            </button>
          </fetcher.Form>
          <ConfirmDialog
            open={confirming}
            title="Delete business?"
            confirmLabel="Delete"
            destructive
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void fetcher.submit({ intent: "delete", id: String(b.id) }, { method: "post" });
            }}
          >
            <p>Delete &ldquo;{b.name}&rdquo;? This cannot be undone.</p>
          </ConfirmDialog>
        </div>
      </td>
    </tr>
  );
}

/**
 * One of the list's filters: choosing applies it at once. Keyed by its URL value where it is used,
 * so the back button puts the previous choice back.
 */
function FilterSelect({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<readonly [value: string, text: React.ReactNode]>;
  onChange: (value: string) => void;
}) {
  return (
    <select name={name} aria-label={label} defaultValue={value} onChange={(e) => onChange(e.currentTarget.value)} className={selectClass}>
      {options.map(([optionValue, text]) => (
        <option key={optionValue} value={optionValue}>
          {text}
        </option>
      ))}
    </select>
  );
}
