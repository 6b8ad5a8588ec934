import { describe, expect, it } from "vitest";
import { COMPARE, relevance } from "#app/lib/search/ranking";
import { NO_ATTRIBUTE_FILTERS } from "#app/lib/search/listing-filters";
import { SEARCH_SORTS } from "#app/lib/search/search-links";
import { parseSearchParams } from "#app/lib/search/search-params";
import {
  BLOCK,
  EXPANSION_SLOT,
  FACET_WINDOW,
  listingPlan,
  locationOf,
  parseLocation,
  parseSearch,
  parseText,
  planSearch,
  textMatch,
  textMatchTemplate,
  type SearchFacts,
  type SearchPlan,
} from "#app/lib/search/search-plan";

const query = (qs: string) => parseSearch(parseSearchParams(`https://x.test/search?${qs}`));
const CHICAGO = locationOf("Chicago", [{ kind: "city", value: "chicago" }]);
const NO_FACTS: SearchFacts = { location: null, centre: null, terms: null };
const plan = (qs: string, facts: Partial<SearchFacts> = {}): SearchPlan => planSearch(query(qs), { ...NO_FACTS, ...facts });

describe("parseText", () => {
  it("reads the words once: whole words, the last one a prefix, their stems, the name and its slug", () => {
    expect(parseText("Friendly Bakeries pizz")).toEqual({
      whole: ["Friendly", "Bakeries"],
      prefix: "pizz",
      stems: ["friendli", "bakeri"],
      typed: "pizz",
      prefixStem: "pizz",
      name: "friendly bakeries pizz",
      nameSlug: "friendly-bakeries-pizz",
      fts: '{name category subtypes description keywords} : ("Friendly" "Bakeries" "pizz"*)',
    });
  });

  it("starts a prefix's expansion at its stem, as the vocabulary stores it", () => {
    expect(parseText("bakery")).toMatchObject({ whole: [], prefix: "bakery", typed: "bakery", prefixStem: "bakeri" });
  });

  it("drops filler words, matches a one-letter last word whole, and has no words for punctuation", () => {
    expect(parseText("pizza near me")).toMatchObject({ whole: [], prefix: "pizza" });
    expect(parseText("auto z")).toMatchObject({ whole: ["auto", "z"], prefix: null, prefixStem: null, stems: ["auto", "z"] });
    expect(parseText('*()"^:{}')).toBeNull();
    expect(parseText("")).toBeNull();
  });
});

describe("textMatch", () => {
  const text = parseText("fresh bak")!;

  it("spells the prefix as the OR of its vocabulary terms (as words FTS5 stems to them), AND the facets", () => {
    const m = textMatch(text, ["bake", "bakeri"], 'facets : ("cichicago0")');
    expect(m?.match).toBe('{name category subtypes description keywords} : ("fresh" AND ("bake" OR "bakeri")) AND facets : ("cichicago0")');
    expect(m?.nameMatch).toBe('name : ("fresh" AND ("bake" OR "bakeri")) AND facets : ("cichicago0")');
  });

  it("matches nothing when the prefix expands to no term", () => {
    expect(textMatch(text, [], "")).toBeNull();
  });

  it("matches whole words alone when there is no prefix", () => {
    expect(textMatch(parseText("auto z")!, null, "")?.match).toBe('{name category subtypes description keywords} : ("auto" AND "z")');
  });
});

describe("textMatchTemplate", () => {
  it("is textMatch's match with the prefix's expansion left as a slot, for each way the location resolves", () => {
    const q = query("q=fresh+bak&has=outdoor-seating");
    const template = textMatchTemplate(q, CHICAGO);
    // The server writes the terms into the slot as SQL spells them: the typed word for the term that is its stem, else the term.
    const written = template?.terms?.replace(EXPANSION_SLOT, '("bak" OR "bakeri")');
    const planned = planSearch(q, { ...NO_FACTS, location: CHICAGO, terms: ["bak", "bakeri"] });
    expect(planned.kind === "text" && planned.match.match).toBe(written);
    expect(written).toContain("cichicago0");
    expect(template?.none).toBeNull();
    expect(textMatchTemplate(q, null)?.terms).not.toContain("cichicago0");
  });

  it("spells a search without a prefix, or with FTS5's own `word*`, whole", () => {
    const q = query("q=pizza");
    expect(textMatchTemplate(q, null, true)?.terms).toBe(textMatch(q.text!, null, "", true)?.match);
  });

  it("is none for a search that is no text plan", () => {
    expect(textMatchTemplate(query("q=pizza&sort=distance&near=41.88,-87.63"), null)).toBeNull();
    expect(textMatchTemplate(query("location=Chicago"), CHICAGO)).toBeNull();
    expect(textMatchTemplate(query("q=pizza&location=Nowhere"), null)).toBeNull();
  });
});

describe("parseLocation", () => {
  it("splits a city, its qualifiers and a postal code", () => {
    expect(parseLocation("Chicago, IL 60601")).toEqual({
      text: "Chicago, IL 60601",
      label: "Chicago, IL, 60601",
      postalCode: "60601",
      first: { citySlug: "chicago", alone: null },
      // "IL" is a stored state code or, failing that, Israel.
      rest: [{ code: "IL", region: null, country: "IL" }],
    });
  });

  it("reads a first part alone as a city, or else a state or a country", () => {
    expect(parseLocation("Illinois").first).toEqual({ citySlug: "illinois", alone: { code: null, region: "IL", country: null } });
    expect(parseLocation("Switzerland").first?.alone).toEqual({ code: null, region: null, country: "CH" });
  });

  it("has no first part for a postal code alone", () => {
    expect(parseLocation("60601")).toMatchObject({ postalCode: "60601", first: null, rest: [] });
  });

  it("drives a location by its most selective place", () => {
    const location = locationOf("Chicago, IL", [
      { kind: "state", value: "IL" },
      { kind: "city", value: "chicago" },
    ]);
    expect(location.driving).toEqual({ kind: "city", value: "chicago" });
    expect(location.facets).toEqual(['"stIL0"', '"cichicago0"']);
  });
});

describe("parseSearch", () => {
  it("reads the filters, the sort and the page", () => {
    expect(query("q=pizza&category=restaurants&minRating=4.5&openNow=1&sort=rating&page=3")).toMatchObject({
      page: 3,
      offset: 40,
      category: { kind: "group", slug: "restaurants" },
      minRating: 4.5,
      openNow: true,
      sort: "rating",
      near: null,
    });
    expect(query("category=Italian+restaurant").category).toEqual({ kind: "category", slug: "italian-restaurant" });
  });
});

describe("planSearch: which plan serves which query", () => {
  it("words: the text window, every filter a facet of its match", () => {
    const p = plan("q=bak&category=restaurants&minRating=4.5", { location: CHICAGO, terms: ["bakeri"] });
    expect(p).toMatchObject({ kind: "text", order: "relevance", exact: "first-window", window: BLOCK });
    if (p.kind !== "text") throw new Error(p.kind);
    expect(p.match.match).toContain('facets : ("cichicago0" AND "grrestaurants0" AND ("ra450" OR');
  });

  it("a location alone in the recommended order: its own index, exact", () => {
    expect(plan("location=Chicago", { location: CHICAGO })).toMatchObject({ kind: "place", exact: "whole", location: CHICAGO });
  });

  it("a location with a filter, open now or another order: the facet window", () => {
    expect(plan("location=Chicago&category=restaurants", { location: CHICAGO })).toMatchObject({
      kind: "facet",
      order: "score",
      category: { kind: "group", slug: "restaurants" },
      match: 'facets : ("cichicago0" AND "grrestaurants0")',
    });
    expect(plan("location=Chicago&openNow=1", { location: CHICAGO })).toMatchObject({ kind: "facet", order: "score" });
    expect(plan("location=Chicago&sort=reviews", { location: CHICAGO })).toMatchObject({ kind: "facet", order: "reviews" });
  });

  it("a location that names nothing known: empty, and the answer says so", () => {
    expect(plan("q=pizza&location=Atlantis")).toMatchObject({
      kind: "empty",
      total: null,
      echo: { location: { text: "Atlantis", label: "Atlantis", found: false } },
    });
  });

  it("nothing to search by: empty", () => {
    expect(plan("category=restaurants")).toMatchObject({ kind: "empty", total: null, wholeMatch: null });
  });

  it("words whose prefix expands to nothing: an empty page counted as 0, or not counted with open now", () => {
    expect(plan("q=xqzz", { terms: [] })).toMatchObject({ kind: "empty", total: 0 });
    expect(plan("q=xqzz&openNow=1", { terms: [] })).toMatchObject({ kind: "empty", total: null });
  });

  it("near me: nearest first from near=, a category joined with the cells", () => {
    expect(plan("near=41.88,-87.63&category=dentist")).toMatchObject({
      kind: "near",
      exact: "whole",
      point: { lat: 41.88, lng: -87.63 },
      radiusKm: 25,
      match: null,
      joined: ["cadentist0"],
    });
  });

  it("near me: a minimum rating joined as rating bands, its facet kept when it is no band's bound", () => {
    expect(plan("near=41.88,-87.63&minRating=4")).toMatchObject({ kind: "near", joined: ["rb450", "rb400"], match: null });
    const p = plan("near=41.88,-87.63&minRating=4.2");
    expect(p).toMatchObject({ kind: "near", joined: ["rb450", "rb400"] });
    if (p.kind !== "near") throw new Error(p.kind);
    expect(p.match).toMatch(/^facets : \(\("ra420" OR/);
  });

  it("words with near= in the relevance order: the text window, distances measured from the point", () => {
    expect(plan("q=pizza&near=41.88,-87.63", { terms: ["pizza"] })).toMatchObject({
      kind: "text",
      echo: { point: { lat: 41.88, lng: -87.63 } },
    });
  });

  it("sort=distance with a location: near me from the location's centre, or its own index without one", () => {
    const centre = { lat: 41.9, lng: -87.7 };
    expect(plan("location=Chicago&sort=distance", { location: CHICAGO, centre })).toMatchObject({
      kind: "near",
      point: centre,
      match: 'facets : ("cichicago0")',
      echo: { point: centre },
    });
    expect(plan("location=Chicago&sort=distance", { location: CHICAGO })).toMatchObject({ kind: "place" });
  });

  it("keeps the whole match as FTS5 defines it (`word*`) for the benchmark", () => {
    expect(plan("q=pizz&location=Chicago", { location: CHICAGO, terms: ["pizza"] }).wholeMatch).toBe(
      '{name category subtypes description keywords} : ("pizz"*) AND facets : ("cichicago0")',
    );
  });
});

describe("the window rule: a sort other than the window's own order is exact only inside the first window", () => {
  it.each(SEARCH_SORTS)("sort=%s", (sort) => {
    // Words: every order is JS's over the newest BLOCK matches (and the name matches).
    expect(plan(`q=pizza&sort=${sort}`, { terms: ["pizza"] })).toMatchObject({ exact: "first-window", window: BLOCK });
    // No words: only the recommended order is an index's own (the location's), whole; any other order or filter is the facet window's.
    const alone = plan(`location=Chicago&sort=${sort}`, { location: CHICAGO });
    expect(alone).toMatchObject(
      sort === "relevance" || sort === "distance" ? { exact: "whole" } : { exact: "first-window", window: FACET_WINDOW },
    );
    expect(plan(`location=Chicago&category=dentist&sort=${sort}`, { location: CHICAGO })).toMatchObject({
      exact: "first-window",
      window: FACET_WINDOW,
    });
    // Near me orders by distance, whole (a walk stopped at its row budget says `approximate` instead).
    expect(plan(`near=41.88,-87.63&sort=${sort}`)).toMatchObject({ kind: "near", exact: "whole" });
  });

  it("listings are facet windows in the recommended order", () => {
    const p = listingPlan(
      { kind: "city", slug: "chicago", name: "Chicago" },
      { openNow: true, minRating: 4.5, ...NO_ATTRIBUTE_FILTERS },
      3,
      24,
    );
    expect(p).toMatchObject({
      kind: "facet",
      exact: "first-window",
      window: FACET_WINDOW,
      order: "score",
      offset: 48,
      pageSize: 24,
      openNow: true,
    });
    expect(p.match).toMatch(/^facets : \("cichicago0" AND \("ra450" OR/);
  });
});

describe("listingPlan", () => {
  it("drives a city × category by both, the whole directory by nothing", () => {
    const p = listingPlan(
      { kind: "city-category", city: { slug: "chicago", name: "Chicago" }, category: { kind: "category", slug: "dentist" } },
      { openNow: false, ...NO_ATTRIBUTE_FILTERS },
      1,
      20,
    );
    expect(p).toMatchObject({
      location: { label: "Chicago" },
      category: { kind: "category", slug: "dentist" },
      match: 'facets : ("cichicago0" AND "cadentist0")',
    });
    expect(listingPlan({ kind: "all" }, { openNow: true, ...NO_ATTRIBUTE_FILTERS }, 1, 20)).toMatchObject({
      location: null,
      category: null,
      match: "",
    });
  });
});

describe("ranking", () => {
  const row = (name: string, category = "Bakery") => ({ name, category, subtypes: "", keywords: "", description: "" });
  const m = textMatch(parseText("fresh bakery")!, ["bakeri"], "")!;

  it("weighs a word by the best column holding it, and a name equal to the words above everything", () => {
    expect(relevance(row("Fresh Bakery"), m)).toBe(-1020);
    expect(relevance(row("Fresh Loaves"), m)).toBe(-15);
    expect(relevance(row("Corner Shop", "Grocery"), m)).toBe(-0);
  });

  it("breaks relevance ties by the recommended score, then the newer id", () => {
    const a = { id: 1, score: 5, rating: 4, reviewCount: 3, createdAt: 1, relevance: -10.001 };
    const b = { id: 2, score: 4, rating: 4, reviewCount: 3, createdAt: 2, relevance: -10.002 };
    expect([b, a].sort(COMPARE.relevance)).toEqual([a, b]);
    expect([a, b].sort(COMPARE.latest)).toEqual([b, a]);
  });
});
