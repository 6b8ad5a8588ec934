import { beforeAll, describe, expect, it } from "vitest";
import type { Business } from "#app/lib/business/business";
import { buildBusiness, getJson, idOf, insert, request, rowsRead } from "../helpers/factories";

type Page = { businesses: Business[]; totalPages: number; totalCount: number };

const DAY = 86_400;
const T0 = 1_750_000_000;

beforeAll(async () => {
  await insert(
    buildBusiness({
      placeId: "ChIJ-top-rated",
      name: "Trattoria Roma",
      category: "Italian restaurant",
      city: "Chicago",
      state: "Illinois",
      stateCode: "IL",
      zipCode: "60601",
      rating: 4.8,
      reviewCount: 900,
      createdAt: T0,
    }),
    buildBusiness({
      placeId: "ChIJfewreviews",
      name: "Tiny Perfect Cafe",
      category: "Cafe",
      city: "Chicago",
      rating: 5,
      reviewCount: 1,
      createdAt: T0 + DAY,
    }),
    buildBusiness({
      placeId: "ChIJunrated001",
      name: "Unrated Plumbing",
      category: "Plumber",
      city: "Chicago",
      rating: 0,
      reviewCount: 0,
      createdAt: T0 + 2 * DAY,
    }),
    buildBusiness({
      placeId: "ChIJzurich0001",
      name: "Café Zürich",
      category: "Coffee shop",
      city: "Zürich",
      state: "Zürich",
      zipCode: "8001",
      country: "Switzerland",
      rating: 4.4,
      reviewCount: 120,
      isVerified: true,
      createdAt: T0 + 3 * DAY,
    }),
    buildBusiness({
      placeId: "ChIJberlin0001",
      name: "Müller Zahnarzt",
      category: "Dentist",
      city: "Berlin",
      zipCode: "10117",
      country: "Germany",
      rating: 4.1,
      reviewCount: 40,
      createdAt: T0 + 4 * DAY,
    }),
    buildBusiness({
      placeId: null,
      name: "No Place Id Bakery",
      category: "Bakery",
      city: "Berlin",
      country: "Germany",
      rating: 3.9,
      reviewCount: 12,
      createdAt: T0 + 5 * DAY,
    }),
    buildBusiness({
      placeId: "ChIJchicago002",
      name: "Trattoria Roma",
      category: "Italian restaurant",
      city: "Springfield",
      rating: 3.5,
      reviewCount: 3,
      createdAt: T0 + 6 * DAY,
    }),
  );
});

describe("GET /api/statistics", () => {
  it("answers the four totals from the summaries", async () => {
    const { status, body, response } = await getJson("/api/statistics");
    expect(status).toBe(200);
    expect(body).toEqual({ totalBusinesses: 7, verifiedBusinesses: 1, categories: 6, totalCities: 4 });
    expect(response.headers.get("Cache-Control")).toContain("s-maxage=");
    expect(response.headers.get("Cache-Control")).toContain("stale-while-revalidate=");
  });
});

describe("GET /api/cities/popular", () => {
  it("lists cities by number of businesses, with id, name and businessCount", async () => {
    const { body } = await getJson<Array<{ id: number; name: string; businessCount: number }>>("/api/cities/popular");
    expect(body.map((c) => [c.name, c.businessCount])).toEqual([
      ["Chicago", 3],
      ["Berlin", 2],
      ["Springfield", 1],
      ["Zürich", 1],
    ]);
    expect(typeof body[0].id).toBe("number");
  });
});

describe("GET /api/businesses/recommended and /latest", () => {
  it("recommends by rating weighted by review count: 4.8 from 900 reviews beats 5.0 from one", async () => {
    const { body } = await getJson<Business[]>("/api/businesses/recommended");
    expect(body).toHaveLength(6);
    expect(body[0].name).toBe("Trattoria Roma");
    expect(body[0].placeId).toBe("ChIJ-top-rated");
    const names = body.map((b) => b.name);
    expect(names.indexOf("Café Zürich")).toBeLessThan(names.indexOf("Tiny Perfect Cafe"));
    expect(names).not.toContain("Unrated Plumbing");
  });

  it("lists the newest first", async () => {
    const { body } = await getJson<Business[]>("/api/businesses/latest");
    expect(body.map((b) => b.placeId)).toEqual([
      "ChIJchicago002",
      null,
      "ChIJberlin0001",
      "ChIJzurich0001",
      "ChIJunrated001",
      "ChIJfewreviews",
    ]);
  });

  it("uses the spec's camelCase field names", async () => {
    const { body } = await getJson<Business[]>("/api/businesses/latest?limit=1");
    for (const key of [
      "id",
      "placeId",
      "slug",
      "name",
      "category",
      "description",
      "address",
      "city",
      "state",
      "zipCode",
      "country",
      "phone",
      "email",
      "rating",
      "reviewCount",
      "isOpen",
      "isVerified",
      "photos",
      "openingHours",
      "seoTitle",
      "seoDescription",
      "canonicalUrl",
      "uniqueContent",
    ]) {
      expect(body[0]).toHaveProperty(key);
    }
    expect(Array.isArray(body[0].photos)).toBe(true);
  });
});

describe("GET /api/businesses/{id} and /slug/{slug}", () => {
  it("finds a business by id", async () => {
    const id = await idOf("ChIJzurich0001");
    const { status, body } = await getJson<Business>(`/api/businesses/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, name: "Café Zürich", slug: "cafe-zurich", zipCode: "8001", country: "Switzerland", isVerified: true });
  });

  it("gives same-named businesses distinct slugs, the second with its city", async () => {
    const first = await getJson<Business>(`/api/businesses/${await idOf("ChIJ-top-rated")}`);
    const second = await getJson<Business>(`/api/businesses/${await idOf("ChIJchicago002")}`);
    expect(first.body.slug).toBe("trattoria-roma");
    expect(second.body.slug).toBe("trattoria-roma-springfield");
  });

  it.each([
    ["the stored slug", "cafe-zurich"],
    ["slug plus the first 7 characters of placeId (city page link)", "cafe-zurich-ChIJzur"],
    ["a placeId suffix that holds a hyphen", "trattoria-roma-ChIJ-to"],
  ])("resolves %s", async (_what, slug) => {
    const { status, body } = await getJson<Business>(`/api/businesses/slug/${encodeURIComponent(slug)}`);
    expect(status).toBe(200);
    expect(body.slug).toBe(slug.startsWith("trattoria") ? "trattoria-roma" : "cafe-zurich");
  });

  it("resolves the id-suffix form of a business without a placeId", async () => {
    const id = await idOfName("No Place Id Bakery");
    const { status, body } = await getJson<Business>(`/api/businesses/slug/no-place-id-bakery-${String(id).slice(0, 7)}`);
    expect(status).toBe(200);
    expect(body.name).toBe("No Place Id Bakery");
  });

  it("answers 404 JSON for an unknown id or slug, and 400 for an id that is not a number", async () => {
    const byId = await getJson<{ message: string }>("/api/businesses/987654");
    expect(byId.status).toBe(404);
    expect(byId.body.message).toMatch(/not found/i);
    expect(byId.response.headers.get("Cache-Control")).toBe("no-store");
    expect((await getJson("/api/businesses/slug/no-such-business")).status).toBe(404);
    expect((await getJson("/api/businesses/slug/no-such-business-ChIJzzz")).status).toBe(404);
    expect((await getJson(`/api/businesses/slug/${"a".repeat(301)}`)).status).toBe(404);
    for (const id of ["abc", "1.5", "-3", "1234567890123456"]) {
      const bad = await getJson(`/api/businesses/${id}`);
      expect(bad.status, id).toBe(400);
      expect(bad.body).toEqual({ message: "Invalid business id: it must be a positive whole number" });
    }
  });
});

async function idOfName(name: string): Promise<number> {
  const { body } = await getJson<Page>(`/api/businesses?search=${encodeURIComponent(name)}`);
  const match = body.businesses.find((b) => b.name === name);
  if (!match) throw new Error(`${name} not found`);
  return match.id;
}

describe("GET /api/businesses", () => {
  it("answers {businesses,totalPages,totalCount} and pages without gaps or repeats", async () => {
    const seen: string[] = [];
    let totalPages = 0;
    for (let page = 1; page <= 4; page++) {
      const { status, body } = await getJson<Page>(`/api/businesses?limit=2&offset=${(page - 1) * 2}`);
      expect(status).toBe(200);
      expect(body.totalCount).toBe(7);
      totalPages = body.totalPages;
      seen.push(...body.businesses.map((b) => b.name + b.city));
    }
    expect(totalPages).toBe(4);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen[0]).toBe("Trattoria RomaChicago");
  });

  it("sorts newest first with sort=latest", async () => {
    const { body } = await getJson<Page>("/api/businesses?limit=3&sort=latest");
    expect(body.businesses.map((b) => b.placeId)).toEqual(["ChIJchicago002", null, "ChIJberlin0001"]);
  });

  it("filters by a fine category and by a group slug", async () => {
    const fine = await getJson<Page>("/api/businesses?category=Italian%20restaurant");
    expect(fine.body.totalCount).toBe(2);
    const group = await getJson<Page>("/api/businesses?category=restaurants");
    expect(group.body.businesses.map((b) => b.name).sort()).toEqual(
      ["Café Zürich", "No Place Id Bakery", "Tiny Perfect Cafe", "Trattoria Roma", "Trattoria Roma"].sort(),
    );
    expect(group.body.totalCount).toBe(5);
    const unknown = await getJson<Page>("/api/businesses?category=submarine-repair");
    expect(unknown.body).toEqual({
      businesses: [],
      totalPages: 0,
      totalCount: 0,
      // No filter choices in an unknown category (ADR 0031).
      filters: { attributes: [], openLate: { count: 0, atLeast: false }, open24h: { count: 0, atLeast: false } },
    });
  });

  it("searches names and categories accent-insensitively, with a prefix on the last word", async () => {
    const accent = await getJson<Page>("/api/businesses?search=cafe%20zur");
    expect(accent.body.businesses.map((b) => b.name)).toEqual(["Café Zürich"]);
    const group = await getJson<Page>("/api/businesses?search=restaurant&category=Italian%20restaurant");
    expect(group.body.totalCount).toBe(2);
  });

  it("leaves a blank search or category out", async () => {
    const { body } = await getJson<Page>("/api/businesses?search=%20%20&category=");
    expect(body.totalCount).toBe(7);
  });

  it("caps limit at 100", async () => {
    const { status, body } = await getJson<Page>("/api/businesses?limit=500");
    expect(status).toBe(200);
    expect(body.totalPages).toBe(1);
  });

  it.each(["limit=abc", "limit=-5", "limit=0", "offset=-1", "offset=1.5", "sort=random"])(
    "answers 400 JSON with a message for %s",
    async (query) => {
      const { status, body } = await getJson<{ message: string }>(`/api/businesses?${query}`);
      expect(status).toBe(400);
      expect(body.message).toMatch(/limit|offset|sort/);
    },
  );

  it("never answers 500 for hostile input", async () => {
    const hostile = [
      "search=%22%27%29%3B%20DROP%20TABLE%20businesses%3B--",
      "search=NEAR(a%20b)%20OR%20*",
      `search=${"x".repeat(600)}`,
      `category=${"%28".repeat(150)}`,
      "limit=99999999999999999999",
      "offset=99999999",
    ];
    for (const query of hostile) {
      const response = await request(`/api/businesses?${query}`);
      expect(response.status, query).toBeLessThan(500);
    }
  });
});

describe("GET /api/city/{cityName} and /api/category/{categoryName}", () => {
  it("lists a city's businesses by its name URL-encoded, accents optional, with the total in X-Total-Count", async () => {
    for (const name of ["Z%C3%BCrich", "zurich", "ZURICH"]) {
      const { status, body, response } = await getJson<Business[]>(`/api/city/${name}`);
      expect(status).toBe(200);
      expect(body.map((b) => b.name)).toEqual(["Café Zürich"]);
      expect(response.headers.get("X-Total-Count")).toBe("1");
    }
  });

  it("pages a city with limit and offset, best first", async () => {
    const first = await getJson<Business[]>("/api/city/Chicago?limit=1");
    const second = await getJson<Business[]>("/api/city/Chicago?limit=1&offset=1");
    expect(first.body[0].name).toBe("Trattoria Roma");
    expect(second.body[0].name).toBe("Tiny Perfect Cafe");
    expect(first.response.headers.get("X-Total-Count")).toBe("3");
  });

  it("lists a group slug and a fine category", async () => {
    const group = await getJson<Business[]>("/api/category/healthcare");
    expect(group.body.map((b) => b.name)).toEqual(["Müller Zahnarzt"]);
    const fine = await getJson<Business[]>("/api/category/italian-restaurant");
    expect(fine.body).toHaveLength(2);
  });

  it("answers 404 for an unknown city or category, and [] for a known group with no businesses", async () => {
    expect((await getJson("/api/city/Atlantis")).status).toBe(404);
    expect((await getJson("/api/category/submarine-repair")).status).toBe(404);
    const empty = await getJson<Business[]>("/api/category/education");
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
  });
});

describe("GET /api/categories and /api/countries", () => {
  it("lists fine categories with their counts, largest first", async () => {
    const { body } = await getJson<Array<{ category: string; businessCount: number }>>("/api/categories");
    expect(body[0]).toMatchObject({ category: "Italian restaurant", businessCount: 2 });
    expect(body.map((c) => c.category).sort()).toEqual(["Bakery", "Cafe", "Coffee shop", "Dentist", "Italian restaurant", "Plumber"]);
  });

  it("lists countries with their counts under one name per country", async () => {
    const { body } = await getJson<Array<{ country: string; businessCount: number }>>("/api/countries");
    expect(body.map((c) => [c.country, c.businessCount])).toEqual([
      ["United States", 4],
      ["Germany", 2],
      ["Switzerland", 1],
    ]);
  });
});

describe("unknown API paths", () => {
  it("answer 404 JSON, not the HTML page", async () => {
    const { status, body } = await getJson<{ message: string }>("/api/no-such-thing");
    expect(status).toBe(404);
    expect(body.message).toBeTruthy();
  });
});

describe("GET /api/categories past its first pages", () => {
  const many = Array.from({ length: 350 }, (_, i) => `Paging craft ${String(i).padStart(3, "0")}`);
  beforeAll(async () => {
    // Every count 1 but the first ten's 2: the order is the count, then the name.
    await insert(
      ...many.map((category, i) => buildBusiness({ name: `Crafter ${i}`, category })),
      ...many.slice(0, 10).map((category, i) => buildBusiness({ name: `Second crafter ${i}`, category })),
    );
  });

  it("pages by offset up to 200, then by after= the last category's slug, each page within 300 rows", async () => {
    type Page = Array<{ category: string; slug: string }>;
    const listed: string[] = [];
    const reads: number[] = [];
    let cursor: string | null = null;
    for (const offset of [0, 100, 200]) {
      const { status, body, response } = await getJson<Page>(`/api/categories?limit=100&offset=${offset}`);
      expect(status).toBe(200);
      reads.push(rowsRead(response));
      listed.push(...body.map((c) => c.category));
      cursor = body[body.length - 1].slug;
    }
    while (cursor !== null) {
      const { body, response }: { body: Page; response: Response } = await getJson<Page>(`/api/categories?limit=100&after=${cursor}`);
      reads.push(rowsRead(response));
      listed.push(...body.map((c) => c.category));
      cursor = body.length === 100 ? body[body.length - 1].slug : null;
      expect(reads.length, "the list ends").toBeLessThanOrEqual(10);
    }
    // Each category once, the ten with two businesses first, then A–Z.
    expect(listed.filter((c) => c.startsWith("Paging craft"))).toEqual(many);
    expect(Math.max(...reads), reads.join(" ")).toBeLessThanOrEqual(300);
  });

  it("answers an offset past 200 with 400 and how to page on", async () => {
    const response = await request("/api/categories?offset=300");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("page on with after= set to the last category's slug");
  });
});
