/**
 * One Lingui instance per locale (docs/i18n.md). A server renders pages of several locales at once,
 * so no code switches a shared instance: each page asks for its locale's, which never changes.
 *
 * The server registers every locale's catalogs when it starts (app/server/platform/i18n.server.ts);
 * the browser registers the page's locale alone before it hydrates (app/entry.client.tsx).
 */
import { setupI18n, type I18n, type Messages } from "@lingui/core";

const instances = new Map<string, I18n>();

/** Adds compiled messages to `locale`'s instance (the interface's, then the server's content). */
export function registerMessages(locale: string, messages: Messages): void {
  const existing = instances.get(locale);
  if (existing) existing.load(locale, { ...existing.messages, ...messages });
  else instances.set(locale, setupI18n({ locale, messages: { [locale]: messages } }));
}

/** The instance for `locale`; the source locale's when that one is not registered (an unknown tag). */
export function i18nFor(locale: string): I18n {
  const found = instances.get(locale) ?? instances.get("en") ?? instances.values().next().value;
  if (!found) throw new Error("No message catalog is registered (app/server/platform/i18n.server.ts).");
  return found;
}

/** The locales whose catalogs are registered. */
export function registeredLocales(): string[] {
  return [...instances.keys()];
}
