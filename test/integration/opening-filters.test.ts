/**
 * The opening-time filters ("open Sunday 10:00", "open late", "open 24 hours") agree with a brute
 * force over the stored hours: 1,000 businesses in five time zones, stored by the writer, matched
 * in the FTS index exactly as a listing's query matches them, and compared with the open-now code
 * (isOpenAt) asked at real instants of a week in each business's own zone.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY_KEYS, OPEN_AT_HOURS, type OpenAt } from "#app/lib/business/attributes";
import { isOpenAt, parseOpeningHoursJson } from "#app/lib/business/hours";
import { attributeFiltersQuery, NO_ATTRIBUTE_FILTERS, type AttributeFilters } from "#app/lib/search/listing-filters";
import { buildBusiness, insert } from "../helpers/factories";

/**
 * The zones and their UTC offsets (minutes) in the week of Monday 11 January 2027, when none of them
 * changes its clock: local times map to instants without Intl (checked below against Intl).
 */
const ZONES = [
  { timeZone: "America/New_York", offset: -300, city: "New York" },
  { timeZone: "Europe/Berlin", offset: 60, city: "Berlin" },
  { timeZone: "Asia/Ho_Chi_Minh", offset: 420, city: "Ho Chi Minh City" },
  { timeZone: "Australia/Sydney", offset: 660, city: "Sydney" },
  { timeZone: "America/Los_Angeles", offset: -480, city: "Los Angeles" },
] as const;

/** The instant that is `minute` past local midnight on the `day`-th day (0 = Monday) of that week in the zone. */
const instant = (offset: number, day: number, minute: number) => new Date(Date.UTC(2027, 0, 11 + day, 0, minute) - offset * 60_000);

const WEEK_MINUTES = 7 * 1440;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** Day texts as scraper files hold them: regular, split for lunch, past midnight, all day, closed, late, unreadable. */
const DAY_TEXTS = [
  "9AM-5PM",
  "7AM-11AM, 1PM-9:30PM",
  "6PM-2AM",
  "Open 24 hours",
  "Closed",
  "10AM-10PM",
  "5PM-12AM",
  "12-6AM,8AM-12AM",
  "8AM-4AM",
  "9:15PM-11PM",
  "6AM-8:59PM",
  "11AM-2PM, 5PM-9PM",
  "by appointment",
];

/** A business's weekly hours: none at all, every day the same, or a day text (or none) per day, under varied key spellings. */
function hoursOf(next: () => number): Record<string, string> | null {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const r = next();
  if (r < 0.08) return null;
  const spell = pick([(d: string) => d, (d: string) => d.toLowerCase(), (d: string) => d.slice(0, 3)]);
  if (r < 0.16) return Object.fromEntries(DAYS.map((d) => [spell(d), "Open 24 hours"]));
  if (r < 0.2) return Object.fromEntries(DAYS.map((d) => [spell(d), pick(["Open 24 hours", "12AM-12AM", "6AM-6AM"])]));
  // Open every minute but one: not "open 24 hours".
  if (r < 0.23) return Object.fromEntries(DAYS.map((d) => [spell(d), d === "Sunday" ? "12AM-11:59PM" : "Open 24 hours"]));
  const hours: Record<string, string> = {};
  for (const d of DAYS) if (next() > 0.1) hours[spell(d)] = pick(DAY_TEXTS);
  return hours;
}

type Stored = { id: number; opening_hours: string | null; time_zone: string | null };

/** What the brute force says of one business: the slots it is open at, open late, open 24 hours. */
type Truth = { slots: Set<string>; late: boolean; allDay: boolean };

const slotKey = (at: OpenAt) => `${at.day}-${at.hour}`;

/** isOpenAt at real instants: each offered slot, every minute from 21:00 to 23:59 of each day, every minute of the week. */
function bruteForce(row: Stored): Truth {
  const hours = parseOpeningHoursJson(row.opening_hours);
  const zone = ZONES.find((z) => z.timeZone === row.time_zone);
  if (!zone) throw new Error(`unexpected zone ${row.time_zone}`);
  const open = (day: number, minute: number) => isOpenAt(hours, instant(zone.offset, day, minute), zone.timeZone) === true;
  const slots = new Set<string>();
  DAY_KEYS.forEach((day, i) => {
    for (const hour of OPEN_AT_HOURS) if (open(i, hour * 60)) slots.add(slotKey({ day, hour }));
  });
  let late = false;
  for (let day = 0; day < 7 && !late; day++) for (let m = 21 * 60; m < 1440 && !late; m++) late = open(day, m);
  let allDay = true;
  for (let m = 0; m < WEEK_MINUTES && allDay; m++) allDay = open(Math.floor(m / 1440), m % 1440);
  return { slots, late, allDay };
}

/** The ids the FTS index matches for the filters: the match a listing's query ANDs in. */
async function matched(filters: AttributeFilters[]): Promise<Array<Set<number>>> {
  const results = await env.DB.batch<{ rowid: number }>(
    filters.map((f) => env.DB.prepare("SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?1").bind(attributeFiltersQuery(f))),
  );
  return results.map((r) => new Set(r.results.map((row) => row.rowid)));
}

const idsWhere = (truths: Map<number, Truth>, test: (t: Truth) => boolean) =>
  new Set([...truths].filter(([, t]) => test(t)).map(([id]) => id));

describe("opening-time filters against a brute force over the stored hours", () => {
  const truths = new Map<number, Truth>();

  beforeAll(async () => {
    const next = random(20270111);
    const inputs = Array.from({ length: 1000 }, (_, i) => {
      const zone = ZONES[i % ZONES.length];
      return buildBusiness({
        name: `Clockwork ${i}`,
        city: zone.city,
        category: i % 2 ? "Cafe" : "Bar",
        timeZone: zone.timeZone,
        openingHours: hoursOf(next),
        about: next() < 0.5 ? { Accessibility: { "Wheelchair accessible entrance": next() < 0.5 } } : null,
      });
    });
    await insert(...inputs);
    const stored = await env.DB.prepare("SELECT id, opening_hours, time_zone FROM businesses").all<Stored>();
    expect(stored.results).toHaveLength(1000);
    // One verdict per distinct (hours, zone): the brute force is a function of nothing else.
    const memo = new Map<string, Truth>();
    for (const row of stored.results) {
      const key = `${row.time_zone} ${row.opening_hours}`;
      if (!memo.has(key)) memo.set(key, bruteForce(row));
      truths.set(row.id, memo.get(key) as Truth);
    }
  });

  it("maps each zone's local week to instants as Intl reads them", () => {
    for (const zone of ZONES) {
      const format = new Intl.DateTimeFormat("en-US", {
        timeZone: zone.timeZone,
        weekday: "long",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      });
      expect(format.format(instant(zone.offset, 0, 0))).toBe("Monday 00:00");
      expect(format.format(instant(zone.offset, 6, 23 * 60 + 59))).toBe("Sunday 23:59");
    }
  });

  it("'open at' matches exactly the businesses open at that weekday and hour in their own zone, for every offered slot", async () => {
    const slots = DAY_KEYS.flatMap((day) => OPEN_AT_HOURS.map((hour): OpenAt => ({ day, hour })));
    const found = await matched(slots.map((openAt) => ({ ...NO_ATTRIBUTE_FILTERS, openAt })));
    slots.forEach((at, i) => {
      const expected = idsWhere(truths, (t) => t.slots.has(slotKey(at)));
      expect(found[i], `open at ${slotKey(at)}`).toEqual(expected);
      // Neither everyone nor no one: the slot tells businesses apart.
      expect(expected.size, slotKey(at)).toBeGreaterThan(0);
      expect(expected.size, slotKey(at)).toBeLessThan(truths.size);
    });
  });

  it("'open late' and 'open 24 hours' match exactly the brute force's, and a business without hours never matches", async () => {
    const [late, allDay, both] = await matched([
      { ...NO_ATTRIBUTE_FILTERS, openLate: true },
      { ...NO_ATTRIBUTE_FILTERS, open24h: true },
      { ...NO_ATTRIBUTE_FILTERS, openLate: true, openAt: { day: "sun", hour: 10 } },
    ]);
    const expectedLate = idsWhere(truths, (t) => t.late);
    const expectedAllDay = idsWhere(truths, (t) => t.allDay);
    expect(late).toEqual(expectedLate);
    expect(allDay).toEqual(expectedAllDay);
    expect(both).toEqual(idsWhere(truths, (t) => t.late && t.slots.has("sun-10")));
    expect(expectedLate.size).toBeGreaterThan(0);
    expect(expectedLate.size).toBeLessThan(truths.size);
    expect(expectedAllDay.size).toBeGreaterThan(0);
    expect(expectedAllDay.size).toBeLessThan(expectedLate.size);

    const noHours = await env.DB.prepare("SELECT id FROM businesses WHERE opening_hours IS NULL").all<{ id: number }>();
    expect(noHours.results.length).toBeGreaterThan(0);
    const everyMatch = [late, allDay, ...(await matched(DAY_KEYS.map((day) => ({ ...NO_ATTRIBUTE_FILTERS, openAt: { day, hour: 12 } }))))];
    for (const { id } of noHours.results) for (const ids of everyMatch) expect(ids.has(id)).toBe(false);
  });
});
