import { describe, expect, it } from "vitest";
import {
  attributeEntries,
  attributesOf,
  attributeTerm,
  filterTermsOf,
  isOpen24Hours,
  isOpenAtTime,
  isOpenLate,
  OPEN_24_HOURS_TERM,
  OPEN_LATE_TERM,
  openAtParam,
  openAtTerm,
  parseOpenAt,
} from "#app/lib/business/attributes";

describe("attributesOf", () => {
  it("puts accessibility first, then keeps the data's order, true and false alike", () => {
    const about = {
      "Service options": { "Outdoor seating": true, Delivery: false },
      Accessibility: { "Wheelchair accessible entrance": false, "Wheelchair accessible seating": true },
      Amenities: { "Wi-Fi": true },
    };
    expect(attributesOf(about)).toEqual([
      { group: "Accessibility", slug: "wheelchair-accessible-entrance", label: "Wheelchair accessible entrance", value: false },
      { group: "Accessibility", slug: "wheelchair-accessible-seating", label: "Wheelchair accessible seating", value: true },
      { group: "Service options", slug: "outdoor-seating", label: "Outdoor seating", value: true },
      { group: "Service options", slug: "delivery", label: "Delivery", value: false },
      { group: "Amenities", slug: "wi-fi", label: "Wi-Fi", value: true },
    ]);
  });

  it("keeps a label's first value when it is met twice, and leaves out labels with no slug", () => {
    const about = {
      Offerings: { "Outdoor seating": false, "!!!": true },
      Highlights: { "outdoor   seating": true, Coffee: true },
    };
    expect(attributesOf(about).map((a) => [a.slug, a.value])).toEqual([
      ["outdoor-seating", false],
      ["coffee", true],
    ]);
    expect(attributesOf(null)).toEqual([]);
  });

  it("gives each attribute once to the vocabulary, with its first spelling", () => {
    const entries = attributeEntries([{ A: { "Outdoor seating": true } }, null, { B: { "Outdoor Seating": false, Delivery: true } }]);
    expect(entries).toEqual([
      { term: "atoutdoorseating0", slug: "outdoor-seating", label: "Outdoor seating", group: "A" },
      { term: "atdelivery0", slug: "delivery", label: "Delivery", group: "B" },
    ]);
  });
});

describe("parseOpenAt", () => {
  it("reads the offered days and hours, with or without minutes", () => {
    expect(parseOpenAt("sun-10:00")).toEqual({ day: "sun", hour: 10 });
    expect(parseOpenAt(" MON-6 ")).toEqual({ day: "mon", hour: 6 });
    expect(parseOpenAt("sat-22:00")).toEqual({ day: "sat", hour: 22 });
    expect(openAtParam({ day: "tue", hour: 8 })).toBe("tue-08:00");
    expect(parseOpenAt(openAtParam({ day: "tue", hour: 8 }))).toEqual({ day: "tue", hour: 8 });
  });

  it("refuses days and times the filter does not offer", () => {
    for (const text of ["sun-11:00", "sun-10:30", "sun-24:00", "xyz-10:00", "sunday-10:00", "sun", "", null, undefined]) {
      expect(parseOpenAt(text)).toBeNull();
    }
  });
});

describe("the opening-time predicates", () => {
  it("see a night past midnight on the next day, and only 'every minute' as open 24 hours", () => {
    const late = { Friday: "6:00 PM - 2:00 AM", Saturday: "Closed" };
    expect(isOpenAtTime(late, "Saturday", 90)).toBe(true);
    expect(isOpenAtTime(late, "Saturday", 120)).toBe(false);
    expect(isOpenLate(late)).toBe(true);
    expect(isOpenLate({ Monday: "9:00 AM - 9:00 PM" })).toBe(false);
    expect(isOpenLate({ Monday: "9:00 AM - 9:01 PM" })).toBe(true);
    expect(isOpenLate(null)).toBe(false);
    const always = Object.fromEntries(
      ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "Open 24 hours"]),
    );
    expect(isOpen24Hours(always)).toBe(true);
    expect(isOpen24Hours({ ...always, Sunday: "12:00 AM - 11:59 PM" })).toBe(false);
    expect(isOpen24Hours({ ...always, Sunday: undefined })).toBe(false);
  });
});

describe("filterTermsOf", () => {
  it("gives the true attributes, open late and the weekly slots open", () => {
    const terms = filterTermsOf(
      { Accessibility: { "Wheelchair accessible entrance": false }, "Service options": { "Outdoor seating": true } },
      { Sunday: "9:00 AM - 11:00 PM" },
    );
    expect(terms).toEqual([
      attributeTerm("outdoor-seating"),
      OPEN_LATE_TERM,
      ...[10, 12, 14, 16, 18, 20, 22].map((hour) => openAtTerm({ day: "sun", hour })),
    ]);
  });

  it("reads hours under any spelling of the weekdays, as the pages do", () => {
    expect(filterTermsOf(null, { sun: "10AM-11AM" })).toEqual([openAtTerm({ day: "sun", hour: 10 })]);
    expect(filterTermsOf(null, { sunday: "10AM-11AM" })).toEqual([openAtTerm({ day: "sun", hour: 10 })]);
  });

  it("stands for the weekly slots of a business open 24 hours with one term", () => {
    const always = Object.fromEntries(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((d) => [d, "Open 24 hours"]));
    expect(filterTermsOf(null, always)).toEqual([OPEN_LATE_TERM, OPEN_24_HOURS_TERM]);
  });

  it("is null for a business with no true attribute and no readable hours", () => {
    expect(filterTermsOf({ A: { Delivery: false } }, null)).toBeNull();
    expect(filterTermsOf(null, {})).toBeNull();
    expect(filterTermsOf(null, { Monday: "by appointment" })).toBeNull();
  });
});
