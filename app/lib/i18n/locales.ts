/**
 * Which locales the site serves and where their pages live (docs/i18n.md). Pure.
 *
 * The default locale is served at the root with the spec's texts ("/city/Hue"); every other enabled
 * locale under its own prefix ("/vi/city/Hue"). A locale is a BCP 47 language tag, as `<html lang>`,
 * `hreflang` and `Intl` spell it.
 */

export type LocaleSettings = {
  /** The locales served, the default first. */
  locales: string[];
  /** Served at the root; every other locale under "/{locale}". */
  defaultLocale: string;
};

/** The page's locale and the site's settings: what a page needs to link within its language. */
export type PageLocale = LocaleSettings & { locale: string };

const TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * LOCALES ("en,vi,es") and DEFAULT_LOCALE ("en"), keeping only the locales that have catalogs. The
 * default is always served, first.
 */
export function parseLocaleSettings(value: { locales?: string; defaultLocale?: string }, available: readonly string[]): LocaleSettings {
  const known = (tag: string) => TAG.test(tag) && available.includes(tag);
  const wanted = (value.defaultLocale ?? "").trim();
  const defaultLocale = known(wanted) ? wanted : available.includes("en") ? "en" : (available[0] ?? "en");
  const listed = (value.locales ?? "")
    .split(",")
    .map((tag) => tag.trim())
    .filter(known);
  return { defaultLocale, locales: [...new Set([defaultLocale, ...listed])] };
}

/** The page's locale for a route's optional `:lang` segment; null when the segment names no served locale. */
export function localeOfSegment(settings: LocaleSettings, segment: string | undefined): string | null {
  if (segment === undefined || segment === "") return settings.defaultLocale;
  return segment !== settings.defaultLocale && settings.locales.includes(segment) ? segment : null;
}

/** `path` ("/city/Hue", "/") as served in `locale`: the default at the root, the others under their prefix. */
export function localePath(settings: LocaleSettings, locale: string, path: string): string {
  if (locale === settings.defaultLocale) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/** The path without its locale prefix and the locale it names ("/vi/city/Hue" → vi, "/city/Hue"). */
export function splitLocalePath(settings: LocaleSettings, pathname: string): { locale: string; path: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && first !== settings.defaultLocale && settings.locales.includes(first)) {
    return { locale: first, path: match?.[2] ?? "/" };
  }
  return { locale: settings.defaultLocale, path: pathname };
}

// Scripts written right to left (CLDR); a locale of one of them gets dir="rtl".
const RTL_LANGUAGES = new Set(["ar", "arc", "ckb", "dv", "fa", "he", "ks", "ps", "sd", "ug", "ur", "yi"]);

/** The writing direction of `locale`'s language, for `<html dir>`. */
export function textDirection(locale: string): "ltr" | "rtl" {
  return RTL_LANGUAGES.has(locale.split("-")[0].toLowerCase()) ? "rtl" : "ltr";
}

const languageNames = new Map<string, string>();

/**
 * A language's name as its own speakers write it ("Tiếng Việt", "Español"), for the language
 * switcher; remembered (every page names every served language, twice).
 */
export function languageName(locale: string): string {
  let name = languageNames.get(locale);
  if (name === undefined) {
    const own = new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
    name = own.charAt(0).toLocaleUpperCase(locale) + own.slice(1);
    if (languageNames.size < 100) languageNames.set(locale, name);
  }
  return name;
}
