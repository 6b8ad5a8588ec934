/**
 * Query-string schemas of the public JSON API (SPEC §7): the city and category lists page by `limit`
 * (default 50, max 100) and `offset`; /api/businesses sorts by `recommended` (default) or `latest`.
 */
import { z } from "zod";
import { MAX_MAP_PLACES } from "#app/lib/business/map";

const MAX_LIMIT = 100;

const integerText = (what: string) => z.string().trim().regex(/^\d+$/, `${what} must be a whole number of 0 or more`).transform(Number);

/** limit: 1..∞, capped at 100 (a larger value is not an error, it is capped). */
const limitParam = (fallback: number) =>
  integerText("limit")
    .refine((n) => n >= 1, "limit must be at least 1")
    .transform((n) => Math.min(n, MAX_LIMIT))
    .optional()
    .transform((n) => n ?? fallback);

const offsetParam = integerText("offset")
  .refine((n) => n <= 10_000_000, "offset is too large")
  .optional()
  .transform((n) => n ?? 0);

const optionalFilter = z
  .string()
  .max(200, "is too long (200 characters at most)")
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

export const pagingQuerySchema = (defaultLimit: number) => z.object({ limit: limitParam(defaultLimit), offset: offsetParam });

/**
 * How deep /api/categories goes by `offset`: an OFFSET reads every entry it skips, so the pages past
 * it go by `after`, the slug of the previous page's last category (each page then reads its own rows).
 */
const CATEGORIES_MAX_OFFSET = 200;

/** /api/categories: `limit` and `offset` up to CATEGORIES_MAX_OFFSET, or `after` a category's slug. */
export const categoriesQuerySchema = z.object({
  limit: limitParam(100),
  offset: offsetParam.refine(
    (n) => n <= CATEGORIES_MAX_OFFSET,
    `offset is past ${CATEGORIES_MAX_OFFSET}: page on with after= set to the last category's slug`,
  ),
  after: optionalFilter,
});

export const businessesQuerySchema = z.object({
  limit: limitParam(20),
  offset: offsetParam,
  // Any text is a search: overlong text is cut, never an error.
  search: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim().slice(0, 600) : undefined)),
  category: optionalFilter,
  sort: z
    .enum(["recommended", "latest"], { message: "sort must be recommended or latest" })
    .optional()
    .transform((v) => v ?? "recommended"),
});

/**
 * `:id` of /api/businesses/:id and of the page /business/:id: up to 15 digits (any more is no id
 * SQLite holds). The API answers a failure 400, the page 404.
 */
export const businessIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, "Invalid business id: it must be a positive whole number")
    .transform(Number),
});

/** `:slug` of /api/businesses/slug/:slug: no stored slug is longer, so a longer one is not looked up. */
export const businessSlugParamsSchema = z.object({ slug: z.string().trim().max(300) });

/** Reads the URL's query into a plain object: only the first value of each key. */
export function queryObject(url: string | URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(url).searchParams) if (!(k in out)) out[k] = v;
  return out;
}

/** One readable sentence from a zod error, naming the parameter. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
}

/** GET /api/suggest: what was typed (cut, never refused) and which box asks. */
export const suggestQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? "").slice(0, 100)),
  kind: z.enum(["service", "location"]).default("service"),
});

/**
 * GET /api/map-places (ADR 0022): the ids of a page's businesses, "12,7,40". At most MAX_MAP_PLACES
 * different ids, and the text is refused before it is split when it is longer than that many could be.
 */
export const mapPlacesQuerySchema = z.object({
  ids: z
    .string({ message: "ids is required: business ids separated by commas" })
    .max(MAX_MAP_PLACES * 13, `ids names at most ${MAX_MAP_PLACES} businesses`)
    .regex(/^\d{1,12}(?:,\d{1,12})*$/, "ids must be business ids (whole numbers) separated by commas")
    .transform((text) => [...new Set(text.split(",").map(Number))])
    .refine((ids) => ids.length <= MAX_MAP_PLACES, `ids names at most ${MAX_MAP_PLACES} businesses`),
});
