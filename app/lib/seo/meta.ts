/** Shared page metadata: title, description, canonical link and the social-sharing tags. Pure. */
export type PageMetaInput = { title: string; description: string; canonical: string; robots?: string | null };

export function pageMeta({ title, description, canonical, robots }: PageMetaInput) {
  return [
    ...(robots ? [{ name: "robots", content: robots }] : []),
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
