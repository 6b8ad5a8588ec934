/** Site configuration from the environment (DESIGN.md): product name, contact, canonical host. */
import { parseLocaleSettings, type LocaleSettings } from "#app/lib/i18n/locales";
import { AVAILABLE_LOCALES } from "#app/server/platform/i18n.server";

export type SiteConfig = {
  siteName: string;
  siteUrl: string;
  contactPhone: string;
  contactEmail: string;
  adsenseClient: string;
  adSlots: { top: string; bottom: string };
  analyticsToken: string;
  /** A business page is indexed when it has at least this many of hours, phone, rating. */
  indexMinFacts: number;
  /** A city, category or city × category page is indexed from this many businesses. */
  indexMinListing: number;
  /**
   * INDEXED_ACCESSIBILITY_PAGES "on": a city × category page filtered by one accessibility attribute
   * of INDEXED_ACCESSIBILITY_FILTERS is indexed as a page of its own (app/lib/seo/indexing.ts).
   */
  indexedAccessibilityPages: boolean;
  /**
   * GENERATED_TEXT: the locales whose pages show generated text (ADR 0021); SEO generation writes
   * only when the default locale is one of them.
   */
  generatedTextLocales: readonly string[];
  /**
   * OWN_RATING_MIN_REVIEWS: from this many published reviews written here, a card shows the own rating
   * (labelled as such) instead of the imported one (docs/reviews.md).
   */
  ownRatingMinReviews: number;
  /** The map tiles' URL template ({z}/{x}/{y}); empty means no map tiles. */
  mapTileUrl: string;
  mapTileAttribution: string;
  /** LOCALES and DEFAULT_LOCALE: the languages served, the default at the root (docs/i18n.md). */
  localeSettings: LocaleSettings;
};

function count(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n >= 0 ? n : fallback;
}

/**
 * GENERATED_TEXT: "off" gives no locale generated text; a comma list of served locales ("en,vi")
 * gives it to those alone; anything else ("on", unset) to every served locale.
 */
function parseGeneratedText(value: string | undefined, locales: readonly string[]): string[] {
  const setting = (value ?? "").trim();
  if (setting === "off") return [];
  const listed = new Set(setting.split(",").map((tag) => tag.trim()));
  const named = locales.filter((locale) => listed.has(locale));
  return named.length ? named : [...locales];
}

/** Whether pages in `locale` show generated text (GENERATED_TEXT). */
export function hasGeneratedText(config: SiteConfig, locale: string): boolean {
  return config.generatedTextLocales.includes(locale);
}

/** The secrets `wrangler secret put` sets: not in Env's generated types, so read here, once. */
type Secrets = { SESSION_SECRET?: string; TURNSTILE_SECRET_KEY?: string };

/** SESSION_SECRET: signs the session cookies and keys the stored hashes and tokens; "" when unset. */
export function sessionSecret(env: Env): string {
  return (env as unknown as Secrets).SESSION_SECRET ?? "";
}

/** Turnstile's keys: both set, or null (the forms then show no widget and check no token). */
export function turnstileKeys(env: Env): { siteKey: string; secretKey: string } | null {
  const secretKey = (env as unknown as Secrets).TURNSTILE_SECRET_KEY;
  return env.TURNSTILE_SITE_KEY && secretKey ? { siteKey: env.TURNSTILE_SITE_KEY, secretKey } : null;
}

export function siteConfig(env: Env): SiteConfig {
  const localeSettings = parseLocaleSettings({ locales: env.LOCALES, defaultLocale: env.DEFAULT_LOCALE }, AVAILABLE_LOCALES);
  return {
    siteName: env.SITE_NAME || "LocalAtlas",
    siteUrl: (env.SITE_URL || "http://localhost:8787").replace(/\/+$/, ""),
    contactPhone: env.CONTACT_PHONE || "",
    contactEmail: env.CONTACT_EMAIL || "",
    adsenseClient: env.ADSENSE_CLIENT || "",
    adSlots: { top: env.ADSENSE_SLOT_TOP || "", bottom: env.ADSENSE_SLOT_BOTTOM || "" },
    analyticsToken: env.CF_ANALYTICS_TOKEN || "",
    indexMinFacts: count(env.INDEX_MIN_FACTS, 1),
    indexMinListing: count(env.INDEX_MIN_LISTING, 3),
    indexedAccessibilityPages: env.INDEXED_ACCESSIBILITY_PAGES === "on",
    generatedTextLocales: parseGeneratedText(env.GENERATED_TEXT, localeSettings.locales),
    ownRatingMinReviews: Math.max(1, count(env.OWN_RATING_MIN_REVIEWS, 5)),
    mapTileUrl: env.MAP_TILE_URL ?? "",
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION ?? "",
    localeSettings,
  };
}
