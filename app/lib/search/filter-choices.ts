/**
 * What the filter bar offers and the count beside each choice (docs/search-and-lists.md, "Filters";
 * ADR 0031). Two sources, one shape (FilterChoices):
 *
 * - a listing (a city, a category, a city × category, /businesses): attribute_counts, the exact
 *   number of the listing's businesses with each attribute (read in the listing's opening batch).
 *   A filtered page shows the same counts: a count is what the listing has, not what the filters
 *   already chosen leave.
 * - /search: counted on the rows the search read (its first block or window, else its page): exact
 *   when those rows are the whole match, else a true lower bound (`atLeast`).
 *
 * Accessibility comes first, then the most common others up to MAX_OTHER_CHOICES and the popular
 * ones (POPULAR_FILTERS) the listing has. A selected filter
 * the source does not have still shows (count 0), so it can be unselected. Labels are in the page's
 * locale (attributeLabel). Pure.
 */
import { attributeLabel } from "#app/lib/business/attribute-labels";
import {
  attributesOf,
  attributeTerm,
  isAccessibility,
  OPEN_24_HOURS_TERM,
  OPEN_LATE_TERM,
  type AttributeEntry,
} from "#app/lib/business/attributes";
import type { About } from "#app/lib/business/business";
import { titleCaseFromSlug } from "#app/lib/format";
import type { AttributeFilters, AttributeOption, FilterChoices, FilterCount } from "#app/lib/search/listing-filters";

/** Attributes outside the accessibility group offered at most (the most common of the listing). */
export const MAX_OTHER_CHOICES = 10;

/**
 * What visitors most often filter by (the first filters of Google Maps and Yelp): offered wherever
 * the listing has them, whatever their rank among its attributes (read by key beside the most common).
 */
export const POPULAR_FILTERS = ["outdoor-seating", "delivery", "takeout", "wi-fi", "free-wi-fi", "good-for-kids"] as const;

/** A row of attribute_counts ⋈ attributes: a term, its count, and its vocabulary entry (null for the opening-time terms). */
export type AttributeCountRow = { term: string; count: number; slug: string | null; label: string | null; group: string | null };

type Counted = { entry: Pick<AttributeEntry, "slug" | "label" | "group">; count: number };

function choices(
  counted: Counted[],
  times: { openLate: number; open24h: number },
  selected: AttributeFilters,
  locale: string,
  atLeast: boolean,
): FilterChoices {
  const sorted = [...counted].sort((a, b) => b.count - a.count || a.entry.slug.localeCompare(b.entry.slug));
  const accessible = sorted.filter((c) => isAccessibility(c.entry.group));
  const popular = new Set<string>(POPULAR_FILTERS);
  const others = sorted
    .filter((c) => !isAccessibility(c.entry.group))
    .filter((c, rank) => rank < MAX_OTHER_CHOICES || popular.has(c.entry.slug));
  const option = ({ entry, count }: Counted): AttributeOption => ({
    slug: entry.slug,
    label: attributeLabel(entry, locale),
    count,
    atLeast: atLeast && count > 0,
    accessibility: isAccessibility(entry.group),
  });
  const attributes = [...accessible, ...others].map(option);
  const known = new Map(sorted.map((c) => [c.entry.slug, c]));
  // A selected filter always shows: with its count when the source has it, else 0 (the listing has none).
  for (const slug of selected.has) {
    if (attributes.some((a) => a.slug === slug)) continue;
    const found = known.get(slug);
    attributes.push(option(found ?? { entry: { slug, label: titleCaseFromSlug(slug), group: "" }, count: 0 }));
  }
  const time = (count: number): FilterCount => ({ count, atLeast: atLeast && count > 0 });
  return { attributes, openLate: time(times.openLate), open24h: time(times.open24h) };
}

/** A listing's choices from its attribute_counts rows: exact counts. */
export function choicesFromCounts(rows: readonly AttributeCountRow[], selected: AttributeFilters, locale: string): FilterChoices {
  // A chosen attribute may come twice (among the most common and read by key): once each.
  const counted = new Map<string, Counted>();
  const times = { openLate: 0, open24h: 0 };
  for (const row of rows) {
    if (row.term === OPEN_LATE_TERM) times.openLate = row.count;
    else if (row.term === OPEN_24_HOURS_TERM) times.open24h = row.count;
    else if (row.slug && row.label !== null && row.count > 0)
      counted.set(row.slug, { entry: { slug: row.slug, label: row.label, group: row.group ?? "" }, count: row.count });
  }
  return choices([...counted.values()], times, selected, locale, false);
}

/**
 * The choices counted on rows a search read (each a result: it matches every filter chosen): the
 * attributes their `about` says they have, and their opening-time terms. `whole`: the rows are the
 * whole match (exact counts); else each count is a lower bound.
 */
export function choicesFromRows(
  rows: ReadonlyArray<{ about: string | null; filterTerms: string | null }>,
  whole: boolean,
  selected: AttributeFilters,
  locale: string,
): FilterChoices {
  const bySlug = new Map<string, Counted>();
  const times = { openLate: 0, open24h: 0 };
  for (const row of rows) {
    const terms = new Set(parseList(row.filterTerms));
    if (terms.has(OPEN_LATE_TERM)) times.openLate++;
    if (terms.has(OPEN_24_HOURS_TERM)) times.open24h++;
    for (const a of attributesOf(parseAbout(row.about))) {
      // The stored terms decide (the same as the FTS index's): `about` gives the label and the group.
      if (!a.value || !terms.has(attributeTerm(a.slug))) continue;
      const c = bySlug.get(a.slug) ?? { entry: { slug: a.slug, label: a.label, group: a.group }, count: 0 };
      c.count++;
      bySlug.set(a.slug, c);
    }
  }
  return choices([...bySlug.values()], times, selected, locale, !whole);
}

function parseList(json: string | null): string[] {
  if (!json) return [];
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

function parseAbout(json: string | null): About | null {
  if (!json) return null;
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as About) : null;
  } catch {
    return null;
  }
}
