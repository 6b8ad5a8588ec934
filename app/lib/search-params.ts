/**
 * The one input schema of /search and /api/search. Lenient by design: any text is a valid query,
 * and a bad page, rating or sort falls back to its default instead of failing (CLARIFICATIONS 5).
 */
import { z } from "zod";
import { cleanLine } from "./untrusted-text";

export const SEARCH_PAGE_SIZE = 20;
/** Deeper pages than this are clamped: 1,000 results is more than anyone pages through. */
export const MAX_SEARCH_PAGE = 50;
export const SEARCH_SORTS = ["relevance", "rating", "reviews"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const MIN_RATING_CHOICES = [3, 3.5, 4, 4.5] as const;

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
  page: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => {
      const n = /^\d+$/.test(v ?? "") ? Number(v) : 1;
      return Math.min(MAX_SEARCH_PAGE, Math.max(1, n));
    }),
});

export type SearchParams = z.output<typeof searchParamsSchema>;

/** Reads a URL's query (first value of each key) through the schema; never throws. */
export function parseSearchParams(url: string | URL): SearchParams {
  const raw: Record<string, string> = {};
  for (const [k, v] of new URL(url).searchParams) if (!(k in raw)) raw[k] = v;
  return searchParamsSchema.parse(raw);
}

/** The URL of a results page: blank and default values are left out. */
export function searchHref(params: Partial<SearchParams>): string {
  const sp = new URLSearchParams();
  if (params.q) sp.set("q", params.q);
  if (params.location) sp.set("location", params.location);
  if (params.category) sp.set("category", params.category);
  if (params.openNow) sp.set("openNow", "1");
  if (params.minRating) sp.set("minRating", String(params.minRating));
  if (params.sort && params.sort !== "relevance") sp.set("sort", params.sort);
  if (params.page && params.page > 1) sp.set("page", String(params.page));
  const qs = sp.toString();
  return qs ? `/search?${qs}` : "/search";
}
