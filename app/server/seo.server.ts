/**
 * POST /api/admin/generate-seo (CLARIFICATIONS 32): one chunk of businesses without content per
 * call; the tab repeats until `remaining` is 0. Reads walk the partial index
 * businesses_needs_content_idx (0003), so each call costs O(chunk) rows.
 */
import { sql } from "drizzle-orm";
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

export async function generateSeoChunk(db: Db, limit = SEO_CHUNK_ROWS): Promise<SeoRun> {
  const rows = await db.orm.select().from(businesses).where(NEEDS_CONTENT).orderBy(businesses.id).limit(limit);
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
  const remaining = await db.orm.$count(businesses, NEEDS_CONTENT);
  const message =
    updated === 0
      ? "Every business already has SEO content."
      : `Generated SEO content for ${updated} businesses${remaining ? `; ${remaining} remaining` : ""}.`;
  return { message, updated, remaining };
}
