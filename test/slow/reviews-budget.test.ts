/**
 * Reviews at scale (docs/reviews.md): a business with 20,000 published reviews. Its page reads at
 * most 300 D1 rows (the first page of reviews and the own rating from the kept summary columns, never
 * a count over the reviews); the reviews API reads at most 300 rows on its first page and on a deep
 * page, newest first and most helpful first (each page one seek on its partial index from the API's
 * cursor); writing a review through its form and publishing it by the e-mailed link each write at
 * most 1,000 rows (the summary trigger updates one business row, O(change)).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Business } from "#app/lib/business/business";
import { REVIEWS_PAGE_SIZE } from "#app/lib/reviews/review";
import type { ReviewPage } from "#app/server/reviews/reviews-read.server";
import { SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, getJson, idOf, insert, request, rowsRead, rowsWritten } from "../helpers/factories";

const ROWS_READ_BOUND = 300;
const ROWS_WRITTEN_PER_PUBLISH = 1000;
const REVIEWS = 20_000;
/** 2025-01-01: review i is published i × 10 minutes later. */
const FIRST_PUBLISHED = 1735689600;
/** How many pages the deep-page checks follow by the API's `next` cursor. */
const DEEP_PAGES = 25;

let ipCount = 0;
/** A form's POST as a browser on the site sends it, each from a client address of its own. */
function post(path: string, fields: Record<string, string>): Promise<Response> {
  return request(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: SITE_ORIGIN,
      "CF-Connecting-IP": `198.51.100.${++ipCount}`,
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

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

  for (const sort of ["newest", "helpful"] as const) {
    it(`the reviews API's first page (${sort}) reads at most ${ROWS_READ_BOUND} rows`, async () => {
      const response = await request(`/api/businesses/${businessId}/reviews?sort=${sort}`);
      expect(response.status).toBe(200);
      const page = (await response.json()) as ReviewPage;
      expect(page.reviews).toHaveLength(REVIEWS_PAGE_SIZE);
      expect(page.next).not.toBeNull();
      expect(rowsRead(response)).toBeLessThanOrEqual(ROWS_READ_BOUND);
    });

    it(`a deep page of the reviews API (${sort}, past the first ${DEEP_PAGES} pages) reads at most ${ROWS_READ_BOUND} rows`, async () => {
      // Follow the API's own `next` cursor page after page: each page is one seek from its cursor.
      let next: string | null = null;
      const seen = new Set<number>();
      for (let page = 0; page < DEEP_PAGES; page += 1) {
        const query = new URLSearchParams({ sort, ...(next ? { cursor: next } : {}) });
        const response = await request(`/api/businesses/${businessId}/reviews?${query}`);
        expect(response.status).toBe(200);
        const body = (await response.json()) as ReviewPage;
        for (const review of body.reviews) seen.add(review.id);
        expect(rowsRead(response)).toBeLessThanOrEqual(ROWS_READ_BOUND);
        next = body.next;
        expect(next).not.toBeNull();
      }
      // The pages never overlap: every review listed once.
      expect(seen.size).toBe(DEEP_PAGES * REVIEWS_PAGE_SIZE);
      // Far deeper, as a cursor the API itself hands out ("key.id"): past 15,000 reviews in this order.
      const deepRow = await env.DB.prepare(
        sort === "helpful"
          ? `SELECT helpful_count AS key, id FROM reviews WHERE business_id = ?1 AND status = 'published'
             ORDER BY helpful_count DESC, id DESC LIMIT 1 OFFSET 15000`
          : `SELECT published_at AS key, id FROM reviews WHERE business_id = ?1 AND status = 'published'
             ORDER BY published_at DESC, id DESC LIMIT 1 OFFSET 15000`,
      )
        .bind(businessId)
        .first<{ key: number; id: number }>();
      if (!deepRow) throw new Error("no review 15,000 deep");
      const deep = await request(`/api/businesses/${businessId}/reviews?sort=${sort}&cursor=${deepRow.key}.${deepRow.id}`);
      expect(deep.status).toBe(200);
      const deepPage = (await deep.json()) as ReviewPage;
      expect(deepPage.reviews).toHaveLength(REVIEWS_PAGE_SIZE);
      expect(deepPage.reviews.map((r) => r.id)).not.toContain(deepRow.id);
      expect(rowsRead(deep)).toBeLessThanOrEqual(ROWS_READ_BOUND);
    });
  }

  it(`writing a review through its form, then publishing it by the e-mailed link, each writes at most ${ROWS_WRITTEN_PER_PUBLISH} rows`, async () => {
    const email = `one-more-${crypto.randomUUID().slice(0, 8)}@reviewer.example`;
    const written = await post(`/business/${businessId}/review`, {
      rating: "4",
      title: "Still good",
      body: `Still friendly staff and fair prices after all these years (${email}).`,
      visitMonth: "",
      name: "One More",
      email,
    });
    expect(written.status).toBe(200);
    expect(rowsWritten(written)).toBeLessThanOrEqual(ROWS_WRITTEN_PER_PUBLISH);

    // The link, as the reviewer receives it: the local outbox holds every message.
    const mail = await env.DB.prepare("SELECT text_body FROM outbox WHERE to_address = ?1 ORDER BY id DESC LIMIT 1")
      .bind(email)
      .first<{ text_body: string }>();
    const link = (mail?.text_body.match(/https:\/\/\S+/g) ?? []).find((l) => l.includes("/reviews/confirm"));
    if (!link) throw new Error(`no confirm link in the e-mail to ${email}`);
    const confirm = new URL(link);
    // The confirm page's form posts its hidden token field.
    const page = await (await request(`${confirm.pathname}${confirm.search}`)).text();
    const token = /<input[^>]*name="token"[^>]*value="([^"]+)"/.exec(page)?.[1];
    expect(token).toBe(confirm.searchParams.get("token"));

    const published = await post(confirm.pathname, { token: token ?? "" });
    expect(published.status).toBe(200);
    expect(rowsWritten(published)).toBeGreaterThan(0);
    expect(rowsWritten(published)).toBeLessThanOrEqual(ROWS_WRITTEN_PER_PUBLISH);
    const { body } = await getJson<Business>(`/api/businesses/${businessId}`);
    expect(body.ownReviews.count).toBe(REVIEWS + 1);
    const first = (await getJson<ReviewPage>(`/api/businesses/${businessId}/reviews`)).body;
    expect(first.reviews[0].title).toBe("Still good");
  });
});
