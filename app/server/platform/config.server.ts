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
  /** Generated text on pages and from SEO generation (ADR 0021). */
  generatedText: boolean;
  /** Whether the business page's JSON-LD carries aggregateRating. */
  structuredDataRating: boolean;
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

export function siteConfig(env: Env): SiteConfig {
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
    generatedText: env.GENERATED_TEXT !== "off",
    structuredDataRating: env.STRUCTURED_DATA_RATING !== "off",
    mapTileUrl: env.MAP_TILE_URL ?? "",
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION ?? "",
    localeSettings: parseLocaleSettings({ locales: env.LOCALES, defaultLocale: env.DEFAULT_LOCALE }, AVAILABLE_LOCALES),
  };
}
