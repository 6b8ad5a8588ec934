import { describe, expect, it } from "vitest";
import {
  accessibilityDescription,
  accessibilityHeading,
  accessibilityPageIndexing,
  indexedAccessibilityFilter,
  listingIndexing,
  NOINDEX_FOLLOW,
} from "#app/lib/seo/indexing";
import { NO_ATTRIBUTE_FILTERS, type ListingFilters } from "#app/lib/search/listing-filters";

const on = { indexMinFacts: 1, indexMinListing: 3, indexedAccessibilityPages: true };
const off = { indexMinFacts: 1, indexMinListing: 3 };
const filters = (more: Partial<ListingFilters>): ListingFilters => ({ openNow: false, ...NO_ATTRIBUTE_FILTERS, ...more });
const BASE = "https://x.test/city/Hue/cafe";

describe("indexedAccessibilityFilter", () => {
  it("is the one accessibility filter of the set, alone, with the setting on", () => {
    expect(indexedAccessibilityFilter(filters({ has: ["wheelchair-accessible-entrance"] }), on)).toBe("wheelchair-accessible-entrance");
  });

  it("is null with the setting off, another attribute, several, or any other filter", () => {
    const one = { has: ["wheelchair-accessible-entrance"] };
    expect(indexedAccessibilityFilter(filters(one), off)).toBeNull();
    expect(indexedAccessibilityFilter(filters({ has: ["outdoor-seating"] }), on)).toBeNull();
    expect(indexedAccessibilityFilter(filters({ has: ["outdoor-seating", "wheelchair-accessible-entrance"] }), on)).toBeNull();
    expect(indexedAccessibilityFilter(filters({ ...one, openNow: true }), on)).toBeNull();
    expect(indexedAccessibilityFilter(filters({ ...one, minRating: 4.5 }), on)).toBeNull();
    expect(indexedAccessibilityFilter(filters({ ...one, openLate: true }), on)).toBeNull();
    expect(indexedAccessibilityFilter(filters({ ...one, open24h: true }), on)).toBeNull();
    expect(indexedAccessibilityFilter(filters({ ...one, openAt: { day: "sun", hour: 10 } }), on)).toBeNull();
    expect(indexedAccessibilityFilter(filters({ has: ["constructor"] }), on)).toBeNull();
  });
});

describe("accessibilityPageIndexing", () => {
  const view = { canonicalBase: BASE, slug: "wheelchair-accessible-entrance" as const, rules: on };
  it("is canonical to itself, indexed from INDEX_MIN_LISTING businesses on", () => {
    expect(accessibilityPageIndexing({ ...view, page: 1, count: 3 })).toEqual({
      canonical: `${BASE}?has=wheelchair-accessible-entrance`,
      robots: null,
      titleSuffix: null,
    });
    expect(accessibilityPageIndexing({ ...view, page: 1, count: 2 }).robots).toBe(NOINDEX_FOLLOW);
  });

  it("keeps its page N > 1 out of the index, canonical to itself", () => {
    expect(accessibilityPageIndexing({ ...view, page: 2, count: 40 })).toEqual({
      canonical: `${BASE}?has=wheelchair-accessible-entrance&page=2`,
      robots: NOINDEX_FOLLOW,
      titleSuffix: "Page 2",
    });
  });

  it("is canonical to itself past the numbered pages too: its cursor with its number", () => {
    expect(accessibilityPageIndexing({ ...view, page: 8, count: 400, after: 5120 }).canonical).toBe(
      `${BASE}?has=wheelchair-accessible-entrance&page=8&after=5120`,
    );
  });
});

describe("listingIndexing of a filtered view without words for its filters", () => {
  it("is noindex, canonical to the plain page", () => {
    expect(listingIndexing({ canonicalBase: BASE, page: 1, variant: null, filtered: true, indexable: true })).toEqual({
      canonical: BASE,
      robots: NOINDEX_FOLLOW,
      titleSuffix: null,
    });
  });
});

describe("the accessibility page's words", () => {
  const cafe = { kind: "category" as const, name: "Cafe", slug: "cafe" };
  it("name the category inside the sentence in English, and its label elsewhere", () => {
    expect(accessibilityHeading("wheelchair-accessible-entrance", cafe, "Huế", "en")).toBe("Wheelchair accessible cafes in Huế");
    expect(
      accessibilityHeading(
        "wheelchair-accessible-entrance",
        { kind: "category", name: "BBQ restaurant", slug: "bbq-restaurant" },
        "Austin",
        "en",
      ),
    ).toBe("Wheelchair accessible BBQ restaurants in Austin");
    expect(accessibilityHeading("wheelchair-accessible-entrance", cafe, "Huế", "vi")).toMatch(/ có lối vào cho xe lăn tại Huế$/);
    expect(accessibilityHeading("wheelchair-accessible-entrance", cafe, "Huế", "es")).toMatch(
      / con entrada accesible para silla de ruedas en Huế$/,
    );
  });

  it("count the businesses in the description, in the locale's plural", () => {
    expect(accessibilityDescription("wheelchair-accessible-entrance", "Wheelchair accessible cafes in Huế", 1, "en")).toMatch(
      /^Wheelchair accessible cafes in Huế: 1 place with /,
    );
    expect(accessibilityDescription("wheelchair-accessible-entrance", "X", 12000, "es")).toMatch(/^X: 12\.000 lugares con /);
  });
});
