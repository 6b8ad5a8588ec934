/**
 * What a count says when it is a lower bound (docs/search-and-lists.md, "Counts"): the results known
 * to exist, rounded DOWN to a readable figure (442 → 400, 101 → 100, 1,234 → 1,000; below 10 as is),
 * but never below the results the visitor has already been shown. Never the cap of a window nor an
 * estimate: every result it counts was read. Pure, so the admin list's component uses it too.
 */

/** `n` rounded down to its leading digit (442 → 400, 101 → 100, 9 → 9). */
export function readableFloor(n: number): number {
  const whole = Math.max(0, Math.floor(n));
  if (whole < 10) return whole;
  const step = 10 ** Math.floor(Math.log10(whole));
  return Math.floor(whole / step) * step;
}

/**
 * The figure of "N+": `known` (results known to exist) rounded down, or `listed` (the results up to
 * the end of this page, which exist too) when that is larger.
 */
export function lowerBound(known: number, listed: number): number {
  return Math.max(readableFloor(known), listed);
}
