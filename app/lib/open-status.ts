/**
 * What a page may say about whether a business is open (issue 17, CLARIFICATIONS 13): only what its
 * real hours, in its own time zone, or Google's business_status say. No hours: "Hours not listed".
 */
import { isOpenAt, type OpeningHours } from "./hours";

export type OpenState = "open" | "closed" | "unknown" | "closed-temporarily" | "closed-permanently";

/** The status line of a card or a detail page: its state (for colour) and its words. */
export type OpenStatus = { state: OpenState; label: string };

export function openStatus(
  business: { openingHours: OpeningHours | null; timeZone: string | null; businessStatus: string | null },
  now: Date,
): OpenStatus {
  if (business.businessStatus === "CLOSED_PERMANENTLY") return { state: "closed-permanently", label: "Permanently closed" };
  if (business.businessStatus === "CLOSED_TEMPORARILY") return { state: "closed-temporarily", label: "Temporarily closed" };
  const open = isOpenAt(business.openingHours, now, business.timeZone);
  if (open === null) return { state: "unknown", label: "Hours not listed" };
  return open ? { state: "open", label: "Open Now" } : { state: "closed", label: "Closed" };
}
