/**
 * The category labels of the enabled languages as search words (app/lib/search/category-words.ts):
 * read from the server's content catalogs (`category.<slug>`), once per isolate and set of locales.
 * Reads no D1: the catalogs are in the bundle.
 */
import type { MessageId } from "@lingui/core";
import { i18nFor, registeredLocales } from "#app/lib/i18n/i18n";
import { categoryWordsOf, type CategoryWords } from "#app/lib/search/category-words";

/** The catalogs' source language: the businesses' labels are stored in it. */
const SOURCE_LOCALE = "en";

const tables = new Map<string, CategoryWords>();

/** Every `category.<slug>` label of `locales` (but the source's), each with the source's label. */
function* labels(locales: readonly string[]) {
  const source = i18nFor(SOURCE_LOCALE);
  for (const locale of locales) {
    if (locale === SOURCE_LOCALE) continue;
    const i18n = i18nFor(locale);
    // i18nFor falls back to the source's instance for a locale without catalogs.
    if (i18n === source) continue;
    for (const id of Object.keys(i18n.messages)) {
      if (!id.startsWith("category.") || !(id in source.messages)) continue;
      yield { label: i18n._(id as MessageId), english: source._(id as MessageId) };
    }
  }
}

/** The category words of `locales` (the enabled ones; by default every locale with catalogs). */
export function categoryWords(locales: readonly string[] = registeredLocales()): CategoryWords {
  const key = [...locales].sort().join(",");
  let table = tables.get(key);
  if (!table) tables.set(key, (table = categoryWordsOf(labels(locales))));
  return table;
}
