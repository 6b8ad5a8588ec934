/**
 * An attribute's label in a page's locale, by its stable slug: the content catalogs'
 * `aboutAttribute.{slug}` ("Wheelchair accessible entrance" → "Lối vào có chỗ cho xe lăn"), the same
 * keys the business page's feature list and generated text read (labels.ts); else the label as the
 * data spells it (labels are the scraper's, in English, shown as written in English). A group's label
 * likewise: `aboutGroup.{slug}`. Server only: the content catalogs never ship to the browser; loaders
 * put the translated label in their data.
 *
 * Adding a label: `aboutAttribute.{slug}` in app/locales/{en,vi,es}/content.json (test/unit/labels.test.ts
 * checks every label of the real scraper files has one).
 */
import type { MessageId } from "@lingui/core";
import type { AttributeEntry } from "#app/lib/business/attributes";
import { i18nFor } from "#app/lib/i18n/i18n";
import { labelOf } from "#app/lib/i18n/labels";

/** The language the data's labels are written in. */
const SOURCE_LOCALE = "en";

export function attributeLabel(entry: Pick<AttributeEntry, "slug" | "label">, locale: string): string {
  if (locale === SOURCE_LOCALE) return entry.label;
  const i18n = i18nFor(locale);
  const id = `aboutAttribute.${entry.slug}` as MessageId;
  return id in i18n.messages ? i18n._(id) : entry.label;
}

/** An `about` group's label ("Service options" → "Tùy chọn dịch vụ"). */
export function attributeGroupLabel(group: string, locale: string): string {
  return labelOf(locale, "aboutGroup", group);
}
