/**
 * Turns any visitor text into a safe FTS5 query: words only (quotes, `*`, `NEAR(`, `OR`, parentheses
 * and SQL become plain terms), each quoted, the last one a prefix. Pure: no runtime imports.
 */
const MAX_TERMS = 8;

export function searchTerms(text: string): string[] {
  return (text.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS).map((t) => t.slice(0, 40));
}

/** "" when the text holds no searchable word. */
export function buildFtsQuery(text: string): string {
  const terms = searchTerms(text);
  if (terms.length === 0) return "";
  return terms.map((t, i) => `"${t}"${i === terms.length - 1 ? "*" : ""}`).join(" ");
}
