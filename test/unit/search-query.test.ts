import { describe, expect, it } from "vitest";
import { regionCode, splitLocation } from "~/lib/locations";
import { parseSearchParams, searchHref } from "~/lib/search-params";
import { buildFtsQuery } from "~/lib/search-query";

describe("buildFtsQuery", () => {
  it("quotes every word and makes the last one a prefix", () => {
    expect(buildFtsQuery("italian resta")).toBe('"italian" "resta"*');
  });

  it("turns FTS5 syntax and SQL into plain words", () => {
    // "near" is a filler word and goes; "OR" stays, quoted, so it is a word, not an operator.
    expect(buildFtsQuery('"x" OR NEAR(b*, 2) -c')).toBe('"x" "OR" "b" "2" "c"');
    expect(buildFtsQuery("'; DROP TABLE businesses; --")).toBe('"DROP" "TABLE" "businesses"*');
    expect(buildFtsQuery('*()"^:{}')).toBe("");
  });

  it("drops filler words unless nothing else is left", () => {
    expect(buildFtsQuery("pizza near me")).toBe('"pizza"*');
    expect(buildFtsQuery("the")).toBe('"the"*');
  });

  it("keeps at most 8 words of at most 40 characters", () => {
    expect(buildFtsQuery("w ".repeat(300)).match(/"/g)).toHaveLength(16);
    expect(buildFtsQuery("x".repeat(600))).toBe(`"${"x".repeat(40)}"*`);
  });

  it("does not prefix-expand a single letter", () => {
    expect(buildFtsQuery("auto z")).toBe('"auto" "z"');
  });
});

describe("splitLocation", () => {
  it("reads city, state, country and postal code forms", () => {
    expect(splitLocation("Chicago")).toEqual({ parts: ["Chicago"], postalCode: undefined });
    expect(splitLocation("Chicago, IL")).toEqual({ parts: ["Chicago", "IL"], postalCode: undefined });
    expect(splitLocation("60601")).toEqual({ parts: [], postalCode: "60601" });
    expect(splitLocation("Chicago, IL 60601")).toEqual({ parts: ["Chicago", "IL"], postalCode: "60601" });
    expect(splitLocation("sw1a 1aa")).toEqual({ parts: [], postalCode: "SW1A 1AA" });
    expect(splitLocation("Zürich, Switzerland")).toEqual({ parts: ["Zürich", "Switzerland"], postalCode: undefined });
  });

  it("names states and provinces by their codes, accents aside", () => {
    expect(regionCode("Illinois")).toBe("IL");
    expect(regionCode("québec")).toBe("QC");
    expect(regionCode("Atlantis")).toBeUndefined();
  });
});

describe("search params", () => {
  it("falls back to defaults instead of failing", () => {
    const p = parseSearchParams("https://x.test/search?q=%20pizza%20&page=-3&sort=nope&minRating=abc&openNow=1");
    expect(p).toEqual({ q: "pizza", location: "", category: "", openNow: true, minRating: undefined, sort: "relevance", page: 1 });
    expect(parseSearchParams("https://x.test/search?page=999999").page).toBe(50);
  });

  it("builds result URLs without blank or default values", () => {
    expect(searchHref({ q: "pizza", location: "", sort: "relevance", page: 1 })).toBe("/search?q=pizza");
    expect(searchHref({ q: "a b", location: "Zürich", page: 2, sort: "rating" })).toBe("/search?q=a+b&location=Z%C3%BCrich&sort=rating&page=2");
  });
});
