/**
 * The one input schema of /search and /api/search. Lenient by design: any text is a valid query,
 * and a bad page, rating or sort falls back to its default instead of failing (a bad page is page 1,
 * as on every pager).
 */
import { z } from "zod";
import { cleanLine } from "#app/lib/business/untrusted-text";
import { parseAttributeFilters, type AttributeFilters } from "#app/lib/search/listing-filters";

import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM, MAX_SEARCH_PAGE, SEARCH_SORTS, type SearchSort } from "#app/lib/search/search-links";

export { searchHref, type SearchSort } from "#app/lib/search/search-links";

const text = (max: number) =>
  z
    .string()
    .optional()
    .catch(undefined)
    // The query is shown in the page's title and heading: no control character goes with it.
    .transform((v) =>
      cleanLine(v ?? "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, max),
    );

export const searchParamsSchema = z.object({
  q: text(600),
  location: text(200),
  category: text(200),
  openNow: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => v === "1" || v === "true" || v === "on"),
  minRating: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => {
      const n = Number(v);
      return v && Number.isFinite(n) && n > 0 ? Math.min(5, n) : undefined;
    }),
  sort: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v): SearchSort => ((SEARCH_SORTS as readonly string[]).includes(v ?? "") ? (v as SearchSort) : "relevance")),
  /** "lat,lng" (the browser's geolocation, or a link): rounded to 4 decimals (~11 m). */
  near: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => {
      const m = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(v ?? "");
      if (!m) return undefined;
      const [lat, lng] = [Number(m[1]), Number(m[2])];
      if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
      return { lat: Math.round(lat * 1e4) / 1e4, lng: Math.round(lng * 1e4) / 1e4 };
    }),
  /** Kilometres around `near`. */
  radius: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => {
      const n = Number(v);
      return v && Number.isFinite(n) && n > 0 ? Math.min(MAX_RADIUS_KM, Math.max(0.1, n)) : DEFAULT_RADIUS_KM;
    }),
  page: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => {
      const n = /^\d+$/.test(v ?? "") ? Number(v) : 1;
      return Math.min(MAX_SEARCH_PAGE, Math.max(1, n));
    }),
});

/** The schema's output and the attribute filters (has, openAt, openLate, open24h), read as every listing reads them (absent: none). */
export type SearchParams = z.output<typeof searchParamsSchema> & Partial<AttributeFilters>;

/** Reads a URL's query (first value of each key) through the schema, and its attribute filters; never throws. */
export function parseSearchParams(url: string | URL): SearchParams & AttributeFilters {
  const { searchParams } = new URL(url);
  const raw: Record<string, string> = {};
  for (const [k, v] of searchParams) if (!(k in raw)) raw[k] = v;
  return { ...searchParamsSchema.parse(raw), ...parseAttributeFilters(searchParams) };
}
