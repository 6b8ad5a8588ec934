/**
 * The filter bar's choices when the listing's own are not read: the chosen attributes alone, labelled
 * in the page's locale, with no count. Server only (the labels are the content catalogs'): a loader's.
 */
import { attributeLabel } from "#app/lib/business/attribute-labels";
import type { AttributeFilters, FilterChoices } from "#app/lib/search/listing-filters";
import { i18nFor } from "#app/lib/i18n/i18n";
import type { MessageId } from "@lingui/core";

/** The vocabulary (the `attributes` table) knows each one's group; without it, the accessibility ones by their words. */
const ACCESSIBILITY_SLUGS = /^(wheelchair|assistive|accessible)/;

export function selectedFilterChoices(filters: AttributeFilters, locale: string): FilterChoices {
  const english = i18nFor("en");
  return {
    attributes: filters.has.map((slug) => {
      // The English label as the catalog holds it, else the slug.
      const id = `aboutAttribute.${slug}` as MessageId;
      const label = id in english.messages ? english._(id) : slug;
      return {
        slug,
        label: attributeLabel({ slug, label }, locale),
        count: null,
        atLeast: false,
        accessibility: ACCESSIBILITY_SLUGS.test(slug),
      };
    }),
    openLate: { count: null, atLeast: false },
    open24h: { count: null, atLeast: false },
  };
}
