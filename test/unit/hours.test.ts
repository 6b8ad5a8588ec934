import { describe, expect, it } from "vitest";
import { isOpenAt, normalizeDayText, parseDayText, parseOpeningHoursJson } from "#app/lib/business/hours";

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
