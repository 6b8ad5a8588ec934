/**
 * A business's published reviews, one page at a time (docs/reviews.md): newest first or most helpful
 * first, each page a seek on its partial index (reviews_business_newest_idx,
 * reviews_business_helpful_idx) from a keyset cursor, so any page reads REVIEWS_PAGE_SIZE + 1 rows
 * whatever the count. Only published reviews are ever read here: unverified, held and hidden ones
 * are never listed (nor counted: the own rating's triggers count published ones only).
 */
import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { businesses, reviews } from "#db/schema";
import { REVIEWS_PAGE_SIZE, type PublicReview } from "#app/lib/reviews/review";
import type { Db } from "#app/server/platform/db.server";

export type ReviewSort = "newest" | "helpful";

/** A page's position: the last review's key (published_at or helpful_count) and id. */
export type ReviewCursor = { key: number; id: number };

export type ReviewPage = { reviews: PublicReview[]; next: string | null };

export function reviewSortOf(value: string | null | undefined): ReviewSort {
  return value === "helpful" ? "helpful" : "newest";
}

/** "1767225600.42": the cursor as it travels in a link; anything else reads as the first page. */
export function parseReviewCursor(value: string | null | undefined): ReviewCursor | null {
  const match = /^(\d{1,12})\.(\d{1,12})$/.exec(value ?? "");
  return match ? { key: Number(match[1]), id: Number(match[2]) } : null;
}

const reviewColumns = {
  id: reviews.id,
  name: reviews.name,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  visitMonth: reviews.visitMonth,
  publishedAt: reviews.publishedAt,
  helpfulCount: reviews.helpfulCount,
  replyBody: reviews.replyBody,
  replyBy: reviews.replyBy,
  replyAt: reviews.replyAt,
};

export type ReviewPageRow = {
  id: number;
  name: string;
  rating: number;
  title: string;
  body: string;
  visitMonth: string | null;
  publishedAt: number | null;
  helpfulCount: number;
  replyBody: string | null;
  replyBy: string | null;
  replyAt: number | null;
};

/**
 * One page's queries (REVIEWS_PAGE_SIZE + 1 rows in all: the extra one says whether there is a next
 * page), as query builders so that the business page can read them in the batch that reads the
 * business. The business is its id, or its stored slug (read in the same statement). After a cursor
 * the page is two seeks on the sort's index: the reviews that share the cursor's key with a smaller
 * id, then those with a smaller key. SQLite bounds an index range by the first column of a row value
 * only, so one `(key, id) < (k, i)` would read every review tied at k above the cursor (most reviews
 * share a helpful count of 0). Without a cursor the first query reads nothing. toReviewPage takes
 * their rows one after the other.
 */
export function reviewPageQueries(db: Db, business: { id: number } | { slug: string }, sort: ReviewSort, after: ReviewCursor | null) {
  const key = sort === "helpful" ? reviews.helpfulCount : reviews.publishedAt;
  const owner: SQL =
    "id" in business
      ? eq(reviews.businessId, business.id)
      : sql`${reviews.businessId} = (SELECT ${businesses.id} FROM ${businesses} WHERE ${businesses.slug} = ${business.slug})`;
  const seek = (where: SQL | undefined) =>
    db.orm
      .select(reviewColumns)
      .from(reviews)
      .where(and(owner, eq(reviews.status, "published"), where))
      .orderBy(desc(key), desc(reviews.id))
      .limit(REVIEWS_PAGE_SIZE + 1);
  return [seek(after ? and(eq(key, after.key), lt(reviews.id, after.id)) : sql`0`), seek(after ? lt(key, after.key) : undefined)] as const;
}

const isoOf = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

/** The rows a page's queries read (their results one after the other) → the page and the cursor of the next one (null on the last). */
export function toReviewPage(rows: ReviewPageRow[], sort: ReviewSort): ReviewPage {
  const shown = rows.slice(0, REVIEWS_PAGE_SIZE);
  const last = shown.at(-1);
  const next =
    rows.length > REVIEWS_PAGE_SIZE && last ? `${sort === "helpful" ? last.helpfulCount : (last.publishedAt ?? 0)}.${last.id}` : null;
  return {
    next,
    reviews: shown.map((r) => ({
      id: r.id,
      name: r.name,
      rating: r.rating,
      title: r.title,
      body: r.body,
      visitMonth: r.visitMonth,
      publishedAt: isoOf(r.publishedAt) ?? "",
      helpfulCount: r.helpfulCount,
      reply: r.replyBody ? { body: r.replyBody, by: r.replyBy === "owner" ? "owner" : "admin", at: isoOf(r.replyAt) } : null,
    })),
  };
}

export async function readReviewPage(db: Db, businessId: number, sort: ReviewSort, after: ReviewCursor | null): Promise<ReviewPage> {
  const [ties, older] = await db.orm.batch(reviewPageQueries(db, { id: businessId }, sort, after));
  return toReviewPage([...ties, ...older], sort);
}

/** The API's page: null when there is no such business; the business and the page in one round trip. */
export async function readBusinessReviews(
  db: Db,
  businessId: number,
  sort: ReviewSort,
  after: ReviewCursor | null,
): Promise<ReviewPage | null> {
  const [ties, older] = reviewPageQueries(db, { id: businessId }, sort, after);
  const [found, tied, rest] = await db.orm.batch([
    db.orm.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).limit(1),
    ties,
    older,
  ]);
  return found.length ? toReviewPage([...tied, ...rest], sort) : null;
}
