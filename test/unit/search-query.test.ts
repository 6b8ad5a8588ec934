import { describe, expect, it } from "vitest";
import { regionCode, splitLocation } from "#app/lib/search/locations";
import { parseSearchParams, searchHref } from "#app/lib/search/search-params";
import { buildFtsQuery, facetToken, ftsTerms, minRatingFacets } from "#app/lib/search/search-query";

describe("ftsTerms", () => {
  it("quotes every word and makes the last one a prefix", () => {
    expect(ftsTerms("italian resta")).toBe('"italian" "resta"*');
  });

  it("turns FTS5 syntax and SQL into plain words", () => {
    // "near" is a filler word and goes; "OR" stays, quoted, so it is a word, not an operator.
    expect(ftsTerms('"x" OR NEAR(b*, 2) -c')).toBe('"x" "OR" "b" "2" "c"');
    expect(ftsTerms("'; DROP TABLE businesses; --")).toBe('"DROP" "TABLE" "businesses"*');
    expect(ftsTerms('*()"^:{}')).toBe("");
  });

  it("drops filler words unless nothing else is left", () => {
    expect(ftsTerms("pizza near me")).toBe('"pizza"*');
    expect(ftsTerms("the")).toBe('"the"*');
  });

  it("keeps at most 8 words of at most 40 characters", () => {
    expect(ftsTerms("w ".repeat(300)).match(/"/g)).toHaveLength(16);
    expect(ftsTerms("x".repeat(600))).toBe(`"${"x".repeat(40)}"*`);
  });

  it("does not prefix-expand a single letter", () => {
    expect(ftsTerms("auto z")).toBe('"auto" "z"');
  });
});

describe("FTS queries with facets", () => {
  it("confines visitor words to the word columns, so a prefix cannot match a facet token", () => {
    expect(buildFtsQuery("ci")).toBe('{name category subtypes description keywords} : ("ci"*)');
    expect(buildFtsQuery("?!")).toBe("");
  });

  it("spells facets as the generated column does: prefix, value without spaces or hyphens, then 0", () => {
    expect(facetToken("city", "new-york")).toBe('"cinewyork0"');
    expect(facetToken("zip", "SW1A 1AA")).toBe('"ziSW1A1AA0"');
    expect(facetToken("rating", 45)).toBe('"ra450"');
    // A quote in a value cannot end the FTS string early.
    expect(facetToken("zip", 'a"b')).toBe('"zia""b0"');
  });

  it("turns a minimum rating into every rating tenth from it to 5.0", () => {
    expect(minRatingFacets(4.7)).toBe('("ra470" OR "ra480" OR "ra490" OR "ra500")');
    expect(minRatingFacets(5)).toBe('("ra500")');
    expect(minRatingFacets(4.25)).toBe('("ra430" OR "ra440" OR "ra450" OR "ra460" OR "ra470" OR "ra480" OR "ra490" OR "ra500")');
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
    expect(p).toEqual({
      q: "pizza",
      location: "",
      category: "",
      openNow: true,
      minRating: undefined,
      near: undefined,
      radius: 25,
      sort: "relevance",
      page: 1,
      has: [],
      openAt: null,
      openLate: false,
      open24h: false,
    });
    expect(parseSearchParams("https://x.test/search?page=999999").page).toBe(50);
  });

  it("reads near=lat,lng to ~11 m and a radius in km, and drops what is not a point", () => {
    expect(parseSearchParams("https://x.test/search?near=16.463712,107.590888&radius=5")).toMatchObject({
      near: { lat: 16.4637, lng: 107.5909 },
      radius: 5,
    });
    for (const near of ["91,0", "0,181", "abc", "16.4", "1,2,3", ""])
      expect(parseSearchParams(`https://x.test/search?near=${near}`).near).toBeUndefined();
    expect(parseSearchParams("https://x.test/search?near=1,2&radius=5000").radius).toBe(100);
    expect(searchHref({ q: "cafe", near: { lat: 1.5, lng: -2 }, radius: 25, sort: "distance" })).toBe(
      "/search?q=cafe&sort=distance&near=1.5%2C-2",
    );
  });

  it("builds result URLs without blank or default values", () => {
    expect(searchHref({ q: "pizza", location: "", sort: "relevance", page: 1 })).toBe("/search?q=pizza");
    expect(searchHref({ q: "a b", location: "Zürich", page: 2, sort: "rating" })).toBe(
      "/search?q=a+b&location=Z%C3%BCrich&sort=rating&page=2",
    );
  });
});
