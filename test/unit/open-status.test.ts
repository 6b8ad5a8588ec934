import { describe, expect, it } from "vitest";
import { openStateAt } from "#app/lib/business/hours";
import { openStatus } from "#app/lib/business/open-status";
import { isOpenNow } from "#app/lib/business/business";
import { openStatusText } from "#app/components/open-status";
import { i18nFor } from "#app/lib/i18n/i18n";
// Registers every locale's catalogs, as the Worker does when it starts.
import "#app/server/platform/i18n.server";

const WEEKDAYS9TO6 = {
  Monday: "9:00 AM - 6:00 PM",
  Tuesday: "9:00 AM - 6:00 PM",
  Wednesday: "9:00 AM - 6:00 PM",
  Thursday: "9:00 AM - 6:00 PM",
  Friday: "9:00 AM - 5:00 PM",
  Saturday: "Closed",
  Sunday: "Closed",
};

// 2026-11-23 is a Monday.
const at = (iso: string) => new Date(iso);
const status = (
  openingHours: Record<string, string> | null,
  iso: string,
  timeZone: string | null = "UTC",
  businessStatus: string | null = null,
) => openStatus({ openingHours, timeZone, businessStatus }, at(iso));

describe("the status line", () => {
  it("says when an open business closes and when a closed one opens, Google style", () => {
    expect(status(WEEKDAYS9TO6, "2026-11-23T15:00:00Z")).toEqual({
      state: "open",
      label: "Open Now · Closes 6:00 PM",
      phrase: "closes",
      minutes: 1080,
    });
    expect(status(WEEKDAYS9TO6, "2026-11-23T07:00:00Z")).toEqual({
      state: "closed",
      label: "Closed · Opens 9:00 AM",
      phrase: "opens",
      minutes: 540,
    });
    expect(status(WEEKDAYS9TO6, "2026-11-23T19:00:00Z")).toEqual({
      state: "closed",
      label: "Closed · Opens 9:00 AM Tue",
      phrase: "opens",
      minutes: 540,
      day: "Tuesday",
    });
    // Friday evening: the weekend is closed, so the next opening is Monday.
    expect(status(WEEKDAYS9TO6, "2026-11-27T18:00:00Z")).toEqual({
      state: "closed",
      label: "Closed · Opens 9:00 AM Mon",
      phrase: "opens",
      minutes: 540,
      day: "Monday",
    });
    expect(status(WEEKDAYS9TO6, "2026-11-28T12:00:00Z")).toEqual({
      state: "closed",
      label: "Closed · Opens 9:00 AM Mon",
      phrase: "opens",
      minutes: 540,
      day: "Monday",
    });
  });

  it("reads the hours in the business's own time zone", () => {
    // 15:00 UTC is 7:00 AM in Los Angeles: not open yet.
    expect(status(WEEKDAYS9TO6, "2026-11-23T15:00:00Z", "America/Los_Angeles")).toEqual({
      state: "closed",
      label: "Closed · Opens 9:00 AM",
      phrase: "opens",
      minutes: 540,
    });
    expect(status(WEEKDAYS9TO6, "2026-11-23T18:00:00Z", "America/Los_Angeles").label).toBe("Open Now · Closes 6:00 PM");
  });

  it("says Open 24 hours for a 24-hour day", () => {
    const always = Object.fromEntries(Object.keys(WEEKDAYS9TO6).map((d) => [d, "Open 24 hours"]));
    expect(status(always, "2026-11-23T03:00:00Z")).toEqual({ state: "open", label: "Open Now · Open 24 hours", phrase: "openAllDay" });
  });

  it("follows a night past midnight and stretches that touch", () => {
    const night = { ...WEEKDAYS9TO6, Friday: "5:00 PM - 2:00 AM", Saturday: "Closed" };
    // Saturday 01:30: Friday's night, closing at 2 AM (not "Sat": within the day).
    expect(status(night, "2026-11-28T01:30:00Z")).toEqual({
      state: "open",
      label: "Open Now · Closes 2:00 AM",
      phrase: "closes",
      minutes: 120,
    });
    // "12-6AM,8AM-12AM" every day: at 11 PM it closes at 6 AM tomorrow, not at midnight.
    const split = Object.fromEntries(Object.keys(WEEKDAYS9TO6).map((d) => [d, "12:00 AM - 6:00 AM, 8:00 AM - 12:00 AM"]));
    expect(status(split, "2026-11-23T23:00:00Z").label).toBe("Open Now · Closes 6:00 AM");
    expect(status(split, "2026-11-23T07:00:00Z").label).toBe("Closed · Opens 8:00 AM");
  });

  it("claims nothing without hours, or past a day whose hours are not listed", () => {
    expect(status(null, "2026-11-23T15:00:00Z")).toEqual({ state: "unknown", label: "Hours not listed", phrase: "hoursNotListed" });
    // Wednesday is not listed: Monday's status is known, Wednesday's is not.
    const partial = { Monday: "9:00 AM - 6:00 PM", Tuesday: "Closed" };
    expect(status(partial, "2026-11-23T19:00:00Z")).toEqual({ state: "closed", label: "Closed", phrase: "closed" });
    expect(status(partial, "2026-11-25T12:00:00Z")).toEqual({ state: "unknown", label: "Hours not listed", phrase: "hoursNotListed" });
    expect(status({ Monday: "by appointment" }, "2026-11-23T12:00:00Z").state).toBe("unknown");
  });

  it("says Google's closed states whatever the hours", () => {
    expect(status(WEEKDAYS9TO6, "2026-11-23T15:00:00Z", "UTC", "CLOSED_TEMPORARILY")).toEqual({
      state: "closed-temporarily",
      label: "Temporarily closed",
      phrase: "temporarilyClosed",
    });
    expect(status(null, "2026-11-23T15:00:00Z", "UTC", "CLOSED_PERMANENTLY")).toEqual({
      state: "closed-permanently",
      label: "Permanently closed",
      phrase: "permanentlyClosed",
    });
    expect(status(WEEKDAYS9TO6, "2026-11-23T15:00:00Z", "UTC", "OPERATIONAL").state).toBe("open");
  });
});

describe("openStateAt", () => {
  it("gives the next change on the week's axis", () => {
    const state = openStateAt(WEEKDAYS9TO6, at("2026-11-27T18:00:00Z"), "UTC");
    expect(state).toEqual({
      open: false,
      allDay: false,
      change: { day: "Monday", daysAhead: 3, minutes: 540, fromNow: 3 * 1440 + 540 - 1080 },
    });
  });
});

describe("the status line in the page's locale", () => {
  const words = (locale: string, iso: string, hours: Record<string, string> | null = WEEKDAYS9TO6, zone: string | null = "UTC") =>
    openStatusText(status(hours, iso, zone), i18nFor(locale));

  it("says the English label's words at the root", () => {
    for (const iso of ["2026-11-23T15:00:00Z", "2026-11-23T07:00:00Z", "2026-11-23T19:00:00Z", "2026-11-27T18:00:00Z"]) {
      expect(words("en", iso)).toBe(status(WEEKDAYS9TO6, iso).label);
    }
    expect(words("en", "2026-11-23T15:00:00Z", null)).toBe("Hours not listed");
    expect(words("en", "2026-11-23T15:00:00Z", WEEKDAYS9TO6, null)).toBe("See opening hours");
  });

  it("says it in Vietnamese on the 24-hour clock, with the weekday of a later day", () => {
    expect(words("vi", "2026-11-23T15:00:00Z")).toBe("Đang mở cửa · Đóng cửa lúc 18:00");
    expect(words("vi", "2026-11-23T07:00:00Z")).toBe("Đã đóng cửa · Mở cửa lúc 09:00");
    expect(words("vi", "2026-11-23T19:00:00Z")).toBe("Đã đóng cửa · Mở cửa lúc 09:00 Thứ Ba");
    expect(words("vi", "2026-11-23T15:00:00Z", null)).toBe("Chưa có giờ mở cửa");
  });

  it("says it in Spanish, with 'a la' for one o'clock", () => {
    expect(words("es", "2026-11-23T15:00:00Z")).toBe("Abierto ahora · Cierra a las 18:00");
    expect(words("es", "2026-11-27T18:00:00Z")).toBe("Cerrado · Abre el lunes a las 9:00");
    const late = { ...WEEKDAYS9TO6, Monday: "9:00 AM - 1:00 PM" };
    expect(words("es", "2026-11-23T10:00:00Z", late)).toBe("Abierto ahora · Cierra a las 13:00");
    const night = { ...WEEKDAYS9TO6, Friday: "5:00 PM - 1:00 AM" };
    expect(words("es", "2026-11-27T23:00:00Z", night)).toBe("Abierto ahora · Cierra a la 1:00");
  });
});

describe("special hours in the status line", () => {
  // Every day 9:00 AM to 11:30 PM; 2026-12-25 is a Friday.
  const DAILY = Object.fromEntries(
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "9:00 AM - 11:30 PM"]),
  );
  const specialHours = [
    { from: "2026-12-25", to: "2026-12-26", closed: true },
    { from: "2026-12-31", to: "2026-12-31", closed: false, opens: "09:00", closes: "14:00" },
  ];
  const withSpecial = (iso: string, timeZone: string) =>
    openStatus({ openingHours: DAILY, timeZone, businessStatus: null, specialHours }, at(iso));

  it("keeps the weekly hours the evening before a holiday, and is closed on the holiday until the next ordinary day", () => {
    // 23:00 on 24 December in Chicago.
    expect(withSpecial("2026-12-25T05:00:00Z", "America/Chicago")).toEqual({
      state: "open",
      label: "Open Now · Closes 11:30 PM",
      phrase: "closes",
      minutes: 1410,
    });
    // 23:45 the same evening: closed, and the next opening looks past the two closed days.
    expect(withSpecial("2026-12-25T05:45:00Z", "America/Chicago")).toMatchObject({
      state: "closed",
      label: "Closed · Opens 9:00 AM Sun",
      day: "Sunday",
    });
    // Noon on the holiday: the weekly hours say open, the special hours say closed.
    expect(withSpecial("2026-12-25T18:00:00Z", "America/Chicago")).toMatchObject({
      state: "closed",
      label: "Closed · Opens 9:00 AM Sun",
    });
    // The same noon without special hours is open.
    expect(
      openStatus({ openingHours: DAILY, timeZone: "America/Chicago", businessStatus: null }, at("2026-12-25T18:00:00Z")),
    ).toMatchObject({
      state: "open",
    });
  });

  it("reads the holiday on the business's own calendar date", () => {
    // One instant: 23:00 on 24 December in Chicago, noon on 25 December in Ho Chi Minh City.
    const instant = "2026-12-25T05:00:00Z";
    expect(withSpecial(instant, "America/Chicago").state).toBe("open");
    expect(withSpecial(instant, "Asia/Ho_Chi_Minh")).toMatchObject({ state: "closed", label: "Closed · Opens 9:00 AM Sun" });
    // 23:00 on 24 December in Ho Chi Minh City (morning in Chicago): both open by the weekly hours.
    expect(withSpecial("2026-12-24T16:00:00Z", "Asia/Ho_Chi_Minh")).toMatchObject({ state: "open", label: "Open Now · Closes 11:30 PM" });
    expect(withSpecial("2026-12-24T16:00:00Z", "America/Chicago")).toMatchObject({ state: "open", label: "Open Now · Closes 11:30 PM" });
  });

  it("uses a special day's shorter hours, then the weekly hours the day after", () => {
    // 1 PM on 31 December in Chicago: open, closing early.
    expect(withSpecial("2026-12-31T19:00:00Z", "America/Chicago")).toEqual({
      state: "open",
      label: "Open Now · Closes 2:00 PM",
      phrase: "closes",
      minutes: 840,
    });
    // 3 PM: closed, though the weekly hours run to 11:30 PM; it opens on the next day as usual.
    expect(withSpecial("2026-12-31T21:00:00Z", "America/Chicago")).toEqual({
      state: "closed",
      label: "Closed · Opens 9:00 AM Fri",
      phrase: "opens",
      minutes: 540,
      day: "Friday",
    });
    // The evening before, the status says when it opens on the special day: 9:00 AM tomorrow.
    expect(withSpecial("2026-12-31T05:45:00Z", "America/Chicago")).toMatchObject({ state: "closed", label: "Closed · Opens 9:00 AM Thu" });
  });

  it("claims nothing new without a time zone, and special hours alone say the special days", () => {
    expect(openStatus({ openingHours: DAILY, timeZone: null, businessStatus: null, specialHours }, at("2026-12-25T18:00:00Z")).phrase).toBe(
      "seeHours",
    );
    expect(
      openStatus({ openingHours: null, timeZone: "America/Chicago", businessStatus: null, specialHours }, at("2026-12-25T18:00:00Z")),
    ).toMatchObject({ state: "closed", phrase: "closed" });
    expect(
      openStatus({ openingHours: null, timeZone: "America/Chicago", businessStatus: null, specialHours }, at("2026-12-20T18:00:00Z")).state,
    ).toBe("unknown");
  });
});

describe("the open-now filter with special hours", () => {
  const row = (specialHours: string | null) => ({
    openingHours: JSON.stringify({ Friday: "Open 24 hours", Saturday: "Open 24 hours" }),
    timeZone: "America/Chicago",
    businessStatus: null,
    countryCode: "US",
    stateCode: "IL",
    state: "Illinois",
    specialHours,
  });
  it("keeps a business its weekly hours say is open, unless its special hours close it that day", () => {
    const noon = at("2026-12-25T18:00:00Z");
    expect(isOpenNow(row(null), noon)).toBe(true);
    expect(isOpenNow(row(JSON.stringify([{ from: "2026-12-25", to: "2026-12-25", closed: true }])), noon)).toBe(false);
    expect(isOpenNow(row(JSON.stringify([{ from: "2026-12-26", to: "2026-12-26", closed: true }])), noon)).toBe(true);
  });
});
