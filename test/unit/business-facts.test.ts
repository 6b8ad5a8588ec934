import { describe, expect, it } from "vitest";
import { isCustomerFavorite, isOpenNow, reviewHistogram } from "#app/lib/business/business";

describe("Customer Favorite", () => {
  it("needs a rating of 4.5 or more from at least 10 reviews", () => {
    expect(isCustomerFavorite({ rating: 4.5, reviewCount: 10 })).toBe(true);
    expect(isCustomerFavorite({ rating: 5, reviewCount: 9 })).toBe(false);
    expect(isCustomerFavorite({ rating: 4.4, reviewCount: 5000 })).toBe(false);
    expect(isCustomerFavorite({ rating: 4.7, reviewCount: 0 })).toBe(false);
  });
});

describe("reviewHistogram", () => {
  it("lists 5★ down to 1★ with whole-number shares, and nothing without counts", () => {
    expect(reviewHistogram([6, 2, 5, 24, 87])).toEqual([
      { stars: 5, count: 87, percent: 70 },
      { stars: 4, count: 24, percent: 19 },
      { stars: 3, count: 5, percent: 4 },
      { stars: 2, count: 2, percent: 2 },
      { stars: 1, count: 6, percent: 5 },
    ]);
    expect(reviewHistogram([0, 0, 0, 0, 0])).toBeNull();
    expect(reviewHistogram(null)).toBeNull();
  });
});

describe("isOpenNow (the API's isOpen and the search's open now)", () => {
  const monday3pm = new Date("2026-11-23T15:00:00Z");
  const row = (openingHours: string | null, businessStatus: string | null = null) => ({
    openingHours,
    timeZone: "UTC",
    businessStatus,
    countryCode: "US",
    stateCode: "IL",
    state: "Illinois",
  });

  it("comes from the hours only: false without hours, whatever the stored flag said", () => {
    expect(isOpenNow(row('{"Monday":"9AM-5PM"}'), monday3pm)).toBe(true);
    expect(isOpenNow(row('{"Monday":"Closed"}'), monday3pm)).toBe(false);
    expect(isOpenNow(row(null), monday3pm)).toBe(false);
    expect(isOpenNow(row('{"Tuesday":"9AM-5PM"}'), monday3pm)).toBe(false);
  });

  it("is false for Google's closed states", () => {
    expect(isOpenNow(row('{"Monday":"Open 24 hours"}', "CLOSED_TEMPORARILY"), monday3pm)).toBe(false);
    expect(isOpenNow(row('{"Monday":"Open 24 hours"}', "CLOSED_PERMANENTLY"), monday3pm)).toBe(false);
  });

  it("reads the hours in the zone the country or state implies when none is stored, and claims nothing without one", () => {
    // 15:00 UTC is 9:00 AM in Chicago: open from 9; it is 10:00 AM in Brasília, but Brazil has several zones.
    const hours = '{"Monday":"9AM-10AM"}';
    expect(isOpenNow({ ...row(hours), timeZone: null }, monday3pm)).toBe(true);
    expect(isOpenNow({ ...row(hours), timeZone: null, stateCode: "CA", state: "California" }, monday3pm)).toBe(false);
    expect(
      isOpenNow({ ...row('{"Monday":"Open 24 hours"}'), timeZone: null, countryCode: "BR", stateCode: "", state: "" }, monday3pm),
    ).toBe(false);
  });
});
