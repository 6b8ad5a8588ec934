/**
 * The business page's text about a business, in the page's locale: SPEC §2's about paragraph and
 * the Detailed Information (ADR 0021; docs/search-engines.md). Both are the catalogs' `text.*`
 * sentences filled with the business's facts (seo-content.ts), never a translation of stored text.
 * Pure: the loader passes the page's locale and the site's settings.
 */
import { i18nFor } from "#app/lib/i18n/i18n";
import type { Business } from "#app/lib/business/business";
import { formatRating, joinParts } from "#app/lib/format";
import { generateSeoText, identitySentence, type SeoFacts } from "#app/lib/seo/seo-content";

/**
 * SPEC §2's about paragraph, from name, city, state, review count, rating and category: what the
 * page shows and nothing more (no praise the data does not hold). It is the page's own, not
 * generated text: GENERATED_TEXT leaves it alone.
 */
export function aboutParagraph(b: Business, locale: string): string {
  const rating = i18nFor(locale)._("text.about.rating", {
    state: b.rating > 0 && b.reviewCount > 0 ? "counted" : b.rating > 0 ? "rated" : "none",
    rating: formatRating(b.rating, locale),
    count: b.reviewCount,
  });
  return `${identitySentence(locale, b, joinParts([b.city, b.state]))} ${rating}`;
}

/** The facts generated text is written from, as the page has them (no neighbourhood: the page reads none). */
function factsOf(b: Business): SeoFacts {
  return {
    id: b.id,
    placeId: b.placeId,
    name: b.name,
    category: b.category,
    address: b.address,
    city: b.city,
    state: b.state,
    country: b.country,
    phone: b.phone,
    website: b.website,
    rating: b.rating,
    reviewCount: b.reviewCount,
    openingHours: b.openingHours,
    about: b.about,
    businessStatus: b.businessStatus,
    reviewsPerScore: b.reviewsPerScore,
    latitude: b.latitude,
    longitude: b.longitude,
  };
}

type DetailsSettings = {
  /** The locale SEO generation writes in (DEFAULT_LOCALE): stored generated text is in it. */
  defaultLocale: string;
  /** Whether GENERATED_TEXT gives the page's locale generated text. */
  generatedText: boolean;
};

/**
 * The Detailed Information a page shows, or null for none:
 * - text an admin wrote (or an import brought) shows as written, in every locale and whatever
 *   GENERATED_TEXT says: it is the business's data, never translated;
 * - where the page's locale has no generated text (GENERATED_TEXT), nothing else;
 * - in the default locale, the stored generated text (SEO generation's, with the business's rank
 *   and nearest peers), when there is one;
 * - in another locale, that locale's text generated from the business's own facts now, in place of
 *   the stored text in the default locale's language. The page reads no peers, so this text has no
 *   rank or nearest-peer paragraphs (ADR 0021: a page reads nothing extra).
 */
export function detailedInformation(b: Business, locale: string, settings: DetailsSettings): string | null {
  if (b.uniqueContent && !b.uniqueContentGenerated) return b.uniqueContent;
  if (!settings.generatedText) return null;
  if (locale === settings.defaultLocale) return b.uniqueContent || null;
  return generateSeoText(factsOf(b), locale).uniqueContent;
}
