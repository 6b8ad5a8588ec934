/**
 * Slugs and the detail-link forms of SPEC §2. Pure: no runtime imports.
 */

// Letters NFKD does not decompose into ASCII + marks.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  ł: "l",
  Ł: "l",
  þ: "th",
  Þ: "th",
  ı: "i",
  ħ: "h",
  Ħ: "h",
  ŋ: "n",
};

/** Transliterates accents, then keeps a-z0-9 separated by single hyphens ("Café Zürich" → "cafe-zurich"). */
export function slugify(text: string): string {
  return text
    .replace(/[ßẞæÆœŒøØđĐðÐłŁþÞıħĦŋ]/g, (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** SPEC §9: "Slug suffix: first 7 characters of placeId or id". */
export function slugSuffix(business: { placeId?: string | null; id: number | string }): string {
  return String(business.placeId || business.id).slice(0, 7);
}

/** SPEC §2, all-businesses and category cards: name lowercased, stripped of non-alphanumerics, hyphenated. */
export function nameSlugForLink(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

type LinkBusiness = { id: number | string; placeId?: string | null; slug?: string | null; name: string };

/** Link used by listing cards (category and all-businesses pages). */
export function detailPath(business: LinkBusiness): string {
  if (business.slug) return `/details/${business.slug}`;
  return `/details/${nameSlugForLink(business.name)}-${slugSuffix(business)}`;
}

/** Link used by the city page: stored slug (or name with whitespace as hyphens) plus the suffix. */
export function cityDetailPath(business: LinkBusiness): string {
  const base = business.slug || business.name.toLowerCase().replace(/\s+/g, "-");
  return `/details/${encodeURIComponent(base)}-${encodeURIComponent(slugSuffix(business))}`;
}

/**
 * Splits "/details/{x}" into the `{base}-{suffix}` readings SPEC §2 can produce, where suffix is the
 * first 7 characters of placeId (which may itself hold "-") or of the id (which may be shorter).
 */
export function detailSlugCandidates(value: string): Array<{ base: string; suffix: string }> {
  const out: Array<{ base: string; suffix: string }> = [];
  if (value.length > 8 && value[value.length - 8] === "-") {
    out.push({ base: value.slice(0, -8), suffix: value.slice(-7) });
  }
  const cut = value.lastIndexOf("-");
  if (cut > 0 && cut < value.length - 1) {
    const suffix = value.slice(cut + 1);
    if (!out.some((c) => c.suffix === suffix)) out.push({ base: value.slice(0, cut), suffix });
  }
  return out;
}

/** Base slug for a new business: its name, else category and city, else "" (the writer then uses the id). */
export function baseSlug(input: { name: string; category?: string; city?: string }): string {
  const fromName = slugify(input.name);
  if (fromName) return fromName.slice(0, 80).replace(/-+$/, "");
  return slugify(`${input.category ?? ""} ${input.city ?? ""}`)
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** A city × category page (ADR 0020): the city's display name and the category's slug. */
export function cityCategoryPath(cityName: string, categorySlug: string): string {
  return `/city/${encodeURIComponent(cityName)}/${encodeURIComponent(categorySlug)}`;
}
