/** XML text escaping for sitemaps (spreadsheet text is untrusted). Pure: no runtime imports. */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  // Characters XML 1.0 forbids are dropped rather than escaped (they cannot be escaped): C0 controls
  // but tab and line breaks, lone surrogates, U+FFFE/U+FFFF; and the C1 controls it discourages
  // (§2.2). Imported text is cleaned before it is stored; this holds for any other text too.
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|\p{Cs}/gu, "")
    .replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}

/** W3C datetime for a sitemap's lastmod, from Unix seconds. */
function w3cDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/** The same page in one language (`hreflang` a BCP 47 tag, or "x-default"), as an absolute URL. */
type SitemapAlternate = { hreflang: string; href: string };

/** One `<url>`: its location, last change and, on a site in several languages, its language versions. */
export type SitemapUrl = { loc: string; lastmod?: number; alternates?: ReadonlyArray<SitemapAlternate> };

/** The namespace of Google's `<xhtml:link rel="alternate" hreflang href>` in sitemaps. */
const XHTML_NAMESPACE = "http://www.w3.org/1999/xhtml";

function urlXml(u: SitemapUrl): string {
  const lastmod = u.lastmod ? `<lastmod>${w3cDate(u.lastmod)}</lastmod>` : "";
  const links = (u.alternates ?? [])
    .map((a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`)
    .join("");
  return `<url><loc>${escapeXml(u.loc)}</loc>${lastmod}${links}</url>`;
}

export function urlsetXml(urls: ReadonlyArray<SitemapUrl>): string {
  const body = urls.map(urlXml).join("\n");
  // The xhtml namespace only where a link uses it: a site in one language keeps its files as they were.
  const xhtml = urls.some((u) => u.alternates?.length) ? ` xmlns:xhtml="${XHTML_NAMESPACE}"` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(sitemaps: ReadonlyArray<SitemapUrl>): string {
  const body = sitemaps
    .map((s) => `<sitemap><loc>${escapeXml(s.loc)}</loc>${s.lastmod ? `<lastmod>${w3cDate(s.lastmod)}</lastmod>` : ""}</sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}
