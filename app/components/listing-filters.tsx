import { Form, Link } from "react-router";
import { filtersActive, type ListingFilters } from "#app/lib/search/listing-filters";
import { MIN_RATING_CHOICES } from "#app/lib/search/search-links";
import { Button } from "#app/components/ui/button";
import { Select } from "#app/components/ui/select";

/**
 * Open now and a minimum rating on a listing page: a GET form to the page itself, so it
 * works without JavaScript and every filtered page has its own URL (and cache entry). `hidden` keeps
 * the page's other parameters (the /businesses search and category).
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
  const active = filtersActive(filters);
  return (
    <Form
      method="get"
      action={action}
      className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <label className="flex h-10 items-center gap-2 font-medium text-slate-700">
        <input type="checkbox" name="openNow" value="1" defaultChecked={filters.openNow} className="h-4 w-4 accent-blue-700" />
        Open now
      </label>
      <label className="flex flex-col gap-1 font-medium text-slate-700">
        Minimum rating
        <Select name="minRating" defaultValue={filters.minRating ? String(filters.minRating) : ""} className="h-10 text-sm">
          <MinRatingOptions />
        </Select>
      </label>
      <Button type="submit" variant="outline" size="sm" className="h-10">
        Apply filters
      </Button>
      {active ? (
        <>
          <Link
            to={
              action + (Object.values(hidden).some(Boolean) ? `?${new URLSearchParams(Object.entries(hidden).filter(([, v]) => v))}` : "")
            }
            className="h-10 content-center px-2 font-medium text-blue-800 hover:underline"
          >
            Clear filters
          </Link>
          {summary ? <p className="ml-auto h-10 content-center text-slate-700">{summary}</p> : null}
        </>
      ) : null}
    </Form>
  );
}

/** The "Minimum rating" choices, Any and then each of MIN_RATING_CHOICES, as the listings and /search offer them. */
export function MinRatingOptions() {
  return (
    <>
      <option value="">Any</option>
      {MIN_RATING_CHOICES.map((r) => (
        <option key={r} value={String(r)}>
          {r}+ stars
        </option>
      ))}
    </>
  );
}
