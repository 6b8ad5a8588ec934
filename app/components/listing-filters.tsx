import { useLingui } from "@lingui/react";
import { Form, Link } from "react-router";
import { filtersActive, type ListingFilters } from "#app/lib/search/listing-filters";
import { MIN_RATING_CHOICES } from "#app/lib/search/search-links";
import { useLocalePath } from "#app/components/page-locale";
import { Button } from "#app/components/ui/button";
import { Select } from "#app/components/ui/select";

/**
 * Open now and a minimum rating on a listing page: a GET form to the page itself, so it
 * works without JavaScript and every filtered page has its own URL (and cache entry). `hidden` keeps
 * the page's other parameters (the /businesses search and category). `action` is the page's site
 * path ("/city/Hue"); the form and its "Clear filters" link stay in the page's locale ("/vi/city/Hue").
 */
export function ListingFilterBar({
  filters,
  action,
  hidden = {},
  summary,
}: {
  filters: ListingFilters;
  action: string;
  hidden?: Record<string, string>;
  /** The filtered count ("12 results"), shown when a filter is on. */
  summary?: string;
}) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  const active = filtersActive(filters);
  const kept = Object.entries(hidden).filter(([, value]) => value);
  return (
    <Form
      method="get"
      action={lp(action)}
      className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="flex h-10 items-center gap-2 font-medium text-slate-700">
        <input type="checkbox" name="openNow" value="1" defaultChecked={filters.openNow} className="h-4 w-4 accent-blue-700" />
        {_("filters.openNow")}
      </label>
      <label className="flex flex-col gap-1 font-medium text-slate-700">
        {_("filters.minRating")}
        <Select name="minRating" defaultValue={filters.minRating ? String(filters.minRating) : ""} className="h-10 text-sm">
          <MinRatingOptions />
        </Select>
      </label>
      <Button type="submit" variant="outline" size="sm" className="h-10">
        {_("filters.apply")}
      </Button>
      {active ? (
        <>
          <Link
            to={lp(action) + (kept.length ? `?${new URLSearchParams(kept)}` : "")}
            className="h-10 content-center px-2 font-medium text-blue-800 hover:underline"
          >
            {_("filters.clear")}
          </Link>
          {summary ? <p className="ms-auto h-10 content-center text-slate-700">{summary}</p> : null}
        </>
      ) : null}
    </Form>
  );
}

/** The "Minimum rating" choices, Any and then each of MIN_RATING_CHOICES, as the listings and /search offer them. */
export function MinRatingOptions() {
  const { _ } = useLingui();
  return (
    <>
      <option value="">{_("filters.any")}</option>
      {MIN_RATING_CHOICES.map((r) => (
        <option key={r} value={String(r)}>
          {_("filters.stars", { rating: r })}
        </option>
      ))}
    </>
  );
}
