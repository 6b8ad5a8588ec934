/**
 * Turns any visitor text into a safe FTS5 query. Only runs of letters and digits survive, so quotes,
 * `*`, `NEAR(`, `OR`, `-`, parentheses and SQL can never reach FTS5 syntax; each word is quoted and
 * the last one becomes a prefix ("pizz" finds "Pizzeria"). Pure: no runtime imports.
 */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;
/** A one-letter prefix would expand to most of the vocabulary: it is searched as a whole word. */
const MIN_PREFIX_LENGTH = 2;

/** Filler words that would otherwise AND-exclude everything ("pizza near me", "dentist in Chicago"). */
const STOP_WORDS = new Set(["a", "an", "and", "the", "in", "near", "me", "of", "for", "at", "on", "to", "with", "best", "top"]);

export function searchTerms(text: string): string[] {
  // NFKC folds full-width and compatibility forms; FTS5's unicode61 tokenizer removes the accents.
  const words = (text.normalize("NFKC").slice(0, 1000).match(/[\p{L}\p{N}]+/gu) ?? []).map((t) =>
    t.slice(0, MAX_TERM_LENGTH),
  );
  const meaningful = words.filter((w) => !STOP_WORDS.has(w.toLowerCase()));
  return (meaningful.length ? meaningful : words).slice(0, MAX_TERMS);
}

/** "" when the text holds no searchable word. */
export function buildFtsQuery(text: string): string {
  const terms = searchTerms(text);
  if (terms.length === 0) return "";
  return terms
    .map((t, i) => `"${t}"${i === terms.length - 1 && [...t].length >= MIN_PREFIX_LENGTH ? "*" : ""}`)
    .join(" ");
}

/**
 * bm25 column weights, in the FTS table's column order (name, category, subtypes, description,
 * keywords): a word in the name counts most, the category group's keywords least.
 */
export const RANK_FUNCTION = "bm25(10.0, 5.0, 3.0, 1.0, 2.0)";
