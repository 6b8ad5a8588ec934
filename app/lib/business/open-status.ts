/**
 * What a page may say about whether a business is open: only what its
 * real hours, in its own time zone, or Google's business_status say (never the default schedule).
 * No hours: "Hours not listed".
 * The words follow Google's status line ("Open Now · Closes 6:00 PM", "Closed · Opens 9:00 AM Mon",
 * "Open Now · Open 24 hours"); "Open Now" and "Closed" stay the spec's own words (SPEC §2).
 * Those English words are the API's `label`; pages say the same phrase in their locale, on its
 * clock (app/components/open-status.tsx and the `openStatus.*` messages).
 */
import {
  formatMinutes,
  openStateAt,
  type DayOverride,
  type DaySchedule,
  type HoursChange,
  type OpeningHours,
  type Weekday,
} from "#app/lib/business/hours";
import { memoized } from "#app/lib/memo";
import { specialHoursOn, type SpecialHours, type SpecialHoursEntry } from "#app/lib/business/special-hours";

type OpenState = "open" | "closed" | "unknown" | "closed-temporarily" | "closed-permanently";

/**
 * Which words the status line says, for the page's locale (open-status.tsx, the `openStatus.*`
 * messages): "closes" and "opens" come with the time of the change and, when it is not today's, its day.
 */
type OpenStatusPhrase =
  "permanentlyClosed" | "temporarilyClosed" | "hoursNotListed" | "seeHours" | "openAllDay" | "openNow" | "closes" | "closed" | "opens";

/**
 * The status line of a card or a detail page: its state (for colour), its words in English (the
 * API's `label`), and the same words as parts a page says in its locale: the phrase, and for
 * "closes"/"opens" the minute of the day of the change and its weekday when not today's.
 */
export type OpenStatus = { state: OpenState; label: string; phrase: OpenStatusPhrase; minutes?: number; day?: Weekday };

/**
 * `timeZone`: the zone the hours are read in (time-zones.ts effectiveTimeZone); null when unknown.
 * `specialHours`: holidays and one-off hours, which replace the weekly hours on their local dates.
 */
export type OpenStatusFacts = {
  openingHours: OpeningHours | null;
  timeZone: string | null;
  businessStatus: string | null;
  specialHours?: SpecialHours;
};

/** Outscraper's business_status says the business is not trading, for now or for good. */
export function isClosedStatus(businessStatus: string | null | undefined): boolean {
  return businessStatus === "CLOSED_TEMPORARILY" || businessStatus === "CLOSED_PERMANENTLY";
}

/** The change's time, and its day when it is not today's (or, for a closing, within the next 24 hours). */
function change(phrase: "closes" | "opens", change: HoursChange, withinDay: boolean) {
  return withinDay ? { phrase, minutes: change.minutes } : { phrase, minutes: change.minutes, day: change.day };
}

/** The English words of a phrase: the API's `label`. */
function englishLabel(status: Omit<OpenStatus, "label">): string {
  const at = () => `${formatMinutes(status.minutes ?? 0)}${status.day ? ` ${status.day.slice(0, 3)}` : ""}`;
  switch (status.phrase) {
    case "permanentlyClosed":
      return "Permanently closed";
    case "temporarilyClosed":
      return "Temporarily closed";
    case "hoursNotListed":
      return "Hours not listed";
    case "seeHours":
      return "See opening hours";
    case "openAllDay":
      return "Open Now · Open 24 hours";
    case "openNow":
      return "Open Now";
    case "closes":
      return `Open Now · Closes ${at()}`;
    case "closed":
      return "Closed";
    case "opens":
      return `Closed · Opens ${at()}`;
  }
}

function status(state: OpenState, words: Pick<OpenStatus, "phrase" | "minutes" | "day">): OpenStatus {
  const parts = { state, ...words };
  return { state, label: englishLabel(parts), ...words };
}

export function openStatus(business: OpenStatusFacts, now: Date): OpenStatus {
  if (business.businessStatus === "CLOSED_PERMANENTLY") return status("closed-permanently", { phrase: "permanentlyClosed" });
  if (business.businessStatus === "CLOSED_TEMPORARILY") return status("closed-temporarily", { phrase: "temporarilyClosed" });
  const special = business.specialHours ?? [];
  if (!business.openingHours && !special.length) return status("unknown", { phrase: "hoursNotListed" });
  // Hours without a known zone cannot say whether it is open now: the page shows them, claims nothing.
  if (!business.timeZone) return status("unknown", { phrase: "seeHours" });
  const state = openStateAt(business.openingHours, now, business.timeZone, specialOverride(special, now, business.timeZone));
  if (state === null) return status("unknown", { phrase: "hoursNotListed" });
  const { open, allDay, change: next } = state;
  if (open) {
    if (allDay) return status("open", { phrase: "openAllDay" });
    // A closing past midnight is still "Closes 2:00 AM", as Google writes it.
    return status("open", next ? change("closes", next, next.fromNow <= 1440) : { phrase: "openNow" });
  }
  return status("closed", next ? change("opens", next, next.daysAhead === 0) : { phrase: "closed" });
}

/** One formatter per zone for the isolate's life: the local calendar date ("2026-12-25") at an instant. */
const dateFormatFor = memoized((timeZone: string): Intl.DateTimeFormat | null => {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  } catch {
    return null;
  }
}, 1000);

/** The calendar date ("2026-12-25") at `date` in `timeZone` (UTC when the zone is unknown). */
export function localDate(date: Date, timeZone: string | null | undefined): string {
  const formatter = dateFormatFor(timeZone || "UTC") ?? (dateFormatFor("UTC") as Intl.DateTimeFormat);
  const parts = formatter.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** The calendar date `days` after a date ("2026-12-31" + 1 → "2027-01-01"). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A special-hours entry as a day's schedule: closed all day, or open from `opens` to `closes` (past midnight when earlier). */
function specialSchedule(entry: SpecialHoursEntry): DaySchedule {
  if (entry.closed || entry.opens === undefined || entry.closes === undefined) return { kind: "closed" };
  const open = toMinutes(entry.opens);
  const close = toMinutes(entry.closes);
  if (open === close) return { kind: "24h" };
  return { kind: "intervals", intervals: [{ open, close: close === 0 ? 1440 : close }] };
}

/** The special hours in place of the weekly ones, by day offset from today's local date; none when there are none. */
function specialOverride(special: SpecialHours, now: Date, timeZone: string): DayOverride | undefined {
  if (!special.length) return undefined;
  const today = localDate(now, timeZone);
  return (offset) => {
    const entry = specialHoursOn(special, addDays(today, offset));
    return entry ? specialSchedule(entry) : undefined;
  };
}
