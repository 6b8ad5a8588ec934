/**
 * Category words in any enabled language (docs/search-and-lists.md): "cà phê", "café" and
 * "cafetería" find coffee shops. The businesses' words are stored as their source wrote them (the
 * English catalog's labels), so a query phrase that names a category in another language is
 * searched as itself OR as the category's English words — inside the same FTS match, so the plan
 * reads no more and takes no extra round trip. Pure: the server builds the table from the content
 * catalogs (app/server/search/category-words.server.ts).
 */
import { foldedWords } from "#app/lib/search/porter-stem";
import { searchTerms, type TermAlternative } from "#app/lib/search/search-query";

/** A label in another language, as folded words, and the words of its English label (as a visitor would type them). */
type LabelEntry = { words: string[]; english: string[] };

/** Every enabled locale's category labels, folded, each with its English label's words. */
export type CategoryWords = { entries: readonly LabelEntry[] };

export const NO_CATEGORY_WORDS: CategoryWords = { entries: [] };

/** A span of the query's terms that names categories, and the English words of each (at most MAX_TARGETS). */
export type CategoryPhrase = TermAlternative;

/** A phrase naming more categories than this is too generic to stand for any ("tienda", "quán"): it is searched as typed. */
const MAX_TARGETS = 3;
/** A last word this long or longer may be the start of a label's word ("café" → "cafetería"). */
const MIN_LABEL_PREFIX = 3;
/**
 * Part of a label counts when it is two words or more ("cà phê" in "Quán cà phê") or one word this
 * long ("ropa" in "Tienda de ropa"): a short syllable alone ("cà", "an") is too often another word.
 */
const MIN_PART_WORD = 4;

/** A text's terms as the search reads them (filler words dropped), each folded as FTS5 folds it. */
function foldedTerms(text: string): string[] {
  return searchTerms(text)
    .map((t) => foldedWords(t).join(" "))
    .filter(Boolean);
}

/**
 * The table of `labels`: each a label in another language and its English label. A label that
 * folds to its English words adds nothing (the English words already match) and is left out.
 */
export function categoryWordsOf(labels: Iterable<{ label: string; english: string }>): CategoryWords {
  const entries: LabelEntry[] = [];
  const seen = new Set<string>();
  for (const { label, english } of labels) {
    const words = foldedTerms(label);
    const englishWords = searchTerms(english);
    const key = `${words.join(" ")}\u0000${englishWords.join(" ").toLowerCase()}`;
    if (words.length === 0 || englishWords.length === 0 || seen.has(key)) continue;
    if (words.join(" ") === foldedTerms(english).join(" ")) continue;
    seen.add(key);
    entries.push({ words, english: englishWords });
  }
  return { entries };
}

/**
 * Whether the query's folded terms `terms[from…to)` are a run of `label`'s words; the query's last
 * term, when `lastIsPrefix`, may be the start of the run's last word.
 */
function runOf(terms: string[], from: number, to: number, label: string[], lastIsPrefix: boolean): boolean {
  const length = to - from;
  if (length < label.length && length === 1 && [...terms[from]].length < MIN_PART_WORD) return false;
  for (let start = 0; start + length <= label.length; start++) {
    let ok = true;
    for (let k = 0; k < length && ok; k++) {
      const term = terms[from + k];
      const word = label[start + k];
      const prefixed = lastIsPrefix && from + k === terms.length - 1 && k === length - 1;
      ok = term === word || (prefixed && [...term].length >= MIN_LABEL_PREFIX && word.startsWith(term));
    }
    if (ok) return true;
  }
  return false;
}

/**
 * The phrases of a query's terms (`terms`: the words as the search reads them, the last one a prefix
 * when `lastIsPrefix`) that name categories in another language, longest first from the left, none
 * overlapping. A label counts whole or by a run of its words ("cà phê" in "Quán cà phê"; MIN_PART_WORD),
 * the last term may be a label word's start ("café" → "Cafetería"); a phrase naming more than
 * MAX_TARGETS categories is left as typed.
 */
export function categoryPhrases(table: CategoryWords, terms: string[], lastIsPrefix: boolean): CategoryPhrase[] {
  if (table.entries.length === 0 || terms.length === 0) return [];
  const folded = terms.map((t) => foldedWords(t).join(" "));
  const phrases: CategoryPhrase[] = [];
  for (let from = 0; from < folded.length;) {
    let found: CategoryPhrase | null = null;
    for (let to = folded.length; to > from && !found; to--) {
      const targets = new Map<string, string[]>();
      for (const entry of table.entries) {
        if (runOf(folded, from, to, entry.words, lastIsPrefix)) targets.set(entry.english.join(" ").toLowerCase(), entry.english);
      }
      // A category whose English words hold every typed word matches only what the typed words do: nothing to add.
      const typed = folded.slice(from, to);
      for (const [key, english] of targets) {
        const words = new Set(english.flatMap((w) => foldedWords(w)));
        if (typed.every((t) => words.has(t))) targets.delete(key);
      }
      if (targets.size > 0 && targets.size <= MAX_TARGETS) found = { from, to, words: [...targets.values()] };
    }
    if (found) phrases.push(found);
    from = found ? found.to : from + 1;
  }
  return phrases;
}
