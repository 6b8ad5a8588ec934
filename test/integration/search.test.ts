import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "#app/lib/search/search-params";
import { search } from "#app/server/search/search.server";
import { buildBusiness, getJson, insert, request, testDb } from "../helpers/factories";

type Page = {
  businesses: Array<{ name: string; city: string; country: string; rating: number; reviewCount: number }>;
  hasNext: boolean;
  hasPrevious: boolean;
  location: { found: boolean } | null;
};

function run(query: string) {
  return search(testDb(), parseSearchParams(`https://x.test/search?${query}`));
}

function names(result: { businesses: Array<{ name: string }> }) {
  return result.businesses.map((b) => b.name);
}

// A small corpus with a known right answer; the city names are unique to this file.
beforeAll(async () => {
  const us = { city: "Quillwater", state: "Illinois", stateCode: "IL", zipCode: "60999", country: "United States" };
  const ca = { city: "Quillwater", state: "Ontario", stateCode: "ON", zipCode: "K1A 0B1", country: "Canada" };
  await insert(
    buildBusiness({ ...us, name: "Luigi Trattoria", category: "Italian restaurant", description: "Fresh pasta." }),
    buildBusiness({ ...us, name: "Bright Smile Studio", category: "Dentist", description: "Family dentistry." }),
    buildBusiness({ ...us, name: "Harbor Family Clinic", category: "Medical clinic", description: "Walk-ins welcome." }),
    buildBusiness({ ...us, name: "Crème Brûlée Café", category: "Bakery", description: "Pastries." }),
    buildBusiness({ ...ca, name: "Maple Leaf Trattoria", category: "Italian restaurant", description: "Pasta." }),
    // Same text, different quality: relevance ties, so the recommended score decides.
    buildBusiness({ ...us, name: "Zephyrine Plumbing", category: "Plumber", description: "Pipes.", rating: 3.1, reviewCount: 40 }),
    buildBusiness({ ...us, name: "Zephyrine Plumbing", category: "Plumber", description: "Pipes.", rating: 4.9, reviewCount: 300 }),
    buildBusiness({ ...us, name: "Zephyrine Plumbing", category: "Plumber", description: "Pipes.", rating: 4.2, reviewCount: 80 }),
    buildBusiness({
      city: "Vällingby",
      state: "Stockholm",
      stateCode: "",
      zipCode: "162 65",
      country: "Sweden",
      name: "Vällingby Bageri",
      category: "Bakery",
    }),
  );
});

describe("ranking", () => {
  it("finds a fine category through its group: 'restaurant' finds an Italian restaurant", async () => {
    const result = await run("q=restaurant&location=Quillwater%2C+IL");
    // The bakery is in the restaurants group too, but only by its group's keywords: it ranks second.
    expect(names(result)).toEqual(["Luigi Trattoria", "Crème Brûlée Café"]);
  });

  it("'doctor' finds healthcare businesses and nothing else", async () => {
    const result = await run("q=doctor&location=Quillwater%2C+IL");
    expect(names(result).sort()).toEqual(["Bright Smile Studio", "Harbor Family Clinic"]);
  });

  it("matches the last word as a prefix", async () => {
    const result = await run("q=tratt&location=60999");
    expect(names(result)).toEqual(["Luigi Trattoria"]);
  });

  it("ignores accents in the query and in the data", async () => {
    expect(names(await run("q=creme+brulee&location=Quillwater"))).toEqual(["Crème Brûlée Café"]);
    expect(names(await run("q=CRÈME&location=quillwater"))).toEqual(["Crème Brûlée Café"]);
  });

  it("breaks relevance ties by rating weighted by reviews", async () => {
    const result = await run("q=zephyrine+plumbing");
    expect(result.businesses.map((b) => b.rating)).toEqual([4.9, 4.2, 3.1]);
  });

  it("puts a name match above a category-only match", async () => {
    const result = await run("q=trattoria&location=Quillwater");
    expect(names(result).sort()).toEqual(["Luigi Trattoria", "Maple Leaf Trattoria"]);
    const byPlumbing = await run("q=plumbing&location=Quillwater%2C+Illinois");
    expect(names(byPlumbing)).toEqual(["Zephyrine Plumbing", "Zephyrine Plumbing", "Zephyrine Plumbing"]);
  });

  it("sorts by rating and by reviews when asked", async () => {
    const byRating = await run("q=zephyrine&sort=rating");
    expect(byRating.businesses.map((b) => b.rating)).toEqual([4.9, 4.2, 3.1]);
    const byReviews = await run("q=zephyrine&sort=reviews");
    expect(byReviews.businesses.map((b) => b.reviewCount)).toEqual([300, 80, 40]);
  });

  it("filters by minimum rating and category", async () => {
    expect((await run("q=zephyrine&minRating=4")).businesses.map((b) => b.rating)).toEqual([4.9, 4.2]);
    expect(names(await run("q=quillwater+OR+trattoria&category=dentist"))).toEqual([]);
    const healthcare = await run("location=Quillwater%2C+IL&category=healthcare");
    expect(names(healthcare).sort()).toEqual(["Bright Smile Studio", "Harbor Family Clinic"]);
    const dentists = await run("location=Quillwater&category=Dentist");
    expect(names(dentists)).toEqual(["Bright Smile Studio"]);
  });

  it("without words, checks each place, the category and the rating as the facets mean them (any case, no spaces or hyphens, tenths)", async () => {
    const ratings = async (query: string) => (await run(query)).businesses.map((b) => b.rating);
    expect(await ratings("location=Quillwater%2C+IL&category=plumber&minRating=4.2")).toEqual([4.9, 4.2]);
    expect(await ratings("location=Quillwater%2C+IL&category=Plumber&minRating=4.25")).toEqual([4.9]);
    expect(names(await run("location=quillwater%2C+on&category=italian-restaurant"))).toEqual(["Maple Leaf Trattoria"]);
    expect(names(await run("location=K1A+0B1"))).toEqual(["Maple Leaf Trattoria"]);
    expect(names(await run("location=Quillwater%2C+Canada&category=dentist"))).toEqual([]);
  });
});

describe("sorting and open now cover the whole match, not the most relevant part of it", () => {
  const week = (text: string) =>
    Object.fromEntries(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, text]));

  // 400 florists match "orchidwell". The five best rated, and the only five open, are the least
  // relevant (the word only in their description): a window of the best matches would miss them.
  beforeAll(async () => {
    const rows = [];
    for (let i = 0; i < 400; i++) {
      const strong = i < 395;
      rows.push(
        buildBusiness({
          name: strong ? `Orchidwell Florist ${i}` : `Petal House ${i}`,
          category: "Florist",
          description: strong ? "Orchidwell flowers, orchidwell bouquets." : "Near the orchidwell park.",
          city: "Orchidwell Falls",
          rating: strong ? 3 + (i % 15) / 10 : 5,
          reviewCount: i,
          timeZone: "UTC",
          openingHours: week(strong ? "Closed" : "Open 24 hours"),
        }),
      );
    }
    await insert(...rows);
  });

  it("sorts every match by rating and by reviews, page after page", async () => {
    const first = await run("q=orchidwell&sort=rating");
    expect(
      first.businesses
        .slice(0, 5)
        .map((b) => b.name)
        .sort(),
    ).toEqual([395, 396, 397, 398, 399].map((i) => `Petal House ${i}`));
    const ratings: number[] = [];
    for (let page = 1; page <= 3; page++)
      ratings.push(...(await run(`q=orchidwell&sort=rating&page=${page}`)).businesses.map((b) => b.rating));
    expect(ratings).toHaveLength(60);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const byReviews = await run("location=Orchidwell+Falls&sort=reviews");
    expect(byReviews.businesses.map((b) => b.reviewCount).slice(0, 3)).toEqual([399, 398, 397]);
  });

  it("lists a city's or a country's filtered businesses in recommended order", async () => {
    for (const [location, column, value] of [
      ["Orchidwell+Falls", "city_slug", "orchidwell-falls"],
      ["United+States", "country_code", "US"],
    ]) {
      const expected = await env.DB.prepare(
        `SELECT name FROM businesses WHERE ${column} = ?1 AND category_slug = 'florist' ORDER BY score DESC, id DESC LIMIT 20 OFFSET 20`,
      )
        .bind(value)
        .all<{ name: string }>();
      const result = await run(`location=${location}&category=florist&page=2`);
      expect(names(result)).toEqual(expected.results.map((r) => r.name));
      expect(result.hasNext).toBe(true);
    }
  });

  it("sorts a small match exactly too", async () => {
    const result = await run("q=petal&sort=reviews");
    expect(result.businesses.map((b) => b.reviewCount)).toEqual([399, 398, 397, 396, 395]);
  });

  it("finds every open business however far down the relevance order it is", async () => {
    const open = await run("q=orchidwell&openNow=1");
    expect(names(open).sort()).toEqual([395, 396, 397, 398, 399].map((i) => `Petal House ${i}`));
    expect(open.hasNext).toBe(false);
    const listed = await run("location=Orchidwell+Falls&openNow=1&sort=rating");
    expect(listed.businesses).toHaveLength(5);
  });
});

describe("location forms", () => {
  const countries = async (location: string) => {
    const result = await run(`q=trattoria&location=${encodeURIComponent(location)}`);
    return result.businesses.map((b) => b.country).sort();
  };

  it("matches a city by name in any case, shared by countries", async () => {
    expect(await countries("Quillwater")).toEqual(["Canada", "United States"]);
    expect(await countries("  QUILLWATER ")).toEqual(["Canada", "United States"]);
  });

  it("narrows by state code, state name or country", async () => {
    expect(await countries("Quillwater, IL")).toEqual(["United States"]);
    expect(await countries("quillwater, illinois")).toEqual(["United States"]);
    expect(await countries("Quillwater, Ontario")).toEqual(["Canada"]);
    expect(await countries("Quillwater, Canada")).toEqual(["Canada"]);
    expect(await countries("Quillwater, IL, USA")).toEqual(["United States"]);
  });

  it("matches postal codes, also after a city and state", async () => {
    expect(await countries("60999")).toEqual(["United States"]);
    expect(await countries("k1a 0b1")).toEqual(["Canada"]);
    expect(await countries("Quillwater, IL 60999")).toEqual(["United States"]);
  });

  it("matches a state or a country on its own", async () => {
    expect(await countries("Ontario")).toEqual(["Canada"]);
    expect((await run("q=vallingby&location=Sweden")).businesses.map((b) => b.name)).toEqual(["Vällingby Bageri"]);
  });

  it("ignores accents in the location", async () => {
    for (const location of ["Vällingby", "Vallingby", "VALLINGBY, Sweden", "vallingby, SE"]) {
      const result = await run(`location=${encodeURIComponent(location)}`);
      expect(names(result), location).toEqual(["Vällingby Bageri"]);
    }
  });

  it("an unknown location is an empty result, not an unfiltered one", async () => {
    const result = await run("q=trattoria&location=Atlantis+Nowhere");
    expect(result.businesses).toEqual([]);
    expect(result.location?.found).toBe(false);
  });
});

describe("hostile queries", () => {
  const hostile = [
    '"',
    '"unbalanced',
    "*",
    "**",
    "NEAR(",
    "NEAR(a b, 2)",
    "OR",
    "a OR b AND NOT c",
    "((((",
    ")",
    "-",
    "^trattoria",
    "name:trattoria",
    "{name}: x",
    "'; DROP TABLE businesses; --",
    "1=1 UNION SELECT * FROM site_stats",
    "\u0000\u0001",
    "🍕🍕",
    "東京寿司",
    "x".repeat(600),
    "trattoria ".repeat(60),
    "%",
    "_",
    "\\",
  ];

  it.each(hostile)("%j gives results or the empty state from /api/search and /api/businesses", async (q) => {
    const api = await getJson<Page>(`/api/search?q=${encodeURIComponent(q)}&location=Quillwater`);
    expect(api.status).toBe(200);
    expect(Array.isArray(api.body.businesses)).toBe(true);
    const list = await getJson<{ businesses: unknown[] }>(`/api/businesses?search=${encodeURIComponent(q)}`);
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body.businesses)).toBe(true);
    const page = await request(`/search?q=${encodeURIComponent(q)}&location=${encodeURIComponent(q.slice(0, 150))}`);
    expect(page.status).toBe(200);
  });

  it("treats FTS operators as words", async () => {
    const result = await run(`q=${encodeURIComponent('"trattoria" OR NEAR(')}&location=Quillwater`);
    expect(result.businesses).toEqual([]);
    const words = await run(`q=${encodeURIComponent("trattoria)")}&location=Quillwater`);
    expect(words.businesses.length).toBe(2);
  });
});

describe("/api/search and /api/businesses?search=", () => {
  it("pages 20 at a time with previous and next", async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      buildBusiness({ name: `Paginata Bakery ${i}`, category: "Bakery", city: "Paginopolis", rating: 3 + (i % 20) / 10 }),
    );
    await insert(...many);
    const first = await getJson<Page>("/api/search?q=paginata&location=Paginopolis");
    expect(first.body.businesses).toHaveLength(20);
    expect(first.body.hasNext).toBe(true);
    expect(first.body.hasPrevious).toBe(false);
    const second = await getJson<Page>("/api/search?q=paginata&location=Paginopolis&page=2");
    expect(second.body.businesses).toHaveLength(5);
    expect(second.body.hasNext).toBe(false);
    expect(second.body.hasPrevious).toBe(true);
    const all = new Set([...first.body.businesses, ...second.body.businesses].map((b) => b.name));
    expect(all.size).toBe(25);
    expect(first.response.headers.get("Cache-Control")).toContain("s-maxage");
  });

  it("/api/businesses?search= uses the same matcher and keeps its shape", async () => {
    const { status, body } = await getJson<{ businesses: Array<{ name: string }>; totalCount: number; totalPages: number }>(
      "/api/businesses?search=zephyrine%20plumb",
    );
    expect(status).toBe(200);
    expect(body.totalCount).toBe(3);
    expect(body.totalPages).toBe(1);
    expect(body.businesses).toHaveLength(3);
    const restaurants = await getJson<{ businesses: Array<{ name: string }> }>("/api/businesses?search=restaurant%20luigi");
    expect(restaurants.body.businesses.map((b) => b.name)).toEqual(["Luigi Trattoria"]);
  });
});

describe("/search page", () => {
  it("echoes the query and location in the title and heading, cacheable", async () => {
    const response = await request("/search?q=trattoria&location=Quillwater%2C+IL");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("s-maxage");
    const html = await response.text();
    expect(html).toContain("<title>trattoria in Quillwater, IL | Search | LocalAtlas</title>");
    expect(html).toMatch(/<h1[^>]*>Results for (&quot;|")trattoria(&quot;|") in Quillwater, IL<\/h1>/);
    expect(html).toContain("Luigi Trattoria");
    expect(html).not.toContain("Maple Leaf Trattoria");
  });

  it("lists a location with a blank query, and goes home when both are blank", async () => {
    const listing = await request("/search?q=&location=Quillwater%2C+Ontario");
    expect(listing.status).toBe(200);
    expect(await listing.text()).toContain("Maple Leaf Trattoria");
    const blank = await request("/search?q=%20&location=", { redirect: "manual" });
    expect(blank.status).toBe(302);
    expect(blank.headers.get("Location")).toBe("/");
  });

  it("shows the empty state with popular categories", async () => {
    const html = await (await request("/search?q=qqxyzzy")).text();
    expect(html).toContain("No businesses found");
    expect(html).toContain("Popular categories");
  });
});

describe("the result count", () => {
  it("is exact on the first page of a city and of a text search, with the number of pages", async () => {
    // Letters only: a suffix of six digits ("Countville 849301", 6 % of hex suffixes) reads as a postal code.
    const city = `Countville ${crypto
      .randomUUID()
      .slice(0, 6)
      .replace(/\d/g, (d) => "ghijklmnop"[Number(d)])}`;
    await insert(...Array.from({ length: 25 }, (_, i) => buildBusiness({ name: `Counted Locksmith ${i}`, category: "Locksmith", city })));
    const byPlace = await search(testDb(), parseSearchParams(`https://x.test/search?location=${encodeURIComponent(city)}`));
    expect([byPlace.total, byPlace.businesses.length, byPlace.hasNext]).toEqual([25, 20, true]);
    const byWords = await search(
      testDb(),
      parseSearchParams(`https://x.test/search?q=counted+locksmith&location=${encodeURIComponent(city)}`),
    );
    expect(byWords.total).toBe(25);
    const html = await (await request(`/search?location=${encodeURIComponent(city)}`)).text();
    expect(html).toContain("25 results");
    expect(html).toContain("Page 1 of 2");
  });
});
