/**
 * Text from outside (spreadsheet cells, the admin form) made fit to store and show, and the one
 * link check the edit form and the import share. Pure: no runtime imports.
 *
 * Why: a cell can hold control characters (NUL, BEL, …; a sheet writes them as `_x0000_`) that a
 * page title, a meta tag or an XML sitemap cannot carry (XML 1.0 forbids most of them even
 * escaped), and lone UTF-16 surrogates (from `&#xD800;` or `_xD800_`) that are not text at all and
 * make `encodeURIComponent` throw. And a link is only a link when it is a web address: a
 * `javascript:` "website" would otherwise reach an href and JSON-LD `sameAs`.
 */

/** C0 and C1 controls except tab, line feed and carriage return, and lone surrogates (halves of no pair). */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/gu;
const TABS_AND_LINE_BREAKS = /[\t\n\r]+/g;
/**
 * Any character the two patterns above could touch (emoji pairs included, to be safe). Almost all
 * text is clean; this one scan costs a third of the two replaces, and an import cleans 50,000 rows.
 */
const MAYBE_UNCLEAN = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/;

/**
 * A one-line field (name, address, city, phone, title, …): controls dropped, and a tab or line
 * break becomes a space, so "Joe's⏎Pizza" reads "Joe's Pizza" rather than "Joe'sPizza".
 */
export function cleanLine(text: string): string {
  if (!MAYBE_UNCLEAN.test(text)) return text;
  return text.replace(CONTROLS, "").replace(TABS_AND_LINE_BREAKS, " ");
}

/** A field edited in a textarea (description, SEO description, detailed information): tabs and line breaks stay. */
export function cleanMultiline(text: string): string {
  if (!MAYBE_UNCLEAN.test(text)) return text;
  return text.replace(CONTROLS, "");
}

/** True when a URL's part (a city, category or detail slug) carries any control character, tab and line breaks included. */
export function hasControlCharacters(text: string): boolean {
  return /[\u0000-\u001F\u007F-\u009F]/.test(text);
}

/**
 * An http(s) web address, or with `allowPath` a path on this site ("/images/a.jpg"). Not "//host"
 * or "/\host": browsers read both as another host.
 */
export function isLink(value: string, allowPath: boolean): boolean {
  if (allowPath && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
