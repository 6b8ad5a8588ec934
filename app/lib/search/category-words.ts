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

/**
 * A label in another language: its words folded and as written, and its English label's words (as
 * the search is given them, and folded).
 */
type LabelEntry = { words: string[]; written: string[]; english: string[]; englishFolded: string[] };

/** Every enabled locale's category labels, each with its English label; and every English label's words, folded. */
export type CategoryWords = { entries: readonly LabelEntry[]; englishWords: ReadonlySet<string> };

export const NO_CATEGORY_WORDS: CategoryWords = { entries: [], englishWords: new Set() };

/** A span of the query's terms that names categories, and the English words of each (at most MAX_TARGETS). */
export type CategoryPhrase = TermAlternative;

/**
 * A phrase naming more categories than this is too generic to stand for any ("tienda", "quán"): it
 * stands for the labels it names whole, if they are few enough ("nhà hàng": Restaurant), else it is
 * searched as typed.
 */
const MAX_TARGETS = 3;
/** A last word this long or longer may be the start of a label's word ("café" → "cafetería"). */
const MIN_LABEL_PREFIX = 3;
/**
 * One word alone stands for a label it is part of when it is the label's last word, the one that
 * tells it from its kind ("phở" in "Quán phở", "ropa" in "Tienda de ropa"), typed with the label's
 * accents, or else this long and no word of an English label: a short syllable typed bare ("ca",
 * "an") is too often another word, and an English word means itself ("salon" is not the "salón" of
 * a "Salón de té"). Anywhere else in a label it only counts towards MAX_TARGETS ("cá" of "cá nhân").
 */
const MIN_BARE_PART_WORD = 4;

/** A term as labels are compared: folded as FTS5 folds it (no accents, lower case), and "đ" as "d" ("Đồ ăn" → "do an"). */
const fold = (term: string) => foldedWords(term.replace(/[đĐ]/g, "d")).join(" ");

/** A term as written, accents kept: lower case, composed. */
const written = (term: string) => term.normalize("NFC").toLowerCase();

/** Every word of a label (filler words too: "Tiệm in" is not "Tiệm"). */
const labelWords = (label: string) => label.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The table of `labels`: each a label in another language and its English label. A label that
 * folds to its English words adds nothing (the English words already match) and is left out.
 */
export function categoryWordsOf(labels: Iterable<{ label: string; english: string }>): CategoryWords {
  const entries: LabelEntry[] = [];
  const seen = new Set<string>();
  const englishWords = new Set<string>();
  for (const { label, english } of labels) {
    const englishFolded = labelWords(english).map(fold);
    for (const word of englishFolded) englishWords.add(word);
    const words = labelWords(label);
    const folded = words.map(fold);
    const key = `${folded.join(" ")}\u0000${englishFolded.join(" ")}`;
    const searched = searchTerms(english);
    if (folded.length === 0 || searched.length === 0 || seen.has(key) || folded.join(" ") === englishFolded.join(" ")) continue;
    seen.add(key);
    entries.push({ words: folded, written: words.map(written), english: searched, englishFolded });
  }
  return { entries, englishWords };
}

type Query = { table: CategoryWords; folded: string[]; typed: string[]; lastIsPrefix: boolean };

/**
 * How the query's terms `from…to` name a label: whole and exactly, as a run of its words (the last
 * term may start a label's word when typed as a prefix), one word merely mentioned in it (see
 * MIN_BARE_PART_WORD), or not at all.
 */
function matchOf(query: Query, from: number, to: number, entry: LabelEntry): "whole" | "part" | "mention" | null {
  const label = entry.words;
  const length = to - from;
  if (length > label.length) return null;
  if (length === 1 && label.length > 1) {
    const [word, typed] = [query.folded[from], query.typed[from]];
    if (!label.includes(word)) return null;
    const last = label.length - 1;
    // Typed with its accents: as the label writes its last word.
    const telling =
      word !== typed
        ? entry.written[last] === typed
        : label[last] === word && [...word].length >= MIN_BARE_PART_WORD && !query.table.englishWords.has(word);
    return telling ? "part" : "mention";
  }
  let best: "whole" | "part" | null = null;
  for (let start = 0; start + length <= label.length && best !== "whole"; start++) {
    let exact = true;
    let ok = true;
    for (let k = 0; k < length && ok; k++) {
      const term = query.folded[from + k];
      const word = label[start + k];
      const prefixed = query.lastIsPrefix && from + k === query.folded.length - 1 && k === length - 1;
      if (term !== word) exact = false;
      ok = term === word || (prefixed && [...term].length >= MIN_LABEL_PREFIX && word.startsWith(term));
    }
    if (ok) best = exact && length === label.length ? "whole" : "part";
  }
  return best;
}

/**
 * The phrases of a query's terms (`terms`: the words as the search reads them, the last one a prefix
 * when `lastIsPrefix`) that name categories in another language, longest first from the left, none
 * overlapping: a label whole, a run of its words ("cà phê" in "Quán cà phê"), its telling last word
 * (MIN_BARE_PART_WORD), or the start of its word ("café" → "Cafetería"); see MAX_TARGETS.
 */
export function categoryPhrases(table: CategoryWords, terms: string[], lastIsPrefix: boolean): CategoryPhrase[] {
  if (table.entries.length === 0 || terms.length === 0) return [];
  const query: Query = { table, folded: terms.map(fold), typed: terms.map(written), lastIsPrefix };
  const phrases: CategoryPhrase[] = [];
  for (let from = 0; from < terms.length;) {
    let found: CategoryPhrase | null = null;
    for (let to = terms.length; to > from && !found; to--) {
      const whole = new Map<string, string[]>();
      const named = new Map<string, string[]>();
      const mentioned = new Set<string>();
      const typed = query.folded.slice(from, to);
      for (const entry of table.entries) {
        const match = matchOf(query, from, to, entry);
        // A category whose English words hold every typed word matches only what the typed words do: nothing to add.
        if (!match || typed.every((t) => entry.englishFolded.includes(t))) continue;
        const key = entry.englishFolded.join(" ");
        mentioned.add(key);
        if (match !== "mention") named.set(key, entry.english);
        if (match === "whole") whole.set(key, entry.english);
      }
      const targets = mentioned.size <= MAX_TARGETS ? named : whole;
      if (targets.size > 0 && targets.size <= MAX_TARGETS) found = { from, to, words: [...targets.values()] };
    }
    if (found) phrases.push(found);
    from = found ? found.to : from + 1;
  }
  return phrases;
}
