/**
 * What a plan does in JS with the rows its window read: the orders (each the ORDER BY it stands
 * for) and a text search's relevance. Pure. (A word-less window's filters are checked in SQL:
 * facetPasses in search.server.ts.)
 */
import type { BusinessRow } from "#db/schema";
import { foldedWords, stems } from "#app/lib/search/porter-stem";
import type { OrderKey, TextMatch } from "#app/lib/search/search-plan";

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

/** bm25's column weights, in the FTS table's order of meaning, heaviest first (relevance relies on it): a word in the name counts most, the facet tokens not at all. */
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
  // A column's tokens are made when a word first looks past the columns before it: the weights go
  // down, so the first column holding a word is its best, and most words are found in the name or
  // the category (a search scores a hundred rows; the description is the longest text).
  const tokens: Array<Set<string>> = [];
  const tokensAt = (i: number) => (tokens[i] ??= new Set(stems(row[COLUMN_WEIGHTS[i][0]] ?? "")));
  const best = (has: (tokens: Set<string>) => boolean) => {
    for (let i = 0; i < COLUMN_WEIGHTS.length; i++) if (has(tokensAt(i))) return COLUMN_WEIGHTS[i][1];
    return 0;
  };
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
