/** Names of the city × category pages (ADR 0020): "Dentists in Chicago". Pure. */

/**
 * English plural of a category's last word ("Dentist" → "Dentists", "Car wash" → "Car washes",
 * "Bakery" → "Bakeries"). Groups ("Healthcare", "Restaurants") are named as they are.
 */
export function pluralCategory(name: string): string {
  const words = name.trim().split(/\s+/);
  const last = words.pop() ?? "";
  let plural: string;
  if (/[^aeiou]y$/i.test(last)) plural = `${last.slice(0, -1)}ies`;
  else if (/(s|sh|ch|x|z)$/i.test(last)) plural = `${last}es`;
  else plural = `${last}s`;
  return [...words, plural].join(" ");
}

/** "Dentists in Chicago" (a fine category) or "Healthcare in Chicago" (a group). */
export function cityCategoryHeading(category: { kind: "category" | "group"; name: string }, city: string): string {
  const name = category.kind === "group" ? category.name : pluralCategory(category.name);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} in ${city}`;
}
