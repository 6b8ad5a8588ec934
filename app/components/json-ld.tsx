import { serializeJsonLd } from "#app/lib/seo/structured-data";

/** A JSON-LD data block; the text is escaped for a script element (serializeJsonLd). */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
