/**
 * A bounded memo for pure derivations that repeat (a spreadsheet's categories and cities, the day
 * texts of opening hours, time zones): cleared when full, so junk input cannot grow it without limit.
 * Pure: no runtime imports.
 */
export function memoized<A extends string[], R>(fn: (...args: A) => R, limit = 2000): (...args: A) => R {
  const cache = new Map<string, R>();
  return (...args: A) => {
    const key = args.join("\u0000");
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size >= limit) cache.clear();
      value = fn(...args);
      cache.set(key, value);
    }
    return value;
  };
}
