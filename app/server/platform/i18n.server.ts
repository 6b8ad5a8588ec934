/**
 * The server knows every locale's messages: each catalog of app/locales/, compiled by
 * @lingui/vite-plugin when the Worker is built. Imported once, by the Worker's entry.
 */
import type { Messages } from "@lingui/core";
import { registerMessages } from "#app/lib/i18n/i18n";
import { localeOfSegment, type LocaleSettings } from "#app/lib/i18n/locales";

// Imported by config.server.ts: wherever the site's settings are read, the catalogs are registered.
const catalogs = import.meta.glob<{ messages: Messages }>("/app/locales/*/*.json", { eager: true, query: "?lingui" });

const locales = new Set<string>();
for (const [file, { messages }] of Object.entries(catalogs)) {
  // "/app/locales/vi/interface.json" → "vi"
  const locale = file.split("/").at(-2) ?? "";
  registerMessages(locale, messages);
  locales.add(locale);
}

/** The locales that have catalogs, the LOCALES setting's choices. */
export const AVAILABLE_LOCALES: readonly string[] = [...locales];

/** A public page's locale in its loader: the URL's prefix (`params.lang`), else the default (an unknown prefix is the layout's 404). */
export function loaderLocale(settings: LocaleSettings, params: { lang?: string }): string {
  return localeOfSegment(settings, params.lang) ?? settings.defaultLocale;
}
