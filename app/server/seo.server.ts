/**
 * SEO text for businesses without content (CLARIFICATIONS 32). POST /api/admin/generate-seo does one
 * chunk itself and leaves the rest to a workflow (seo-workflow.server.ts), which walks the businesses
 * by id a chunk at a time. Reads walk the partial index businesses_needs_content_idx (0003), so a
 * chunk costs O(chunk) rows.
 */
import { and, gt, sql } from "drizzle-orm";
import { parseJson } from "~/lib/business";
import { parseOpeningHoursJson } from "~/lib/hours";
import { generateSeoText } from "~/lib/seo-content";
import { businesses } from "#db/schema";
import { fillSeoContent } from "./business-writer.server";
import type { Db } from "./db.server";

export const SEO_CHUNK_ROWS = 500;

/**
 * The businesses without content: the partial index businesses_needs_content_idx's own condition,
 * written out (a bound '' would not match it), so SQLite reads the chunk from that index alone
 * (measured: 500 rows read for a chunk of 500 with 2,000 businesses done).
 */
const NEEDS_CONTENT = sql`(${businesses.uniqueContent} IS NULL OR ${businesses.uniqueContent} = '')`;

export type SeoRun = { message: string; updated: number; remaining: number };

/**
 * Fills up to `limit` businesses without content whose id is above `afterId`, in id order; returns
 * how many were filled, the last id looked at (the next chunk's start) and whether the chunk was full.
 */
export async function fillSeoAfter(
  db: Db,
  afterId: number,
  limit = SEO_CHUNK_ROWS,
): Promise<{ updated: number; lastId: number; full: boolean }> {
  const rows = await db.orm
    .select()
    .from(businesses)
    .where(and(NEEDS_CONTENT, gt(businesses.id, afterId)))
    .orderBy(businesses.id)
    .limit(limit);
  const fills = rows.map((row) => {
    const text = generateSeoText({
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
    });
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
export async function generateSeoChunk(db: Db, limit = SEO_CHUNK_ROWS): Promise<SeoRun> {
  const { updated } = await fillSeoAfter(db, 0, limit);
  const remaining = await db.orm.$count(businesses, NEEDS_CONTENT);
  const message =
    updated === 0
      ? "Every business already has SEO content."
      : `Generated SEO content for ${updated} businesses${remaining ? `; ${remaining} remaining` : ""}.`;
  return { message, updated, remaining };
}
