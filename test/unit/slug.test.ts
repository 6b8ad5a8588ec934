import { describe, expect, it } from "vitest";
import { baseSlug, cityDetailPath, detailPath, detailSlugCandidates, nameSlugForLink, slugify, slugSuffix } from "#app/lib/business/slug";

describe("slugify", () => {
  it("transliterates accents before dropping other characters", () => {
    expect(slugify("Café Zürich")).toBe("cafe-zurich");
    expect(slugify("Müller & Söhne")).toBe("muller-and-sohne");
    expect(slugify("Straße")).toBe("strasse");
    expect(slugify("Cà Phê Muối Huế")).toBe("ca-phe-muoi-hue");
    expect(slugify("Łódź Øresund")).toBe("lodz-oresund");
  });

  it("collapses separators and trims hyphens", () => {
    expect(slugify("  --Joe's   Pizza!! -- ")).toBe("joe-s-pizza");
  });

  it("leaves nothing for a name without Latin letters, so the base falls back to category and city", () => {
    expect(slugify("東京寿司")).toBe("");
    expect(baseSlug({ name: "東京寿司", category: "Sushi restaurant", city: "Tokyo" })).toBe("sushi-restaurant-tokyo");
    expect(baseSlug({ name: "東京寿司" })).toBe("");
  });
});

describe("detail links (SPEC §2)", () => {
  const withSlug = { id: 42, placeId: "ChIJN1t_tDeuEmsRUsoyG83frY4", slug: "joes-pizza", name: "Joe's Pizza" };
  const withoutSlug = { id: 42, placeId: null, slug: null, name: "  Joe's Pizza & Grill! " };

  it("suffix is the first 7 characters of placeId, or of id", () => {
    expect(slugSuffix(withSlug)).toBe("ChIJN1t");
    expect(slugSuffix({ id: 123456789, placeId: null })).toBe("1234567");
    expect(slugSuffix({ id: 42 })).toBe("42");
  });

  it("cards link to /details/{slug}", () => {
    expect(detailPath(withSlug)).toBe("/details/joes-pizza");
  });

  it("without a slug, cards use the name lowercased, stripped, hyphenated, plus the suffix", () => {
    expect(nameSlugForLink(withoutSlug.name)).toBe("joes-pizza-grill");
    expect(detailPath(withoutSlug)).toBe("/details/joes-pizza-grill-42");
  });

  it("the city page appends the suffix to the slug, or to the name with whitespace as hyphens", () => {
    expect(cityDetailPath(withSlug)).toBe("/details/joes-pizza-ChIJN1t");
    expect(cityDetailPath({ id: 7, name: "Blue Door Cafe", slug: null })).toBe("/details/blue-door-cafe-7");
  });

  it("reads both suffix forms back, including a placeId suffix that itself holds a hyphen", () => {
    expect(detailSlugCandidates("joes-pizza-ChIJN1t")).toContainEqual({ base: "joes-pizza", suffix: "ChIJN1t" });
    expect(detailSlugCandidates("joes-pizza-ChI-N1t")).toContainEqual({ base: "joes-pizza", suffix: "ChI-N1t" });
    expect(detailSlugCandidates("blue-door-cafe-7")).toContainEqual({ base: "blue-door-cafe", suffix: "7" });
    expect(detailSlugCandidates("plain")).toEqual([]);
  });
});
