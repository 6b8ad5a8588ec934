import { useLingui } from "@lingui/react";
import type { I18n } from "@lingui/core";
import { formatTimeOfDay, weekdayName } from "#app/lib/business/hours";
import type { OpenStatus } from "#app/lib/business/open-status";

const DOT: Record<OpenStatus["state"], string> = {
  open: "bg-emerald-500",
  closed: "bg-red-500",
  unknown: "bg-slate-400",
  "closed-temporarily": "bg-amber-500",
  "closed-permanently": "bg-red-700",
};

const TEXT: Record<OpenStatus["state"], string> = {
  open: "text-emerald-800",
  closed: "text-red-800",
  unknown: "text-slate-600",
  "closed-temporarily": "text-amber-900",
  "closed-permanently": "text-red-900",
};

/**
 * The status line's words in the page's locale: the time of the change on the locale's clock
 * ("Closes 6:00 PM", "Đóng cửa lúc 18:00") and its day when it is not today's.
 */
export function openStatusText(status: OpenStatus, i18n: I18n): string {
  const locale = i18n.locale;
  const at = () => {
    const minutes = status.minutes ?? 0;
    return {
      time: formatTimeOfDay(minutes, locale),
      hour: Math.floor((minutes % 1440) / 60),
      day: status.day ? weekdayName(status.day, locale, "short") : "",
      weekday: status.day ? weekdayName(status.day, locale, "long") : "",
    };
  };
  switch (status.phrase) {
    case "permanentlyClosed":
      return i18n._("openStatus.permanentlyClosed");
    case "temporarilyClosed":
      return i18n._("openStatus.temporarilyClosed");
    case "seeHours":
      return i18n._("openStatus.seeHours");
    case "openAllDay":
      return i18n._("openStatus.openAllDay");
    case "openNow":
      return i18n._("openStatus.openNow");
    case "closes":
      return status.day ? i18n._("openStatus.closesOn", at()) : i18n._("openStatus.closes", at());
    case "closed":
      return i18n._("openStatus.closed");
    case "opens":
      return status.day ? i18n._("openStatus.opensOn", at()) : i18n._("openStatus.opens", at());
    default:
      return i18n._("openStatus.hoursNotListed");
  }
}

/**
 * The one open-status line of cards and the detail page (it claims nothing the hours do not say),
 * in the page's locale. `size="lg"` is the detail page's; the dot is decoration, the words carry the state.
 */
export function OpenStatusLine({ status, size = "sm" }: { status: OpenStatus; size?: "sm" | "lg" }) {
  const { i18n } = useLingui();
  return (
    <span className={`status-line ${size === "lg" ? "text-sm" : "text-xs"} ${TEXT[status.state]}`}>
      <span className={`${size === "lg" ? "h-2.5 w-2.5" : "h-2 w-2"} shrink-0 rounded-full ${DOT[status.state]}`} aria-hidden="true" />
      {openStatusText(status, i18n)}
    </span>
  );
}
