/**
 * Turns any visitor text into a safe FTS5 query. Only runs of letters and digits survive, so quotes,
 * `*`, `NEAR(`, `OR`, `-`, parentheses and SQL can never reach FTS5 syntax; each word is quoted and
 * the last one becomes a prefix ("pizz" finds "Pizzeria"). Also spells the filter tokens the
 * migrations store (businesses.facets, near_facets). Pure: no runtime imports.
 */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;
/** A one-letter prefix would expand to most of the vocabulary: it is searched as a whole word. */
const MIN_PREFIX_LENGTH = 2;

/** Filler words that would otherwise AND-exclude everything ("pizza near me", "dentist in Chicago"). */
const STOP_WORDS = new Set(["a", "an", "and", "the", "in", "near", "me", "of", "for", "at", "on", "to", "with", "best", "top"]);

/** The words of a text as the search reads them: letters and digits, filler words dropped (unless nothing else is left), at most 8. */
export function searchTerms(text: string): string[] {
  // NFKC folds full-width and compatibility forms; FTS5's unicode61 tokenizer removes the accents.
  const words = (
    text
      .normalize("NFKC")
      .slice(0, 1000)
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).map((t) => t.slice(0, MAX_TERM_LENGTH));
  const meaningful = words.filter((w) => !STOP_WORDS.has(w.toLowerCase()));
  return (meaningful.length ? meaningful : words).slice(0, MAX_TERMS);
}

/** The quoted FTS5 terms of a text, the last one a prefix; "" when it holds no searchable word. */
export function ftsTerms(text: string): string {
  const terms = searchTerms(text);
  if (terms.length === 0) return "";
  return terms.map((t, i) => `"${t}"${i === terms.length - 1 && [...t].length >= MIN_PREFIX_LENGTH ? "*" : ""}`).join(" ");
}

/** The FTS table's columns that hold words; `facets` holds filter tokens only. */
const TEXT_COLUMNS = "{name category subtypes description keywords}";

/**
 * An FTS5 query for visitor text, "" when it holds no searchable word. Confined to the word columns,
 * so a prefix such as "ci" can never match the facet tokens.
 */
export function buildFtsQuery(text: string): string {
  const terms = ftsTerms(text);
  return terms ? `${TEXT_COLUMNS} : (${terms})` : "";
}

export type FacetKind = "city" | "state" | "country" | "zip" | "category" | "group" | "rating";

const FACET_PREFIX: Record<FacetKind, string> = {
  city: "ci",
  state: "st",
  country: "co",
  zip: "zi",
  category: "ca",
  group: "gr",
  rating: "ra",
};

/**
 * One facet as FTS5 query text, spelled exactly as the generated column `businesses.facets` spells it
 * (migration 20261122215431_search_facets): prefix, the value without spaces and hyphens, then "0".
 * Quoted, so whatever punctuation a postal code holds is tokenized on both sides alike (a phrase).
 */
export function facetToken(kind: FacetKind, value: string | number): string {
  const text = `${FACET_PREFIX[kind]}${String(value).replace(/[ -]/g, "")}0`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The facets query for "rated at least `min`": every rating tenth from min to 5.0. */
/** A facet's value as FTS5 sees it: the token drops spaces and hyphens, and unicode61 folds case. */
export const facetValue = (value: string | number | null | undefined) =>
  String(value ?? "")
    .replace(/[ -]/g, "")
    .toLowerCase();

/** A minimum rating in the facets' tenths: the lowest rating tenth it takes. */
export const ratingTenthsFrom = (min: number) => Math.max(0, Math.ceil(min * 10 - 1e-9));

export function minRatingFacets(min: number): string {
  const from = ratingTenthsFrom(min);
  const tokens: string[] = [];
  for (let t = from; t <= 50; t++) tokens.push(facetToken("rating", t));
  return tokens.length ? `(${tokens.join(" OR ")})` : facetToken("rating", 50);
}

/** `facets : (…)` for the given facet expressions, AND-ed; "" for none. */
export function facetsQuery(parts: string[]): string {
  return parts.length ? `facets : (${parts.join(" AND ")})` : "";
}

/** AND of FTS5 query parts, empty ones left out. */
export function andQuery(...parts: string[]): string {
  return parts.filter(Boolean).join(" AND ");
}

/** A search's words for the bounded engine: the words matched whole and, last, the one matched as a prefix. */
export type SearchWords = { whole: string[]; prefix: string | null };

/** The visitor's words (stop words dropped), the last one a prefix when it is long enough. */
export function searchWords(text: string): SearchWords {
  const terms = searchTerms(text);
  if (terms.length === 0) return { whole: [], prefix: null };
  const last = terms[terms.length - 1];
  return [...last].length >= MIN_PREFIX_LENGTH ? { whole: terms.slice(0, -1), prefix: last } : { whole: terms, prefix: null };
}

/** Terms `from…to` of a search's words (the prefix last) may instead match any of `words`' lists, each all its words (a category's English words). */
export type TermAlternative = { from: number; to: number; words: string[][] };

const quote = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * The FTS5 text query of the bounded engine: whole words quoted (FTS5 stems them), the prefix as
 * the OR of the vocabulary terms it expands to (given as words FTS5 stems to those terms: see
 * surfaceFor in porter-stem.ts). FTS5 merges an OR lazily, in rowid order; a `"word"*` query instead builds the
 * prefix's whole doclist first (323 ms of D1 time for `"service"*` over 1,000,000 businesses).
 * A run of terms with `alternatives` (a category named in another language) matches as typed OR
 * as any alternative's words: `"x" AND ("cà" AND "phê" OR ("coffee" AND "shop"))`, parenthesized.
 * "" when there is nothing to match (a prefix that expands to no term matches nothing, unless it
 * has an alternative). `prefix`: the typed prefix as FTS5's `"word"*` instead of an expansion, where
 * the vocabulary table is not used (docs/search-and-lists.md, "Without fts5vocab").
 */
export function boundedTextQuery(
  whole: string[],
  expansion: string[] | null,
  alternatives: readonly TermAlternative[] = [],
  prefix: string | null = null,
): string {
  // One part per term (null: a prefix that expands to nothing, which matches nothing).
  const parts: Array<string | null> = whole.map(quote);
  // Without the vocabulary (FTS5VOCAB=off) the prefix is FTS5's own prefix query.
  if (prefix) parts.push(`${quote(prefix)}*`);
  else if (expansion)
    parts.push(expansion.length === 0 ? null : expansion.length === 1 ? quote(expansion[0]) : `(${expansion.map(quote).join(" OR ")})`);
  const all = (list: Array<string | null>) => (list.includes(null) ? null : list.join(" AND "));
  const units: Array<string | null> = [];
  for (let i = 0; i < parts.length;) {
    const alternative = alternatives.find((a) => a.from === i && a.to > i);
    if (!alternative) {
      units.push(parts[i]);
      i += 1;
      continue;
    }
    // The terms as typed, OR each alternative's words (whole, quoted): one parenthesized group.
    const branches = [all(parts.slice(i, alternative.to)), ...alternative.words.map((words) => all(words.map(quote)))].filter(
      (branch): branch is string => Boolean(branch),
    );
    units.push(branches.length === 1 ? branches[0] : `(${branches.map((b) => (b.includes(" AND ") ? `(${b})` : b)).join(" OR ")})`);
    i = alternative.to;
  }
  const query = all(units);
  return query ? `${TEXT_COLUMNS} : (${query})` : "";
}

/**
 * A filter the near-me walk joins with the cells (businesses.near_facets, migration 20261124120000):
 * the tokens' facet parts, any of which matches — a category ("ca" + slug without hyphens + "0"), a
 * category group ("gr" …) or rating bands ("rb45" + "0": 4.5–5; "rb40": 4–4.5).
 */
export type NearFacet = string[];

/** The category or group part of a near_facets token, spelled as the migration spells it. */
export function nearCategoryFacet(kind: "category" | "group", slug: string): string {
  return `${kind === "group" ? "gr" : "ca"}${slug.replace(/-/g, "")}0`;
}

/** The rating band part of a near_facets token (the band's lower bound in tenths). */
export const ratingBandFacet = (band: number) => `rb${band}0`;

/** The rating bands of near_facets (their lower bounds in tenths), best first. */
const RATING_BANDS = [45, 40, 35, 30, 0] as const;

/**
 * The rating bands that hold the ratings ≥ `min` (tenths, as the facets round them), and whether they
 * hold nothing else (`min` is a band's lower bound).
 */
export function ratingBands(min: number): { bands: number[]; exact: boolean } {
  const tenths = Math.ceil(min * 10 - 1e-9);
  // A band holds its bound up to the next band's (the best: up to 5.0).
  const bands = RATING_BANDS.filter((_, i) => (i === 0 ? 51 : RATING_BANDS[i - 1]) > tenths);
  return { bands: [...bands], exact: (RATING_BANDS as readonly number[]).includes(tenths) };
}
