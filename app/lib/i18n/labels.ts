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
import { i18nFor } from "#app/lib/i18n/i18n";

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
