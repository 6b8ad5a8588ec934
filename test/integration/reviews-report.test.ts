/**
 * A visitor's report of a review (docs/reviews.md): the report page of a published review of that
 * business only, the report stored with its reason and the review's report_count one higher, the review
 * then in the admin's "reported" queue and still shown; a bot that fills the honeypot stores nothing.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "#app/lib/moderation/honeypot";
import { adminRequest, SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, idOf, insert, request } from "../helpers/factories";
import { visibleText } from "../helpers/html";

const run = crypto.randomUUID().slice(0, 8);
let ipCount = 0;
/** A client address of its own for each call, so the forms' rate limits never leak between tests. */
const nextIp = () => `192.0.2.${++ipCount}`;

async function newBusiness(): Promise<number> {
  const b = buildBusiness({ name: `Report Bistro ${run}` });
  await insert(b);
  return idOf(b.placeId ?? "");
}

async function addReview(businessId: number, status: "published" | "held" = "published"): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO reviews (business_id, email, name, rating, title, body, status, published_at)
     VALUES (?1, ?2, 'Bo Reviewer', 2, ?3, 'The soup was cold and the waiter ignored us.', ?4, ?5) RETURNING id`,
  )
    .bind(
      businessId,
      `${crypto.randomUUID().slice(0, 8)}@reviewer.example`,
      `Cold soup ${run}`,
      status,
      status === "published" ? Math.floor(Date.now() / 1000) : null,
    )
    .first<{ id: number }>();
  return row?.id ?? 0;
}

function post(path: string, fields: Record<string, string>): Promise<Response> {
  return request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE_ORIGIN, "CF-Connecting-IP": nextIp() },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const reportsOf = (reviewId: number) =>
  env.DB.prepare("SELECT reason, note, sender FROM review_reports WHERE review_id = ?1")
    .bind(reviewId)
    .all<{ reason: string; note: string; sender: string }>()
    .then((r) => r.results);
const reportCount = (reviewId: number) =>
  env.DB.prepare("SELECT report_count AS n FROM reviews WHERE id = ?1")
    .bind(reviewId)
    .first<{ n: number }>()
    .then((r) => r?.n);
const reportedQueue = async () =>
  (await (await adminRequest("/api/admin/reviews?view=reported")).json<{ items: Array<{ id: number; reportCount: number }> }>()).items;

describe("reporting a review", () => {
  it("shows the review and the reasons, never indexed nor cached", async () => {
    const id = await newBusiness();
    const reviewId = await addReview(id);
    const response = await request(`/business/${id}/reviews/${reviewId}/report`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    const text = visibleText(html);
    expect(text).toContain(`Cold soup ${run}`);
    expect(text).toContain("By Bo Reviewer");
    for (const label of ["Spam or advertising", "Offensive or hateful", "Not about this business", "Something else"])
      expect(text).toContain(label);
    expect(html.match(/<input[^>]*name="reason"[^>]*type="radio"|<input[^>]*type="radio"[^>]*name="reason"/g) ?? []).toHaveLength(5);
  });

  it("stores the report, counts it and puts the review in the admin's reported queue, still shown", async () => {
    const id = await newBusiness();
    const reviewId = await addReview(id);
    const response = await post(`/business/${id}/reviews/${reviewId}/report`, { reason: "offensive", note: "Insults the staff by name." });
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain("Thanks — our team will look at this review.");
    const reports = await reportsOf(reviewId);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ reason: "offensive", note: "Insults the staff by name." });
    expect(reports[0].sender).not.toBe("");
    expect(await reportCount(reviewId)).toBe(1);
    expect((await reportedQueue()).find((item) => item.id === reviewId)).toMatchObject({ reportCount: 1 });
    // Reported reviews stay shown until the admin hides one.
    expect(visibleText(await (await request(`/business/${id}`)).text())).toContain(`Cold soup ${run}`);
  });

  it("refuses a report without a known reason, and stores nothing", async () => {
    const id = await newBusiness();
    const reviewId = await addReview(id);
    const response = await post(`/business/${id}/reviews/${reviewId}/report`, { reason: "boring" });
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Choose a reason.");
    expect(await reportsOf(reviewId)).toHaveLength(0);
    expect(await reportCount(reviewId)).toBe(0);
  });

  it("answers 404 for a held review, a review of another business and an unknown one", async () => {
    const id = await newBusiness();
    const other = await newBusiness();
    const held = await addReview(id, "held");
    const published = await addReview(id);
    expect((await request(`/business/${id}/reviews/${held}/report`)).status).toBe(404);
    expect((await request(`/business/${other}/reviews/${published}/report`)).status).toBe(404);
    expect((await request(`/business/${id}/reviews/999999999/report`)).status).toBe(404);
    expect((await post(`/business/${id}/reviews/${held}/report`, { reason: "spam" })).status).toBe(404);
    expect((await post(`/business/${other}/reviews/${published}/report`, { reason: "spam" })).status).toBe(404);
    expect(await reportsOf(held)).toHaveLength(0);
    expect(await reportsOf(published)).toHaveLength(0);
    expect(await reportCount(held)).toBe(0);
  });

  it("tells a bot that fills the honeypot it worked, and stores nothing", async () => {
    const id = await newBusiness();
    const reviewId = await addReview(id);
    const response = await post(`/business/${id}/reviews/${reviewId}/report`, { reason: "spam", [HONEYPOT_FIELD]: "http://spam.example" });
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain("Thanks — our team will look at this review.");
    expect(await reportsOf(reviewId)).toHaveLength(0);
    expect(await reportCount(reviewId)).toBe(0);
  });

  it("speaks the page's language under /vi/", async () => {
    const id = await newBusiness();
    const reviewId = await addReview(id);
    const text = visibleText(await (await request(`/vi/business/${id}/reviews/${reviewId}/report`)).text());
    expect(text).toContain("Báo cáo đánh giá");
    expect(text).toContain("Thư rác hoặc quảng cáo");
  });
});
