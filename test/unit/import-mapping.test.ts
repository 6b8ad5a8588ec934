import { describe, expect, it } from "vitest";
import { businessInputSchema } from "#app/lib/business/business";
import { parseDelimitedHours, parseScraperHours } from "#app/lib/business/hours";
import { mapHeader, mapRow, missingColumns, parseRating, parseReviews } from "#app/lib/import/import-mapping";

const HEADER_2025 = [
  "query",
  "name",
  "site",
  "subtypes",
  "category",
  "type",
  "phone",
  "full_address",
  "city",
  "postal_code",
  "state",
  "us_state",
  "country",
  "country_code",
  "latitude",
  "longitude",
  "time_zone",
  "rating",
  "reviews",
  "photo",
  "working_hours",
  "working_hours_old_format",
  "business_status",
  "about",
  "description",
  "verified",
  "location_link",
  "place_id",
];
const HEADER_2026 = [
  "Name",
  "Category",
  "Type",
  "Phone",
  "Website",
  "Address",
  "City",
  "State",
  "State_Code",
  "Postal_Code",
  "Country",
  "Country_Code",
  "Rating",
  "Reviews",
  "Working_Hours",
  "Working_Hours_CSV_Compatible",
  "Verified",
  "Place_Id",
];

describe("header mapping", () => {
  it("reads the 2025 layout (full_address, site) and the 2026 one (address, website), case-insensitively", () => {
    const a = mapHeader(HEADER_2025);
    expect(a.address).toBe(HEADER_2025.indexOf("full_address"));
    expect(a.website).toBe(HEADER_2025.indexOf("site"));
    expect(a.state).toBe(HEADER_2025.indexOf("state"));
    const b = mapHeader(HEADER_2026);
    expect(b.address).toBe(HEADER_2026.indexOf("Address"));
    expect(b.website).toBe(HEADER_2026.indexOf("Website"));
    expect(b.hoursCsv).toBe(HEADER_2026.indexOf("Working_Hours_CSV_Compatible"));
    expect(missingColumns(a)).toEqual([]);
    expect(missingColumns(b)).toEqual([]);
  });

  it("names the required columns a sheet lacks", () => {
    expect(missingColumns(mapHeader(["Name", "Rating"]))).toEqual(["category", "full_address (or address)", "place_id"]);
  });
});

describe("row values", () => {
  it("reads ratings: empty is 0, a decimal comma is a point, 1–5 only", () => {
    expect(parseRating(null)).toBe(0);
    expect(parseRating("")).toBe(0);
    expect(parseRating("4,7")).toBe(4.7);
    expect(parseRating(5)).toBe(5);
    expect(() => parseRating(6)).toThrow("outside 1–5");
    expect(() => parseRating("good")).toThrow("not a number");
  });

  it("reads review counts as whole numbers ≥ 0", () => {
    expect(parseReviews("")).toBe(0);
    expect(parseReviews("1,234")).toBe(1234);
    expect(parseReviews(16)).toBe(16);
    expect(() => parseReviews(-1)).toThrow("whole number");
    expect(() => parseReviews(2.5)).toThrow("whole number");
  });
});

describe("mapping a row", () => {
  const map = mapHeader(HEADER_2025);
  const row = (values: Record<string, unknown>) => HEADER_2025.map((h) => (values[h] ?? null) as string | number | boolean | null);
  const base = {
    name: "Clinic",
    category: "Hair transplantation clinic",
    full_address: "30 W Century Rd #220, Paramus, NJ 07652",
    postal_code: "07652",
    country: "United States of America",
    place_id: "abc",
    rating: 4.8,
    reviews: 16,
    working_hours: '{"Monday": "9AM-5:30PM", "Tuesday": "Closed"}',
    verified: true,
    business_status: "OPERATIONAL",
  };

  it("keeps Outscraper's extra columns and recovers city and state from the address when absent", () => {
    const mapped = mapRow(
      row({ ...base, latitude: 40.9, longitude: -74.07, time_zone: "America/New_York", site: "https://x.test" }),
      map,
      2,
    );
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    expect(mapped.input).toMatchObject({
      placeId: "abc",
      city: "Paramus",
      state: "New Jersey",
      stateCode: "NJ",
      zipCode: "07652",
      countryCode: "US",
      rating: 4.8,
      reviewCount: 16,
      isVerified: true,
      latitude: 40.9,
      website: "https://x.test",
      timeZone: "America/New_York",
      openingHours: { Monday: "9:00 AM - 5:30 PM", Tuesday: "Closed" },
    });
  });

  it("reports a bad row with its row number, column and reason", () => {
    expect(mapRow(row({ ...base, place_id: "" }), map, 7)).toEqual({
      ok: false,
      error: { row: 7, column: "place_id", reason: "place_id is required" },
    });
    expect(mapRow(row({ ...base, rating: 9 }), map, 8)).toEqual({
      ok: false,
      error: { row: 8, column: "rating", reason: "9 is outside 1–5" },
    });
    expect(mapRow(row({ ...base, reviews: "many" }), map, 9)).toMatchObject({ ok: false, error: { row: 9, column: "reviews" } });
    expect(mapRow(row({ ...base, name: "" }), map, 10)).toMatchObject({ ok: false, error: { column: "name" } });
  });

  it("keeps a row whose name carries NUL and BEL, without them, and drops its javascript: links", () => {
    const mapped = mapRow(
      row({
        ...base,
        name: "Clinic\u0000 of\u0007 Paramus",
        site: "javascript:alert(5)",
        location_link: "javascript:alert(5)",
        photo: "javascript:alert(5)",
      }),
      map,
      2,
    );
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    expect(mapped.input).toMatchObject({ name: "Clinic of Paramus", website: null, locationLink: null, photos: [] });
  });

  it("keeps photos and links that are web addresses", () => {
    const link = "https://www.google.com/maps/place/?q=place_id:abc";
    const mapped = mapRow(
      row({ ...base, site: "http://clinic.test/", location_link: link, photo: "https://lh5.googleusercontent.com/p/x" }),
      map,
      2,
    );
    expect(mapped.ok && mapped.input).toMatchObject({
      website: "http://clinic.test/",
      locationLink: link,
      photos: ["https://lh5.googleusercontent.com/p/x"],
    });
  });

  it("marks closed businesses as not open", () => {
    const mapped = mapRow(row({ ...base, business_status: "CLOSED_PERMANENTLY" }), map, 2);
    expect(mapped.ok && mapped.input.isOpen).toBe(false);
  });
});

describe("hour shapes of the fixtures README", () => {
  it("reads the 2025 JSON (strings) and 2026 JSON (lists)", () => {
    expect(parseScraperHours('{"Monday": "9AM-8PM", "Sunday": "Open 24 hours"}')).toEqual({
      Monday: "9:00 AM - 8:00 PM",
      Sunday: "Open 24 hours",
    });
    expect(parseScraperHours('{"Monday": ["6AM-6PM"], "Friday": ["12-6AM", "8AM-12AM"]}')).toEqual({
      Monday: "6:00 AM - 6:00 PM",
      Friday: "12:00 AM - 6:00 AM, 8:00 AM - 12:00 AM",
    });
  });

  it("reads working_hours_old_format and working_hours_csv_compatible", () => {
    expect(parseDelimitedHours("Monday:9AM-8PM|Tuesday:Closed|Wednesday:8AM-4AM|Thursday:12-6PM")).toEqual({
      Monday: "9:00 AM - 8:00 PM",
      Tuesday: "Closed",
      Wednesday: "8:00 AM - 4:00 AM",
      Thursday: "12:00 PM - 6:00 PM",
    });
    expect(parseDelimitedHours("Sunday,6AM,6PM|Monday,Closed|Tuesday,Open 24 hours|Wednesday,9AM,12PM,1PM,5:30PM")).toEqual({
      Sunday: "6:00 AM - 6:00 PM",
      Monday: "Closed",
      Tuesday: "Open 24 hours",
      Wednesday: "9:00 AM - 12:00 PM, 1:00 PM - 5:30 PM",
    });
  });

  it("falls back to the next hours column when the first is empty or unreadable", () => {
    expect(parseScraperHours("", "Monday:9AM-5PM")).toEqual({ Monday: "9:00 AM - 5:00 PM" });
    expect(parseScraperHours(null, null)).toBeNull();
  });
});

describe("the about features an input may carry", () => {
  const input = (about: unknown) => businessInputSchema.safeParse({ name: "A", about });

  it("accepts feature groups of true/false features, and none", () => {
    const about = { "Service options": { "Dine-in": true, Delivery: false }, Payments: {} };
    const parsed = input(about);
    expect(parsed.success && parsed.data.about).toEqual(about);
    expect(input(null).success).toBe(true);
  });

  it("refuses anything else, naming the field", () => {
    for (const bad of [{ Payments: { Cash: "yes" } }, { Payments: ["Cash"] }, ["Payments"], "Dine-in", { Payments: null }]) {
      const parsed = input(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].path).toEqual(["about"]);
    }
  });
});
