import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Business } from "#app/lib/business/business";
import { HONEYPOT_FIELD } from "#app/lib/moderation/honeypot";
import { SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, getJson, idOf, insert, request } from "../helpers/factories";
import { visibleText } from "../helpers/html";
import { startOfRateWindow } from "../helpers/rate-window";

// Writing a review (docs/reviews.md): the form, stored unverified until the e-mailed link (read from
// the outbox) is followed; the checks that hold it; the reviewer's manage link that deletes it.

const run = crypto.randomUUID().slice(0, 8);
let ipCount = 0;
/** A client address of its own for each call site, so the forms' rate limits never leak between tests. */
const nextIp = () => `203.0.113.${++ipCount}`;

const BODY = "The staff were friendly and the repair was done the same afternoon.";
const CHECK_MAIL = "Check your e-mail to publish your review";

function post(path: string, fields: Record<string, string>, ip = nextIp()): Promise<Response> {
  return request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE_ORIGIN, "CF-Connecting-IP": ip },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function newBusiness(): Promise<number> {
  const b = buildBusiness();
  await insert(b);
  return idOf(b.placeId ?? "");
}

type Fields = { rating?: string; title?: string; body?: string; visitMonth?: string; name?: string; email: string };
/** The form's fields; each test's default text is its own (the same text on three businesses is held). */
const review = (fields: Fields) => ({
  rating: "4",
  title: "Quick and kind",
  body: `${BODY} (${fields.email})`,
  name: "Lan",
  visitMonth: "",
  ...fields,
});

async function mailTo(email: string): Promise<{ confirm: URL; manage: URL; subject: string; html: string }> {
  const row = await env.DB.prepare("SELECT subject, text_body, html_body FROM outbox WHERE to_address = ?1 ORDER BY id DESC LIMIT 1")
    .bind(email)
    .first<{ subject: string; text_body: string; html_body: string }>();
  if (!row) throw new Error(`no e-mail to ${email}`);
  const links = row.text_body.match(/https:\/\/\S+/g) ?? [];
  const confirm = links.find((l) => l.includes("/reviews/confirm"));
  const manage = links.find((l) => l.includes("/manage"));
  if (!confirm || !manage) throw new Error(`no links in the e-mail to ${email}`);
  return { confirm: new URL(confirm), manage: new URL(manage), subject: row.subject, html: row.html_body };
}

type Row = { id: number; status: string; held_reason: string | null; title: string; body: string; history: string };
const rowOf = (businessId: number, email: string) =>
  env.DB.prepare("SELECT id, status, held_reason, title, body, history FROM reviews WHERE business_id = ?1 AND email = ?2")
    .bind(businessId, email)
    .first<Row>();
const countOf = async (businessId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM reviews WHERE business_id = ?1").bind(businessId).first<{ n: number }>())?.n ?? 0;
const ownReviews = async (id: number) => (await getJson<Business>(`/api/businesses/${id}`)).body.ownReviews;

/** Writes a review and follows its link; the answer of the link's POST. */
async function writeAndConfirm(businessId: number, fields: Fields): Promise<Response> {
  expect((await post(`/business/${businessId}/review`, review(fields))).status).toBe(200);
  const { confirm } = await mailTo(fields.email);
  return post(confirm.pathname, { token: confirm.searchParams.get("token") ?? "" });
}

describe("writing a review", () => {
  it("is stored unverified and shown nowhere until the e-mailed link is followed; then it is published and the own rating counts it", async () => {
    const id = await newBusiness();
    const form = await request(`/business/${id}/review`);
    expect(form.status).toBe(200);
    expect(form.headers.get("Cache-Control")).toBe("private, no-store");
    const formHtml = await form.text();
    expect(formHtml).toMatch(/<meta name="robots" content="noindex/);
    expect(visibleText(formHtml)).toContain("Your e-mail is never shown; we send a link to publish your review.");
    expect(formHtml).toContain('type="month"');
    expect(
      (formHtml.match(/<input[^>]*>/g) ?? []).filter((tag) => tag.includes('type="radio"') && tag.includes('name="rating"')),
    ).toHaveLength(5);
    expect(visibleText(formHtml)).toContain("4 stars");
    expect((await request(`/business/999999999/review`)).status).toBe(404);

    const email = `lan-${run}@reviewer.example`;
    const sent = await post(`/business/${id}/review`, review({ email: ` Lan-${run}@Reviewer.example `, title: "Unverified visit" }));
    expect(sent.status).toBe(200);
    expect(visibleText(await sent.text())).toContain(CHECK_MAIL);
    expect((await rowOf(id, email))?.status).toBe("unverified");
    expect(visibleText(await (await request(`/business/${id}`)).text())).not.toContain("Unverified visit");
    expect((await ownReviews(id)).count).toBe(0);

    const mail = await mailTo(email);
    expect(mail.subject).toContain("Publish your review of");
    const token = mail.confirm.searchParams.get("token") ?? "";
    // Only the token's hash is stored; opening the page publishes nothing.
    expect(await env.DB.prepare("SELECT 1 FROM review_links WHERE token_hash = ?1").bind(token).first()).toBeNull();
    const opened = await request(`${mail.confirm.pathname}?token=${token}`);
    expect(opened.headers.get("Cache-Control")).toBe("private, no-store");
    expect(visibleText(await opened.text())).toContain("Publish my review");
    expect((await rowOf(id, email))?.status).toBe("unverified");

    const confirmed = await post(mail.confirm.pathname, { token });
    expect(confirmed.status).toBe(200);
    expect(visibleText(await confirmed.text())).toContain("Your review is published");
    expect((await rowOf(id, email))?.status).toBe("published");
    expect(await ownReviews(id)).toMatchObject({ count: 1, average: 4 });
  });

  it("refuses a replayed, an expired and a forged link, and nothing changes", async () => {
    const id = await newBusiness();
    const email = `replay-${run}@reviewer.example`;
    const first = await writeAndConfirm(id, { email, rating: "5" });
    expect(first.status).toBe(200);
    const { confirm } = await mailTo(email);
    const replay = await post(confirm.pathname, { token: confirm.searchParams.get("token") ?? "" });
    expect(replay.status).toBe(400);
    expect(visibleText(await replay.text())).toContain("This link has already been used or has expired.");
    expect(await ownReviews(id)).toMatchObject({ count: 1, average: 5 });

    const late = `late-${run}@reviewer.example`;
    expect((await post(`/business/${id}/review`, review({ email: late }))).status).toBe(200);
    const lateRow = await rowOf(id, late);
    await env.DB.prepare("UPDATE review_links SET expires_at = unixepoch() - 1 WHERE review_id = ?1").bind(lateRow?.id).run();
    const lateLink = (await mailTo(late)).confirm;
    expect((await post(lateLink.pathname, { token: lateLink.searchParams.get("token") ?? "" })).status).toBe(400);
    expect((await rowOf(id, late))?.status).toBe("unverified");

    expect((await post("/reviews/confirm", { token: "A".repeat(43) })).status).toBe(400);
    expect((await post("/reviews/confirm", { token: "<script>" })).status).toBe(400);
    expect(await ownReviews(id)).toMatchObject({ count: 1, average: 5 });
  });

  it("takes at most the limit from one address in a minute, the rest 429", async () => {
    const id = await newBusiness();
    const ip = nextIp();
    const statuses: number[] = [];
    await startOfRateWindow();
    for (let i = 0; i < 50; i++) {
      statuses.push((await post(`/business/${id}/review`, review({ email: `flood-${i}-${run}@reviewer.example` }), ip)).status);
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40);
    expect(await countOf(id)).toBeLessThanOrEqual(10);
  });

  it("holds the same text on a third business, and a text with a link, when their links are followed", async () => {
    const [a, b, c] = [await newBusiness(), await newBusiness(), await newBusiness()];
    const text = `We came back three times this month, copied text ${run}, always great service.`;
    for (const [i, id] of [a, b].entries()) {
      expect((await writeAndConfirm(id, { email: `copy-${i}-${run}@reviewer.example`, body: text })).status).toBe(200);
    }
    const third = await writeAndConfirm(c, { email: `copy-2-${run}@reviewer.example`, body: text });
    expect(visibleText(await third.text())).toContain("Your review will appear once our team has looked at it.");
    expect(await rowOf(c, `copy-2-${run}@reviewer.example`)).toMatchObject({ status: "held", held_reason: "repeated" });
    expect((await ownReviews(c)).count).toBe(0);

    const linked = `link-${run}@reviewer.example`;
    await writeAndConfirm(a, { email: linked, body: "Great place, see more photos at https://spam.example/deal today" });
    expect(await rowOf(a, linked)).toMatchObject({ status: "held", held_reason: "link" });
  });

  it("stores HTML as text (escaped on the page), cleans control characters, refuses a 100 KB body", async () => {
    const id = await newBusiness();
    const email = `html-${run}@reviewer.example`;
    const body = `Nice <script>alert("x")</script> <b>bold</b> visit\u0000\u0007 with more words to pass.`;
    const sent = await post(`/business/${id}/review`, review({ email, title: "Tags <img src=x onerror=alert(1)>", body }));
    expect(sent.status).toBe(200);
    const row = await rowOf(id, email);
    expect(row?.body).toContain('<script>alert("x")</script>');
    expect(row?.body).not.toMatch(/[\u0000-\u0008]/);
    const { manage } = await mailTo(email);
    const page = await (await request(`${manage.pathname}${manage.search}`)).text();
    expect(page).toContain("&lt;script&gt;");
    expect(page).not.toContain('<script>alert("x")');
    expect(page).not.toContain("<img src=x");

    const big = `huge-${run}@reviewer.example`;
    const tooLarge = await post(`/business/${id}/review`, review({ email: big, body: "x".repeat(100 * 1024) }));
    expect(tooLarge.status).toBe(413);
    expect(await rowOf(id, big)).toBeNull();
  });

  it("keeps the values and says what is wrong; a trapped bot is thanked and nothing is stored", async () => {
    const id = await newBusiness();
    const email = `short-${run}@reviewer.example`;
    const future = `${new Date().getUTCFullYear() + 1}-01`;
    const refused = await post(
      `/business/${id}/review`,
      review({ email, rating: "9", body: "Too short", visitMonth: future, name: "Kept Name" }),
    );
    expect(refused.status).toBe(400);
    const text = visibleText(await refused.text());
    expect(text).toContain("Choose 1 to 5 stars.");
    expect(text).toContain("Write at least 20 characters.");
    expect(text).toContain("Choose a month that is not in the future.");
    expect(await rowOf(id, email)).toBeNull();

    const bot = `bot-${run}@reviewer.example`;
    const trapped = await post(`/business/${id}/review`, { ...review({ email: bot }), [HONEYPOT_FIELD]: "x" });
    expect(trapped.status).toBe(200);
    expect(visibleText(await trapped.text())).toContain(CHECK_MAIL);
    expect(await rowOf(id, bot)).toBeNull();
  });

  it("an edit replaces the review, keeps its history and waits for the new link; the manage link deletes it and the rating goes back", async () => {
    const id = await newBusiness();
    const email = `edit-${run}@reviewer.example`;
    await writeAndConfirm(id, { email, rating: "2", title: "First version" });
    expect(await ownReviews(id)).toMatchObject({ count: 1, average: 2 });
    const { manage } = await mailTo(email);

    // The manage page's Edit opens the form filled with the review.
    const managePage = await (await request(`${manage.pathname}${manage.search}`)).text();
    const edit = /href="([^"]*\/review\?review=[^"]*)"/.exec(managePage)?.[1]?.replace(/&amp;/g, "&");
    expect(edit).toBeDefined();
    expect(await (await request(edit ?? "")).text()).toContain("First version");

    expect((await post(`/business/${id}/review`, review({ email, rating: "5", title: "Second version" }))).status).toBe(200);
    const replaced = await rowOf(id, email);
    expect(replaced).toMatchObject({ status: "unverified", title: "Second version" });
    expect(JSON.parse(replaced?.history ?? "[]")).toEqual([
      expect.objectContaining({ rating: 2, title: "First version", body: `${BODY} (${email})` }),
    ]);
    expect((await ownReviews(id)).count).toBe(0);
    const { confirm } = await mailTo(email);
    expect((await post(confirm.pathname, { token: confirm.searchParams.get("token") ?? "" })).status).toBe(200);
    expect(await ownReviews(id)).toMatchObject({ count: 1, average: 5 });
    expect(await countOf(id)).toBe(1);

    const wrong = await post(manage.pathname, { token: "0".repeat(64) });
    expect(wrong.status).toBe(403);
    expect((await request(`${manage.pathname}?token=${"0".repeat(64)}`)).status).toBe(403);
    expect(await countOf(id)).toBe(1);

    const deleted = await post(manage.pathname, { token: manage.searchParams.get("token") ?? "" });
    expect(deleted.status).toBe(200);
    expect(visibleText(await deleted.text())).toContain("Your review has been deleted.");
    expect(await countOf(id)).toBe(0);
    expect((await ownReviews(id)).count).toBe(0);
    const audit = await env.DB.prepare("SELECT actor FROM audit_log WHERE action = 'review-delete' AND actor = ?1")
      .bind(`reviewer:${email}`)
      .first();
    expect(audit).not.toBeNull();
  });

  it("shows the form in Vietnamese under /vi and e-mails in Vietnamese", async () => {
    const id = await newBusiness();
    const page = visibleText(await (await request(`/vi/business/${id}/review`)).text());
    expect(page).toContain("Viết đánh giá");
    expect(page).toContain("Địa chỉ thư điện tử của bạn không bao giờ được hiển thị");
    expect(page).not.toContain("Your e-mail is never shown");
    const email = `vi-${run}@reviewer.example`;
    expect((await post(`/vi/business/${id}/review`, review({ email }))).status).toBe(200);
    const mail = await mailTo(email);
    expect(mail.subject).toContain("Đăng đánh giá của bạn về");
    expect(mail.confirm.pathname).toBe("/vi/reviews/confirm");
  });
});
