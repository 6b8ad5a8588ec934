import { describe, expect, it } from "vitest";
import {
  formatTimeOfDay,
  isOpenAt,
  localizeDayText,
  normalizeDayText,
  parseDayText,
  parseOpeningHoursJson,
  weekdayName,
  weekdaysFor,
  WEEKDAYS,
} from "#app/lib/business/hours";

describe("parsing scraper hour texts", () => {
  it("reads the shapes real Outscraper rows hold", () => {
    expect(normalizeDayText("9AM-5:30PM")).toBe("9:00 AM - 5:30 PM");
    expect(normalizeDayText("12-6PM")).toBe("12:00 PM - 6:00 PM");
    expect(normalizeDayText("12-6AM,8AM-12AM")).toBe("12:00 AM - 6:00 AM, 8:00 AM - 12:00 AM");
    expect(normalizeDayText("8AM-4AM")).toBe("8:00 AM - 4:00 AM");
    expect(normalizeDayText(["6AM-6PM"])).toBe("6:00 AM - 6:00 PM");
    expect(normalizeDayText("Open 24 hours")).toBe("Open 24 hours");
    expect(normalizeDayText("Closed")).toBe("Closed");
  });

  it("keeps text it cannot read, and reports it as unknown", () => {
    expect(parseDayText("by appointment")).toBeNull();
    expect(normalizeDayText("by appointment")).toBe("by appointment");
    expect(normalizeDayText("  ")).toBeNull();
  });

  it("reads a stored JSON map by weekday name", () => {
    expect(parseOpeningHoursJson('{"Monday":"9AM-5PM","sun":"Closed"}')).toEqual({
      Monday: "9:00 AM - 5:00 PM",
      Sunday: "Closed",
    });
    expect(parseOpeningHoursJson("not json")).toBeNull();
  });
});

describe("open now, in the business's own time zone", () => {
  const hours = { Friday: "5:00 PM - 2:00 AM", Saturday: "Closed", Sunday: "Open 24 hours", Monday: "9:00 AM - 5:00 PM" };
  // 2026-11-20 is a Friday.
  it("is open inside an interval and closed outside it", () => {
    expect(isOpenAt(hours, new Date("2026-11-23T15:00:00Z"), "UTC")).toBe(true); // Mon 15:00
    expect(isOpenAt(hours, new Date("2026-11-23T18:00:00Z"), "UTC")).toBe(false); // Mon 18:00
  });

  it("carries a past-midnight interval into the next morning", () => {
    expect(isOpenAt(hours, new Date("2026-11-21T01:30:00Z"), "UTC")).toBe(true); // Sat 01:30, Friday's night
    expect(isOpenAt(hours, new Date("2026-11-21T03:00:00Z"), "UTC")).toBe(false); // Sat 03:00
  });

  it("uses the time zone: 15:00 UTC on Monday is 07:00 in Los Angeles, before opening", () => {
    expect(isOpenAt(hours, new Date("2026-11-23T15:00:00Z"), "America/Los_Angeles")).toBe(false);
    expect(isOpenAt(hours, new Date("2026-11-23T18:00:00Z"), "America/Los_Angeles")).toBe(true);
  });

  it("is open all day on a 24-hour day and unknown on a day the hours do not mention", () => {
    expect(isOpenAt(hours, new Date("2026-11-22T04:00:00Z"), "UTC")).toBe(true);
    expect(isOpenAt({ Monday: "9:00 AM - 5:00 PM" }, new Date("2026-11-25T12:00:00Z"), "UTC")).toBeNull();
    expect(isOpenAt(null, new Date(), "UTC")).toBeNull();
  });
});

describe("hours in the page's locale", () => {
  it("writes times on the locale's clock: 12-hour in English, 24-hour in Vietnamese and Spanish", () => {
    expect([420, 1080, 0, 1440].map((m) => formatTimeOfDay(m, "en"))).toEqual(["7:00 AM", "6:00 PM", "12:00 AM", "12:00 AM"]);
    expect([420, 1080, 0, 570].map((m) => formatTimeOfDay(m, "vi"))).toEqual(["07:00", "18:00", "00:00", "09:30"]);
    expect([420, 1080].map((m) => formatTimeOfDay(m, "es"))).toEqual(["7:00", "18:00"]);
  });

  it("names weekdays in the locale and starts the week on its first day (English keeps the spec's Monday)", () => {
    expect(weekdayName("Tuesday", "en")).toBe("Tuesday");
    expect(weekdayName("Tuesday", "en", "short")).toBe("Tue");
    expect(weekdayName("Tuesday", "vi")).toBe("Thứ Ba");
    expect(weekdayName("Sunday", "vi")).toBe("Chủ Nhật");
    expect(weekdayName("Tuesday", "es")).toBe("martes");
    expect(weekdaysFor("en")).toEqual(WEEKDAYS);
    expect(weekdaysFor("vi")[0]).toBe("Monday");
    expect(weekdaysFor("es")[0]).toBe("Monday");
    // Brazil's calendars start on Sunday; the order stays a week either way.
    expect(weekdaysFor("pt-BR")).toEqual(["Sunday", ...WEEKDAYS.slice(0, 6)]);
  });

  it("writes a stored day text in the locale, and keeps one it cannot read", () => {
    const words = { closed: "Đóng cửa", allDay: "Mở cửa 24 giờ", interval: (open: string, close: string) => `${open} - ${close}` };
    expect(localizeDayText(normalizeDayText("7AM-10PM") as string, "vi", words)).toBe("07:00 - 22:00");
    expect(localizeDayText("12:00 AM - 6:00 AM, 8:00 AM - 12:00 AM", "vi", words)).toBe("00:00 - 06:00, 08:00 - 00:00");
    expect(localizeDayText("Closed", "vi", words)).toBe("Đóng cửa");
    expect(localizeDayText("Open 24 hours", "vi", words)).toBe("Mở cửa 24 giờ");
    expect(localizeDayText("by appointment", "vi", words)).toBe("by appointment");
    // English reads as the stored canonical text.
    expect(localizeDayText("9:00 AM - 5:30 PM", "en", { ...words, closed: "Closed" })).toBe("9:00 AM - 5:30 PM");
  });
});
