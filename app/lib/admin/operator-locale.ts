/**
 * The operator's locale for the admin panel's dates and numbers (its texts stay English). Admin pages
 * are never cached, so the server reads it from the request's Accept-Language and the browser gets the
 * same value with the page's data: the two render alike. Pure.
 */

/** More tags than any browser sends; a longer header is cut here rather than parsed whole. */
const MAX_TAGS = 16;

/**
 * The first language of `acceptLanguage`, by its q weights (ties in the order given), that this
 * runtime's `Intl` formats numbers and dates in; "en" when none does or the header is missing.
 */
export function operatorLocale(acceptLanguage: string | null | undefined): string {
  const wished = (acceptLanguage ?? "")
    .slice(0, 1024)
    .split(",")
    .slice(0, MAX_TAGS)
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((w) => w.q > 0 && w.tag !== "" && w.tag !== "*")
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of wished) {
    const supported = supportedTag(tag);
    if (supported) return supported;
  }
  return "en";
}

/** The tag in its canonical form when Intl formats both numbers and dates in it; null otherwise (or when it is no valid tag). */
function supportedTag(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (!canonical) return null;
    const numbers = Intl.NumberFormat.supportedLocalesOf([canonical], { localeMatcher: "lookup" });
    const dates = Intl.DateTimeFormat.supportedLocalesOf([canonical], { localeMatcher: "lookup" });
    return numbers.length > 0 && dates.length > 0 ? canonical : null;
  } catch {
    return null;
  }
}
