import { describe, expect, it } from "vitest";
import { openStatus } from "#app/lib/business/open-status";
import { effectiveTimeZone } from "#app/lib/business/time-zones";

describe("effectiveTimeZone", () => {
  const facts = (countryCode: string, state = "", stateCode = "", timeZone: string | null = null) => ({
    timeZone,
    countryCode,
    stateCode,
    state,
  });

  it("keeps a stored zone", () => {
    expect(effectiveTimeZone(facts("US", "Illinois", "IL", "Asia/Saigon"))).toBe("Asia/Saigon");
  });

  it("infers one from a one-zone country, or a US, Canadian or Australian state", () => {
    expect(effectiveTimeZone(facts("DE"))).toBe("Europe/Berlin");
    expect(effectiveTimeZone(facts("VN"))).toBe("Asia/Ho_Chi_Minh");
    expect(effectiveTimeZone(facts("US", "Illinois", "IL"))).toBe("America/Chicago");
    expect(effectiveTimeZone(facts("US", "California"))).toBe("America/Los_Angeles");
    expect(effectiveTimeZone(facts("CA", "British Columbia"))).toBe("America/Vancouver");
    expect(effectiveTimeZone(facts("AU", "", "NSW"))).toBe("Australia/Sydney");
  });

  it("gives none where the country has several zones and the state does not settle it", () => {
    expect(effectiveTimeZone(facts("BR", "São Paulo"))).toBeNull();
    expect(effectiveTimeZone(facts("US"))).toBeNull();
    expect(effectiveTimeZone(facts(""))).toBeNull();
  });

  it("every zone it names is one the runtime knows", () => {
    const probes = ["DE", "VN", "GB", "JP", "IN", "ZA", "AR", "NZ", "TR", "UA"].map((c) => effectiveTimeZone(facts(c)));
    for (const zone of probes) expect(() => new Intl.DateTimeFormat("en-US", { timeZone: zone ?? "" })).not.toThrow();
  });
});

describe("the status line without a known zone", () => {
  it("shows the hours but claims neither open nor closed", () => {
    expect(
      openStatus({ openingHours: { Monday: "Open 24 hours" }, timeZone: null, businessStatus: null }, new Date("2026-11-23T12:00:00Z")),
    ).toEqual({
      state: "unknown",
      label: "See opening hours",
      phrase: "seeHours",
    });
  });
});
