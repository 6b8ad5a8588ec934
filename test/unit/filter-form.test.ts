import { describe, expect, it } from "vitest";
import { canonicalFilterHref, filterChips } from "#app/lib/search/filter-form";
import { parseListingFilters } from "#app/lib/search/listing-filters";

describe("the filter bar's form", () => {
  it("reads the day and time selects (both named openAt) as one open-at filter, and neither alone", () => {
    expect(parseListingFilters(new URLSearchParams("openAt=sun&openAt=10:00")).openAt).toEqual({ day: "sun", hour: 10 });
    expect(parseListingFilters(new URLSearchParams("openAt=sun-10:00")).openAt).toEqual({ day: "sun", hour: 10 });
    expect(parseListingFilters(new URLSearchParams("openAt=sun&openAt=")).openAt).toBeNull();
    expect(parseListingFilters(new URLSearchParams("openAt=&openAt=10:00")).openAt).toBeNull();
  });

  it("goes to the filters' one spelling, page 1, keeping the other non-blank fields", () => {
    const form = new URLSearchParams(
      "q=coffee&location=&has=outdoor-seating&has=delivery&openAt=sun&openAt=10:00&openLate=1&minRating=4.5&openNow=1&page=3",
    );
    expect(canonicalFilterHref("/search", form)).toBe(
      "/search?q=coffee&openNow=1&minRating=4.5&has=delivery%2Coutdoor-seating&openAt=sun-10%3A00&openLate=1",
    );
    expect(canonicalFilterHref("/city/Hue", new URLSearchParams("minRating=&openAt=&openAt="))).toBe("/city/Hue");
  });

  it("gives each chosen filter a link to the page without it, page 1", () => {
    const filters = parseListingFilters(new URLSearchParams("has=delivery,outdoor-seating&open24h=1&page=2"));
    const chips = filterChips(filters, "/city/Hue", new URLSearchParams());
    expect(chips.map((c) => [c.key, c.href])).toEqual([
      ["has:delivery", "/city/Hue?has=outdoor-seating&open24h=1"],
      ["has:outdoor-seating", "/city/Hue?has=delivery&open24h=1"],
      ["open24h", "/city/Hue?has=delivery%2Coutdoor-seating"],
    ]);
    const search = filterChips(parseListingFilters(new URLSearchParams("openLate=1")), "/search", new URLSearchParams("q=tea"));
    expect(search.map((c) => c.href)).toEqual(["/search?q=tea"]);
  });
});
