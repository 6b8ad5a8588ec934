/**
 * POST /api/admin/generate-seo (CLARIFICATIONS 32): one chunk of businesses without content per
 * call; the tab repeats until `remaining` is 0. Reads walk the partial index
 * businesses_needs_content_idx (0003), so each call costs O(chunk) rows.
 */
import type { BusinessDbRow } from "~/lib/business";
import { parseOpeningHoursJson } from "~/lib/hours";
import { generateSeoText } from "~/lib/seo-content";
import { fillSeoContent } from "./business-writer.server";
import type { Db } from "./db.server";

export const SEO_CHUNK_ROWS = 500;

const NEEDS_CONTENT = "(unique_content IS NULL OR unique_content = '')";

export type SeoRun = { message: string; updated: number; remaining: number };

export async function generateSeoChunk(db: Db, limit = SEO_CHUNK_ROWS): Promise<SeoRun> {
  const rows = await db.all<BusinessDbRow>(
    `SELECT * FROM businesses INDEXED BY businesses_needs_content_idx WHERE ${NEEDS_CONTENT} ORDER BY id LIMIT ?1`,
    [limit],
  );
  const fills = rows.map((row) => {
    let about: Record<string, Record<string, boolean>> | null = null;
    try {
      about = row.about ? (JSON.parse(row.about) as Record<string, Record<string, boolean>>) : null;
    } catch {
      about = null;
    }
    const text = generateSeoText({
      id: row.id,
      placeId: row.place_id,
      name: row.name,
      category: row.category,
      address: row.address,
      city: row.city,
      state: row.state,
      country: row.country,
      phone: row.phone,
      website: row.website,
      rating: row.rating,
      reviewCount: row.review_count,
      openingHours: parseOpeningHoursJson(row.opening_hours),
      about,
      businessStatus: row.business_status,
    });
    return { id: row.id, ...text };
  });
  const updated = await fillSeoContent(db, fills);
  const left = await db.first<{ n: number }>(
    `SELECT count(*) AS n FROM businesses INDEXED BY businesses_needs_content_idx WHERE ${NEEDS_CONTENT}`,
  );
  const remaining = left?.n ?? 0;
  const message =
    updated === 0
      ? "Every business already has SEO content."
      : `Generated SEO content for ${updated} businesses${remaining ? `; ${remaining} remaining` : ""}.`;
  return { message, updated, remaining };
}
