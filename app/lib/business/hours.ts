/**
 * Opening hours: parsing scraper texts ("9AM-5:30PM", "12-6AM,8AM-12AM", "Open 24 hours"), the
 * canonical stored form ("9:00 AM - 5:30 PM"), and "open now" in a business's own time zone.
 * Pure: uses only the ECMAScript Intl API.
 */
import { memoized } from "#app/lib/memo";

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type OpeningHours = Partial<Record<Weekday, string>>;

/** SPEC §2: shown when hours are missing, labelled as typical; never used for Open Now or structured data. */
export const DEFAULT_SCHEDULE: Readonly<Record<Weekday, string>> = {
  Monday: "9:00 AM - 6:00 PM",
  Tuesday: "9:00 AM - 6:00 PM",
  Wednesday: "9:00 AM - 6:00 PM",
  Thursday: "9:00 AM - 6:00 PM",
  Friday: "9:00 AM - 5:00 PM",
  Saturday: "Closed",
  Sunday: "Closed",
};

/** Minutes since midnight; a close of 1440 is midnight at the end of the day. close <= open runs past midnight. */
type Interval = { open: number; close: number };
export type DaySchedule = { kind: "closed" } | { kind: "24h" } | { kind: "intervals"; intervals: Interval[] };

const TIME = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])?\.?\s*m?\.?$/i;

type ParsedTime = { hour: number; minute: number; meridiem: "a" | "p" | null };

function parseTime(text: string): ParsedTime | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = m[2] ? Number(m[2]) : 0;
  const meridiem = m[3] ? (m[3].toLowerCase() as "a" | "p") : null;
  if (minute > 59) return null;
  if (meridiem ? hour < 1 || hour > 12 : hour > 24) return null;
  return { hour, minute, meridiem };
}

function toMinutes(t: ParsedTime, meridiem: "a" | "p" | null): number {
  if (!meridiem) return (t.hour % 24) * 60 + t.minute;
  const h = (t.hour % 12) + (meridiem === "p" ? 12 : 0);
  return h * 60 + t.minute;
}

function parseInterval(text: string): Interval | null {
  const parts = text.split(/\s*(?:-|–|—|to)\s*/i).filter(Boolean);
  if (parts.length !== 2) return null;
  const start = parseTime(parts[0]);
  const end = parseTime(parts[1]);
  if (!start || !end) return null;
  let close = toMinutes(end, end.meridiem);
  // "12AM" or "24:00" as an end means the coming midnight.
  if (close === 0) close = 1440;
  let open: number;
  if (start.meridiem) open = toMinutes(start, start.meridiem);
  else if (end.meridiem) {
    // "12-6PM": the start borrows the end's meridiem unless that would put it after the end.
    open = toMinutes(start, end.meridiem);
    if (open > close && close !== 1440) open = toMinutes(start, end.meridiem === "a" ? "p" : "a");
  } else open = toMinutes(start, null);
  if (open === 1440) open = 0;
  return { open, close };
}

/** Parses one day's text; null when it cannot be read. */
export function parseDayText(text: string | string[] | null | undefined): DaySchedule | null {
  if (text == null) return null;
  const joined = Array.isArray(text) ? text.join(",") : String(text);
  const value = joined.trim();
  if (!value) return null;
  if (/^closed$/i.test(value)) return { kind: "closed" };
  if (/open 24 hours|24 hours|24\/7|00:00\s*-\s*24:00/i.test(value)) return { kind: "24h" };
  const intervals: Interval[] = [];
  for (const piece of value.split(/\s*[,;]\s*/)) {
    if (!piece) continue;
    const interval = parseInterval(piece);
    if (!interval) return null;
    intervals.push(interval);
  }
  return intervals.length ? { kind: "intervals", intervals } : null;
}

export function formatMinutes(minutes: number): string {
  const m = minutes % 1440;
  const h = Math.floor(m / 60);
  const min = m % 60;
  const meridiem = h < 12 ? "AM" : "PM";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(min).padStart(2, "0")} ${meridiem}`;
}

/**
 * One time-of-day formatter per locale for the isolate's life: the locale's own short time ("7:00 AM"
 * in en, "07:00" in vi, "7:00" in es). The minutes are read as a UTC time, so no zone shifts them.
 */
const timeFormatFor = memoized((locale: string) => new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: "UTC" }), 100);

/**
 * A time of day (minutes since midnight) on the locale's clock: 12-hour where the locale writes it so
 * ("7:00 AM"), 24-hour where it does not ("07:00"). Intl's narrow and no-break spaces become plain
 * ones, so every runtime (the server's, the browser's) writes the same text.
 */
export function formatTimeOfDay(minutes: number, locale: string): string {
  return timeFormatFor(locale)
    .format(new Date((((minutes % 1440) + 1440) % 1440) * 60_000))
    .replace(/[\u00a0\u202f]/g, " ");
}

/** 2024-01-01 was a Monday: the UTC date of each weekday in that week, for Intl's weekday names. */
const WEEK_OF_2024 = Object.fromEntries(WEEKDAYS.map((day, i) => [day, new Date(Date.UTC(2024, 0, 1 + i))])) as Record<Weekday, Date>;

const weekdayFormatFor = memoized(
  (locale: string, width: string) => new Intl.DateTimeFormat(locale, { weekday: width as "long" | "short", timeZone: "UTC" }),
  100,
);

/** A weekday's name in the locale: "Tuesday" / "Tue", "Thứ Ba" / "Th 3", "martes" / "mar". */
export function weekdayName(day: Weekday, locale: string, width: "long" | "short" = "long"): string {
  return weekdayFormatFor(locale, width).format(WEEK_OF_2024[day]);
}

/** What `Intl.Locale` says of the week (getWeekInfo, or the older weekInfo getter); null where neither exists. */
type WeekInfo = { firstDay: number };
function weekInfoOf(locale: string): WeekInfo | null {
  try {
    const tag = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };
    return tag.getWeekInfo?.() ?? tag.weekInfo ?? null;
  } catch {
    return null;
  }
}

/**
 * The week as the locale's calendars print it, from its first day (CLDR, through Intl: Monday for
 * vi and es, Sunday for pt-BR, Saturday for ar). English keeps the spec's order, Monday first.
 * Monday when the runtime does not say.
 */
export const weekdaysFor = memoized((locale: string): readonly Weekday[] => {
  const firstDay = locale.split("-")[0] === "en" ? 1 : (weekInfoOf(locale)?.firstDay ?? 1);
  const start = firstDay >= 1 && firstDay <= 7 ? firstDay - 1 : 0;
  return [...WEEKDAYS.slice(start), ...WEEKDAYS.slice(0, start)];
}, 100);

/** The words a day's hours need in a locale: from its catalog (hours.closed, hours.open24Hours, hours.interval). */
export type DayWords = { closed: string; allDay: string; interval: (open: string, close: string) => string };

/**
 * A stored day text ("7:00 AM - 10:00 PM", "Closed") as the locale writes it ("07:00 - 22:00",
 * "Đóng cửa"); a text the parser cannot read stays as the business wrote it.
 */
export function localizeDayText(text: string, locale: string, words: DayWords): string {
  const schedule = parseDayCached(text);
  if (!schedule) return text;
  if (schedule.kind === "closed") return words.closed;
  if (schedule.kind === "24h") return words.allDay;
  return schedule.intervals.map((i) => words.interval(formatTimeOfDay(i.open, locale), formatTimeOfDay(i.close, locale))).join(", ");
}

function formatDay(schedule: DaySchedule): string {
  if (schedule.kind === "closed") return "Closed";
  if (schedule.kind === "24h") return "Open 24 hours";
  return schedule.intervals.map((i) => `${formatMinutes(i.open)} - ${formatMinutes(i.close)}`).join(", ");
}

/** Canonical text for one day ("9AM-5:30PM" → "9:00 AM - 5:30 PM"); the original text when unreadable. */
export function normalizeDayText(text: string | string[] | null | undefined): string | null {
  // Day texts repeat endlessly across a scraper file ("9AM-5PM", "Closed"): parse each one once.
  return typeof text === "string" ? normalizeDayString(text) : normalizeOnce(text);
}

const normalizeDayString = memoized((text: string) => normalizeOnce(text), 5000);

function normalizeOnce(text: string | string[] | null | undefined): string | null {
  const parsed = parseDayText(text);
  if (parsed) return formatDay(parsed);
  if (text == null) return null;
  const raw = (Array.isArray(text) ? text.join(", ") : String(text)).trim();
  return raw || null;
}

const WEEKDAY_BY_KEY = new Map<string, Weekday>(
  WEEKDAYS.flatMap((d) => [
    [d.toLowerCase(), d],
    [d.slice(0, 3).toLowerCase(), d],
  ]),
);

function weekdayFromText(text: string): Weekday | null {
  return WEEKDAY_BY_KEY.get(text.trim().toLowerCase()) ?? WEEKDAY_BY_KEY.get(text.trim().slice(0, 3).toLowerCase()) ?? null;
}

/** Reads a stored JSON text into a weekday map; null when missing or malformed. */
export function parseOpeningHoursJson(json: string | null | undefined): OpeningHours | null {
  if (!json) return null;
  try {
    return weeklyHoursOf(JSON.parse(json));
  } catch {
    return null;
  }
}

/**
 * A weekday map as the pages read stored hours: keys by weekday name in any spelling ("monday",
 * "Mon"), texts in the canonical form; null when no day can be read. What a business's hours mean
 * everywhere (open now, the opening-time filters), whatever spelling its input used.
 */
export function weeklyHoursOf(value: unknown): OpeningHours | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const out: OpeningHours = {};
  for (const [key, text] of Object.entries(value as Record<string, unknown>)) {
    const day = weekdayFromText(key);
    if (day && (typeof text === "string" || Array.isArray(text))) {
      const normalized = normalizeDayText(text as string | string[]);
      if (normalized) out[day] = normalized;
    }
  }
  return Object.keys(out).length ? out : null;
}

/**
 * One formatter per zone for the isolate's life: constructing one costs far more than using it, and
 * "open now" evaluates hundreds of rows per search. Null when the runtime does not know the zone.
 */
const formatterFor = memoized((timeZone: string): Intl.DateTimeFormat | null => {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  } catch {
    return null;
  }
}, 1000);

/** Weekday and minute of the day at `date` in `timeZone` (UTC when the zone is unknown). */
export function localTime(date: Date, timeZone: string | null | undefined): { day: Weekday; minutes: number } {
  const formatter = formatterFor(timeZone || "UTC") ?? (formatterFor("UTC") as Intl.DateTimeFormat);
  const parts = formatter.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = (weekdayFromText(get("weekday")) ?? "Monday") as Weekday;
  return { day, minutes: (Number(get("hour")) % 24) * 60 + Number(get("minute")) };
}

function previousDay(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7];
}

/**
 * Whether the business is open at `date`, from its hours in its own time zone; null when the hours
 * do not say (then nothing is claimed: no Open Now, no Closed).
 */
export function isOpenAt(hours: OpeningHours | null, date: Date, timeZone: string | null | undefined): boolean | null {
  if (!hours) return null;
  const { day, minutes } = localTime(date, timeZone);
  return isOpenLocally(hours, day, minutes);
}

/** Day texts repeat across every card of a page ("9:00 AM - 6:00 PM", "Closed"): parse each once. */
const parseDayCached = memoized((text: string) => parseDayText(text), 5000);

/** A stored day text's schedule (parsed once per text); null when missing or unreadable. */
function scheduleOf(text: string | undefined): DaySchedule | null {
  return typeof text === "string" ? parseDayCached(text) : null;
}

/**
 * Whether the weekly hours say open at a local weekday and minute of the day (0–1439), in the
 * business's own clock: true, false, or null when the hours do not say. The filters "open at",
 * "open late" and "open 24 hours" (attributes.ts) are this, at the minutes where the answer can change.
 */
export function isOpenAtWeekTime(hours: OpeningHours, day: Weekday, minutes: number): boolean | null {
  return isOpenLocally(hours, day, minutes);
}

/**
 * The minutes of a local day (0–1439) at which being open can change: midnight, and every opening and
 * closing of the day's own intervals and of yesterday's night past midnight. Between two of them the
 * answer of isOpenAtWeekTime stays the same.
 */
export function changeMinutes(hours: OpeningHours, day: Weekday): number[] {
  const minutes = new Set([0]);
  const today = scheduleOf(hours[day]);
  const yesterday = scheduleOf(hours[previousDay(day)]);
  if (yesterday?.kind === "intervals") for (const i of yesterday.intervals) if (i.close <= i.open) minutes.add(i.close % DAY_MINUTES);
  if (today?.kind === "intervals")
    for (const i of today.intervals) {
      minutes.add(i.open % DAY_MINUTES);
      minutes.add(i.close % DAY_MINUTES);
    }
  return [...minutes].sort((a, b) => a - b);
}

/** isOpenAt at a local weekday and minute of the day. */
function isOpenLocally(hours: OpeningHours, day: Weekday, minutes: number): boolean | null {
  return isOpenBySchedules(scheduleOf(hours[day]), scheduleOf(hours[previousDay(day)]), minutes);
}

/** Open at a minute of the day, from today's schedule and yesterday's (a night past midnight). */
function isOpenBySchedules(today: DaySchedule | null, yesterday: DaySchedule | null, minutes: number): boolean | null {
  if (!today && !yesterday) return null;
  if (yesterday?.kind === "intervals") {
    for (const i of yesterday.intervals) if (i.close <= i.open && minutes < i.close) return true;
  }
  if (!today) return null;
  if (today.kind === "24h") return true;
  if (today.kind === "closed") return false;
  for (const i of today.intervals) {
    if (i.close > i.open ? minutes >= i.open && minutes < i.close : minutes >= i.open) return true;
  }
  return false;
}

const DAY_MINUTES = 1440;
/** Days looked ahead for the next opening or closing: a whole week, plus yesterday's night. */
const LOOKAHEAD_DAYS = 7;

/** When the state next changes: minutes after local midnight of the day `daysAhead` from today. */
export type HoursChange = { day: Weekday; daysAhead: number; minutes: number; fromNow: number };

/**
 * A day's schedule that replaces the weekly one (special hours: special-hours.ts), by the day's
 * offset from today in the business's zone (-1 is yesterday); undefined keeps the weekly hours.
 */
export type DayOverride = (offset: number) => DaySchedule | undefined;

/**
 * Open or closed at `date` and when that changes, from the hours in the business's own time zone;
 * null when the hours do not say (isOpenAt is null). `allDay`: today is "Open 24 hours". `change` is
 * null when it does not change within the week, or when the next change falls on a day whose hours
 * are not listed (nothing is claimed past what the hours say). `dayOverride` puts special hours in
 * place of a day's weekly hours, for today, yesterday's night and the days looked ahead.
 */
export function openStateAt(
  hours: OpeningHours | null,
  date: Date,
  timeZone: string | null | undefined,
  dayOverride?: DayOverride,
): { open: boolean; allDay: boolean; change: HoursChange | null } | null {
  if (!hours && !dayOverride) return null;
  // One local time for both answers: a card's status costs one formatToParts.
  const { day, minutes: now } = localTime(date, timeZone);
  const todayIndex = WEEKDAYS.indexOf(day);
  const scheduleAt = (offset: number) =>
    dayOverride?.(offset) ?? (hours ? scheduleOf(hours[WEEKDAYS[(todayIndex + offset + 7) % 7]]) : null);
  const open = isOpenBySchedules(scheduleAt(0), scheduleAt(-1), now);
  if (open === null) return null;
  // Every open span from yesterday to a week ahead on one axis (minutes from today's midnight).
  const spans: Array<[number, number]> = [];
  let knownUntil = (LOOKAHEAD_DAYS + 1) * DAY_MINUTES;
  for (let offset = -1; offset <= LOOKAHEAD_DAYS; offset++) {
    const schedule = scheduleAt(offset);
    if (!schedule) {
      if (offset >= 1) {
        knownUntil = offset * DAY_MINUTES;
        break;
      }
      continue;
    }
    const base = offset * DAY_MINUTES;
    if (schedule.kind === "24h") spans.push([base, base + DAY_MINUTES]);
    else if (schedule.kind === "intervals") {
      for (const i of schedule.intervals) spans.push([base + i.open, base + (i.close > i.open ? i.close : DAY_MINUTES + i.close)]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  // Spans that touch are one stretch: "Open 24 hours" then "12:00 AM - 2:00 AM" closes at 2 AM.
  const merged: Array<[number, number]> = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  let at: number | null = null;
  if (open) {
    const current = merged.find(([start, end]) => start <= now && now < end);
    if (current && current[1] < (LOOKAHEAD_DAYS + 1) * DAY_MINUTES) at = current[1];
  } else {
    const next = merged.find(([start]) => start > now && start < knownUntil);
    if (next) at = next[0];
  }
  const change =
    at === null
      ? null
      : {
          day: WEEKDAYS[(todayIndex + Math.floor(at / DAY_MINUTES)) % 7],
          daysAhead: Math.floor(at / DAY_MINUTES),
          minutes: at % DAY_MINUTES,
          fromNow: at - now,
        };
  return { open, allDay: scheduleAt(0)?.kind === "24h", change };
}

/**
 * Outscraper's `working_hours_old_format` ("Monday:9AM-8PM|Tuesday:Closed|…") and
 * `working_hours_csv_compatible` ("Sunday,6AM,6PM|Monday,6AM,6PM|…", pairs of open and close,
 * or "Monday,Closed") into a weekday map of canonical texts; null when nothing can be read.
 */
export function parseDelimitedHours(text: string | null | undefined): OpeningHours | null {
  if (!text || !text.trim()) return null;
  const out: OpeningHours = {};
  for (const entry of text.split("|")) {
    const colon = /^\s*([A-Za-z]+)\s*:\s*(.*)$/.exec(entry);
    const comma = /^\s*([A-Za-z]+)\s*,\s*(.*)$/.exec(entry);
    if (colon && weekdayFromText(colon[1])) {
      const value = normalizeDayText(colon[2]);
      if (value) out[weekdayFromText(colon[1]) as Weekday] = value;
    } else if (comma && weekdayFromText(comma[1])) {
      const parts = comma[2]
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      const pairs: string[] = [];
      // Times come in open/close pairs; a single word ("Closed", "Open 24 hours") stands alone.
      if (parts.length % 2 === 0 && parts.every((p) => /\d/.test(p))) {
        for (let i = 0; i < parts.length; i += 2) pairs.push(`${parts[i]}-${parts[i + 1]}`);
      } else pairs.push(parts.join(","));
      const value = normalizeDayText(pairs.join(","));
      if (value) out[weekdayFromText(comma[1]) as Weekday] = value;
    }
  }
  return Object.keys(out).length ? out : null;
}

/** The hours of an import row from whichever of Outscraper's hour columns can be read, best first. */
export function parseScraperHours(...texts: Array<string | null | undefined>): OpeningHours | null {
  for (const text of texts) {
    if (!text || !text.trim()) continue;
    const trimmed = text.trim();
    const parsed = trimmed.startsWith("{") ? parseOpeningHoursJson(trimmed) : parseDelimitedHours(trimmed);
    if (parsed) return parsed;
  }
  return null;
}
