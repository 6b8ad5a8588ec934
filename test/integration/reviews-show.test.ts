import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { REVIEWS_PAGE_SIZE } from "#app/lib/reviews/review";
import { SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, getJson, idOf, insert, request, rowsRead, roundTrips } from "../helpers/factories";
import { visibleText } from "../helpers/html";
import { fetchWith } from "../helpers/worker";

// Reviews written here as visitors see them (docs/reviews.md): the two ratings, each labelled; the
// list a page at a time; the API; the JSON-LD; helpful votes.

const run = crypto.randomUUID().slice(0, 6);
let address = 0;
const newAddress = () => `203.0.113.${++address}`;

async function business(overrides: Parameters<typeof buildBusiness>[0] = {}): Promise<number> {
  const input = buildBusiness({ placeId: `rs-${crypto.randomUUID().slice(0, 8)}-${run}`, ...overrides });
  await insert(input);
  return idOf(String(input.placeId));
}

type ReviewSeed = {
  rating?: number;
  title?: string;
  body?: string;
  name?: string;
  status?: string;
  publishedAt?: number;
  helpful?: number;
  visitMonth?: string | null;
  reply?: { body: string; by: "owner" | "admin"; at: number };
};

let seq = 0;
/** A review row as the write side leaves it; the triggers keep the business's own rating. */
async function review(businessId: number, seed: ReviewSeed = {}): Promise<number> {
  seq += 1;
  const row = await env.DB.prepare(
    `INSERT INTO reviews (business_id, email, name, rating, title, body, visit_month, status, published_at, helpful_count, reply_body, reply_by, reply_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      businessId,
      `r${seq}-${run}@example.com`,
      seed.name ?? `Reviewer ${seq}`,
      seed.rating ?? 4,
      seed.title ?? `Review title ${seq}`,
      seed.body ?? `Review text number ${seq}, long enough.`,
      seed.visitMonth ?? null,
      seed.status ?? "published",
      seed.status && seed.status !== "published" ? null : (seed.publishedAt ?? 1_780_000_000 + seq * 60),
      seed.helpful ?? 0,
      seed.reply?.body ?? null,
      seed.reply?.by ?? null,
      seed.reply?.at ?? null,
    )
    .first<{ id: number }>();
  return row!.id;
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

const page = async (path: string) => visibleText(await (await request(path)).text());

type ApiPage = { reviews: Array<{ id: number; title: string; helpfulCount: number; reply: unknown }>; next: string | null };

describe("the two ratings on the business page", () => {
  it("shows the rating written here beside Google's, each labelled with its source, never mixed", async () => {
    const id = await business({ name: `Both Ratings ${run}`, rating: 4.6, reviewCount: 203 });
    for (const rating of [5, 4, 4]) await review(id, { rating });
    const text = await page(`/business/${id}`);
    expect(text).toMatch(/LocalAtlas reviews 4\.3 [★ ]+\(3 reviews\) Google rating 4\.6 [★ ]+\(203 reviews\)/);
    // The imported rating keeps its texts; the own one has its own average, count and histogram.
    expect(text).toContain("Based on 203 reviews");
    expect(text).toContain("Based on 3 reviews");
    expect(text).toContain("Rating 4.6 / 5");
    expect(text).not.toContain("No reviews yet");
  });

  it("says 'No reviews yet' without a rating anywhere, on the page and its card", async () => {
    const name = `Unrated Place ${run}`;
    const id = await business({ name, city: `Norating${run}`, rating: 0, reviewCount: 0 });
    const text = await page(`/business/${id}`);
    expect(text).toContain("No reviews yet");
    expect(text).not.toContain("0.0");
    expect(text).not.toContain("(0 reviews)");
    expect(text).not.toContain("Based on 0 reviews");
    expect(text).not.toContain("Rating 0.0 / 5");
    const city = await page(`/city/Norating${run}`);
    expect(city).toContain(name);
    expect(city).toContain("No reviews yet");
    expect(city).not.toContain("(0 reviews)");
  });

  it("shows the own rating on a card from OWN_RATING_MIN_REVIEWS reviews, the imported one before", async () => {
    const city = `Cardtown${run}`;
    const id = await business({ name: `Card Own ${run}`, city, rating: 3.1, reviewCount: 40 });
    for (let i = 0; i < 4; i++) await review(id, { rating: 5 });
    const before = visibleText(await (await fetchWith({ OWN_RATING_MIN_REVIEWS: "5" }, `/city/${city}`)).text());
    expect(before).toMatch(/3\.1 [★ ]+\(40 reviews\)/);
    expect(before).not.toContain("LocalAtlas reviews");
    await review(id, { rating: 5 });
    const after = visibleText(await (await fetchWith({ OWN_RATING_MIN_REVIEWS: "5" }, `/city/${city}`)).text());
    expect(after).toMatch(/LocalAtlas reviews 5\.0 [★ ]+\(5 reviews\)/);
    expect(after).not.toContain("(40 reviews)");
  });
});

describe("the reviews list", () => {
  it("serves the first page newest first in the HTML, most helpful on ?reviewSort=helpful, and the next page by its cursor", async () => {
    const id = await business({ name: `Listed ${run}` });
    const ids: number[] = [];
    for (let i = 0; i < REVIEWS_PAGE_SIZE + 2; i++) {
      ids.push(
        await review(id, { title: `Listed review ${i} ${run}`, publishedAt: 1_790_000_000 + i * 86_400, helpful: i === 3 ? 50 : 0 }),
      );
    }
    await review(id, { title: `Held review ${run}`, status: "held" });
    await review(id, { title: `Unverified review ${run}`, status: "unverified" });
    await review(id, { title: `Hidden review ${run}`, status: "hidden" });

    const html = await (await request(`/business/${id}`)).text();
    const text = visibleText(html);
    const newest = `Listed review ${REVIEWS_PAGE_SIZE + 1} ${run}`;
    expect(text.indexOf(newest)).toBeGreaterThan(-1);
    expect(text.indexOf(newest)).toBeLessThan(text.indexOf(`Listed review ${REVIEWS_PAGE_SIZE} ${run}`));
    expect(text).not.toContain(`Listed review 1 ${run}`);
    expect(text).not.toMatch(/Held review|Unverified review|Hidden review/);
    expect(text).toContain(`Based on ${REVIEWS_PAGE_SIZE + 2} reviews`);
    const next = /href="([^"]*reviewsAfter=[^"#]*)/.exec(html)?.[1].replace(/&amp;/g, "&");
    expect(next).toBeTruthy();

    const second = await page(next!);
    expect(second).toContain(`Listed review 1 ${run}`);
    expect(second).toContain(`Listed review 0 ${run}`);
    expect(second).not.toContain(newest);

    const helpful = await page(`/business/${id}?reviewSort=helpful`);
    expect(helpful.indexOf(`Listed review 3 ${run}`)).toBeLessThan(helpful.indexOf(newest));
    expect(helpful).toContain("Helpful (50)");
  });

  it("shows each review's name, date, visit month, text with its line breaks, and the reply by whom and when", async () => {
    const id = await business({ name: `Detailed ${run}` });
    const reviewId = await review(id, {
      name: "Mai Anh",
      title: `Lovely broth ${run}`,
      body: "First line.\nSecond line.",
      visitMonth: "2026-09",
      publishedAt: Date.UTC(2026, 9, 5) / 1000,
      reply: { body: "Thank you for coming!", by: "owner", at: Date.UTC(2026, 9, 7) / 1000 },
    });
    await review(id, {
      title: `Operator answered ${run}`,
      reply: { body: "We checked this.", by: "admin", at: Date.UTC(2026, 9, 8) / 1000 },
    });
    const html = await (await request(`/business/${id}`)).text();
    const text = visibleText(html);
    expect(text).toContain("Mai Anh · October 2026 · Visited September 2026");
    expect(html).toContain("First line.\nSecond line.");
    expect(text).toContain("Response from the owner · October 7, 2026");
    expect(text).toContain("Response from LocalAtlas");
    expect(html).toContain(`/business/${id}/reviews/${reviewId}/report`);
    expect(html).toContain(`action="/business/${id}/reviews/${reviewId}/helpful"`);
  });

  it("reads the business page with 30 reviews in one D1 round trip, under 300 rows", async () => {
    const id = await business({ name: `Budget ${run}` });
    for (let i = 0; i < 30; i++) await review(id, { helpful: i % 7 });
    for (const path of [`/business/${id}`, `/business/${id}?reviewSort=helpful`]) {
      await fetchWith({ EDGE_CACHE: "miss" }, path);
      const second = await fetchWith({ EDGE_CACHE: "miss" }, path);
      expect(second.status).toBe(200);
      expect(roundTrips(second)).toBe(1);
      expect(rowsRead(second)).toBeLessThanOrEqual(300);
    }
  });
});

describe("GET /api/businesses/:id/reviews", () => {
  it("pages the published reviews by cursor, newest or most helpful first, and answers 404 for no business", async () => {
    const id = await business({ name: `Api Reviews ${run}` });
    for (let i = 0; i < REVIEWS_PAGE_SIZE + 3; i++) await review(id, { publishedAt: 1_800_000_000 + i, helpful: i === 0 ? 9 : 0 });
    await review(id, { status: "held", title: "never listed" });
    const first = await getJson<ApiPage>(`/api/businesses/${id}/reviews`);
    expect(first.status).toBe(200);
    expect(first.response.headers.get("Cache-Control")).toContain("public");
    expect(first.body.reviews).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(first.body.next).toBeTruthy();
    const second = await getJson<ApiPage>(`/api/businesses/${id}/reviews?cursor=${first.body.next}`);
    expect(second.body.reviews).toHaveLength(3);
    expect(second.body.next).toBeNull();
    const all = [...first.body.reviews, ...second.body.reviews];
    expect(new Set(all.map((r) => r.id)).size).toBe(REVIEWS_PAGE_SIZE + 3);
    expect(all.map((r) => r.title)).not.toContain("never listed");
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
    expect(first.body.reviews[0]).toMatchObject({ rating: 4, reply: null, visitMonth: null });
    expect(Object.keys(first.body.reviews[0]).sort()).toEqual(
      ["body", "helpfulCount", "id", "name", "publishedAt", "rating", "reply", "title", "visitMonth"].sort(),
    );

    const helpful = await getJson<ApiPage>(`/api/businesses/${id}/reviews?sort=helpful`);
    expect(helpful.body.reviews[0].helpfulCount).toBe(9);

    const summary = await getJson<{ ownReviews: { count: number } }>(`/api/businesses/${id}`);
    expect(summary.body.ownReviews.count).toBe(REVIEWS_PAGE_SIZE + 3);

    expect((await getJson(`/api/businesses/987654321/reviews`)).status).toBe(404);
  });
});

describe("the JSON-LD rating", () => {
  it("marks up aggregateRating and review from reviews written here only; none without one", async () => {
    const id = await business({ name: `Marked Up ${run}`, rating: 4.8, reviewCount: 500 });
    const [without] = jsonLd(await (await request(`/business/${id}`)).text());
    expect(without.aggregateRating).toBeUndefined();
    expect(without.review).toBeUndefined();

    await review(id, { rating: 5, name: "Lan", title: `Great ${run}`, body: "Really great place to visit." });
    await review(id, { rating: 2, status: "hidden" });
    await review(id, { rating: 4 });
    const [marked] = jsonLd(await (await request(`/business/${id}`)).text());
    expect(marked.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.5, bestRating: 5, worstRating: 1, reviewCount: 2 });
    const items = marked.review as Array<Record<string, unknown>>;
    expect(items).toHaveLength(2);
    expect(items.find((r) => r.name === `Great ${run}`)).toMatchObject({
      "@type": "Review",
      author: { "@type": "Person", name: "Lan" },
      reviewRating: { "@type": "Rating", ratingValue: 5 },
      reviewBody: "Really great place to visit.",
    });
  });
});

describe("helpful votes", () => {
  it("counts one vote per browser cookie, without JavaScript (a redirect back)", async () => {
    const id = await business({ name: `Helpful ${run}` });
    const reviewId = await review(id);
    const vote = (cookie?: string) =>
      request(`/business/${id}/reviews/${reviewId}/helpful`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: SITE_ORIGIN,
          "CF-Connecting-IP": newAddress(),
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: "",
      });
    const first = await vote();
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`/business/${id}#review-${reviewId}`);
    const setCookie = first.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^la_voter=[\w-]+;.*HttpOnly/);
    const cookie = setCookie.split(";")[0];
    expect((await vote(cookie)).status).toBe(302);
    const count = async () =>
      (await env.DB.prepare("SELECT helpful_count AS n FROM reviews WHERE id = ?").bind(reviewId).first<{ n: number }>())!.n;
    expect(await count()).toBe(1);
    // Another browser's vote counts.
    await vote();
    expect(await count()).toBe(2);
    expect(await page(`/business/${id}`)).toContain("Helpful (2)");
    // A vote from another site is refused.
    const foreign = await request(`/business/${id}/reviews/${reviewId}/helpful`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", "CF-Connecting-IP": newAddress() },
      body: "",
    });
    expect(foreign.status).toBe(403);
    expect(await count()).toBe(2);
  });
});
