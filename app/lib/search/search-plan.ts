/**
 * A search, parsed once, then planned (docs/search-and-lists.md). `parseSearch` reads the request's
 * parameters into a plain SearchQuery: the words, their stems, the prefix's stem, the slug of a
 * name typed in full, the location's parts, the category, the filters, the sort. The server looks up
 * what needs the database (the places the location names, a location's centre, the vocabulary terms
 * of the prefix: SearchFacts) and `planSearch` turns the query and those facts into a SearchPlan —
 * which index drives, with every FTS query spelled, and how far its order is exact (the window
 * rule). The server runs the plan and never reads the query's text again. Pure: no runtime imports
 * outside lib/.
 */
import { groupBySlug } from "#app/lib/business/category-groups";
import { countryCode } from "#app/lib/business/countries";
import { slugify } from "#app/lib/business/slug";
import { categoryPhrases, NO_CATEGORY_WORDS, type CategoryPhrase, type CategoryWords } from "#app/lib/search/category-words";
import { attributeFiltersQuery, NO_ATTRIBUTE_FILTERS, type AttributeFilters, type ListingFilters } from "#app/lib/search/listing-filters";
import { regionCode, splitLocation } from "#app/lib/search/locations";
import { foldedWords, porterStem, stems, surfaceFor } from "#app/lib/search/porter-stem";
import { SEARCH_PAGE_SIZE, type SearchSort } from "#app/lib/search/search-links";
import type { SearchParams } from "#app/lib/search/search-params";
import {
  andQuery,
  boundedTextQuery,
  buildFtsQuery,
  facetsQuery,
  facetToken,
  minRatingFacets,
  nearCategoryFacet,
  ratingBandFacet,
  ratingBands,
  searchWords,
  type NearFacet,
} from "#app/lib/search/search-query";

// ── The windows (docs/decisions/0012-bounded-search.md, 0015-bounded-filter-search.md) ──

/** A text search's window: the newest BLOCK matches (a dense first page reads 2 × (BLOCK + 1) + 2 × NAME_WINDOW rows). */
export const BLOCK = 100;
/**
 * A filtered listing's first block (attribute or opening-time filters, no words: ADR 0031): smaller
 * than a text search's, since its page also reads the listing's place, links and filter counts, and
 * no name matches need a place in it. A match of at most this many is ordered and counted whole.
 */
export const FILTER_BLOCK = 60;
/**
 * A list paged by cursor past its first block (attribute filters without open now: ADR 0031) is
 * addressed by its number up to this page: a deeper page asked for by number alone reads every id
 * before it (OFFSET: 340 rows for page 10 of a city at 100,000 businesses) and is answered with this
 * page; the pager reaches the deeper ones by their cursors, forward and back.
 */
export const NUMBERED_PAGES = 6;
/** Name matches added to a dense text search's window (the exact name, and recent name matches), at most. */
export const NAME_WINDOW = 20;
/**
 * A dense text search's ordered part, at most: its first block and its name matches, the first
 * NUMBERED_PAGES pages of 20. Past it the match runs newest first, and the HTML pager goes by cursor.
 */
export const ORDERED_TEXT = BLOCK + NAME_WINDOW;
/** A word-less search's window: the first FACET_WINDOW + 1 entries of its driving index (~2 × FACET_WINDOW rows). */
export const FACET_WINDOW = 100;
/** At most this many results are listed past a window (the /search pager's 50 pages of 20). */
export const RESULT_CAP = 1000;

// ── Words ──

/** A search's words, read once: what the FTS queries, the expansion and the relevance need of them. */
export type TextQuery = {
  /** Words matched whole (FTS5 stems them), and the last one when it is matched as a prefix. */
  whole: string[];
  prefix: string | null;
  /** The stems of the whole words: a row's relevance counts the best column holding each. */
  stems: string[];
  /** The prefix as stored words are folded, and the stem its expansion starts from (null: it expands to nothing). */
  typed: string;
  prefixStem: string | null;
  /** The query's folded words: a business whose name is exactly these ranks first. */
  name: string;
  /** The slug a business named as the query has ("": none): the exact-name slice's key. */
  nameSlug: string;
  /** The match as FTS5 itself defines it (`word*` for the prefix): never run, the benchmark counts its size. */
  fts: string;
  /**
   * Runs of the terms (the whole words, then the prefix) that name categories in another enabled
   * language ("cà phê"), each matched as typed OR as its categories' English words; absent when none.
   */
  categories?: CategoryPhrase[];
};

/** The words of `text`, or null when it holds no searchable word; `words`: the category labels of the other enabled languages. */
export function parseText(text: string, words: CategoryWords = NO_CATEGORY_WORDS): TextQuery | null {
  const { whole, prefix } = searchWords(text);
  if (whole.length === 0 && !prefix) return null;
  const folded = prefix ? foldedWords(prefix) : [];
  const categories = categoryPhrases(words, prefix ? [...whole, prefix] : whole, prefix !== null);
  return {
    ...(categories.length ? { categories } : {}),
    whole,
    prefix,
    stems: whole.flatMap((w) => stems(w)),
    typed: folded[0] ?? "",
    prefixStem: folded.length === 1 ? porterStem(folded[0]) : null,
    name: foldedWords(text).join(" "),
    nameSlug: slugify(text).slice(0, 80).replace(/-+$/, ""),
    fts: buildFtsQuery(text),
  };
}

/** A text's FTS queries once its prefix is expanded: over the word columns, and over the name alone. */
export type TextMatch = { text: TextQuery; terms: string[] | null; match: string; nameMatch: string };

/**
 * The bounded engine's match for the words, AND the facets: the prefix as the OR of its vocabulary
 * `terms` (null when there is no prefix), never `word*`. Null when it matches nothing (a prefix
 * that expands to no term).
 */
export function textMatch(text: TextQuery, terms: string[] | null, facets: string, prefixQuery = false): TextMatch | null {
  // FTS5's own `word*` (no vocabulary table): from the typed word, which FTS5 stems as the expansion's start is.
  const prefix = prefixQuery && text.prefix && text.prefixStem !== null ? text.typed : null;
  const surfaces = prefix ? null : (terms?.map((t) => surfaceFor(t, text.typed)).filter((w): w is string => w !== null) ?? null);
  const query = boundedTextQuery(text.whole, surfaces, text.categories, prefix);
  if (!query) return null;
  return { text, terms, match: andQuery(query, facets), nameMatch: andQuery(query.replace(/^\{[^}]*\}/, "name"), facets) };
}

// ── Places ──

export type PlaceKind = "zip" | "city" | "state" | "country";
/** Most selective first: the first kind a location names drives its listing. */
const PLACE_KINDS: PlaceKind[] = ["zip", "city", "state", "country"];

/** A place the location text names. */
export type Place = { kind: PlaceKind; value: string };

/** What a part of the location text could name, in the order the server checks: a state code (if one is stored), a state's name, a country. */
export type PlaceWords = { code: string | null; region: string | null; country: string | null };

function placeWords(text: string): PlaceWords {
  const upper = text.toUpperCase();
  return { code: /^[A-Z]{2,3}$/.test(upper) ? upper : null, region: regionCode(text) ?? null, country: countryCode(text) || null };
}

/** The location text, split: the server resolves it against the summary tables (`Chicago, IL 60601`). */
export type LocationText = {
  /** As typed, and tidied ("Chicago, IL, 60601"). */
  text: string;
  label: string;
  postalCode: string | null;
  /** The first part: a city (its slug), or on its own a state or a country; null when only a postal code was given. */
  first: { citySlug: string; alone: PlaceWords | null } | null;
  /** The parts after the first comma: each a state or a country. */
  rest: PlaceWords[];
};

export function parseLocation(text: string): LocationText {
  const { parts, postalCode } = splitLocation(text);
  const [first, ...rest] = parts;
  return {
    text,
    label: [...parts, postalCode].filter(Boolean).join(", "),
    postalCode: postalCode ?? null,
    first: first === undefined ? null : { citySlug: slugify(first), alone: rest.length === 0 ? placeWords(first) : null },
    rest: rest.map(placeWords),
  };
}

/** A location as found: its places, the most selective of them (whose index drives), and them as FTS facets (AND-ed). */
export type Location = { label: string; places: Place[]; driving: Place; facets: string[] };

export function locationOf(label: string, places: Place[]): Location {
  const driving = [...places].sort((x, y) => PLACE_KINDS.indexOf(x.kind) - PLACE_KINDS.indexOf(y.kind))[0];
  return { label, places, driving, facets: places.map((p) => facetToken(p.kind, p.value)) };
}

// ── Filters ──

/** A category filter: a group slug ("restaurants") or a fine category ("italian-restaurant"). */
export type Category = { kind: "group" | "category"; slug: string };

function categoryOf(text: string | undefined): Category | null {
  const slug = slugify(text ?? "");
  if (!slug) return null;
  return { kind: groupBySlug(slug) ? "group" : "category", slug };
}

/** The category and minimum rating as facet tokens (AND-ed with the words and the location). */
function filterFacets(category: Category | null, minRating: number | undefined): string[] {
  return [category ? facetToken(category.kind, category.slug) : null, minRating ? minRatingFacets(minRating) : null].filter(
    (f): f is string => f !== null,
  );
}

/** A rating band holds about a quarter of the businesses: more bands than this narrow a near walk too little to join. */
const MAX_JOINED_BANDS = 2;

/**
 * The filters of a near search: the one joined with the cells (near_facets: a category, else a
 * minimum rating of 4 or more), and the others as facets of the match. A joined rating whose minimum
 * is no band's bound (4.2) keeps its facet too, so the match stays exact.
 */
function nearFilters(category: Category | null, minRating: number | undefined): { facets: string[]; joined: NearFacet | null } {
  const rating = minRating ? minRatingFacets(minRating) : null;
  if (category) return { joined: [nearCategoryFacet(category.kind, category.slug)], facets: rating ? [rating] : [] };
  if (minRating && rating) {
    const { bands, exact } = ratingBands(minRating);
    if (bands.length <= MAX_JOINED_BANDS) return { joined: bands.map(ratingBandFacet), facets: exact ? [] : [rating] };
  }
  return { joined: null, facets: rating ? [rating] : [] };
}

// ── The query ──

export type Point = { lat: number; lng: number };

/** The orders a plan produces: relevance (then score), or a stored order. */
export type OrderKey = "relevance" | "score" | "rating" | "reviews" | "latest";

/** A search request, parsed: everything that needs no database. */
export type SearchQuery = {
  page: number;
  offset: number;
  text: TextQuery | null;
  location: LocationText | null;
  category: Category | null;
  minRating: number | undefined;
  openNow: boolean;
  /** What a place has and when it is open: FTS terms AND-ed into every match (ADR 0031). */
  attributes: AttributeFilters;
  sort: SearchSort;
  near: Point | null;
  radiusKm: number;
};

/** `words`: the category labels of the enabled languages other than the source's (category-words.ts). */
export function parseSearch(params: SearchParams, words: CategoryWords = NO_CATEGORY_WORDS): SearchQuery {
  return {
    page: params.page,
    offset: (params.page - 1) * SEARCH_PAGE_SIZE,
    text: parseText(params.q, words),
    location: params.location ? parseLocation(params.location) : null,
    category: categoryOf(params.category),
    minRating: params.minRating,
    openNow: params.openNow,
    attributes: {
      has: params.has ?? NO_ATTRIBUTE_FILTERS.has,
      openAt: params.openAt ?? null,
      openLate: params.openLate ?? false,
      open24h: params.open24h ?? false,
    },
    sort: params.sort,
    near: params.near ?? null,
    radiusKm: params.radius,
  };
}

/** What the server looked up for a query, in this order (each only when the plan can need it). */
export type SearchFacts = {
  /** The places the location text names; null when none was given or it names nothing known. */
  location: Location | null;
  /** The location's centre, for sort=distance without near=; null when not looked up or none has coordinates. */
  centre: Point | null;
  /** The prefix's vocabulary terms (expandPrefix); null when there is no prefix or `prefixQuery`. */
  terms: string[] | null;
  /** The prefix is matched by FTS5's own `word*` rather than by vocabulary terms (FTS5VOCAB=off). */
  prefixQuery?: boolean;
};

// ── Plans ──

/**
 * The window rule: how far a plan's order holds. "whole": every page is in the asked order and a
 * count is exact. "first-window": the plan reads a window (a text search the newest BLOCK matches
 * and its name matches; a word-less search the first FACET_WINDOW entries of its driving index) and
 * orders it in JS. A match that fits in the window is thereby ordered and counted exactly; a larger
 * one is in the asked order only inside the window, continues newest first after it, lists at most
 * RESULT_CAP results and is `approximate` (the count says "1,000+ results"). A new sort is
 * "first-window" unless an index lists the match in that order. Each plan type below states its `exact`.
 */

/** The page asked for: `pageSize` results from `offset` (one more is read to tell whether a next page exists). */
type Paging = { page: number; offset: number; pageSize: number; openNow: boolean };

/** Nothing to read: nothing to search by, a location that names nothing known, or words that match nothing. */
type EmptyPlan = Paging & { kind: "empty"; exact: "whole"; total: 0 | null };

/** Near me (ADR 0017): the grid or the FTS cells around the point, nearest first. */
type NearPlan = Paging & {
  kind: "near";
  exact: "whole";
  point: Point;
  radiusKm: number;
  /** The words and the filters not joined with the cells, as one FTS match; null: none. */
  match: string | null;
  /** The filter joined with the cells (near_facets), or null. */
  joined: NearFacet | null;
};

/** Words (ADR 0012): the match newest first, its window ordered in JS. */
type TextPlan = Paging & { kind: "text"; exact: "first-window"; window: typeof BLOCK; match: TextMatch; order: OrderKey };

/** A location alone in the recommended order: its (column, score, id) index, by OFFSET. */
type PlacePlan = Paging & { kind: "place"; exact: "whole"; location: Location };

/** Any other search without words (ADR 0015): a window of the smaller driving index, filtered in JS. */
export type FacetPlan = Paging & {
  kind: "facet";
  exact: "first-window";
  window: typeof FACET_WINDOW;
  /** Null: no place (a listing of a category or of the whole directory). */
  location: Location | null;
  category: Category | null;
  minRating: number | undefined;
  /** The same filters as one FTS query: past the window the match is read newest first. */
  match: string;
  order: Exclude<OrderKey, "relevance" | "latest">;
  /**
   * The attribute filters (in `match` too). With any of them the match drives instead of an index
   * (ADR 0031): its newest BLOCK matches are the window, ordered in JS, and the match continues newest
   * first — a filter term can be rare in a scope, so a window of the scope's index could hold none.
   */
  attributes: AttributeFilters;
};

/** What a search's answer repeats: the location as understood, and where distances are measured from. */
type SearchEcho = { location: { text: string; label: string; found: boolean } | null; point: Point | null };

export type SearchPlan = (EmptyPlan | NearPlan | TextPlan | PlacePlan | FacetPlan) & {
  echo: SearchEcho;
  /** The whole result set as FTS5 defines it (`word*`): no plan reads it; the benchmark counts it. Null without words or a place. */
  wholeMatch: string | null;
};

/** A search's place, category, minimum rating and attribute filters as one FTS query (AND-ed with its words). */
function searchFacets(q: SearchQuery, location: Location | null): string {
  return andQuery(
    facetsQuery([...(location?.facets ?? []), ...filterFacets(q.category, q.minRating)]),
    attributeFiltersQuery(q.attributes),
  );
}

/** Where SQL writes the prefix's expansion into a text plan's match spelled before its terms are known (textMatchTemplate). */
export const EXPANSION_SLOT = '"\u0001"';

/**
 * The matches of the text plan `q` if its location resolves to `location`, before the prefix's
 * vocabulary terms are known: `terms`, where the prefix expands to some, with EXPANSION_SLOT where
 * the server's SQL writes them, each as its surface — the typed word for the term that is its stem,
 * else the term itself (surfaceFor, which the server checks: it compares the match SQL wrote with
 * textMatch's); `none`, where it expands to none (null: nothing matches). Null when the search is no
 * text plan (near me, by distance) or its location names nothing there.
 */
export function textMatchTemplate(
  q: SearchQuery,
  location: Location | null,
  prefixQuery = false,
): { terms: string | null; none: string | null } | null {
  if (!q.text || q.sort === "distance" || (q.location && !location)) return null;
  const facets = searchFacets(q, location);
  if (!q.text.prefix || prefixQuery) {
    const match = textMatch(q.text, null, facets, prefixQuery)?.match ?? null;
    return { terms: match, none: match };
  }
  const none = textMatch(q.text, [], facets)?.match ?? null;
  if (q.text.prefixStem === null) return { terms: none, none };
  return { terms: andQuery(boundedTextQuery(q.text.whole, ["\u0001"], q.text.categories), facets), none };
}

/** Which plan serves the query, given what the server found (docs/search-and-lists.md has the table). */
export function planSearch(q: SearchQuery, facts: SearchFacts): SearchPlan {
  const { location } = facts;
  const paging: Paging = { page: q.page, offset: q.offset, pageSize: SEARCH_PAGE_SIZE, openNow: q.openNow };
  const echo: SearchEcho = {
    location: q.location ? { text: q.location.text, label: location?.label ?? q.location.text, found: Boolean(location) } : null,
    point: q.near,
  };
  const empty = (total: 0 | null, point = q.near, wholeMatch: string | null = null): SearchPlan => ({
    ...paging,
    kind: "empty",
    exact: "whole",
    total,
    echo: { ...echo, point },
    wholeMatch,
  });
  // A location that names nothing known: empty rather than silently unfiltered.
  if (q.location && !location) return empty(null);
  const searchable = Boolean(q.text || location);
  const filters = filterFacets(q.category, q.minRating);
  const attributes = attributeFiltersQuery(q.attributes);
  const facets = searchFacets(q, location);
  const wholeMatch = searchable ? andQuery(q.text?.fts ?? "", facets) : null;

  // Nearest first: from near=, else from the location's centre. Near alone (no words, no place) is a search too.
  const point = q.near ?? facts.centre;
  if (point && (q.sort === "distance" || !searchable)) {
    const near = nearFilters(q.category, q.minRating);
    const nearFacets = andQuery(facetsQuery([...(location?.facets ?? []), ...near.facets]), attributes);
    const words = q.text ? textMatch(q.text, facts.terms, nearFacets, facts.prefixQuery) : null;
    // Words that match nothing the vocabulary knows: nothing near either.
    if (q.text && !words) return empty(null, point, wholeMatch);
    const match = words ? words.match : nearFacets || null;
    return {
      ...paging,
      kind: "near",
      exact: "whole",
      point,
      radiusKm: q.radiusKm,
      match,
      joined: near.joined,
      echo: { ...echo, point },
      wholeMatch,
    };
  }
  if (!searchable) return empty(null);
  const order = q.sort === "distance" ? "relevance" : q.sort;
  if (q.text) {
    const match = textMatch(q.text, facts.terms, facets, facts.prefixQuery);
    // Open now is checked on the rows a page reads: no count is known then.
    if (!match) return empty(q.openNow ? null : 0, q.near, wholeMatch);
    return { ...paging, kind: "text", exact: "first-window", window: BLOCK, match, order, echo, wholeMatch };
  }
  if (!location) return empty(null);
  if (order === "relevance" && filters.length === 0 && !q.openNow && !attributes)
    return { ...paging, kind: "place", exact: "whole", location, echo, wholeMatch };
  return {
    ...paging,
    kind: "facet",
    exact: "first-window",
    window: FACET_WINDOW,
    location,
    category: q.category,
    minRating: q.minRating,
    match: facets,
    order: order === "relevance" ? "score" : order,
    attributes: q.attributes,
    echo,
    wholeMatch,
  };
}

// ── Listings ──

export type ListingScope =
  | { kind: "city"; slug: string; name: string }
  | { kind: "group" | "category"; slug: string }
  | { kind: "all" }
  // A city × category page (/city/{city}/{category}).
  | { kind: "city-category"; city: { slug: string; name: string }; category: Category };

/**
 * A listing page (/businesses, a city, a category, a city × category) with open now, a minimum
 * rating and the attribute filters: a word-less search of the scope in the recommended order, driven
 * by the city's or the category's index, or by the recommended order of the whole directory — or,
 * with attribute filters, by the match itself (FacetPlan's `attributes`).
 */
export function listingPlan(scope: ListingScope, filters: ListingFilters, page: number, pageSize: number): FacetPlan {
  const city = scope.kind === "city" ? scope : scope.kind === "city-category" ? scope.city : null;
  const location = city ? locationOf(city.name, [{ kind: "city", value: city.slug }]) : null;
  const category: Category | null =
    scope.kind === "group" || scope.kind === "category"
      ? { kind: scope.kind, slug: scope.slug }
      : scope.kind === "city-category"
        ? { kind: scope.category.kind, slug: scope.category.slug }
        : null;
  return {
    page,
    offset: (page - 1) * pageSize,
    pageSize,
    openNow: filters.openNow,
    kind: "facet",
    exact: "first-window",
    window: FACET_WINDOW,
    location,
    category,
    minRating: filters.minRating,
    match: andQuery(
      facetsQuery([...(location?.facets ?? []), ...filterFacets(category, filters.minRating)]),
      attributeFiltersQuery(filters),
    ),
    order: "score",
    attributes: { has: filters.has, openAt: filters.openAt, openLate: filters.openLate, open24h: filters.open24h },
  };
}
