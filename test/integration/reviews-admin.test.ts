/**
 * Reviews written here, moderated and answered (docs/reviews.md): the admin's Reviews tab and
 * /api/admin/reviews (held and reported reviews; publish, hide, restore, the operator's reply, each
 * audited), the owner's replies and reports, the export's Reviews sheet, a merge that moves reviews
 * and a delete-all that leaves none.
 */
import * as XLSX from "@e965/xlsx";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Business } from "#app/lib/business/business";
import { grantOwnership } from "#app/server/owners/ownership.server";
import { deleteAllBusinesses } from "#app/server/write/business-writer.server";
import { adminRequest, cookiesFrom, SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, getJson, idOf, insert, request, rowsRead, testDb } from "../helpers/factories";
import { visibleText } from "../helpers/html";

const run = crypto.randomUUID().slice(0, 8);
let ipCount = 0;
const nextIp = () => `198.51.100.${++ipCount}`;

type ReviewSeed = { status?: "published" | "held" | "hidden"; rating?: number; email?: string; heldReason?: string | null; title?: string };

/** A review row as the write flow leaves it (the triggers keep the own rating). */
async function addReview(businessId: number, seed: ReviewSeed = {}): Promise<number> {
  const status = seed.status ?? "published";
  const row = await env.DB.prepare(
    `INSERT INTO reviews (business_id, email, name, rating, title, body, status, held_reason, published_at)
     VALUES (?1, ?2, 'Ana Reviewer', ?3, ?4, 'The staff were friendly and the food arrived hot.', ?5, ?6, ?7) RETURNING id`,
  )
    .bind(
      businessId,
      seed.email ?? `${crypto.randomUUID().slice(0, 8)}@reviewer.example`,
      seed.rating ?? 4,
      seed.title ?? `Good visit ${run}`,
      status,
      seed.heldReason ?? null,
      status === "published" ? Math.floor(Date.now() / 1000) : null,
    )
    .first<{ id: number }>();
  return row?.id ?? 0;
}

async function newBusiness(name: string): Promise<number> {
  const business = buildBusiness({ name: `${name} ${run}` });
  await insert(business);
  return idOf(business.placeId ?? "");
}

const ownReviews = async (id: number) => (await getJson<Business>(`/api/businesses/${id}`)).body.ownReviews;
const decide = (body: Record<string, unknown>) =>
  adminRequest("/api/admin/reviews", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
type QueueItem = {
  id: number;
  status: string;
  heldReason: string | null;
  reportCount: number;
  reports: Array<{ reason: string; byOwner: boolean }>;
  replyBody: string | null;
  replyBy: string | null;
};
const queue = async (view: "held" | "reported" | "hidden") =>
  (await (await adminRequest(`/api/admin/reviews?view=${view}`)).json<{ items: QueueItem[]; next: string | null }>()).items;
const auditCount = (action: string, targetId: number) =>
  env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = ?1 AND target_id = ?2 AND actor = 'admin'")
    .bind(action, targetId)
    .first<{ n: number }>()
    .then((r) => r?.n ?? 0);

describe("the admin's Reviews tab and API", () => {
  it("lists held reviews and reported published ones, with the reports' reasons, never the unverified", async () => {
    const id = await newBusiness("Queue Diner");
    const held = await addReview(id, { status: "held", heldReason: "link", rating: 1 });
    const reported = await addReview(id, { rating: 2 });
    const quiet = await addReview(id, { rating: 5 });
    await env.DB.prepare("INSERT INTO review_reports (review_id, reason, note) VALUES (?1, 'offensive', 'rude words')")
      .bind(reported)
      .run();
    await env.DB.prepare("UPDATE reviews SET report_count = 1 WHERE id = ?1").bind(reported).run();

    const heldItems = await queue("held");
    expect(heldItems.find((i) => i.id === held)).toMatchObject({ status: "held", heldReason: "link" });
    expect(heldItems.map((i) => i.id)).not.toContain(reported);
    const reportedItems = await queue("reported");
    expect(reportedItems.find((i) => i.id === reported)).toMatchObject({
      reportCount: 1,
      reports: [{ reason: "offensive", byOwner: false }],
    });
    expect(reportedItems.map((i) => i.id)).not.toContain(quiet);

    // One page reads at most 300 rows, whatever the queue holds.
    for (const view of ["held", "reported"])
      expect(rowsRead(await adminRequest(`/api/admin/reviews?view=${view}`))).toBeLessThanOrEqual(300);

    const page = await adminRequest("/admin-panel/reviews");
    expect(page.status).toBe(200);
    const text = visibleText(await page.text());
    expect(text).toContain("Held by the checks");
    expect(text).toContain("Contains a link");
    const reportedPage = visibleText(await (await adminRequest("/admin-panel/reviews?view=reported")).text());
    expect(reportedPage).toContain("Offensive");
    expect(reportedPage).toContain("rude words");
  });

  it("publish, hide and restore move the page's own rating, each audited; a wrong step is refused", async () => {
    const id = await newBusiness("Rating Bistro");
    const held = await addReview(id, { status: "held", heldReason: "blocklist", rating: 2 });
    await addReview(id, { rating: 4 });
    expect(await ownReviews(id)).toMatchObject({ count: 1, average: 4 });

    const published = await decide({ action: "publish", id: held });
    expect(published.status).toBe(200);
    expect(await ownReviews(id)).toMatchObject({ count: 2, average: 3 });
    expect(await auditCount("review-publish", id)).toBe(1);
    // Publishing it again changes nothing and records nothing.
    expect((await decide({ action: "publish", id: held })).status).toBe(409);
    expect(await auditCount("review-publish", id)).toBe(1);

    await env.DB.prepare("UPDATE reviews SET report_count = 2 WHERE id = ?1").bind(held).run();
    expect((await decide({ action: "hide", id: held })).status).toBe(200);
    expect(await ownReviews(id)).toMatchObject({ count: 1, average: 4 });
    expect((await queue("reported")).map((i) => i.id)).not.toContain(held);
    // The Hidden view lists it, so the admin can bring it back.
    expect((await queue("hidden")).map((i) => i.id)).toContain(held);
    expect(await auditCount("review-hide", id)).toBe(1);

    expect((await decide({ action: "restore", id: held })).status).toBe(200);
    expect(await ownReviews(id)).toMatchObject({ count: 2, average: 3 });
    const row = await env.DB.prepare("SELECT status, report_count FROM reviews WHERE id = ?1").bind(held).first();
    expect(row).toEqual({ status: "published", report_count: 0 });
    expect(await auditCount("review-restore", id)).toBe(1);

    expect((await decide({ action: "publish", id: 999_999_999 })).status).toBe(404);
    expect((await decide({ action: "erase", id: held })).status).toBe(400);
  });

  it("restoring a reported review dismisses its reports but keeps them", async () => {
    const id = await newBusiness("Dismiss Grill");
    const review = await addReview(id);
    await env.DB.prepare("INSERT INTO review_reports (review_id, reason) VALUES (?1, 'spam')").bind(review).run();
    await env.DB.prepare("UPDATE reviews SET report_count = 1 WHERE id = ?1").bind(review).run();
    expect((await decide({ action: "restore", id: review })).status).toBe(200);
    expect((await queue("reported")).map((i) => i.id)).not.toContain(review);
    const kept = await env.DB.prepare("SELECT count(*) AS n FROM review_reports WHERE review_id = ?1").bind(review).first<{ n: number }>();
    expect(kept?.n).toBe(1);
  });

  it("the operator replies once per review and can edit the reply", async () => {
    const id = await newBusiness("Reply Cafe");
    const review = await addReview(id);
    expect((await decide({ action: "reply", id: review, body: "Thank you for visiting." })).status).toBe(200);
    expect((await decide({ action: "reply", id: review, body: "Thanks, see you soon." })).status).toBe(200);
    const row = await env.DB.prepare("SELECT reply_body, reply_by FROM reviews WHERE id = ?1").bind(review).first();
    expect(row).toEqual({ reply_body: "Thanks, see you soon.", reply_by: "admin" });
    expect(await auditCount("review-reply", id)).toBe(2);
    expect((await decide({ action: "reply", id: review, body: "   " })).status).toBe(400);
    // Only a published review gets a reply.
    const held = await addReview(id, { status: "held" });
    expect((await decide({ action: "reply", id: held, body: "Hello" })).status).toBe(409);
  });

  it("a decision that changes a review bumps the data version (cached pages show it at once); a refused one does not", async () => {
    const id = await newBusiness("Version Cafe");
    const review = await addReview(id);
    const version = async () =>
      (await env.DB.prepare("SELECT data_version AS v FROM site_stats WHERE id = 1").first<{ v: number }>())?.v ?? 0;
    const before = await version();
    expect((await decide({ action: "reply", id: review, body: "Thanks for visiting." })).status).toBe(200);
    const replied = await version();
    expect(replied).toBeGreaterThan(before);
    expect((await decide({ action: "hide", id: review })).status).toBe(200);
    const hidden = await version();
    expect(hidden).toBeGreaterThan(replied);
    expect((await decide({ action: "hide", id: review })).status).toBe(409);
    expect(await version()).toBe(hidden);
  });

  it("refuses a form posted from another site", async () => {
    const id = await newBusiness("Origin Pub");
    const review = await addReview(id, { status: "held" });
    const response = await adminRequest("/admin-panel/reviews", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "publish", id: String(review) }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const row = await env.DB.prepare("SELECT status FROM reviews WHERE id = ?1").bind(review).first();
    expect(row).toEqual({ status: "held" });
  });
});

function post(path: string, fields: Record<string, string>, cookie?: string): Promise<Response> {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: SITE_ORIGIN, "CF-Connecting-IP": nextIp() });
  if (cookie) headers.set("Cookie", cookie);
  return request(path, { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
}

async function signIn(email: string): Promise<{ cookie: string; ownerId: number }> {
  expect((await post("/owner/sign-in", { email })).status).toBe(200);
  const row = await env.DB.prepare("SELECT text_body FROM outbox WHERE to_address = ?1 ORDER BY id DESC LIMIT 1")
    .bind(email)
    .first<{ text_body: string }>();
  const url = new URL(/https:\/\/\S+/.exec(row?.text_body ?? "")?.[0] ?? "https://localatlas.test/");
  const confirmed = await post(url.pathname, { token: url.searchParams.get("token") ?? "" });
  expect(confirmed.status).toBe(302);
  const cookie = cookiesFrom(confirmed)
    .split("; ")
    .filter((c) => c.startsWith("__Host-la_owner="))
    .join("; ");
  const owner = await env.DB.prepare("SELECT id FROM owners WHERE email = ?1").bind(email).first<{ id: number }>();
  return { cookie, ownerId: owner?.id ?? 0 };
}

describe("an owner answers the reviews of their business", () => {
  it("replies (once, editable) and reports, never hides; a non-owner is refused", async () => {
    const id = await newBusiness("Owner Noodles");
    const review = await addReview(id, { rating: 1 });
    const email = `owner-${run}@owner.example`;
    const { cookie, ownerId } = await signIn(email);
    await grantOwnership(testDb(), { businessId: id, ownerId, method: "admin", actor: "admin", detail: "test" });
    const path = `/owner/businesses/${id}/reviews`;

    const page = await request(path, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(visibleText(await page.text())).toContain(`Good visit ${run}`);
    expect(visibleText(await (await request(`/owner/businesses/${id}`, { headers: { Cookie: cookie } })).text())).toContain(
      "Reviews and replies",
    );

    expect((await post(path, { intent: "reply", reviewId: String(review), body: "Sorry, we will do better." }, cookie)).status).toBe(200);
    expect((await post(path, { intent: "reply", reviewId: String(review), body: "Sorry, please come back." }, cookie)).status).toBe(200);
    const replied = await env.DB.prepare("SELECT reply_body, reply_by FROM reviews WHERE id = ?1").bind(review).first();
    expect(replied).toEqual({ reply_body: "Sorry, please come back.", reply_by: "owner" });
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'review-reply' AND actor = ?1 AND target_id = ?2",
    )
      .bind(`owner:${email}`, id)
      .first<{ n: number }>();
    expect(audit?.n).toBe(2);
    // The admin does not overwrite the owner's reply.
    expect((await decide({ action: "reply", id: review, body: "Operator here." })).status).toBe(409);

    // A report puts it in the admin's queue; the review stays published and its stars stay counted.
    expect(
      (await post(path, { intent: "report", reviewId: String(review), reason: "conflict", note: "A competitor" }, cookie)).status,
    ).toBe(200);
    expect((await post(path, { intent: "report", reviewId: String(review), reason: "spam" }, cookie)).status).toBe(409);
    const reported = await env.DB.prepare("SELECT status, report_count FROM reviews WHERE id = ?1").bind(review).first();
    expect(reported).toEqual({ status: "published", report_count: 1 });
    expect((await queue("reported")).find((i) => i.id === review)).toMatchObject({ reports: [{ reason: "conflict", byOwner: true }] });
    expect(await ownReviews(id)).toMatchObject({ count: 1 });
    // There is no "hide" for an owner: an unknown intent is a reply without a body.
    expect((await post(path, { intent: "hide", reviewId: String(review) }, cookie)).status).toBe(400);
    expect(await env.DB.prepare("SELECT status FROM reviews WHERE id = ?1").bind(review).first()).toEqual({ status: "published" });

    // Another business's review cannot be answered from this page.
    const other = await newBusiness("Other Place");
    const elsewhere = await addReview(other);
    expect((await post(path, { intent: "reply", reviewId: String(elsewhere), body: "Not mine" }, cookie)).status).toBe(409);

    // A signed-in owner of another business is refused, and a post from another site too.
    const stranger = await signIn(`stranger-${run}@owner.example`);
    expect((await request(path, { headers: { Cookie: stranger.cookie } })).status).toBe(403);
    expect((await post(path, { intent: "reply", reviewId: String(review), body: "Hijack" }, stranger.cookie)).status).toBe(403);
    const crossSite = await request(path, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": nextIp(),
      },
      body: new URLSearchParams({ intent: "reply", reviewId: String(review), body: "Forged" }),
    });
    // React Router's own action origin check may answer first (400); ours says 403.
    expect([400, 403]).toContain(crossSite.status);
    expect(await env.DB.prepare("SELECT reply_body FROM reviews WHERE id = ?1").bind(review).first()).toEqual({
      reply_body: "Sorry, please come back.",
    });
  });
});

describe("export, merge and delete-all", () => {
  it("the export has a Reviews sheet of typed cells, without the unverified reviews or the addresses", async () => {
    const id = await newBusiness("Export Tavern");
    await addReview(id, { rating: 5, title: '=HYPERLINK("x")', email: `secret-${run}@reviewer.example` });
    await env.DB.prepare(
      "INSERT INTO reviews (business_id, email, name, rating, title, body, status) VALUES (?1, 'u@x.example', 'U', 3, ?2, 'Not verified yet, not exported.', 'unverified')",
    )
      .bind(id, `Unverified ${run}`)
      .run();
    const response = await adminRequest("/api/admin/export");
    expect(response.status).toBe(200);
    const book = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array" });
    expect(book.SheetNames).toEqual(["Businesses", "Reviews"]);
    const sheet = book.Sheets.Reviews;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    const mine = rows.filter((r) => r.business_id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      business_name: `Export Tavern ${run}`,
      rating: 5,
      title: '=HYPERLINK("x")',
      status: "published",
      helpful: 0,
    });
    expect(Object.values(sheet).some((cell) => typeof cell === "object" && cell !== null && "f" in cell)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(`secret-${run}`);
  });

  it("a merge moves the removed business's reviews and own rating to the kept one (but a reviewer's second review)", async () => {
    const keep = await newBusiness("Merge Keep");
    const remove = await newBusiness("Merge Remove");
    const both = `both-${run}@reviewer.example`;
    await addReview(keep, { rating: 5, email: both });
    await addReview(remove, { rating: 1, email: both });
    const moved = await addReview(remove, { rating: 3 });
    const heldMoved = await addReview(remove, { status: "held" });
    await env.DB.prepare("INSERT OR IGNORE INTO duplicate_pairs (low_id, high_id, reason, status) VALUES (?1, ?2, 'name', 'open')")
      .bind(Math.min(keep, remove), Math.max(keep, remove))
      .run();
    const merge = await adminRequest("/api/admin/duplicates", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: "merge", keepId: keep, removeId: remove }),
    });
    expect(merge.status).toBe(200);
    expect(await ownReviews(keep)).toMatchObject({ count: 2, average: 4 });
    const rows = await env.DB.prepare("SELECT id FROM reviews WHERE business_id = ?1 ORDER BY id").bind(keep).all<{ id: number }>();
    expect(rows.results.map((r) => r.id)).toEqual(expect.arrayContaining([moved, heldMoved]));
    expect(rows.results).toHaveLength(3);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM reviews WHERE business_id = ?1").bind(remove).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("delete-all leaves no review behind", async () => {
    const id = await newBusiness("Delete All Deli");
    await addReview(id);
    await addReview(id, { status: "held" });
    // A review whose business is already gone (written while its business was deleted).
    await env.DB.prepare(
      "INSERT INTO reviews (business_id, email, name, rating, title, body, status) VALUES (999999999, 'o@x.example', 'O', 4, 'Orphan', 'A review without a business.', 'published')",
    ).run();
    await deleteAllBusinesses(testDb());
    const left = await env.DB.prepare("SELECT count(*) AS n FROM reviews").first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
