import { useLingui } from "@lingui/react";
import { Form, Link, useNavigate } from "react-router";
import { DAY_KEYS, LATE_FROM, OPEN_AT_HOURS, openAtParam, weekdayOf, type DayKey } from "#app/lib/business/attributes";
import { weekdayName } from "#app/lib/business/hours";
import { formatCount } from "#app/lib/format";
import { memoized } from "#app/lib/memo";
import { canonicalFilterHref, filterChips, type FilterChip } from "#app/lib/search/filter-form";
import {
  filtersActive,
  type AttributeOption,
  type FilterChoices,
  type FilterCount,
  type ListingFilters,
} from "#app/lib/search/listing-filters";
import { MIN_RATING_CHOICES } from "#app/lib/search/search-links";
import { useLocalePath } from "#app/components/page-locale";
import { Button } from "#app/components/ui/button";
import { Select } from "#app/components/ui/select";

/** No attribute offered, no count known: what a bar shows before its listing's choices are read. */
const NO_CHOICES: FilterChoices = {
  attributes: [],
  openLate: { count: null, atLeast: false },
  open24h: { count: null, atLeast: false },
};

const CHECKBOX = "h-4 w-4 shrink-0 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
const OPTION = "flex min-h-10 min-w-0 items-center gap-2 font-medium break-words text-slate-700";

/**
 * The filters of a listing page (a city, a category, a city × category, /businesses): open now, a
 * minimum rating, the attributes the listing's businesses have (accessibility first, each with its
 * count) and the opening times. A GET form to the page itself, so it works without JavaScript and
 * every filtered page has its own URL (and cache entry); with JavaScript it goes to the same URL in
 * the filters' one spelling (listingHref). `hidden` keeps the page's other parameters (the
 * /businesses search and category). `action` is the page's site path ("/city/Hue"); the form, its
 * chips and its "Clear filters" link stay in the page's locale ("/vi/city/Hue"). A new choice is
 * always page 1. On a phone the controls fold under a "Filters" toggle; the chosen filters stay in
 * view as chips, each a link to the page without it.
 */
export function ListingFilterBar({
  filters,
  choices = NO_CHOICES,
  action,
  hidden = {},
  summary,
}: {
  filters: ListingFilters;
  /** What the listing offers (its attributes and their counts). */
  choices?: FilterChoices;
  action: string;
  hidden?: Record<string, string>;
  /** The filtered count ("12 results"), shown when a filter is on. */
  summary?: string;
}) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  const kept = Object.entries(hidden).filter(([, value]) => value);
  const onSubmit = useCanonicalSubmit(lp(action));
  return (
    <Form
      method="get"
      action={lp(action)}
      onSubmit={onSubmit}
      className="mt-6 min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FoldedFilters filters={filters}>
        <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
          <label className={OPTION}>
            <input type="checkbox" name="openNow" value="1" defaultChecked={filters.openNow} className={CHECKBOX} />
            {_("filters.openNow")}
          </label>
          <label className="flex flex-col gap-1 font-medium text-slate-700">
            {_("filters.minRating")}
            <Select name="minRating" defaultValue={filters.minRating ? String(filters.minRating) : ""} className="h-10 text-sm">
              <MinRatingOptions />
            </Select>
          </label>
        </div>
        <AttributeFilterFields filters={filters} choices={choices} />
        <Button type="submit" variant="outline" size="sm" className="mt-3 h-10">
          {_("filters.apply")}
        </Button>
      </FoldedFilters>
      <FilterChips filters={filters} choices={choices} path={action} extra={new URLSearchParams(kept)} summary={summary} />
    </Form>
  );
}

/**
 * The bar's controls under a "Filters" toggle (<details>) on a phone; always shown from the md
 * breakpoint on (the toggle hidden, the content shown whatever its state).
 */
export function FoldedFilters({ filters, children }: { filters: ListingFilters; children: React.ReactNode }) {
  const { _ } = useLingui();
  const on = filterChipCount(filters);
  return (
    <details className="group min-w-0 md:details-content:[content-visibility:visible]">
      <summary className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-1 font-semibold text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-700 md:supports-[selector(::details-content)]:hidden">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-4 w-4 transition-transform group-open:rotate-90 rtl:-scale-x-100"
          fill="currentColor"
        >
          <path d="M7 4l6 6-6 6z" />
        </svg>
        {_("filters.toggle", { count: on })}
      </summary>
      <div className="mt-3 min-w-0 md:mt-0">{children}</div>
    </details>
  );
}

const filterChipCount = (f: ListingFilters) =>
  Number(f.openNow) + Number(f.minRating !== undefined) + f.has.length + Number(f.openAt !== null) + Number(f.openLate) + Number(f.open24h);

/**
 * The attribute and opening-time filters, as fieldsets: the accessibility attributes under their own
 * legend first, then the others, then "open at" (a day and a time of the business's own clock),
 * "open late" and "open 24 hours". Checkboxes named `has` (the URL joins them: `has=a,b`).
 */
export function AttributeFilterFields({ filters, choices }: { filters: ListingFilters; choices: FilterChoices }) {
  const { _, i18n } = useLingui();
  const locale = i18n.locale;
  const offered = offeredAttributes(filters, choices);
  const accessibility = offered.filter((a) => a.accessibility);
  const others = offered.filter((a) => !a.accessibility);
  const selected = new Set(filters.has);
  return (
    <div className="mt-3 grid min-w-0 gap-4 md:grid-cols-3">
      {accessibility.length ? (
        <fieldset className="min-w-0">
          <legend className="font-semibold text-slate-900">{_("filters.accessibility")}</legend>
          <AttributeBoxes options={accessibility} selected={selected} />
        </fieldset>
      ) : null}
      {others.length ? (
        <fieldset className="min-w-0">
          <legend className="font-semibold text-slate-900">{_("filters.amenities")}</legend>
          <AttributeBoxes options={others} selected={selected} />
        </fieldset>
      ) : null}
      <fieldset className="min-w-0">
        <legend className="font-semibold text-slate-900">{_("filters.openingTimes")}</legend>
        <p className="mt-1 text-slate-600">{_("filters.openingTimesHint")}</p>
        <div className="mt-2 flex flex-wrap items-end gap-3">
          {/* Both named openAt: the URL carries `openAt=sun&openAt=10:00`, read as "sun-10:00" (one is no filter). */}
          <label className="flex flex-col gap-1 font-medium text-slate-700">
            {_("filters.openAtDay")}
            <Select name="openAt" defaultValue={filters.openAt?.day ?? ""} className="h-10 text-sm">
              <option value="">{_("filters.anyDay")}</option>
              {DAY_KEYS.map((day: DayKey) => (
                <option key={day} value={day}>
                  {weekdayName(weekdayOf(day), locale)}
                </option>
              ))}
            </Select>
          </label>
          <label className="flex flex-col gap-1 font-medium text-slate-700">
            {_("filters.openAtTime")}
            <Select name="openAt" defaultValue={filters.openAt ? openAtParam(filters.openAt).slice(4) : ""} className="h-10 text-sm">
              <option value="">{_("filters.anyTime")}</option>
              {OPEN_AT_HOURS.map((hour) => (
                <option key={hour} value={`${String(hour).padStart(2, "0")}:00`}>
                  {clockTime(hour * 60, locale)}
                </option>
              ))}
            </Select>
          </label>
        </div>
        <label className={`${OPTION} mt-2`}>
          <input type="checkbox" name="openLate" value="1" defaultChecked={filters.openLate} className={CHECKBOX} />
          {counted(_, _("filters.openLate", { time: clockTime(LATE_FROM, locale) }), choices.openLate, locale)}
        </label>
        <label className={OPTION}>
          <input type="checkbox" name="open24h" value="1" defaultChecked={filters.open24h} className={CHECKBOX} />
          {counted(_, _("filters.open24h"), choices.open24h, locale)}
        </label>
      </fieldset>
    </div>
  );
}

function AttributeBoxes({ options, selected }: { options: AttributeOption[]; selected: ReadonlySet<string> }) {
  const { _, i18n } = useLingui();
  return (
    <ul className="mt-1 grid min-w-0 gap-x-4 sm:grid-cols-2 md:grid-cols-1">
      {options.map((a) => (
        <li key={a.slug} className="min-w-0">
          <label className={OPTION}>
            <input type="checkbox" name="has" value={a.slug} defaultChecked={selected.has(a.slug)} className={CHECKBOX} />
            <span className="min-w-0">{counted(_, a.label, a, i18n.locale)}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

type Translate = ReturnType<typeof useLingui>["_"];

/** "Outdoor seating (12)", "(12+)" when the count is a lower bound, the label alone when it is unknown. */
function counted(_: Translate, label: string, { count, atLeast }: FilterCount, locale: string): string {
  if (count === null) return label;
  const n = formatCount(count, locale);
  return atLeast ? _("filters.optionCountAtLeast", { label, count: n }) : _("filters.optionCount", { label, count: n });
}

/** One clock formatter per locale for the isolate's life: building an Intl formatter costs far more than using one. */
const clockFormatFor = memoized(
  (locale: string) => new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }),
  100,
);

/** A time of day in the locale's clock ("10:00 AM", "10:00"). */
function clockTime(minutes: number, locale: string): string {
  return clockFormatFor(locale).format(Date.UTC(2024, 0, 1, 0, minutes));
}

/** The listing's attributes, and any chosen one it does not list (so it can be unchosen). */
function offeredAttributes(filters: ListingFilters, choices: FilterChoices): AttributeOption[] {
  const known = new Set(choices.attributes.map((a) => a.slug));
  const missing = filters.has
    .filter((slug) => !known.has(slug))
    .map((slug): AttributeOption => ({ slug, label: slug, count: null, atLeast: false, accessibility: false }));
  return [...choices.attributes, ...missing];
}

/**
 * The chosen filters as chips, each a link to the page without it (page 1), "Clear filters", and the
 * filtered count. `path` is the page's site path, `extra` its other parameters (a search's words).
 */
export function FilterChips({
  filters,
  choices,
  path,
  extra,
  summary,
}: {
  filters: ListingFilters;
  choices: FilterChoices;
  path: string;
  extra: URLSearchParams;
  summary?: string;
}) {
  const { _, i18n } = useLingui();
  const lp = useLocalePath();
  if (!filtersActive(filters)) return null;
  const chips = filterChips(filters, path, extra);
  const qs = extra.toString();
  return (
    <div className="mt-3 flex min-w-0 flex-wrap items-center gap-2 border-t border-slate-200 pt-3">
      <ul aria-label={_("filters.selected")} className="flex min-w-0 flex-wrap gap-2">
        {chips.map((chip) => {
          const label = chipLabel(_, chip, choices, i18n.locale);
          return (
            <li key={chip.key} className="min-w-0">
              <Link
                to={lp(chip.href)}
                aria-label={_("filters.remove", { label })}
                className="inline-flex min-h-8 max-w-full items-center gap-1 rounded-full border border-blue-200 bg-white px-3 py-1 font-medium break-words text-blue-900 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
              >
                <span className="min-w-0">{label}</span>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="h-3.5 w-3.5 shrink-0"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                >
                  <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
                </svg>
              </Link>
            </li>
          );
        })}
      </ul>
      <Link
        to={lp(path) + (qs ? `?${qs}` : "")}
        className="min-h-8 content-center px-2 font-medium text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        {_("filters.clear")}
      </Link>
      {summary ? <p className="ms-auto content-center text-slate-700">{summary}</p> : null}
    </div>
  );
}

function chipLabel(_: Translate, chip: FilterChip, choices: FilterChoices, locale: string): string {
  switch (chip.kind) {
    case "openNow":
      return _("filters.openNow");
    case "minRating":
      return _("filters.stars", { rating: chip.rating });
    case "has":
      return choices.attributes.find((a) => a.slug === chip.slug)?.label ?? chip.slug;
    case "openAt":
      return _("filters.openAtChip", { day: weekdayName(weekdayOf(chip.at.day), locale), time: clockTime(chip.at.hour * 60, locale) });
    case "openLate":
      return _("filters.openLate", { time: clockTime(LATE_FROM, locale) });
    case "open24h":
      return _("filters.open24h");
  }
}

/**
 * With JavaScript, a filter form goes to the URL in the filters' one spelling (`has=a,b`,
 * `openAt=sun-10:00`), page 1: one cache entry per filter set. Without, the browser's own GET gives
 * the same page (parseListingFilters reads both spellings).
 */
export function useCanonicalSubmit(action: string) {
  const navigate = useNavigate();
  return (event: React.FormEvent<HTMLFormElement>) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string") params.append(name, value);
    void navigate(canonicalFilterHref(action, params));
  };
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
