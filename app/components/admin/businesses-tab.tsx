import { useCallback, useEffect, useState } from "react";
import { pageWindow, STATUS_FILTERS, type AdminBusinessPage, type AdminSummary, type StatusFilter } from "~/lib/admin-businesses";
import { errorText } from "~/lib/admin-fetch";
import type { Business } from "~/lib/business";
import { toast } from "~/lib/toast";
import { BusinessEditForm } from "./business-edit-form";
import { useAdminApi } from "./use-admin-api";

type Filters = { search: string; category: string; status: StatusFilter; country: string; page: number };

const STATUS_LABELS: Record<StatusFilter, string> = { all: "All Status", verified: "Verified", pending: "Pending" };
const format = new Intl.NumberFormat("en-US");
const selectClass = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

function listUrl(f: Filters): string {
  const q = new URLSearchParams();
  if (f.page > 1) q.set("page", String(f.page));
  if (f.search) q.set("search", f.search);
  if (f.category) q.set("category", f.category);
  if (f.status !== "all") q.set("status", f.status);
  if (f.country) q.set("country", f.country);
  const text = q.toString();
  return `/api/admin/businesses${text ? `?${text}` : ""}`;
}

/** SPEC §2 file name: businesses_{country or all}_{date}.xlsx, unless the server names it. */
function exportFileName(response: Response, country: string): string {
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (named) return decodeURIComponent(named[1]);
  return `businesses_${country || "all"}_${new Date().toISOString().slice(0, 10)}.xlsx`;
}

/** Businesses: search, filters (all applied on the server), 50 per page, edit, verify, delete, export. */
export function BusinessesTab(_props: { onDataChanged?: () => void }) {
  const api = useAdminApi();
  const [filters, setFilters] = useState<Filters>({ search: "", category: "", status: "all", country: "", page: 1 });
  const [searchText, setSearchText] = useState("");
  const [summary, setSummary] = useState<AdminSummary | null>(null);
  const [data, setData] = useState<AdminBusinessPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<Business | null>(null);
  const [exporting, setExporting] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);

  useEffect(() => {
    api.json<AdminSummary>("/api/admin/summary").then(setSummary, () => setSummary(null));
  }, [api.json]);

  const load = useCallback(
    (f: Filters) => {
      setFailed(false);
      return api.json<AdminBusinessPage>(listUrl(f)).then(
        (page) => setData(page),
        () => setFailed(true),
      );
    },
    [api.json],
  );

  useEffect(() => {
    void load(filters);
  }, [filters, load]);

  const change = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));

  async function exportExcel() {
    setExporting(true);
    try {
      const country = filters.country;
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

  async function toggleVerified(b: Business) {
    setBusyId(b.id);
    try {
      const updated = await api.json<Business>(`/api/admin/businesses/${b.id}/verify`, { method: "POST", json: { verified: !b.isVerified } });
      toast({ title: updated.isVerified ? "Business verified" : "Business marked as pending", description: updated.name });
      await load(filters);
    } catch (error) {
      toast({ title: "Update failed", description: errorText(error, "Failed to update business"), variant: "destructive" });
    } finally {
      setBusyId(null);
    }
  }

  async function remove(b: Business) {
    if (!window.confirm(`Delete "${b.name}"? This cannot be undone.`)) return;
    setBusyId(b.id);
    try {
      await api.json(`/api/admin/businesses/${b.id}`, { method: "DELETE" });
      toast({ title: "Business deleted", description: `${b.name} was removed` });
      await load(filters);
    } catch (error) {
      toast({ title: "Delete failed", description: errorText(error, "Failed to delete business"), variant: "destructive" });
    } finally {
      setBusyId(null);
    }
  }

  if (editing) {
    return (
      <BusinessEditForm
        business={editing}
        onCancel={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void load(filters);
        }}
      />
    );
  }

  const totalPages = data?.totalPages ?? 0;
  const page = data?.page ?? 1;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <form
          role="search"
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            change({ search: searchText.trim() });
          }}
        >
          <label htmlFor="admin-search" className="sr-only">
            Search businesses
          </label>
          <input
            id="admin-search"
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Search businesses..."
            className="w-64 rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <button type="submit" className="rounded-md bg-slate-800 px-3 py-2 text-sm font-medium text-white hover:bg-slate-900">
            Search
          </button>
        </form>
        <label className="text-sm">
          <span className="sr-only">Category</span>
          <select aria-label="Category" value={filters.category} onChange={(e) => change({ category: e.target.value })} className={selectClass}>
            <option value="">All Categories</option>
            {summary?.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.category} ({c.businessCount})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="sr-only">Status</span>
          <select aria-label="Status" value={filters.status} onChange={(e) => change({ status: e.target.value as StatusFilter })} className={selectClass}>
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="sr-only">Country</span>
          <select aria-label="Country" value={filters.country} onChange={(e) => change({ country: e.target.value })} className={selectClass}>
            <option value="">All Countries</option>
            {summary?.countries.map((c) => (
              <option key={c.country} value={c.country}>
                {c.country} ({c.businessCount})
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={exportExcel}
          disabled={exporting}
          className="ml-auto rounded-md bg-green-700 px-4 py-2 text-sm font-medium text-white hover:bg-green-800 disabled:opacity-60"
        >
          {exporting ? "Exporting..." : "Export to Excel"}
        </button>
      </div>

      {failed ? (
        <p className="text-red-700">Unable to load businesses. Please try again later.</p>
      ) : !data ? (
        <p className="text-slate-500">Loading...</p>
      ) : data.businesses.length === 0 ? (
        <p className="text-slate-600">No businesses found</p>
      ) : (
        <>
          <p className="text-sm text-slate-600" data-testid="admin-total">
            {format.format(data.totalCount)} businesses
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th className="py-2 pr-3 font-medium">Name</th>
                  <th className="py-2 pr-3 font-medium">Category</th>
                  <th className="py-2 pr-3 font-medium">City</th>
                  <th className="py-2 pr-3 font-medium">Country</th>
                  <th className="py-2 pr-3 font-medium">Rating</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 font-medium">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data.businesses.map((b) => (
                  <tr key={b.id} className="border-b border-slate-100" data-testid="admin-business-row">
                    <td className="py-2 pr-3 font-medium">{b.name}</td>
                    <td className="py-2 pr-3">{b.category}</td>
                    <td className="py-2 pr-3">{b.city}</td>
                    <td className="py-2 pr-3">{b.country}</td>
                    <td className="py-2 pr-3 tabular-nums">{b.rating.toFixed(1)}</td>
                    <td className="py-2 pr-3">
                      {b.isVerified ? (
                        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">Verified</span>
                      ) : (
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Pending</span>
                      )}
                    </td>
                    <td className="py-2">
                      <div className="flex gap-2">
                        <button type="button" onClick={() => setEditing(b)} className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50" aria-label={`Edit ${b.name}`}>
                          Edit
                        </button>
                        <button
                          type="button"
                          disabled={busyId === b.id}
                          onClick={() => toggleVerified(b)}
                          className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 disabled:opacity-60"
                          aria-label={`${b.isVerified ? "Unverify" : "Verify"} ${b.name}`}
                        >
                          {b.isVerified ? "Unverify" : "Verify"}
                        </button>
                        <button
                          type="button"
                          disabled={busyId === b.id}
                          onClick={() => remove(b)}
                          className="rounded border border-red-300 px-2 py-1 text-xs text-red-700 hover:bg-red-50 disabled:opacity-60"
                          aria-label={`Delete ${b.name}`}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {totalPages > 1 ? (
            <nav aria-label="Pagination" className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => setFilters((f) => ({ ...f, page: page - 1 }))}
                className="rounded border border-slate-300 px-3 py-1 text-sm disabled:opacity-50"
              >
                Previous
              </button>
              {pageWindow(page, totalPages).map((n) => (
                <button
                  key={n}
                  type="button"
                  aria-current={n === page ? "page" : undefined}
                  aria-label={`Page ${n}`}
                  onClick={() => setFilters((f) => ({ ...f, page: n }))}
                  className={`rounded border px-3 py-1 text-sm ${n === page ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300"}`}
                >
                  {n}
                </button>
              ))}
              <button
                type="button"
                disabled={page >= totalPages}
                onClick={() => setFilters((f) => ({ ...f, page: page + 1 }))}
                className="rounded border border-slate-300 px-3 py-1 text-sm disabled:opacity-50"
              >
                Next
              </button>
              <span className="text-sm text-slate-600">
                Page {page} of {totalPages}
              </span>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
