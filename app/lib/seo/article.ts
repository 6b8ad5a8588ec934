/**
 * "a" or "an" before a phrase, by its sound as far as spelling tells: "an electrician", "an escape
 * room", "an hour", "an HVAC contractor", but "a university", "a one-stop shop". Pure.
 */

/** Letters whose spoken name starts with a vowel sound, for initialisms ("an HVAC", "an SEO"). */
const VOWEL_SOUND_LETTERS = new Set("AEFHILMNORSX");

export function article(phrase: string): "a" | "an" {
  const word = phrase.trim().split(/[\s-]/)[0] ?? "";
  if (!word) return "a";
  // An initialism is read letter by letter.
  if (word.length > 1 && word === word.toUpperCase() && /^[A-Z]+$/.test(word)) return VOWEL_SOUND_LETTERS.has(word[0]) ? "an" : "a";
  const lower = word.toLowerCase();
  if (/^(hour|honest|honou?r|heir)/.test(lower)) return "an";
  if (/^(uni(?!nh|mp|nt|ns|nf|nl|nd|nc)|use|usu|uti|ure|euro?|eu|one\b|once|ewe)/.test(lower)) return "a";
  return /^[aeiou]/.test(lower) ? "an" : "a";
}

/** The phrase with its article: "an electrician". */
export function withArticle(phrase: string): string {
  return `${article(phrase)} ${phrase}`;
}
