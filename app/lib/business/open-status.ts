/**
 * What a page may say about whether a business is open: only what its
 * real hours, in its own time zone, or Google's business_status say (never the default schedule).
 * No hours: "Hours not listed".
 * The words follow Google's status line ("Open Now · Closes 6:00 PM", "Closed · Opens 9:00 AM Mon",
 * "Open Now · Open 24 hours"); "Open Now" and "Closed" stay the spec's own words (SPEC §2).
 */
import { formatMinutes, openStateAt, type HoursChange, type OpeningHours } from "#app/lib/business/hours";

type OpenState = "open" | "closed" | "unknown" | "closed-temporarily" | "closed-permanently";

/** The status line of a card or a detail page: its state (for colour) and its words. */
export type OpenStatus = { state: OpenState; label: string };

/** `timeZone`: the zone the hours are read in (time-zones.ts effectiveTimeZone); null when unknown. */
export type OpenStatusFacts = { openingHours: OpeningHours | null; timeZone: string | null; businessStatus: string | null };

/** Outscraper's business_status says the business is not trading, for now or for good. */
export function isClosedStatus(businessStatus: string | null | undefined): boolean {
  return businessStatus === "CLOSED_TEMPORARILY" || businessStatus === "CLOSED_PERMANENTLY";
}

/** "Mon" for a change on another day; nothing for today (or, for a closing, within the next 24 hours). */
function when(change: HoursChange, withinDay: boolean): string {
  const time = formatMinutes(change.minutes);
  return withinDay ? time : `${time} ${change.day.slice(0, 3)}`;
}

export function openStatus(business: OpenStatusFacts, now: Date): OpenStatus {
  if (business.businessStatus === "CLOSED_PERMANENTLY") return { state: "closed-permanently", label: "Permanently closed" };
  if (business.businessStatus === "CLOSED_TEMPORARILY") return { state: "closed-temporarily", label: "Temporarily closed" };
  if (!business.openingHours) return { state: "unknown", label: "Hours not listed" };
  // Hours without a known zone cannot say whether it is open now: the page shows them, claims nothing.
  if (!business.timeZone) return { state: "unknown", label: "See opening hours" };
  const state = openStateAt(business.openingHours, now, business.timeZone);
  if (state === null) return { state: "unknown", label: "Hours not listed" };
  const { open, allDay, change } = state;
  if (open) {
    if (allDay) return { state: "open", label: "Open Now · Open 24 hours" };
    // A closing past midnight is still "Closes 2:00 AM", as Google writes it.
    return { state: "open", label: change ? `Open Now · Closes ${when(change, change.fromNow <= 1440)}` : "Open Now" };
  }
  return { state: "closed", label: change ? `Closed · Opens ${when(change, change.daysAhead === 0)}` : "Closed" };
}
