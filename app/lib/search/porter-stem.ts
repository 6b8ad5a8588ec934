/**
 * The tokens FTS5's `porter unicode61 remove_diacritics 2` tokenizer makes of a text, in JS: so the
 * search can name a prefix's vocabulary terms (they are stems) and score candidate rows by the
 * columns their words appear in without asking D1 for bm25 (which counts every phrase's whole doclist).
 * Written from Porter's 1980 algorithm as FTS5 applies it: tokens under 3 or over 64 bytes are
 * left as they are, and the first rule whose suffix matches ends its step, whether or not its
 * condition holds. Pure: no runtime imports.
 */

const isVowel = (c: string, yIsVowel: boolean) => c === "a" || c === "e" || c === "i" || c === "o" || c === "u" || (yIsVowel && c === "y");

/** Porter's m: the number of vowel-consonant sequences in a stem. */
function measure(stem: string): number {
  let m = 0;
  let previousConsonant = false;
  let seenVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const consonant: boolean = !isVowel(stem[i], i > 0 && previousConsonant);
    if (!consonant) seenVowel = true;
    else if (seenVowel && !previousConsonant) m += 1;
    previousConsonant = consonant;
  }
  return m;
}

const hasVowel = (stem: string) => [...stem].some((c, i) => isVowel(c, i > 0));

/** *o: consonant-vowel-consonant at the end, the last not w, x or y. */
function endsCvc(stem: string): boolean {
  const n = stem.length;
  if (n < 3 || "wxy".includes(stem[n - 1])) return false;
  const kinds: boolean[] = [];
  for (let i = 0; i < n; i++) kinds.push(!isVowel(stem[i], i > 0 && kinds[i - 1]));
  return kinds[n - 3] && !kinds[n - 2] && kinds[n - 1];
}

type Rule = [suffix: string, replacement: string, condition: (stem: string) => boolean];

const mGt0 = (s: string) => measure(s) > 0;
const mGt1 = (s: string) => measure(s) > 1;

/** The first rule whose suffix matches decides (FTS5's generated switch): null when none matched. */
function applyRules(word: string, rules: Rule[]): { word: string; applied: boolean } | null {
  for (const [suffix, replacement, condition] of rules) {
    if (word.length > suffix.length && word.endsWith(suffix)) {
      const stem = word.slice(0, -suffix.length);
      return condition(stem) ? { word: stem + replacement, applied: true } : { word, applied: false };
    }
  }
  return null;
}

const STEP_2: Rule[] = (
  [
    ["ational", "ate"],
    ["tional", "tion"],
    ["enci", "ence"],
    ["anci", "ance"],
    ["izer", "ize"],
    ["logi", "log"],
    ["bli", "ble"],
    ["alli", "al"],
    ["entli", "ent"],
    ["eli", "e"],
    ["ousli", "ous"],
    ["ization", "ize"],
    ["ation", "ate"],
    ["ator", "ate"],
    ["alism", "al"],
    ["iveness", "ive"],
    ["fulness", "ful"],
    ["ousness", "ous"],
    ["aliti", "al"],
    ["iviti", "ive"],
    ["biliti", "ble"],
  ] as const
).map(([s, r]) => [s, r, mGt0]);

const STEP_3: Rule[] = (
  [
    ["icate", "ic"],
    ["ative", ""],
    ["alize", "al"],
    ["iciti", "ic"],
    ["ical", "ic"],
    ["ful", ""],
    ["ness", ""],
  ] as const
).map(([s, r]) => [s, r, mGt0]);

const STEP_4: Rule[] = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
].map((s): Rule => [s, "", s === "ion" ? (stem) => /[st]$/.test(stem) && mGt1(stem) : mGt1]);

/**
 * Every ending a step of the algorithm can remove or change, shortest first of each family (an
 * ending that holds a shorter one is left out): a token ending in none of them is its own stem.
 */
export const STEMMED_ENDINGS: readonly string[] = (() => {
  const all = ["s", "eed", "ed", "ing", "y", ...[...STEP_2, ...STEP_3, ...STEP_4].map(([suffix]) => suffix), "e", "ll"];
  return [...new Set(all)].filter((e) => !all.some((o) => o !== e && e.endsWith(o)));
})();

/** Stems already computed: a block's rows repeat the same few hundred words. Cleared when full. */
const memo = new Map<string, string>();
const MEMO_SIZE = 5000;
const encoder = new TextEncoder();

/** The stem FTS5's porter tokenizer stores for one lower-case, accent-free token. */
export function porterStem(token: string): string {
  let stem = memo.get(token);
  if (stem === undefined) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    stem = stemOf(token);
    memo.set(token, stem);
  }
  return stem;
}

function stemOf(token: string): string {
  const bytes = encoder.encode(token).length;
  if (bytes < 3 || bytes > 64) return token;
  let w = token;
  // Step 1a.
  if (w.endsWith("sses") || w.endsWith("ies")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  // Step 1b.
  const oneB = applyRules(w, [
    ["eed", "ee", mGt0],
    ["ed", "", hasVowel],
    ["ing", "", hasVowel],
  ]);
  if (oneB) {
    w = oneB.word;
    if (oneB.applied && !w.endsWith("ee")) {
      const fix = applyRules(w, [
        ["at", "ate", () => true],
        ["bl", "ble", () => true],
        ["iz", "ize", () => true],
      ]);
      if (fix) w = fix.word;
      else {
        const last = w[w.length - 1];
        if (w.length > 1 && last === w[w.length - 2] && !isVowel(last, false) && !"lsz".includes(last)) w = w.slice(0, -1);
        else if (measure(w) === 1 && endsCvc(w)) w += "e";
      }
    }
  }
  // Step 1c.
  if (w.endsWith("y") && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`;
  for (const rules of [STEP_2, STEP_3, STEP_4]) w = applyRules(w, rules)?.word ?? w;
  // Step 5a.
  if (w.endsWith("e")) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  // Step 5b.
  if (w.endsWith("ll") && measure(w.slice(0, -1)) > 1) w = w.slice(0, -1);
  return w;
}

/** unicode61 with remove_diacritics 2: lower case, accents removed, runs of letters and digits. */
export function foldedWords(text: string): string[] {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** The stored tokens of a text. */
export function stems(text: string): string[] {
  return foldedWords(text).map(porterStem);
}

/**
 * A word FTS5 stems to the stored term `term`: FTS5 stems quoted query words again, and a stem is not
 * always its own stem ("coffee" is stored as coffe, and "coffe" would be searched as coff). The typed
 * word when it is the one, else the term or the term with a usual ending put back; null if none is.
 */
export function surfaceFor(term: string, typed: string): string | null {
  const candidates = [typed, term, `${term}e`, `${term}s`, term.replace(/i$/, "y"), `${term}ing`];
  return candidates.find((w) => porterStem(w) === term) ?? null;
}
