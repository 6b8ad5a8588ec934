/**
 * What a plan does in JS with the rows its window read: the orders (each the ORDER BY it stands
 * for), a text search's relevance, and a word-less search's filters checked on a row. Pure.
 */
import type { BusinessRow } from "#db/schema";
import { attributeFiltersCheck, type AttributeFilters } from "#app/lib/search/listing-filters";
import { foldedWords, stems } from "#app/lib/search/porter-stem";
import type { Category, Location, OrderKey, PlaceKind, TextMatch } from "#app/lib/search/search-plan";

/** Relevance to two decimals: a closer difference than that counts as a tie. */
const tier = (relevance: number) => Math.round(relevance * 100);

/** What an order compares: a row of a window, with its relevance (0 without words). */
type Ordered = Pick<BusinessRow, "id" | "score" | "rating" | "reviewCount" | "createdAt"> & { relevance: number };

export const COMPARE: Record<OrderKey, (a: Ordered, b: Ordered) => number> = {
  // Relevance is negative (lower is better); ties go to the higher recommended score, then the newer id.
  relevance: (a, b) => tier(a.relevance) - tier(b.relevance) || b.score - a.score || b.id - a.id,
  score: (a, b) => b.score - a.score || b.id - a.id,
  rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || b.id - a.id,
  reviews: (a, b) => b.reviewCount - a.reviewCount || b.rating - a.rating || b.id - a.id,
  latest: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
};

/** bm25's column weights, in the FTS table's order of meaning: a word in the name counts most, the facet tokens not at all. */
const COLUMN_WEIGHTS = [
  ["name", 10],
  ["category", 5],
  ["subtypes", 3],
  ["keywords", 2],
  ["description", 1],
] as const;

type Worded = Pick<BusinessRow, (typeof COLUMN_WEIGHTS)[number][0]>;

/**
 * Relevance of a row, with bm25's column weights but without bm25 (which reads every phrase's
 * whole doclist to weigh it): per word, the weight of the best column holding it; a name equal to
 * the query's words above everything. Negative, like bm25: lower comes first.
 */
export function relevance(row: Worded, m: TextMatch): number {
  const columns = COLUMN_WEIGHTS.map(([key, weight]) => ({ tokens: new Set(stems(row[key] ?? "")), weight }));
  const best = (has: (tokens: Set<string>) => boolean) => Math.max(0, ...columns.filter((c) => has(c.tokens)).map((c) => c.weight));
  let sum = 0;
  const terms = m.terms;
  const categories = m.text.categories;
  if (!categories) {
    for (const stem of m.text.stems) sum += best((tokens) => tokens.has(stem));
    if (terms) sum += best((tokens) => terms.some((t) => tokens.has(t)));
  } else {
    // Per term (the prefix last); a run naming a category in another language scores as typed or as
    // the category's English words, whichever is better (their mean weight for each term of the run).
    const perTerm = m.text.whole.map((w) => stems(w).reduce((s, stem) => s + best((tokens) => tokens.has(stem)), 0));
    if (terms) perTerm.push(best((tokens) => terms.some((t) => tokens.has(t))));
    for (const { from, to, words } of categories) {
      const typed = perTerm.slice(from, to).reduce((s, v) => s + v, 0);
      const english = words.map((list) => {
        const wordStems = list.flatMap((w) => stems(w));
        return (wordStems.reduce((s, stem) => s + best((tokens) => tokens.has(stem)), 0) / Math.max(1, wordStems.length)) * (to - from);
      });
      perTerm.fill(0, from, to);
      perTerm[from] = Math.max(typed, ...english);
    }
    sum = perTerm.reduce((s, v) => s + v, 0);
  }
  if (foldedWords(row.name).join(" ") === m.text.name) sum += 1000;
  return -sum;
}

/** A facet's value as FTS5 sees it: the token drops spaces and hyphens, and unicode61 folds case. */
const facetValue = (value: string | number | null | undefined) =>
  String(value ?? "")
    .replace(/[ -]/g, "")
    .toLowerCase();

type Faceted = Pick<BusinessRow, "zipCode" | "citySlug" | "stateCode" | "countryCode" | "groupSlug" | "categorySlug" | "rating"> &
  Partial<Pick<BusinessRow, "filterTerms">>;

const PLACE_COLUMN: Record<PlaceKind, keyof Faceted> = { zip: "zipCode", city: "citySlug", state: "stateCode", country: "countryCode" };

/** The filters of a word-less search as a check on a row: exactly the FTS facets' meaning. */
export function facetCheck(plan: {
  location: Location | null;
  category: Category | null;
  minRating: number | undefined;
  attributes?: AttributeFilters;
}): (row: Faceted) => boolean {
  const checks: Array<(row: Faceted) => boolean> = (plan.location?.places ?? []).map(
    (p) => (row) => facetValue(row[PLACE_COLUMN[p.kind]]) === facetValue(p.value),
  );
  const { category, minRating } = plan;
  if (category) {
    const column = category.kind === "group" ? "groupSlug" : "categorySlug";
    checks.push((row) => facetValue(row[column]) === facetValue(category.slug));
  }
  if (minRating) {
    const from = Math.max(0, Math.ceil(minRating * 10 - 1e-9));
    checks.push((row) => Math.round(row.rating * 10) >= from);
  }
  // The attribute filters: the JS twin of their FTS terms (ADR 0031).
  const attributes = plan.attributes ? attributeFiltersCheck(plan.attributes) : null;
  if (attributes) checks.push((row) => attributes(row.filterTerms ?? null));
  return (row) => checks.every((check) => check(row));
}
