/** Shared page metadata: title, description, canonical link and the social-sharing tags. Pure. */
export type PageMetaInput = { title: string; description: string; canonical: string };

export function pageMeta({ title, description, canonical }: PageMetaInput) {
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
    { name: "twitter:card", content: "summary" },
  ];
}
