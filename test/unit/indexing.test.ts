import { describe, expect, it } from "vitest";
// The catalogs the title words come from, registered as the Worker registers them.
import "#app/server/platform/i18n.server";
import { cityCategoryHeading, pluralCategory } from "#app/lib/business/city-category";
import {
  businessFacts,
  filterVariant,
  indexedFactCounts,
  isBusinessIndexed,
  listingIndexing,
  titleWithSuffix,
} from "#app/lib/seo/indexing";

const rules = { indexMinFacts: 1, indexMinListing: 3 };

describe("business facts (hours, phone, rating)", () => {
  it("counts a day with text, a phone and a rating above 0", () => {
    expect(businessFacts({ openingHours: null, phone: null, rating: 0 })).toBe(0);
    expect(businessFacts({ openingHours: { Monday: "", Tuesday: "" }, phone: "", rating: 0 })).toBe(0);
    expect(businessFacts({ openingHours: { Monday: "Closed" }, phone: null, rating: 0 })).toBe(1);
    expect(businessFacts({ openingHours: { Monday: "9 AM - 5 PM" }, phone: "555", rating: 4.2 })).toBe(3);
  });
  it("indexes from INDEX_MIN_FACTS on; 0 indexes every business, 4 none", () => {
    const bare = { openingHours: null, phone: null, rating: 0 };
    expect(isBusinessIndexed(bare, rules)).toBe(false);
    expect(isBusinessIndexed({ ...bare, phone: "555" }, rules)).toBe(true);
    expect(isBusinessIndexed(bare, { ...rules, indexMinFacts: 0 })).toBe(true);
    expect(indexedFactCounts(1)).toEqual([1, 2, 3]);
    expect(indexedFactCounts(0)).toEqual([0, 1, 2, 3]);
    expect(indexedFactCounts(4)).toEqual([]);
  });
});

describe("listing canonical and robots", () => {
  const base = "https://x.test/city/Chicago";
  it("page 1 is its own canonical, indexed only with enough businesses", () => {
    expect(listingIndexing({ canonicalBase: base, page: 1, variant: null, indexable: true })).toEqual({
      canonical: base,
      robots: null,
      titleSuffix: null,
    });
    expect(listingIndexing({ canonicalBase: base, page: 1, variant: null, indexable: false }).robots).toBe("noindex, follow");
  });
  it("page N points at itself; a filter at the plain page 1; both noindex, follow", () => {
    expect(listingIndexing({ canonicalBase: base, page: 3, variant: null, indexable: true })).toEqual({
      canonical: `${base}?page=3`,
      robots: "noindex, follow",
      titleSuffix: "Page 3",
    });
    expect(listingIndexing({ canonicalBase: base, page: 2, variant: "Open now", indexable: true })).toEqual({
      canonical: base,
      robots: "noindex, follow",
      titleSuffix: "Open now, Page 2",
    });
  });
  it("puts the suffix before the first ' | ' of a title", () => {
    expect(titleWithSuffix("Businesses in X | Local | Site", "Page 2")).toBe("Businesses in X – Page 2 | Local | Site");
    expect(titleWithSuffix("Plain", "Page 2")).toBe("Plain – Page 2");
    expect(titleWithSuffix("Plain", null)).toBe("Plain");
    expect(filterVariant({ openNow: true, minRating: 4.5 })).toBe("Open now, Rated 4.5+");
    expect(filterVariant({ openNow: false })).toBeNull();
  });
  it("says the title's words in the page's locale", () => {
    expect(filterVariant({ openNow: true, minRating: 4.5 }, null, "es")).toBe("Abierto ahora, Valoración 4,5+");
    expect(filterVariant({ openNow: false }, "más recientes", "es")).toBe("Ordenado por más recientes");
    expect(
      listingIndexing({ canonicalBase: "https://x.test/vi/city/Hue", page: 2, variant: null, indexable: true, locale: "vi" }).titleSuffix,
    ).toBe("Trang 2");
  });
});

describe("city × category headings", () => {
  it("pluralises a fine category's last word and keeps a group's name", () => {
    expect(pluralCategory("Dentist")).toBe("Dentists");
    expect(pluralCategory("Car wash")).toBe("Car washes");
    expect(pluralCategory("Bakery")).toBe("Bakeries");
    expect(pluralCategory("Coffee shop")).toBe("Coffee shops");
    expect(cityCategoryHeading({ kind: "category", name: "dentist" }, "Chicago")).toBe("Dentists in Chicago");
    expect(cityCategoryHeading({ kind: "group", name: "Healthcare" }, "Chicago")).toBe("Healthcare in Chicago");
  });
});
