/**
 * Featured businesses (docs/people.md): a paid placement an admin sets with an end date
 * (businesses.featured_until). A city, category or city × category page's first page shows up to
 * FEATURED_SHOWN of them first, each labelled "Featured · Paid placement"; they stay in the ordinary
 * list too. The status ends by itself: a row whose end has passed is simply not read.
 *
 * Rotation: the scope's running featured businesses, by id, are a ring; the hour since the epoch
 * picks where on it the page starts (hour mod n), and the page shows the next FEATURED_SHOWN. Over
 * any n consecutive hours each of the n businesses is shown in exactly min(n, FEATURED_SHOWN) of them.
 * An hour is longer than the edge cache keeps a page, so the rotation shows through the cache.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { toBusinesses, type Business, type StoredBusiness } from "#app/lib/business/business";
import { businesses } from "#db/schema";
import type { Db } from "#app/server/platform/db.server";
import { storedColumns } from "#app/server/lists/directory.server";

/** Most featured cards a page shows. */
const FEATURED_SHOWN = 3;
/** Most featured rows a page reads for its rotation: a scope sells far fewer placements than this. */
const FEATURED_READ_MAX = 24;

const HOUR_MS = 3_600_000;

/** Where a page's featured businesses are: its city, its category or group, or both. */
export type FeaturedScope = { city?: string; category?: { kind: "category" | "group"; slug: string } };

/**
 * The scope's running featured businesses, as a query not yet sent (for the page's batch): a seek of
 * the partial featured index of its city, category or group (only featured rows have entries),
 * bounded by FEATURED_READ_MAX. `limit` 0 (a page other than the first) reads nothing.
 */
export function featuredQuery(db: Db, scope: FeaturedScope, now: Date, limit: number) {
  const conditions = [gt(businesses.featuredUntil, Math.floor(now.getTime() / 1000))];
  if (scope.city !== undefined) conditions.push(eq(businesses.citySlug, scope.city));
  if (scope.category) {
    conditions.push(eq(scope.category.kind === "group" ? businesses.groupSlug : businesses.categorySlug, scope.category.slug));
  }
  return db.orm
    .select(storedColumns)
    .from(businesses)
    .where(and(...conditions))
    .orderBy(asc(businesses.id))
    .limit(Math.min(limit, FEATURED_READ_MAX));
}

/** This hour's turn of the ring (the module's rotation rule), as businesses. */
export function pickFeatured(rows: StoredBusiness[], now: Date): Business[] {
  const ring = [...rows].sort((a, b) => a.id - b.id);
  const n = ring.length;
  if (n === 0) return [];
  const start = Math.floor(now.getTime() / HOUR_MS) % n;
  const picked = Array.from({ length: Math.min(n, FEATURED_SHOWN) }, (_, i) => ring[(start + i) % n]);
  return toBusinesses(picked, now);
}
