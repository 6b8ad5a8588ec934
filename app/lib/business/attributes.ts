/**
 * What a place has and lacks — the scraper's `about` groups ("Accessibility", "Service options",
 * "Amenities" …) — and when it is open, as filters (docs/search-and-lists.md, "Filters").
 *
 * - An attribute is (group, label, true/false), keyed by a stable slug of its label
 *   ("Outdoor seating" → `outdoor-seating`): the URL's `has=` and the API's `attributes[].slug`.
 * - A business's filter terms are FTS tokens (the `filter_terms` column, a JSON array the FTS index
 *   tokenizes): one per attribute it has (`atoutdoorseating0`), "open late" and "open 24 hours", and
 *   one per weekly time slot it is open at (`opsun100`: Sunday 10:00). A filter is then one more
 *   token AND-ed into a listing's FTS match, exact at any size. The trailing "0" keeps the porter
 *   stemmer off them, as the facets' tokens (search-query.ts).
 * - Times are the business's own clock (its weekly hours), as Google and Yelp filter: "open Sunday
 *   10:00" is 10:00 wherever the business is. A business without hours never matches a time filter.
 *
 * Pure: no runtime imports outside lib/.
 */
import { changeMinutes, isOpenAtWeekTime, WEEKDAYS, weeklyHoursOf, type OpeningHours, type Weekday } from "#app/lib/business/hours";
import { slugify } from "#app/lib/business/slug";
import { memoized } from "#app/lib/memo";
import type { About } from "#app/lib/business/business";

/** One fact of `about`: "Wheelchair accessible entrance" (group "Accessibility") is true or false. */
export type BusinessAttribute = { group: string; slug: string; label: string; value: boolean };

/** The group shown and offered first wherever the data has it. */
export const ACCESSIBILITY_GROUP = "Accessibility";

/** Asked for every group of every row a search counts choices on: the same few group names, memoized. */
export const isAccessibility = memoized((group: string) => slugify(group) === "accessibility");

/** The slug of an attribute's label: the key of filters, URLs and the API. */
export const attributeSlug = memoized((label: string) => slugify(label));

/**
 * Every attribute of `about`, accessibility first, then in the data's order; a label met twice keeps
 * its first value. Labels with no letter or digit (no slug) are left out.
 */
export function attributesOf(about: About | null | undefined): BusinessAttribute[] {
  if (!about) return [];
  const seen = new Set<string>();
  const out: BusinessAttribute[] = [];
  const groups = Object.keys(about).sort((a, b) => Number(isAccessibility(b)) - Number(isAccessibility(a)));
  for (const group of groups) {
    for (const [label, value] of Object.entries(about[group] ?? {})) {
      const slug = attributeSlug(label);
      if (!slug || seen.has(slug) || typeof value !== "boolean") continue;
      seen.add(slug);
      out.push({ group, slug, label, value });
    }
  }
  return out;
}

// ── Opening-time filters ──

/** The weekdays as the URL spells them (`openAt=sun-10:00`), Monday first as WEEKDAYS. */
export const DAY_KEYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type DayKey = (typeof DAY_KEYS)[number];

/** The times "open at" offers, local hours of the day: every two hours from 06:00 to 22:00. */
export const OPEN_AT_HOURS = [6, 8, 10, 12, 14, 16, 18, 20, 22] as const;

/** "Open late": open at some minute from LATE_FROM (21:00) to midnight, on at least one day. */
export const LATE_FROM = 21 * 60;

export type OpenAt = { day: DayKey; hour: number };

export const weekdayOf = (day: DayKey): Weekday => WEEKDAYS[DAY_KEYS.indexOf(day)];

/** `sun-10:00` → { day: "sun", hour: 10 }; null unless the day and the time are among the offered ones. */
export function parseOpenAt(text: string | null | undefined): OpenAt | null {
  const m = /^([a-z]{3})-(\d{1,2})(?::00)?$/.exec((text ?? "").trim().toLowerCase());
  if (!m) return null;
  const day = m[1] as DayKey;
  const hour = Number(m[2]);
  return DAY_KEYS.includes(day) && (OPEN_AT_HOURS as readonly number[]).includes(hour) ? { day, hour } : null;
}

export const openAtParam = (at: OpenAt) => `${at.day}-${String(at.hour).padStart(2, "0")}:00`;

/** Open at the local weekday and time (minutes past midnight), from the weekly hours alone. */
export function isOpenAtTime(hours: OpeningHours | null, day: Weekday, minutes: number): boolean {
  return hours ? isOpenAtWeekTime(hours, day, minutes) === true : false;
}

/** Open late: open at some minute from 21:00 to midnight on at least one day (checked where being open can change). */
export function isOpenLate(hours: OpeningHours | null): boolean {
  if (!hours) return false;
  return WEEKDAYS.some((day) =>
    [LATE_FROM, ...changeMinutes(hours, day).filter((m) => m >= LATE_FROM)].some((m) => isOpenAtTime(hours, day, m)),
  );
}

/** Open 24 hours: open at every minute of the week (checked where being open can change). */
export function isOpen24Hours(hours: OpeningHours | null): boolean {
  if (!hours) return false;
  return WEEKDAYS.every((day) => changeMinutes(hours, day).every((m) => isOpenAtTime(hours, day, m)));
}

// ── FTS terms ──

/** The token of "has this attribute". */
export const attributeTerm = (slug: string) => `at${slug.replace(/-/g, "")}0`;
export const OPEN_LATE_TERM = "oplate0";
export const OPEN_24_HOURS_TERM = "op24h0";
/** The token of "open at this weekday and hour" (`opsun100`). */
export const openAtTerm = (at: OpenAt) => `op${at.day}${String(at.hour).padStart(2, "0")}0`;

/** Filter tokens never stand for a visitor's word (the search's prefix expansion leaves them out). */
export const FILTER_TERM = /^(at\S*|op(late|24h|[a-z]{3}\d\d))0$/;

/**
 * The business's filter terms: its attributes that are true, open late, open 24 hours, and every
 * offered weekly slot it is open at (none for a business open 24 hours: OPEN_24_HOURS_TERM stands for
 * them, and an "open at" query asks for either). Null when it has none.
 */
export function filterTermsOf(
  about: About | null | undefined,
  hours: OpeningHours | Record<string, string> | null | undefined,
): string[] | null {
  // Two labels may spell one term ("Wi-Fi", "WiFi"): each term once, or the listings' counts would count it twice.
  const terms = [
    ...new Set(
      attributesOf(about)
        .filter((a) => a.value)
        .map((a) => attributeTerm(a.slug)),
    ),
  ];
  // The hours as the pages read them (open now): a day spelled "monday" or "Mon" is Monday here too.
  const weekly = weeklyHoursOf(hours);
  if (isOpenLate(weekly)) terms.push(OPEN_LATE_TERM);
  if (isOpen24Hours(weekly)) terms.push(OPEN_24_HOURS_TERM);
  else if (weekly)
    for (const day of DAY_KEYS)
      for (const hour of OPEN_AT_HOURS) if (isOpenAtTime(weekly, weekdayOf(day), hour * 60)) terms.push(openAtTerm({ day, hour }));
  return terms.length ? terms : null;
}

/** An attribute as the vocabulary stores it (the `attributes` table): its term, slug, label and group. */
export type AttributeEntry = { term: string; slug: string; label: string; group: string };

/** The distinct attributes of some businesses' `about`, as vocabulary entries (the writer stores new ones). */
export function attributeEntries(abouts: ReadonlyArray<About | null | undefined>): AttributeEntry[] {
  const bySlug = new Map<string, AttributeEntry>();
  for (const about of abouts)
    for (const a of attributesOf(about))
      if (!bySlug.has(a.slug)) bySlug.set(a.slug, { term: attributeTerm(a.slug), slug: a.slug, label: a.label, group: a.group });
  return [...bySlug.values()];
}
