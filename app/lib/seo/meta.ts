/**
 * Every page's <head> tags (a route's `meta`): robots, the title, the description, the canonical link
 * and the sharing card, in that order — robots after all the others where `robotsLast` says so. Pure.
 */
import type { MetaDescriptor } from "react-router";

/**
 * The sharing tags after the canonical link:
 * - "website": og:title, og:description, og:type "website", og:url and a summary Twitter card (the
 *   default for a page with a canonical link);
 * - "basic": og:title, og:description and og:type "website" (the static pages, /businesses);
 * - "titles": og:title and og:description (/cities);
 * - "none": no sharing tags (the default without a canonical link: search results, admin and error pages);
 * - a business's card: its Open Graph type, og:url, image and site name, and a large-image Twitter card.
 */
type SharingCard = "website" | "basic" | "titles" | "none" | { type: string; image: string; siteName: string };

export type PageMetaInput = {
  title: string;
  description?: string;
  canonical?: string;
  robots?: string | null;
  /** The robots tag after the others rather than first. */
  robotsLast?: boolean;
  card?: SharingCard;
};

export function pageMeta({ title, description, canonical, robots, robotsLast = false, card }: PageMetaInput): MetaDescriptor[] {
  const robotsTag = robots ? [{ name: "robots", content: robots }] : [];
  return [
    ...(robotsLast ? [] : robotsTag),
    { title },
    ...(description === undefined ? [] : [{ name: "description", content: description }]),
    ...(canonical === undefined ? [] : [{ tagName: "link", rel: "canonical", href: canonical }]),
    ...cardTags(card ?? (canonical === undefined ? "none" : "website"), title, description ?? "", canonical ?? ""),
    ...(robotsLast ? robotsTag : []),
  ];
}

function cardTags(card: SharingCard, title: string, description: string, url: string): MetaDescriptor[] {
  const titles = [
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
  switch (card) {
    case "none":
      return [];
    case "titles":
      return titles;
    case "basic":
      return [...titles, { property: "og:type", content: "website" }];
    case "website":
      return [
        ...titles,
        { property: "og:type", content: "website" },
        { property: "og:url", content: url },
        { name: "twitter:card", content: "summary" },
      ];
    default:
      return [
        { property: "og:type", content: card.type },
        ...titles,
        { property: "og:url", content: url },
        { property: "og:image", content: card.image },
        { property: "og:site_name", content: card.siteName },
        { name: "twitter:card", content: "summary_large_image" },
        { name: "twitter:title", content: title },
        { name: "twitter:description", content: description },
        { name: "twitter:image", content: card.image },
      ];
  }
}
