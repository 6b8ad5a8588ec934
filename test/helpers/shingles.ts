/**
 * Text similarity as search engines' near-duplicate checks measure it: the set of 5-word shingles
 * (every run of 5 consecutive words, lowercased, punctuation dropped) and the Jaccard index of two
 * such sets, |A ∩ B| / |A ∪ B|. A word is a run of letters (with their combining marks, as
 * Vietnamese may write its tones) and digits, in any language: a Vietnamese syllable counts as a word.
 */
export function shingles(text: string, size = 5): Set<string> {
  const words =
    text
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+(?:['’.,][\p{L}\p{M}\p{N}]+)*/gu) ?? [];
  const out = new Set<string>();
  for (let i = 0; i + size <= words.length; i++) out.add(words.slice(i, i + size).join(" "));
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
