/**
 * Labels of the data, translated by their stable slug (docs/i18n.md): a business's category
 * ("Coffee shop" → `category.coffee-shop` → "Quán cà phê"), and the `about` feature groups and
 * attributes ("Service options" → `aboutGroup.service-options`, "Wheelchair accessible entrance" →
 * `aboutAttribute.wheelchair-accessible-entrance`). A label the catalog does not know is shown as
 * the source wrote it. These live in the server's content catalogs: call them in a loader, never in
 * a component (the browser has the interface catalog alone).
 *
 * Adding a label: one key per language in app/locales/{locale}/content.json, `kind.slugify(label)`,
 * with the label as the data writes it in the English catalog and its translation in the others.
 */
import type { MessageId } from "@lingui/core";
import { slugify } from "#app/lib/business/slug";
import { catalogVersion, i18nFor, registeredLocales } from "#app/lib/i18n/i18n";

export type LabelKind = "category" | "aboutGroup" | "aboutAttribute";

/** The language the data's labels are written in: its catalog holds them as written. */
const SOURCE_LOCALE = "en";

/**
 * `source` in `locale`, or `source` itself when the catalog has no label for it. In the source
 * locale a label stays exactly as the data wrote it ("Cash only" and "Cash-only" share a slug).
 */
export function labelOf(locale: string, kind: LabelKind, source: string): string {
  if (locale === SOURCE_LOCALE) return source;
  const i18n = i18nFor(locale);
  const id = `${kind}.${slugify(source)}` as MessageId;
  return id in i18n.messages ? i18n._(id) : source;
}

/**
 * A label as words typed in any language are compared with it: accents and marks dropped (NFKD),
 * "đ" as "d", lower case, single spaces, trimmed ("Quán Cà Phê " → "quan ca phe", "Cafetería" →
 * "cafeteria").
 */
export function foldLabel(text: string): string {
  return text.replace(/[đĐ]/g, "d").normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

const CATEGORY_PREFIX = "category.";
const indexes = new Map<string, { version: number; index: Map<string, string> }>();

/**
 * Every category label of `locales`' catalogs, folded (foldLabel), to the category as the data
 * writes it (the source locale's label): "quan ca phe" and "cafeteria" → "Coffee shop". Search uses
 * it to read a category typed in any served language. When two labels fold alike, the first of
 * `locales` wins (the shipped catalogs have no such pair: test/unit/labels.test.ts). Built once per
 * list of locales and set of catalogs; the map is shared, so read it only.
 */
export function categoryLabelIndex(locales: string[]): Map<string, string> {
  const key = locales.join(",");
  const version = catalogVersion();
  const cached = indexes.get(key);
  if (cached?.version === version) return cached.index;

  const served = locales.filter((locale) => registeredLocales().includes(locale));
  const source = i18nFor(SOURCE_LOCALE);
  const ids = Object.keys(source.messages).filter((id) => id.startsWith(CATEGORY_PREFIX)) as MessageId[];
  const index = new Map<string, string>();
  for (const locale of served) {
    const i18n = i18nFor(locale);
    for (const id of ids) {
      if (!(id in i18n.messages)) continue;
      const folded = foldLabel(i18n._(id));
      if (folded && !index.has(folded)) index.set(folded, source._(id));
    }
  }
  indexes.set(key, { version, index });
  return index;
}
