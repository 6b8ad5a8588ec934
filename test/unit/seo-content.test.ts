import { describe, expect, it } from "vitest";
import { generateSeoText, type SeoFacts } from "#app/lib/seo/seo-content";
// The content catalogs, as the Worker registers them when it starts.
import "#app/server/platform/i18n.server";

const facts = (overrides: Partial<SeoFacts> = {}): SeoFacts => ({
  id: 1,
  placeId: "place-1",
  name: "Volt Works",
  category: "Electrician",
  address: "1 Main St, Springfield, IL 62701",
  city: "Springfield",
  state: "Illinois",
  country: "United States",
  phone: "(217) 555-0100",
  website: null,
  rating: 4.6,
  reviewCount: 40,
  openingHours: { Monday: "9:00 AM - 5:00 PM" },
  about: null,
  businessStatus: null,
  ...overrides,
});

describe("generated Detailed Information: only what the page shows", () => {
  it("says 'an' where the sound wants it", () => {
    for (let id = 1; id <= 12; id++) {
      const { uniqueContent, seoDescription } = generateSeoText(facts({ id }));
      expect(uniqueContent).not.toMatch(/\ba electrician/);
      expect(uniqueContent).toMatch(/\ban electrician/);
      expect(seoDescription).toContain("is an electrician");
    }
    expect(generateSeoText(facts({ category: "Escape room center" })).uniqueContent).toMatch(/\ban escape room center/);
  });

  it("mentions the website only when the page links it (an http(s) address)", () => {
    expect(generateSeoText(facts({ website: "https://volt.example" })).uniqueContent).toContain("or visit volt.example.");
    expect(generateSeoText(facts({ website: "ftp://volt.example" })).uniqueContent).not.toContain("volt.example");
    expect(generateSeoText(facts()).uniqueContent).not.toContain("visit");
  });

  it("names no badge or link the page does not have", () => {
    for (let id = 1; id <= 12; id++) {
      const text = generateSeoText(facts({ id })).uniqueContent;
      expect(text).not.toContain("Open Now badge");
    }
    const noCity = generateSeoText(facts({ city: "", state: "" })).uniqueContent;
    expect(noCity).not.toContain("city page");
    expect(noCity).not.toMatch(/the\s+page gathers/);
    const unrated = generateSeoText(facts({ rating: 0, reviewCount: 0 })).uniqueContent;
    expect(unrated).not.toContain("does not show stars");
    const noCount = generateSeoText(facts({ rating: 4.7, reviewCount: 0 })).uniqueContent;
    expect(noCount).not.toContain("based on 0 reviews");
    expect(noCount).not.toContain("across 0 reviews");
  });
});
