/**
 * Labels of the data, translated by their stable slug (docs/i18n.md): a business's category
 * ("Coffee shop" → `category.coffee-shop` → "Quán cà phê"), and the `about` feature groups and
 * attributes ("Service options" → `aboutGroup.service-options`, "Wheelchair accessible entrance" →
 * `aboutAttribute.wheelchair-accessible-entrance`). A label the catalog does not know is shown as
 * the source wrote it. These live in the server's content catalogs: call them in a loader, never in
 * a component (the browser has the interface catalog alone).
 */
import type { MessageId } from "@lingui/core";
import { slugify } from "#app/lib/business/slug";
import { i18nFor } from "#app/lib/i18n/i18n";

export type LabelKind = "category" | "aboutGroup" | "aboutAttribute";

/** `source` in `locale`, or `source` itself when the catalog has no label for it. */
export function labelOf(locale: string, kind: LabelKind, source: string): string {
  const i18n = i18nFor(locale);
  const id = `${kind}.${slugify(source)}` as MessageId;
  return id in i18n.messages ? i18n._(id) : source;
}
