/**
 * Reviews at scale (docs/reviews.md): a business with 20,000 published reviews. Its page reads at
 * most 300 D1 rows (the first page of reviews and the own rating from the kept summary columns, never
 * a count over the reviews); a deep page of the newest-first order is one seek on
 * reviews_business_newest_idx; writing and publishing one review writes at most 1,000 rows (the
 * summary trigger updates one business row, O(change)).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Business } from "#app/lib/business/business";
import { REVIEWS_PAGE_SIZE } from "#app/lib/reviews/review";
import { buildBusiness, getJson, idOf, insert, request, rowsRead } from "../helpers/factories";

const ROWS_READ_BOUND = 300;
const ROWS_WRITTEN_PER_PUBLISH = 1000;
const REVIEWS = 20_000;
/** 2025-01-01: review i is published i × 10 minutes later. */
const FIRST_PUBLISHED = 1735689600;

let businessId = 0;

beforeAll(async () => {
  await insert(
    buildBusiness({ placeId: "reviews-budget-busy", name: "Busy Review Bakery", city: "Reviewville" }),
    buildBusiness({ placeId: "reviews-budget-quiet", name: "Quiet Review Bakery", city: "Reviewville" }),
  );
  businessId = await idOf("reviews-budget-busy");
  // One statement, published: the summary trigger counts every one into the business's own rating.
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
     INSERT INTO reviews (business_id, email, name, rating, title, body, status, locale, sender, helpful_count,
       created_at, published_at, updated_at)
     SELECT ?1, 'budget-' || i || '@example.com', 'Reviewer ' || i, 1 + (i * 7) % 5, 'Visit number ' || i,
       'A visit worth writing about, number ' || i || ', with friendly staff and fair prices.', 'published', 'en', 'budget',
       (i * 13) % 17, ?3 + i * 600, ?3 + i * 600, ?3 + i * 600
     FROM n`,
  )
    .bind(businessId, REVIEWS, FIRST_PUBLISHED)
    .run();
}, 300_000);

describe(`a business with ${REVIEWS.toLocaleString("en-US")} published reviews`, () => {
  it("keeps its own rating as summary columns, counted once per review", async () => {
    const { status, body } = await getJson<Business>(`/api/businesses/${businessId}`);
    expect(status).toBe(200);
    expect(body.ownReviews.count).toBe(REVIEWS);
    expect(body.ownReviews.histogram.reduce((sum, n) => sum + n, 0)).toBe(REVIEWS);
  });

  it(`its page reads at most ${ROWS_READ_BOUND} rows`, async () => {
    const response = await request(`/business/${businessId}`);
    expect(response.status).toBe(200);
    expect(rowsRead(response)).toBeLessThanOrEqual(ROWS_READ_BOUND);
  });

  it(`its business JSON reads at most ${ROWS_READ_BOUND} rows`, async () => {
    const response = await request(`/api/businesses/${businessId}`);
    expect(response.status).toBe(200);
    expect(rowsRead(response)).toBeLessThanOrEqual(ROWS_READ_BOUND);
  });

  it(`a deep newest-first page is one index seek: at most ${ROWS_READ_BOUND} rows read`, async () => {
    // The page that starts at the 5,000th newest review (a cursor of its published_at and the largest id: 500 pages deep).
    const cursor = FIRST_PUBLISHED + (REVIEWS - 5_000) * 600;
    const result = await env.DB.prepare(
      `SELECT id, name, rating, title, body, published_at FROM reviews
       WHERE business_id = ?1 AND status = 'published' AND (published_at, id) < (?2, ?3)
       ORDER BY published_at DESC, id DESC LIMIT ?4`,
    )
      .bind(businessId, cursor, Number.MAX_SAFE_INTEGER, REVIEWS_PAGE_SIZE + 1)
      .all<{ published_at: number }>();
    expect(result.results).toHaveLength(REVIEWS_PAGE_SIZE + 1);
    expect(result.results[0].published_at).toBe(cursor);
    expect(result.meta.rows_read).toBeLessThanOrEqual(ROWS_READ_BOUND);
  });

  it(`writing and publishing one review writes at most ${ROWS_WRITTEN_PER_PUBLISH} rows`, async () => {
    // The statements of the form's insert, its one-time link, then the link's confirm (atomic).
    const now = FIRST_PUBLISHED + REVIEWS * 600;
    const written = await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO reviews (business_id, email, name, rating, title, body, status, locale, sender, body_hash, created_at, updated_at)
         VALUES (?1, 'one-more@example.com', 'One More', 4, 'Still good', 'Still friendly staff and fair prices after all these years.',
           'unverified', 'en', 'budget', 'hash-of-one-more', ?2, ?2)`,
      ).bind(businessId, now),
      env.DB.prepare(
        `INSERT INTO review_links (token_hash, review_id, purpose, created_at, expires_at)
         SELECT 'budget-token-hash', id, 'verify', ?2, ?2 + 604800 FROM reviews WHERE business_id = ?1 AND email = 'one-more@example.com'`,
      ).bind(businessId, now),
    ]);
    const published = await env.DB.batch([
      env.DB.prepare(
        "UPDATE review_links SET used_at = ?1 WHERE token_hash = 'budget-token-hash' AND used_at IS NULL AND expires_at > ?1",
      ).bind(now + 60),
      env.DB.prepare(
        `UPDATE reviews SET status = 'published', published_at = ?1, updated_at = ?1
         WHERE id = (SELECT review_id FROM review_links WHERE token_hash = 'budget-token-hash' AND used_at = ?1) AND status = 'unverified'`,
      ).bind(now + 60),
    ]);
    const rows = [...written, ...published].reduce((sum, r) => sum + r.meta.rows_written, 0);
    expect(published[1].meta.changes).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(ROWS_WRITTEN_PER_PUBLISH);
    const { body } = await getJson<Business>(`/api/businesses/${businessId}`);
    expect(body.ownReviews.count).toBe(REVIEWS + 1);
  });
});
