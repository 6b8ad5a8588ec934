/**
 * SEO text for businesses without content (never overwriting what an admin wrote). POST
 * /api/admin/generate-seo does one chunk itself and leaves the rest to a workflow
 * (seo-workflow.server.ts), which walks the businesses by id a chunk at a time. Reads walk the partial
 * index businesses_needs_content_idx (0003), so a chunk costs O(chunk) rows, plus at most PEER_LIMIT
 * peers per city × category of the chunk (one statement, businesses_city_category_order_idx): the text
 * compares each business with them (ADR 0021).
 */
import { and, gt, sql } from "drizzle-orm";
import { parseJson } from "#app/lib/business/business";
import { parseOpeningHoursJson } from "#app/lib/business/hours";
import { generateSeoText, type Neighbourhood, type Peer } from "#app/lib/seo/seo-content";
import { businesses, type BusinessRow } from "#db/schema";
import { fillSeoContent } from "#app/server/write/business-writer.server";
import type { Db } from "#app/server/platform/db.server";

export const SEO_CHUNK_ROWS = 500;

/** Peers the text compares a business with: the best-ranked of its category in its city. */
export const PEER_LIMIT = 30;

/** What POST /api/admin/generate-seo says when GENERATED_TEXT=off. */
export const GENERATED_TEXT_OFF_MESSAGE = "Generated text is turned off (GENERATED_TEXT=off), so no SEO content was generated.";

/**
 * What it says when GENERATED_TEXT lists locales without the default one: generation writes the
 * default locale's text, which no page would show (other locales' pages write theirs from the facts).
 */
export function generatedTextOffMessage(setting: string | undefined, defaultLocale: string): string {
  return (setting ?? "").trim() === "off"
    ? GENERATED_TEXT_OFF_MESSAGE
    : `Generated text is turned off for ${defaultLocale}, the default locale (GENERATED_TEXT=${setting}), so no SEO content was generated.`;
}

/**
 * The best-ranked PEER_LIMIT businesses (recommended order) of each city × category of `rows`, in one
 * statement: a correlated LIMIT per pair walks businesses_city_category_order_idx backwards, so a
 * pair costs at most PEER_LIMIT index entries and rows however large the city or category.
 */
async function neighbourhoods(db: Db, rows: BusinessRow[]): Promise<Map<string, Neighbourhood>> {
  const pairs = [...new Set(rows.filter((r) => r.citySlug && r.categorySlug).map((r) => JSON.stringify([r.citySlug, r.categorySlug])))];
  const out = new Map<string, Neighbourhood>();
  if (pairs.length === 0) return out;
  const found = await db.all<Peer & { pair: number; score: number }>(
    `SELECT j.key AS pair, b.id, b.name, b.rating, b.review_count AS reviewCount, b.latitude, b.longitude, b.score
       FROM json_each(?1) AS j
       JOIN businesses AS b ON b.id IN (
         SELECT p.id FROM businesses AS p
          WHERE p.city_slug = j.value ->> 0 AND p.category_slug = j.value ->> 1
          ORDER BY p.score DESC, p.id DESC LIMIT ?2)`,
    [`[${pairs.join(",")}]`, PEER_LIMIT],
  );
  for (const pair of pairs) out.set(pair, { peers: [], limit: PEER_LIMIT });
  found.sort((a, b) => b.score - a.score || b.id - a.id);
  for (const { pair, score: _score, ...peer } of found) out.get(pairs[pair])?.peers.push(peer);
  return out;
}

/**
 * The businesses without content: the partial index businesses_needs_content_idx's own condition,
 * written out (a bound '' would not match it), so SQLite reads the chunk from that index alone
 * (measured: 500 rows read for a chunk of 500 with 2,000 businesses done).
 */
const NEEDS_CONTENT = sql`(${businesses.uniqueContent} IS NULL OR ${businesses.uniqueContent} = '')`;

export type SeoRun = { message: string; updated: number; remaining: number };

/**
 * Fills up to `limit` businesses without content whose id is above `afterId`, in id order, with text
 * in `locale` (the site's default locale: stored text is in it); returns how many were filled, the
 * last id looked at (the next chunk's start) and whether the chunk was full.
 */
export async function fillSeoAfter(
  db: Db,
  afterId: number,
  limit = SEO_CHUNK_ROWS,
  locale = "en",
): Promise<{ updated: number; lastId: number; full: boolean }> {
  const rows = await db.orm
    .select()
    .from(businesses)
    .where(and(NEEDS_CONTENT, gt(businesses.id, afterId)))
    .orderBy(businesses.id)
    .limit(limit);
  const hoods = await neighbourhoods(db, rows);
  const fills = rows.map((row) => {
    const text = generateSeoText(
      {
        id: row.id,
        placeId: row.placeId,
        name: row.name,
        category: row.category,
        address: row.address,
        city: row.city,
        state: row.state,
        country: row.country,
        phone: row.phone,
        website: row.website,
        rating: row.rating,
        reviewCount: row.reviewCount,
        openingHours: parseOpeningHoursJson(row.openingHours),
        about: parseJson(row.about, null),
        businessStatus: row.businessStatus,
        reviewsPerScore: parseJson<number[] | null>(row.reviewsPerScore, null),
        latitude: row.latitude,
        longitude: row.longitude,
        neighbourhood: hoods.get(JSON.stringify([row.citySlug, row.categorySlug])) ?? null,
      },
      locale,
    );
    return { id: row.id, ...text };
  });
  const updated = await fillSeoContent(db, fills);
  return { updated, lastId: rows.at(-1)?.id ?? afterId, full: rows.length === limit };
}

/** How many businesses have no content yet: reads the partial index's entries (O(remaining)). */
export async function seoRemaining(db: Db): Promise<number> {
  return db.orm.$count(businesses, NEEDS_CONTENT);
}

/** One chunk from the lowest id, and what remains after it. */
export async function generateSeoChunk(db: Db, limit = SEO_CHUNK_ROWS, locale = "en"): Promise<SeoRun> {
  const { updated } = await fillSeoAfter(db, 0, limit, locale);
  const remaining = await db.orm.$count(businesses, NEEDS_CONTENT);
  const message =
    updated === 0
      ? "Every business already has SEO content."
      : `Generated SEO content for ${updated} businesses${remaining ? `; ${remaining} remaining` : ""}.`;
  return { message, updated, remaining };
}
