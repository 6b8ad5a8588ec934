import { describe, expect, it } from "vitest";
import { type BusinessInput, businessInputSchema } from "#app/lib/business/business";
import { FAST_LANE_FIELDS, parseBusinessInput } from "#app/lib/business/business-input-lane";

/** A row as the import maps a real Outscraper line (every field set). */
function scrapedInput(overrides: Record<string, unknown> = {}): BusinessInput {
  return {
    placeId: "ChIJN1t_tDeuEmsRUsoyG83frY4",
    name: "Huế Garden Café",
    category: "Coffee shop",
    subtypes: "Coffee shop, Cafe",
    description: "Quiet garden café by the river.",
    address: "12 Lê Lợi, Phú Hội, Huế, Thừa Thiên Huế 530000, Vietnam",
    city: "Huế",
    state: "Thừa Thiên Huế",
    stateCode: "",
    zipCode: "530000",
    country: "Vietnam",
    countryCode: "VN",
    phone: "+84 234 3822 222",
    email: "",
    website: "https://example.vn/",
    rating: 4.7,
    reviewCount: 1289,
    isOpen: true,
    isVerified: false,
    photos: ["https://lh5.googleusercontent.com/p/abc"],
    openingHours: { Monday: "6AM-10PM", Tuesday: "Open 24 hours" },
    about: { "Service options": { "Dine-in": true, Delivery: false } },
    timeZone: "Asia/Ho_Chi_Minh",
    latitude: 16.4637,
    longitude: 107.5909,
    locationLink: "https://www.google.com/maps/place/x",
    businessStatus: "OPERATIONAL",
    seoTitle: "",
    seoDescription: "",
    uniqueContent: "",
    ...overrides,
  } as BusinessInput;
}

/** Inputs at and past every rule of the schema. */
const CASES: Array<[string, Record<string, unknown>]> = [
  ["a complete scraped row", {}],
  ["only a name", { ...Object.fromEntries(FAST_LANE_FIELDS.map((f) => [f, undefined])), name: "A" }],
  ["text to trim", { name: "  Café  ", city: " Huế ", placeId: "  id-1 ", phone: "   " }],
  ["an empty name", { name: "" }],
  ["a blank name", { name: "   " }],
  ["a name at its limit", { name: "n".repeat(300) }],
  ["a name past its limit", { name: "n".repeat(301) }],
  ["a name past its limit before trimming only", { name: ` ${"n".repeat(300)} ` }],
  ["a state code past 10", { stateCode: "ABCDEFGHIJK" }],
  ["a country code of 3", { countryCode: "VNM" }],
  ["subtypes at 1000", { subtypes: "s".repeat(1000) }],
  ["subtypes past 1000", { subtypes: "s".repeat(1001) }],
  ["null where text is required", { city: null }],
  ["a number where text is expected", { address: 12 }],
  ["null optional texts", { phone: null, email: null, website: null, description: null }],
  ["a number as optional text", { phone: 5551234 }],
  ["rating 0 and 5", { rating: 0, reviewCount: 0 }],
  ["rating 5", { rating: 5 }],
  ["rating past 5", { rating: 5.1 }],
  ["negative rating", { rating: -1 }],
  ["NaN rating", { rating: Number.NaN }],
  ["infinite rating", { rating: Number.POSITIVE_INFINITY }],
  ["text rating", { rating: "4.5" }],
  ["fractional reviews", { reviewCount: 2.5 }],
  ["negative reviews", { reviewCount: -3 }],
  ["reviews past the safe integers", { reviewCount: 2 ** 60 }],
  ["no photos", { photos: [] }],
  ["photos to trim", { photos: [" https://a/1 ", "https://a/2"] }],
  ["a blank photo", { photos: ["https://a/1", "  "] }],
  ["51 photos", { photos: Array.from({ length: 51 }, (_, i) => `https://a/${i}`) }],
  ["50 photos", { photos: Array.from({ length: 50 }, (_, i) => `https://a/${i}`) }],
  ["a photo that is not text", { photos: [3] }],
  ["photos as text", { photos: "https://a/1" }],
  ["no hours", { openingHours: null }],
  ["hours with a list", { openingHours: { Monday: ["9AM-5PM"] } }],
  ["hours as a Date", { openingHours: new Date(0) }],
  ["hours as an array", { openingHours: ["Monday"] }],
  ["empty hours", { openingHours: {} }],
  ["about with a non-boolean feature", { about: { Payments: { Cash: "yes" } } }],
  ["about as text", { about: "Dine-in" }],
  ["about null", { about: null }],
  ["status booleans as text", { isOpen: "true" }],
  ["verified", { isVerified: true }],
  ["coordinates at the poles", { latitude: -90, longitude: 180 }],
  ["latitude past 90", { latitude: 90.5 }],
  ["longitude past -180", { longitude: -181 }],
  ["null coordinates", { latitude: null, longitude: null }],
  ["coordinates as text", { latitude: "16.4" }],
  ["a creation time", { createdAt: 1_790_000_000 }],
  ["a fractional creation time", { createdAt: 1.5 }],
  ["an unknown column", { query: "cafes in Hue" }],
  ["control characters in one-line fields", { name: "Huế\u0000 Garden\u0007", city: "Huế\u0085", phone: "\u0000", placeId: "id\u0001-1" }],
  ["tabs and line breaks in one-line fields", { name: "Huế\tGarden\r\nCafé", address: "12 Lê Lợi\n, Huế" }],
  ["a name of control characters only", { name: "\u0000\u0007 " }],
  ["a name at its limit after cleaning", { name: `${"n".repeat(300)}\u0000` }],
  [
    "line breaks and controls in multi-line fields",
    { description: "Line one.\r\n\tLine two.\u0000", uniqueContent: "\u0007A\nB", seoDescription: "x\ny" },
  ],
  ["lone surrogates", { name: "Caf\uD800é \uDC00😀", state: "\uDBFF" }],
  ["a javascript: website and map link", { website: "javascript:alert(5)", locationLink: "javascript:alert(5)" }],
  ["a website without a scheme", { website: "www.example.vn" }],
  ["a website with a NUL", { website: "https://example.vn/\u0000" }],
  ["a canonical path", { canonicalUrl: "/business/12" }],
  ["a javascript: canonical URL", { canonicalUrl: "javascript:alert(5)" }],
  ["photos that are not links", { photos: ["javascript:alert(5)", "/images/a.jpg", "\u0000", "https://a/1\u0007"] }],
  ["hours with control characters", { openingHours: { Monday: "9AM\u0007-5PM", Tuesday: " Closed " } }],
  [
    "about with control characters in its names",
    { about: { "Service\u0000 options": { "Dine\u0007-in": true, "\u0000": false }, "\u0007": { A: true } } },
  ],
];

describe("text and links every writer stores", () => {
  const parse = (overrides: Record<string, unknown>) => {
    const parsed = parseBusinessInput(scrapedInput(overrides));
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    return parsed.data;
  };

  it("stores names without control characters, and one-line fields on one line", () => {
    expect(parse({ name: "Huế\u0000 Garden\u0007 Café", city: "\u0085Huế\uD800" })).toMatchObject({ name: "Huế Garden Café", city: "Huế" });
    expect(parse({ name: "Huế\r\nGarden" }).name).toBe("Huế Garden");
  });

  it("keeps the line breaks of a description", () => {
    expect(parse({ description: "Quiet.\n\nBy the river.\u0007" }).description).toBe("Quiet.\n\nBy the river.");
  });

  it("refuses a name that is nothing but control characters, as an empty one", () => {
    const parsed = parseBusinessInput(scrapedInput({ name: "\u0000\u0007" }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["name"], message: "Name is required" });
  });

  it("drops a link that is no web address and keeps the business", () => {
    const data = parse({
      website: "javascript:alert(5)",
      locationLink: "data:text/html,x",
      photos: ["javascript:alert(5)", "https://a/1"],
    });
    expect(data).toMatchObject({ name: "Huế Garden Café", website: null, locationLink: null, photos: ["https://a/1"] });
    expect(parse({ website: " https://example.vn/ " }).website).toBe("https://example.vn/");
  });

  it("cleans feature names and hours as it cleans any line", () => {
    const data = parse({ about: { "Service\u0000 options": { "Dine\u0007-in": true } }, openingHours: { Monday: "6AM\u0000-10PM" } });
    expect(data.about).toEqual({ "Service options": { "Dine-in": true } });
    expect(data.openingHours).toEqual({ Monday: "6AM-10PM" });
  });
});

describe("the import's validation lane", () => {
  it("reads every field of the business input schema", () => {
    expect([...FAST_LANE_FIELDS].sort()).toEqual(Object.keys(businessInputSchema.shape).sort());
  });

  it.each(CASES)("decides %s exactly as the zod schema does", (_, overrides) => {
    const input = scrapedInput(overrides);
    const lane = parseBusinessInput(input);
    const zod = businessInputSchema.safeParse(input);
    expect(lane.success).toBe(zod.success);
    if (lane.success && zod.success) expect(lane.data).toEqual(zod.data);
    else expect(lane.error?.issues).toEqual(zod.error?.issues);
  });
});
