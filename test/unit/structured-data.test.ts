import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  localBusinessJsonLd,
  openingHoursSpecification,
  SCHEMA_TYPES,
  schemaTypeForCategory,
  serializeJsonLd,
  specialOpeningHoursSpecification,
} from "#app/lib/seo/structured-data";

const base = {
  id: 7,
  name: "Shop",
  category: "Plumber",
  description: null,
  address: "1 Main St, Springfield, IL 62701",
  city: "Springfield",
  state: "Illinois",
  zipCode: "62701",
  country: "United States",
  countryCode: "US",
  phone: null,
  email: null,
  website: null,
  rating: 0,
  reviewCount: 0,
  latitude: null,
  longitude: null,
  openingHours: null,
};

describe("schemaTypeForCategory", () => {
  it("picks the most specific schema.org type", () => {
    expect(schemaTypeForCategory("Italian restaurant")).toBe("Restaurant");
    expect(schemaTypeForCategory("Coffee shop")).toBe("CafeOrCoffeeShop");
    expect(schemaTypeForCategory("Dentist")).toBe("Dentist");
    expect(schemaTypeForCategory("Auto repair shop")).toBe("AutoRepair");
    expect(schemaTypeForCategory("Hair salon")).toBe("HairSalon");
    expect(schemaTypeForCategory("Plumber")).toBe("Plumber");
    expect(schemaTypeForCategory("Something unusual")).toBe("LocalBusiness");
    expect(schemaTypeForCategory("Electrician")).toBe("Electrician");
    expect(schemaTypeForCategory("Beauty salon")).toBe("BeautySalon");
    expect(schemaTypeForCategory("Cosmetic dentist")).toBe("Dentist");
    expect(schemaTypeForCategory("Bed & breakfast")).toBe("BedAndBreakfast");
    // schema.org's VeterinaryCare is a MedicalOrganization, not a place with an address and hours.
    expect(schemaTypeForCategory("Veterinarian")).toBe("LocalBusiness");
  });

  it("gives only types that are LocalBusiness or one of its subtypes in the schema.org vocabulary", () => {
    const vocabulary = new Set(env.TEST_LOCAL_BUSINESS_TYPES);
    expect(vocabulary.has("LocalBusiness")).toBe(true);
    expect(SCHEMA_TYPES.length).toBeGreaterThan(60);
    expect(SCHEMA_TYPES.filter((type) => !vocabulary.has(type))).toEqual([]);
  });
});

describe("openingHoursSpecification", () => {
  it("groups equal days and writes closed, 24 hours and overnight as Google documents", () => {
    const spec = openingHoursSpecification({
      Monday: "9:00 AM - 5:00 PM",
      Tuesday: "9:00 AM - 5:00 PM",
      Wednesday: "Closed",
      Thursday: "Open 24 hours",
      Friday: "6:00 PM - 2:00 AM",
      Saturday: "8:00 AM - 12:00 AM",
    });
    expect(spec).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["https://schema.org/Monday", "https://schema.org/Tuesday"],
        opens: "09:00",
        closes: "17:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["https://schema.org/Wednesday"], opens: "00:00", closes: "00:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["https://schema.org/Thursday"], opens: "00:00", closes: "23:59" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["https://schema.org/Friday"], opens: "18:00", closes: "02:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["https://schema.org/Saturday"], opens: "08:00", closes: "23:59" },
    ]);
    expect(openingHoursSpecification(null)).toEqual([]);
  });
});

describe("localBusinessJsonLd", () => {
  const options = { url: "https://x.test/business/7", image: "https://x.test/i.svg", description: "d" };
  it("marks up aggregateRating from the reviews written here only, from the first published one; never the imported rating", () => {
    expect(localBusinessJsonLd(base, options).aggregateRating).toBeUndefined();
    expect(localBusinessJsonLd({ ...base, rating: 4.5, reviewCount: 80 }, options).aggregateRating).toBeUndefined();
    const none = { ...base, rating: 4.5, reviewCount: 80, ownReviews: { count: 0, average: null } };
    expect(localBusinessJsonLd(none, options).aggregateRating).toBeUndefined();
    const own = { ...base, rating: 4.5, reviewCount: 80, ownReviews: { count: 3, average: 3.7 } };
    expect(localBusinessJsonLd(own, options).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 3.7,
      bestRating: 5,
      worstRating: 1,
      reviewCount: 3,
    });
  });
  it("marks up the first page's published reviews as review items", () => {
    const own = { ...base, ownReviews: { count: 1, average: 4 } };
    const reviews = [{ name: "Mai", rating: 4, title: "Good pho", body: "Broth\nwas rich.", publishedAt: "2026-10-03T08:00:00.000Z" }];
    expect(localBusinessJsonLd(own, { ...options, reviews }).review).toEqual([
      {
        "@type": "Review",
        author: { "@type": "Person", name: "Mai" },
        reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
        datePublished: "2026-10-03",
        name: "Good pho",
        reviewBody: "Broth\nwas rich.",
      },
    ]);
  });
  it("writes the street part of the address and geo only when both coordinates exist", () => {
    const ld = localBusinessJsonLd({ ...base, latitude: 1, longitude: null }, options);
    expect(ld.address).toMatchObject({
      streetAddress: "1 Main St",
      addressLocality: "Springfield",
      postalCode: "62701",
      addressCountry: "US",
    });
    expect(ld.geo).toBeUndefined();
  });
  it("writes the street part of an address that spells its city another way (Huế for Hue)", () => {
    const hue = {
      ...base,
      address: "7 Sư Vạn Hạnh, Hương Long, Kim Long, Huế 530000, Vietnam",
      city: "Hue",
      state: "Thua Thien Hue",
      zipCode: "530000",
      country: "Vietnam",
      countryCode: "VN",
    };
    expect(localBusinessJsonLd(hue, options).address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "7 Sư Vạn Hạnh, Hương Long, Kim Long",
      addressLocality: "Hue",
      addressRegion: "Thua Thien Hue",
      postalCode: "530000",
      addressCountry: "VN",
    });
    // An address that does not name its city is kept whole.
    expect(localBusinessJsonLd({ ...hue, address: "7 Sư Vạn Hạnh, Kim Long" }, options).address).toMatchObject({
      streetAddress: "7 Sư Vạn Hạnh, Kim Long",
    });
  });
  it("gives the phone in the international form it is handed, else as stored", () => {
    const withPhone = { ...base, phone: "(217) 555-0100" };
    expect(localBusinessJsonLd(withPhone, { ...options, telephone: "+1 217 555 0100" }).telephone).toBe("+1 217 555 0100");
    expect(localBusinessJsonLd(withPhone, options).telephone).toBe("(217) 555-0100");
    expect(localBusinessJsonLd(base, options).telephone).toBeUndefined();
  });
  it("rounds geo to 5 decimals", () => {
    const ld = localBusinessJsonLd({ ...base, latitude: 39.78172349871, longitude: -89.650148912345 }, options);
    expect(ld.geo).toEqual({ "@type": "GeoCoordinates", latitude: 39.78172, longitude: -89.65015 });
  });
  it("marks up real hours only: none without hours, none for a permanently closed business", () => {
    const hours = { Monday: "9:00 AM - 5:00 PM" };
    expect(localBusinessJsonLd(base, options).openingHoursSpecification).toBeUndefined();
    expect(localBusinessJsonLd({ ...base, openingHours: hours }, options).openingHoursSpecification).toHaveLength(1);
    expect(
      localBusinessJsonLd({ ...base, openingHours: hours, businessStatus: "CLOSED_TEMPORARILY" }, options).openingHoursSpecification,
    ).toHaveLength(1);
    expect(
      localBusinessJsonLd({ ...base, openingHours: hours, businessStatus: "CLOSED_PERMANENTLY" }, options).openingHoursSpecification,
    ).toBeUndefined();
  });
});

describe("serializeJsonLd", () => {
  it("cannot close the script element and round-trips", () => {
    const value = { name: "</script><script>alert(1)</script> & <!-- \u2028" };
    const text = serializeJsonLd(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe("special opening hours", () => {
  it("marks up each range with validFrom and validThrough: closed as 00:00–00:00, other hours as given", () => {
    expect(
      specialOpeningHoursSpecification([
        { from: "2026-12-24", to: "2026-12-26", closed: true },
        { from: "2026-12-31", to: "2026-12-31", closed: false, opens: "09:00", closes: "14:00" },
        { from: "2027-01-01", to: "2027-01-01", closed: false, opens: "18:00", closes: "00:00" },
      ]),
    ).toEqual([
      { "@type": "OpeningHoursSpecification", validFrom: "2026-12-24", validThrough: "2026-12-26", opens: "00:00", closes: "00:00" },
      { "@type": "OpeningHoursSpecification", validFrom: "2026-12-31", validThrough: "2026-12-31", opens: "09:00", closes: "14:00" },
      { "@type": "OpeningHoursSpecification", validFrom: "2027-01-01", validThrough: "2027-01-01", opens: "18:00", closes: "23:59" },
    ]);
    expect(specialOpeningHoursSpecification([])).toEqual([]);
  });
});
