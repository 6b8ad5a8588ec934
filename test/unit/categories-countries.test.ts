import { describe, expect, it } from "vitest";
import { recommendedScore } from "#app/lib/business/business";
import { defaultImageForGroup, groupForCategory } from "#app/lib/business/category-groups";
import { countryCode, normalizeCountry } from "#app/lib/business/countries";
import { ftsTerms } from "#app/lib/search/search-query";

describe("category → group mapping", () => {
  it.each([
    ["Italian restaurant", "restaurants"],
    ["Coffee shop", "restaurants"],
    ["Dentist", "healthcare"],
    ["Hair transplantation clinic", "healthcare"],
    ["Auto repair shop", "auto-services"],
    ["Car wash", "auto-services"],
    ["Hair salon", "beauty-wellness"],
    ["Plumber", "home-services"],
    ["House cleaning service", "home-services"],
    ["Law firm", "professional-services"],
    ["Language school", "education"],
    ["Movie theater", "entertainment"],
    ["Software company", "technology"],
    ["Clothing store", "shopping"],
    ["Cemetery", "other"],
  ])("%s → %s", (category, group) => {
    expect(groupForCategory(category).slug).toBe(group);
  });

  it("falls back to subtypes when the main category says nothing", () => {
    expect(groupForCategory("Establishment", "Vegan restaurant, Cafe").slug).toBe("restaurants");
  });

  it("chooses the default image by group", () => {
    expect(defaultImageForGroup("home-services")).toBe("cleaning-service");
    expect(defaultImageForGroup("technology")).toBe("software-development");
    expect(defaultImageForGroup("education")).toBe("service-provider");
  });
});

describe("countries", () => {
  it("normalizes scraper spellings to one name and code", () => {
    expect(normalizeCountry("United States of America")).toEqual({ name: "United States", code: "US" });
    expect(normalizeCountry("Viet Nam")).toEqual({ name: "Vietnam", code: "VN" });
    // The name as written, not a withdrawn code the runtime's ICU also calls Vietnam ("VD").
    expect(normalizeCountry("Vietnam")).toEqual({ name: "Vietnam", code: "VN" });
    expect(normalizeCountry("Benin")).toEqual({ name: "Benin", code: "BJ" });
    expect(normalizeCountry("", "de")).toEqual({ name: "Germany", code: "DE" });
    expect(normalizeCountry("Germany")).toEqual({ name: "Germany", code: "DE" });
    expect(normalizeCountry("France")).toEqual({ name: "France", code: "FR" });
    expect(normalizeCountry("United Kingdom")).toEqual({ name: "United Kingdom", code: "GB" });
    expect(normalizeCountry("UK")).toEqual({ name: "United Kingdom", code: "GB" });
    expect(countryCode("Atlantis")).toBe("");
    expect(normalizeCountry("Atlantis")).toEqual({ name: "Atlantis", code: "" });
  });
});

describe("recommended score", () => {
  it("weights rating by review count and ranks unrated businesses last", () => {
    expect(recommendedScore(4.7, 900)).toBeGreaterThan(recommendedScore(5, 2));
    expect(recommendedScore(5, 2)).toBeGreaterThan(recommendedScore(3, 2));
    expect(recommendedScore(0, 100)).toBe(0);
  });
});

describe("search text → FTS5 query", () => {
  it("keeps words only, quoted, with a prefix on the last", () => {
    expect(ftsTerms("italian rest")).toBe('"italian" "rest"*');
    expect(ftsTerms('") OR NEAR(a b) *; DROP TABLE businesses; --')).toBe(
      // "near" and "a" are filler words the search drops ("pizza near me").
      '"OR" "b" "DROP" "TABLE" "businesses"*',
    );
    expect(ftsTerms("*** ((( ")).toBe("");
  });
});
