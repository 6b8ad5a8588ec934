/**
 * A search's miss waits on D1 at most twice once the data version is known (docs/search-and-lists.md,
 * "Round trips"): the place and the words' terms in one, the plan's statements in the other. Each
 * form of /search and /api/search is asked twice as production asks (EDGE_CACHE=miss): the first
 * remembers the data version and the site summary, the second is measured.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { missAtKnownVersion as miss } from "../helpers/worker";
import { buildBusiness, insert, roundTrips } from "../helpers/factories";

const CITY = "Roundtrip Falls";
const LISTED_CITY = "Roundtrip Heights";
const always = { Monday: "Open 24 hours", Tuesday: "Open 24 hours", Wednesday: "Open 24 hours", Thursday: "Open 24 hours" };
const week = { ...always, Friday: "Open 24 hours", Saturday: "Open 24 hours", Sunday: "Open 24 hours" };

beforeAll(async () => {
  const place = { city: CITY, state: "Illinois", stateCode: "IL", zipCode: "60998", country: "United States" };
  // More than one block (100) of "pizza": the dense plan, with its name matches.
  const pizzerias = Array.from({ length: 130 }, (_, i) =>
    buildBusiness({
      ...place,
      name: i === 7 ? "Pizza" : `Roundtrip Pizza ${i}`,
      category: i % 2 ? "Pizza restaurant" : "Italian restaurant",
      description: "Wood-fired pizza.",
      rating: 3 + (i % 20) / 10,
      reviewCount: i,
      openingHours: i % 3 ? week : null,
      about: i % 4 ? { "Service options": { "Outdoor seating": true } } : null,
    }),
  );
  await insert(
    ...pizzerias,
    buildBusiness({ ...place, name: "Roundtrip Coffee", category: "Coffee shop", description: "Espresso." }),
    buildBusiness({ ...place, name: "Roundtrip Dentist", category: "Dentist" }),
  );
  // A city of 300 for its listing's filters past the window of its 101 best: half rated 4 or more, two in three always open.
  await insert(
    ...Array.from({ length: 300 }, (_, i) =>
      buildBusiness({
        name: `Wallaby Lodge ${i}`,
        category: "Hotel",
        city: LISTED_CITY,
        rating: 3 + (i % 20) / 10,
        reviewCount: (i * 37) % 1000,
        openingHours: i % 3 ? week : null,
      }),
    ),
  );
  // A very dense place for near me: 3,000 businesses in a square of ~1.2 km, one in ten a tandoor, one in eight a bakery.
  const random = randoms(7);
  await insert(
    ...Array.from({ length: 3000 }, (_, i) =>
      buildBusiness({
        name: i % 10 === 0 ? `Quokka Tandoor ${i}` : `Wombat Place ${i}`,
        category: i % 8 === 0 ? "Bakery" : "Hardware store",
        city: "Dense Harbour",
        latitude: DENSE.lat + (random() - 0.5) * 0.011,
        longitude: DENSE.lng + (random() - 0.5) * 0.013,
        about: i % 3 ? null : { Accessibility: { "Wheelchair accessible entrance": true } },
      }),
    ),
  );
  // An ordinary city's density for near me (~100 businesses a km², as the benchmark's cities at
  // 100,000): 600 in a square of ~2.5 km.
  await insert(
    ...Array.from({ length: 600 }, (_, i) =>
      buildBusiness({
        name: `Meadow Shop ${i}`,
        category: "Hardware store",
        city: "Meadow Town",
        latitude: MEADOW.lat + (random() - 0.5) * 0.022,
        longitude: MEADOW.lng + (random() - 0.5) * 0.032,
      }),
    ),
  );
});

const DENSE = { lat: -33.87, lng: 151.21 };
const MEADOW = { lat: 45.51, lng: -73.57 };

/** Deterministic pseudo-random numbers in [0, 1) (the test's data is the same every run). */
function randoms(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const city = encodeURIComponent(CITY);
/**
 * The form, its query and the round trips allowed. A dense match of words (more than one block)
 * reads its first block in the look-ups' statement (the match each way the place can resolve,
 * chosen there, the prefix's terms written into it), with its name matches on a page within the
 * block: one; a page that reaches past the block reads the matches below it with the names after
 * it: two (docs/search-and-lists.md, "Round trips").
 */
const FORMS: Array<[string, string, number]> = [
  ["a sparse word", "q=cafeter%C3%ADa", 2],
  ["a sparse word and a city", `q=dentist&location=${city}`, 2],
  ["a sparse word and a city with its country", `q=dentist&location=${city}%2C+US`, 2],
  ["a sparse word and a city with its state", `q=dentist&location=${city}%2C+IL`, 2],
  ["a sparse prefix", "q=dent", 2],
  ["a dense word", "q=pizza", 2],
  ["a dense word and a city", `q=pizza&location=${city}`, 2],
  ["a dense word and a city with its country", `q=pizza&location=${city}%2C+US`, 2],
  ["a dense word and a city with its state", `q=pizza&location=${city}%2C+IL`, 2],
  ["a dense word and a state", "q=pizza&location=IL", 2],
  ["a dense prefix", "q=pizz", 2],
  // A page within the first block: its name matches come in the block's statement, the look-ups' when there are any.
  ["a dense word's page 1 in one", "q=pizza", 1],
  ["a dense prefix in a city, page 3, in one", `q=pizz&location=${city}&page=3`, 1],
  ["a dense word sorted by rating in one", "q=pizza&sort=rating", 1],
  // The pages that reach past the first block: the name matches and the matches below the block come in one statement.
  ["a dense word, page 5", "q=pizza&page=5", 2],
  ["a dense word, page 6", "q=pizza&page=6", 2],
  ["a dense word and a city, page 6", `q=pizza&location=${city}&page=6`, 2],
  ["a dense word sorted by rating, page 6", "q=pizza&sort=rating&page=6", 2],
  ["a dense word, open now", "q=pizza&openNow=true", 2],
  ["a dense word sorted by rating", "q=pizza&sort=rating", 2],
  ["a place alone", `location=${city}`, 2],
  ["open now in a place", `location=${city}&openNow=true`, 2],
  ["an attribute filter with words", "q=pizza&has=outdoor-seating", 2],
  ["an attribute filter in a place", `location=${city}&has=outdoor-seating`, 2],
  ["a category in a place", `location=${city}&category=restaurants`, 2],
  ["a place sorted by rating", `location=${city}&sort=rating`, 2],
  ["sparse words sorted by rating", "q=dentist&sort=rating", 2],
  ["sparse words, open now", "q=dentist&openNow=true", 2],
  // Near me in a very dense place (~2,000 businesses a km²), deep pages.
  ["near me", `near=${DENSE.lat},${DENSE.lng}`, 2],
  ["near me, page 5", `near=${DENSE.lat},${DENSE.lng}&page=5`, 2],
  ["near me, page 10", `near=${DENSE.lat + 0.001},${DENSE.lng - 0.002}&page=10`, 2],
  ["near me with a word, page 4", `q=tandoor&near=${DENSE.lat},${DENSE.lng}&page=4`, 2],
  ["near me in a category, page 6", `near=${DENSE.lat},${DENSE.lng}&category=bakery&page=6`, 2],
  ["near me with a filter, page 8", `near=${DENSE.lat},${DENSE.lng}&has=wheelchair-accessible-entrance&page=8`, 2],
  ["near me, open now, page 3", `near=${DENSE.lat},${DENSE.lng}&openNow=true&page=3`, 2],
  // A place by distance without near=: the centre of the place that may drive comes with the look-ups, then the walk.
  ["a place by distance", `location=${city}&sort=distance`, 2],
  ["a dense word and a city by distance", `q=pizza&location=${city}&sort=distance`, 2],
  ["a dense word and a city with its state by distance", `q=pizza&location=${city}%2C+IL&sort=distance`, 2],
  ["a dense word and a state code by distance", "q=pizza&location=IL&sort=distance", 2],
  ["a dense word and a state by its name, by distance", "q=pizza&location=Illinois&sort=distance", 2],
  ["a dense word and a postal code by distance", "q=pizza&location=60998&sort=distance", 2],
  // Words by distance: the prefix's terms are looked up first, so the walk has one round trip left.
  ["near me with a word, by distance", `q=tandoor&near=${DENSE.lat},${DENSE.lng}&sort=distance`, 2],
  [
    "near me with a word and a filter, by distance",
    `q=wombat&near=${DENSE.lat},${DENSE.lng}&has=wheelchair-accessible-entrance&sort=distance`,
    2,
  ],
  // Words or a place by distance on deeper pages: the walk after their look-up is one scan.
  ["near me with a word by distance, page 5", `q=tandoor&near=${DENSE.lat},${DENSE.lng}&sort=distance&page=5`, 2],
  [
    "near me with a word and a filter by distance, page 3",
    `q=wombat&near=${DENSE.lat},${DENSE.lng}&has=wheelchair-accessible-entrance&sort=distance&page=3`,
    2,
  ],
  ["near me in a place by distance, page 4", `near=${DENSE.lat},${DENSE.lng}&location=Dense+Harbour&sort=distance&page=4`, 2],
  // Near me where a page spans a few hundred metres: the scan sized by the density reads to the radius.
  ["near me at a city's density, page 2", `near=${MEADOW.lat},${MEADOW.lng}&page=2`, 2],
  ["near me at a city's density, page 3", `near=${MEADOW.lat + 0.002},${MEADOW.lng - 0.003}&page=3`, 2],
];

describe("a search's miss makes at most 2 D1 round trips", () => {
  for (const [form, query, limit] of FORMS) {
    it(`${form}: /search and /api/search`, async () => {
      for (const path of [`/search?${query}`, `/api/search?${query}`]) {
        const response = await miss(path);
        expect(response.status, path).toBe(200);
        expect(roundTrips(response), path).toBeLessThanOrEqual(limit);
      }
    });
  }

  it("a place by distance without near= lists the place's businesses, nearest its centre first", async () => {
    for (const location of [city, `${city}%2C+IL`, "60998"]) {
      const answer = (await (await miss(`/api/search?q=pizza&location=${location}&sort=distance`)).json()) as {
        businesses: Array<{ city: string; distance: number }>;
      };
      expect(answer.businesses.length, location).toBe(20);
      expect(answer.businesses.every((b) => b.city === CITY)).toBe(true);
      const distances = answer.businesses.map((b) => b.distance);
      expect(distances).toEqual([...distances].sort((x, y) => x - y));
    }
  });

  it("a deeper page number without its cursor: /search answers page 6, its first block read with the look-ups", async () => {
    const response = await miss(`/search?q=pizz&location=${city}&page=9`);
    expect(response.status).toBe(200);
    expect(roundTrips(response)).toBeLessThanOrEqual(2);
    expect(await response.text()).toMatch(/aria-current="page"[^>]*>(<span[^>]*>[^<]*<\/span>)?6</);
  });

  it("near me past what its budget reaches answers the last page it reached, not an empty one", async () => {
    const response = await miss(`/api/search?near=${DENSE.lat},${DENSE.lng}&has=wheelchair-accessible-entrance&page=40`);
    const answer = (await response.json()) as { page: number; businesses: unknown[]; hasNext: boolean; approximate: boolean };
    expect(answer.approximate).toBe(true);
    expect(answer.page).toBeLessThan(40);
    expect(answer.businesses.length).toBeGreaterThan(0);
    expect(answer.hasNext).toBe(false);
    // The walk's bookkeeping and the index's derived columns stay out of the answer.
    for (const business of answer.businesses) expect(Object.keys(business as object)).not.toEqual(expect.arrayContaining(["ring"]));
    for (const business of answer.businesses) expect(Object.keys(business as object)).not.toEqual(expect.arrayContaining(["indexFacts"]));
  });

  it("a word-less filtered listing past its window: a page by cursor makes one round trip, with the listing's opening", async () => {
    // 300 businesses in the city: a window of its 101 best, then the match past it by cursor (ADR 0031, amendment).
    for (const query of ["minRating=4", "openNow=1"]) {
      const trips: string[] = [];
      for (let path: string | null = `/city/${encodeURIComponent(LISTED_CITY)}?${query}`; path !== null;) {
        const response = await miss(path);
        expect(response.status, path).toBe(200);
        trips.push(`${roundTrips(response)} ${path}`);
        // The opening's batch carries the page's window, or its cursor's one statement (ADR 0032); the
        // page that reaches past the window by its number reads the rows past it after.
        expect(roundTrips(response), path).toBeLessThanOrEqual(/[?&](after|before)=/.test(path) ? 1 : 2);
        const next = /<a[^>]*rel="next"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*rel="next"/.exec(await response.text());
        path = next ? (next[1] ?? next[2]).replace(/&amp;/g, "&") : null;
        expect(trips.length).toBeLessThanOrEqual(20);
      }
      // The walk went past the window by cursor.
      expect(
        trips.some((t) => /[?&]after=\d+/.test(t)),
        trips.join("\n"),
      ).toBe(true);
    }
  });

  it("the pager's next pages", async () => {
    let pages = 0;
    for (const query of [
      `location=${city}`,
      `location=${city}&has=outdoor-seating`,
      "q=pizza&has=outdoor-seating",
      // Past its ordered part (page 6) a dense match of words goes by cursor.
      "q=pizza",
      `q=pizza&location=${city}`,
      `near=${DENSE.lat},${DENSE.lng}`,
    ]) {
      // Page 1 is the forms' ("a place alone"); the walk measures the pages its links lead to.
      let path = `/search?${query}&page=2`;
      // Every next page the pager links to, as far as the match's window and past it.
      for (let page = 1; page <= 11; page++) {
        const response = await miss(path);
        expect(response.status, path).toBe(200);
        expect(roundTrips(response), path).toBeLessThanOrEqual(2);
        pages += 1;
        const next = /<a[^>]*href="([^"]+)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="([^"]+)"/.exec(await response.text());
        if (!next) break;
        path = (next[1] ?? next[2]).replace(/&amp;/g, "&");
      }
    }
    // The pager did lead on: the walks went past page 1.
    expect(pages).toBeGreaterThan(20);
  });
});
