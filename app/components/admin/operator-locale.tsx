/**
 * The admin panel's formats: its texts stay English, its dates and numbers follow the operator's
 * locale (app/lib/admin/operator-locale.ts). The panel's layout reads it from the request and provides
 * it; the browser gets the same value with the layout's data, so hydration renders the same text.
 */
import { createContext, useContext } from "react";
import { formatCount, formatRating } from "#app/lib/format";

const OperatorLocaleContext = createContext("en");

/** Around the panel: every tab below formats in this locale. */
export const OperatorLocaleProvider = OperatorLocaleContext.Provider;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and precision, made on first use. Times stay in UTC, as the tabs say. */
function dateFormat(locale: string, timeStyle: "short" | "medium"): Intl.DateTimeFormat {
  const key = `${locale} ${timeStyle}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle, timeZone: "UTC" })));
  return format;
}

const percentFormats = new Map<string, Intl.NumberFormat>();

type AdminFormats = {
  locale: string;
  /** A count, grouped as the operator writes it ("12,345", "12.345"). */
  count(value: number): string;
  /** A rating with one decimal ("4.5", "4,5"). */
  rating(value: number | null | undefined): string;
  /** A whole percentage, 0–100 ("45%", "45 %"). */
  percent(value: number): string;
  /** A moment in Unix seconds, its date and time in UTC ("Nov 26, 2026, 4:53 AM", "26 thg 11, 2026, 04:53"). */
  dateTime(unixSeconds: number, timeStyle?: "short" | "medium"): string;
};

export function useAdminFormats(): AdminFormats {
  const locale = useContext(OperatorLocaleContext);
  return {
    locale,
    count: (value) => formatCount(value, locale),
    rating: (value) => formatRating(value, locale),
    percent: (value) => {
      let format = percentFormats.get(locale);
      if (!format) percentFormats.set(locale, (format = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 })));
      return format.format(value / 100);
    },
    dateTime: (unixSeconds, timeStyle = "short") => dateFormat(locale, timeStyle).format(new Date(unixSeconds * 1000)),
  };
}
