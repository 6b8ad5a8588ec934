/**
 * The admin's moderation queue (docs/people.md): what visitors and owners sent is shown beside the
 * business's current values, and each decision — approve (as sent, or edited), reject, bulk reject —
 * goes through the write path with its audit row and the request's status in the same batch. The
 * queue pages O(page) rows at any size; approving one suggestion writes at most 1,000 rows.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DecisionResult, QueuePage } from "#app/lib/admin/admin-moderation";
import type { Business } from "#app/lib/business/business";
import type { SubmissionKind, SubmissionPayload } from "#app/lib/moderation/submission";
import { createSubmission } from "#app/server/moderation/submissions.server";
import { insertBatch } from "#app/server/write/business-writer.server";
import { adminRequest } from "../helpers/admin";
import { buildBusiness, getJson, idOf, insert, request, rowsRead, rowsWritten, testDb } from "../helpers/factories";
import { visibleText } from "../helpers/html";
import { TEST_ADMIN_USERNAME } from "../setup/admin-credentials";

const post = (path: string, body: unknown) =>
  adminRequest(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

async function decide(body: Record<string, unknown>) {
  const response = await post("/api/admin/submissions", body);
  return { status: response.status, body: (await response.json()) as DecisionResult, response };
}

async function submit<K extends SubmissionKind>(
  kind: K,
  payload: Partial<SubmissionPayload[K]>,
  extra: { businessId?: number | null; ownerId?: number | null; contactEmail?: string | null; locale?: string } = {},
): Promise<number> {
  return createSubmission(testDb(), { kind, payload: payload as SubmissionPayload[K], sender: "test-sender", locale: "en", ...extra });
}

async function business(id: number): Promise<Business> {
  const { status, body } = await getJson<Business>(`/api/businesses/${id}`);
  expect(status).toBe(200);
  return body;
}

async function auditOf(action: string, detailLike: string) {
  const { results } = await env.DB.prepare(
    "SELECT actor, action, detail, target_id AS targetId FROM audit_log WHERE action = ?1 AND detail LIKE ?2",
  )
    .bind(action, `%${detailLike}%`)
    .all<{ actor: string; action: string; detail: string; targetId: number | null }>();
  return results;
}

async function submissionState(id: number) {
  return env.DB.prepare(
    "SELECT status, decided_by AS decidedBy, decided_at AS decidedAt, note, business_id AS businessId FROM submissions WHERE id = ?1",
  )
    .bind(id)
    .first<{ status: string; decidedBy: string | null; decidedAt: number | null; note: string; businessId: number | null }>();
}

async function outboxTo(address: string) {
  const { results } = await env.DB.prepare(
    "SELECT subject, text_body AS text, html_body AS html FROM outbox WHERE to_address = ?1 ORDER BY id",
  )
    .bind(address)
    .all<{ subject: string; text: string; html: string }>();
  return results;
}

async function newBusiness(overrides: Parameters<typeof buildBusiness>[0] = {}) {
  const input = buildBusiness(overrides);
  await insert(input);
  return { id: await idOf(input.placeId!), input };
}

describe("approving a suggested edit", () => {
  it("puts the new hours and phone on the page and in the API as the visitor's, audited; a re-import in update mode keeps them", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const monday = "9:00 AM - 5:00 PM";
    const { id, input } = await newBusiness({
      name: `Corner Bakery ${run}`,
      openingHours: { Monday: monday, Tuesday: monday },
      timeZone: "America/Chicago",
    });
    const email = `visitor-${run}@example.com`;
    const submissionId = await submit(
      "edit",
      { openingHours: { Monday: "7:15 AM - 3:45 PM" }, phone: "(217) 555-0199", note: "New owner, new hours" },
      { businessId: id, contactEmail: email },
    );

    // Nothing shows before approval.
    expect((await business(id)).openingHours?.Monday).toBe(monday);

    // The queue shows the current value beside the proposed one.
    const queue = await getJson<QueuePage>(`/api/admin/submissions?kind=edit`);
    // (an admin API: getJson has no cookie) → through the admin.
    expect(queue.status).toBe(401);
    const listed = (await (await adminRequest("/api/admin/submissions?kind=edit")).json()) as QueuePage;
    const item = listed.items.find((i) => i.id === submissionId);
    expect(item).toMatchObject({ kind: "edit", status: "pending", businessId: id, payload: { phone: "(217) 555-0199" } });
    expect(item!.business).toMatchObject({ id, phone: input.phone, openingHours: { Monday: monday } });
    const tab = visibleText(await (await adminRequest("/admin-panel/moderation?kind=edit")).text());
    expect(tab).toContain("7:15 AM - 3:45 PM");
    expect(tab).toContain(monday);

    const approved = await decide({ action: "approve", id: submissionId });
    expect(approved.status).toBe(200);
    expect(approved.body.ok).toBe(true);
    expect(rowsWritten(approved.response)).toBeLessThanOrEqual(1000);

    const after = await business(id);
    expect(after.openingHours).toEqual({ Monday: "7:15 AM - 3:45 PM", Tuesday: monday });
    expect(after.phone).toBe("(217) 555-0199");
    expect(after.factSources.hours?.by).toBe("visitor");
    expect(after.factSources.phone?.by).toBe("visitor");
    expect(after.factSources.website).toBeUndefined();
    const page = visibleText(await (await request(`/business/${id}`)).text());
    expect(page).toContain("7:15");
    const edited = await env.DB.prepare("SELECT edited_fields FROM businesses WHERE id = ?1").bind(id).first<{ edited_fields: string }>();
    expect(JSON.parse(edited!.edited_fields)).toEqual(expect.arrayContaining(["opening_hours", "phone"]));

    expect(await submissionState(submissionId)).toMatchObject({ status: "approved", decidedBy: TEST_ADMIN_USERNAME });
    expect(await auditOf("submission-approve", `request ${submissionId} `)).toEqual([
      expect.objectContaining({ actor: TEST_ADMIN_USERNAME, targetId: id }),
    ]);
    const mail = await outboxTo(email);
    expect(mail.map((m) => m.subject)).toEqual([expect.stringContaining("Your suggestion was approved")]);

    // A re-import in update mode: the file's hours and phone do not overwrite the approved ones.
    const outcome = await insertBatch(
      testDb(),
      [{ ...input, openingHours: { Monday: "10:00 AM - 2:00 PM" }, phone: "(217) 555-0000", rating: 3.9, reviewCount: 99 }],
      { refresh: true },
    );
    expect(outcome.updated).toBe(1);
    const reimported = await business(id);
    expect(reimported.rating).toBe(3.9);
    expect(reimported.openingHours?.Monday).toBe("7:15 AM - 3:45 PM");
    expect(reimported.phone).toBe("(217) 555-0199");

    // Decided already: refused, nothing written.
    const again = await decide({ action: "reject", id: submissionId });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, message: expect.stringContaining("already approved") });
    expect((await submissionState(submissionId))?.status).toBe("approved");
  });

  it("applies the admin's edited values instead, checked by the same schema", async () => {
    const { id } = await newBusiness({ openingHours: { Friday: "9:00 AM - 5:00 PM" } });
    const submissionId = await submit("edit", { openingHours: { Friday: "8:00 AM - 8:00 PM" } }, { businessId: id });
    const bad = await decide({ action: "approve", id: submissionId, payload: { website: "javascript:alert(1)" } });
    expect(bad.status).toBe(409);
    expect((await submissionState(submissionId))?.status).toBe("pending");

    const ok = await decide({ action: "approve", id: submissionId, payload: { openingHours: { Friday: "8:00 AM - 6:00 PM" } } });
    expect(ok.status).toBe(200);
    expect((await business(id)).openingHours?.Friday).toBe("8:00 AM - 6:00 PM");
  });

  it("approves through the tab's form, and refuses an approval once the business is gone (rejecting still clears it)", async () => {
    const { id } = await newBusiness();
    const closedId = await submit("closed", { closure: "permanently" }, { businessId: id });
    const form = new URLSearchParams({ intent: "approve", id: String(closedId), closure: "temporarily", decisionNote: "Checked by phone" });
    const response = await adminRequest("/admin-panel/moderation", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
    });
    expect(response.status).toBe(200);
    const after = await business(id);
    expect(after.businessStatus).toBe("CLOSED_TEMPORARILY");
    expect(after.factSources.status?.by).toBe("visitor");
    expect(await submissionState(closedId)).toMatchObject({ status: "approved", note: "Checked by phone" });

    const suggestion = await submit("edit", { phone: "(217) 555-0123" }, { businessId: id });
    expect((await adminRequest(`/api/admin/businesses/${id}`, { method: "DELETE" })).status).toBe(200);
    const refused = await decide({ action: "approve", id: suggestion });
    expect(refused.status).toBe(409);
    expect(refused.body.ok ? "" : refused.body.message).toContain("no longer exists");
    expect((await submissionState(suggestion))?.status).toBe("pending");
    expect((await decide({ action: "reject", id: suggestion })).status).toBe(200);
  });
});

describe("rejecting", () => {
  it("changes nothing on the business, is audited and tells the sender", async () => {
    const { id, input } = await newBusiness();
    const email = `reject-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const submissionId = await submit("edit", { phone: "(217) 555-0777" }, { businessId: id, contactEmail: email });
    const before = await business(id);
    const rejected = await decide({ action: "reject", id: submissionId, note: "Number <b>not</b> confirmed" });
    expect(rejected.status).toBe(200);
    const after = await business(id);
    expect(after.phone).toBe(input.phone);
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(after.factSources).toEqual({});
    expect(await submissionState(submissionId)).toMatchObject({ status: "rejected", note: "Number <b>not</b> confirmed" });
    expect(await auditOf("submission-reject", `request ${submissionId} `)).toHaveLength(1);
    const [mail] = await outboxTo(email);
    expect(mail.subject).toContain("Your suggestion was not applied");
    expect(mail.html).toContain("Number &#60;b&#62;not&#60;/b&#62; confirmed");
    expect(mail.html).not.toContain("<b>not</b>");
  });

  it("tells the sender in the language of the page they wrote from, linking that language's page", async () => {
    const { id } = await newBusiness();
    const email = `vi-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const submissionId = await submit("edit", { phone: "(217) 555-0778" }, { businessId: id, contactEmail: email, locale: "vi" });
    expect((await decide({ action: "approve", id: submissionId })).status).toBe(200);
    const [mail] = await outboxTo(email);
    expect(mail.subject).toContain("Đề xuất của bạn đã được duyệt");
    expect(mail.text).toContain("thay đổi bạn đề xuất đã được duyệt");
    expect(mail.text).toContain(`https://localatlas.test/vi/business/${id}`);
  });

  it("rejects selected requests in bulk in one call, each audited, at most 100", async () => {
    const { id } = await newBusiness();
    const ids = [
      await submit("edit", { phone: "(217) 555-0001" }, { businessId: id }),
      await submit("closed", { closure: "temporarily" }, { businessId: id }),
      await submit("advertise", { contactName: "Spam", businessName: "Spam Inc" }),
    ];
    const decided = await submit("edit", { phone: "(217) 555-0002" }, { businessId: id });
    expect((await decide({ action: "reject", id: decided })).status).toBe(200);
    const counts = async () => ((await (await adminRequest("/api/admin/submissions")).json()) as QueuePage).counts;
    const before = await counts();

    const response = await post("/api/admin/submissions/bulk-reject", { ids: [...ids, decided], note: "spam" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ rejected: 3 });
    for (const s of ids) expect((await submissionState(s))?.status).toBe("rejected");
    for (const s of ids) expect(await auditOf("submission-reject", `request ${s} `)).toHaveLength(1);
    const after = await counts();
    expect(after.pending.edit).toBe(before.pending.edit - 1);
    expect(after.rejected.advertise).toBe(before.rejected.advertise + 1);

    const tooMany = await post("/api/admin/submissions/bulk-reject", { ids: Array.from({ length: 101 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
  });
});

describe("approving the other kinds", () => {
  it("an addition: shows the likely duplicates first, then creates the business on its city page with the visitor as its facts' source", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const city = `Riverton ${run}`;
    const { id: existing } = await newBusiness({ name: `Lakeside Bakery ${run}`, phone: "+1 (307) 555-0142", city });
    const submissionId = await submit(
      "addition",
      {
        name: `Lakeside Bakery ${run}`,
        category: "Bakery",
        address: "12 River Rd",
        city,
        state: "Wyoming",
        country: "United States",
        phone: "(307) 555-0142",
        openingHours: { Saturday: "8:00 AM - 1:00 PM" },
      },
      { contactEmail: `add-${run}@example.com` },
    );
    const page = (await (await adminRequest("/api/admin/submissions?kind=addition")).json()) as QueuePage;
    const item = page.items.find((i) => i.id === submissionId)!;
    expect(item.likelyDuplicates).toEqual([expect.objectContaining({ id: existing, samePhone: true })]);
    const tab = await (await adminRequest("/admin-panel/moderation?kind=addition")).text();
    const text = visibleText(tab);
    expect(text).toContain("Possibly already listed");
    expect(text.indexOf("Possibly already listed")).toBeLessThan(text.indexOf("12 River Rd"));

    const approved = await decide({
      action: "approve",
      id: submissionId,
      payload: { ...item.payload, name: `Lakeside Bakery ${run} West` },
    });
    expect(approved.status).toBe(200);
    const created = approved.body.ok ? approved.body.businessId : null;
    expect(created).toBeGreaterThan(existing);
    const added = await business(created!);
    expect(added).toMatchObject({ name: `Lakeside Bakery ${run} West`, city, phone: "(307) 555-0142" });
    expect(added.factSources.hours?.by).toBe("visitor");
    expect(added.factSources.address?.by).toBe("visitor");
    expect(await submissionState(submissionId)).toMatchObject({ status: "approved", businessId: created });
    const cityPage = visibleText(await (await request(`/city/${encodeURIComponent(city)}`)).text());
    expect(cityPage).toContain(`Lakeside Bakery ${run} West`);
    expect(await auditOf("submission-approve", `request ${submissionId} `)).toEqual([expect.objectContaining({ targetId: created })]);
  });

  it("a claim: the owner becomes a verified owner, the business shows claimed, the owner is told", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const { id } = await newBusiness({ name: `Claimed Cafe ${run}` });
    const email = `owner-${run}@example.com`;
    const owner = await env.DB.prepare("INSERT INTO owners (email) VALUES (?1) RETURNING id").bind(email).first<{ id: number }>();
    const submissionId = await submit(
      "claim",
      { evidence: "I hold the lease; call the number on the listing." },
      { businessId: id, ownerId: owner!.id },
    );
    const page = (await (await adminRequest("/api/admin/submissions?kind=claim")).json()) as QueuePage;
    expect(page.items.find((i) => i.id === submissionId)).toMatchObject({
      ownerEmail: email,
      payload: { evidence: expect.stringContaining("lease") },
    });

    expect((await business(id)).claimed).toBe(false);
    const approved = await decide({ action: "approve", id: submissionId });
    expect(approved.status).toBe(200);
    expect((await business(id)).claimed).toBe(true);
    const claim = await env.DB.prepare("SELECT method, revoked_at FROM business_owners WHERE business_id = ?1 AND owner_id = ?2")
      .bind(id, owner!.id)
      .first<{ method: string; revoked_at: number | null }>();
    expect(claim).toEqual({ method: "admin", revoked_at: null });
    expect(await auditOf("claim-verify", email)).toHaveLength(1);
    expect(await auditOf("submission-approve", `request ${submissionId} `)).toHaveLength(1);
    expect((await outboxTo(email)).map((m) => m.subject)).toEqual([expect.stringContaining("Your claim was approved")]);

    // The Owners tab lists it; Revoke ends it and the mark goes.
    const owners = visibleText(await (await adminRequest("/admin-panel/owners")).text());
    expect(owners).toContain(email);
    expect(owners).toContain(`Claimed Cafe ${run}`);
    const revoke = await adminRequest("/admin-panel/owners", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "revoke", businessId: String(id), ownerId: String(owner!.id) }),
    });
    expect(revoke.status).toBe(200);
    expect((await business(id)).claimed).toBe(false);
    expect(await auditOf("claim-revoke", email)).toHaveLength(1);
  });

  it("an advertising request: features the business the admin names until the date; the feature call ends it", async () => {
    const { id } = await newBusiness();
    const submissionId = await submit("advertise", { contactName: "Ana", businessName: "Ana's Shop", website: "https://ana.example" });
    const noDate = await decide({ action: "approve", id: submissionId, businessId: id });
    expect(noDate.status).toBe(409);
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const approved = await decide({ action: "approve", id: submissionId, businessId: id, until });
    expect(approved.status).toBe(200);
    expect((await business(id)).featured).toBe(true);
    const stored = await env.DB.prepare("SELECT featured_until FROM businesses WHERE id = ?1").bind(id).first<{ featured_until: number }>();
    expect(new Date(stored!.featured_until * 1000).toISOString().slice(0, 10)).toBe(until);
    expect(await submissionState(submissionId)).toMatchObject({ status: "approved", businessId: id });
    expect(await auditOf("feature", `until ${until}`)).toEqual([expect.objectContaining({ targetId: id })]);

    const end = await post(`/api/admin/businesses/${id}/feature`, { end: true });
    expect(end.status).toBe(200);
    expect((await business(id)).featured).toBe(false);
    expect(await auditOf("unfeature", `business ${id} `)).toHaveLength(1);
    const again = await post(`/api/admin/businesses/${id}/feature`, { until });
    expect(again.status).toBe(200);
    expect((await business(id)).featured).toBe(true);
    expect((await post(`/api/admin/businesses/${id}/feature`, { until: "2001-01-01" })).status).toBe(400);
  });

  it("a duplicate report: merges the reported listing into the other, whose URLs it then leads to", async () => {
    const { id: kept } = await newBusiness();
    const { id: reported } = await newBusiness();
    const submissionId = await submit("duplicate", { duplicateOfId: kept }, { businessId: reported });
    const approved = await decide({ action: "approve", id: submissionId });
    expect(approved.status).toBe(200);
    const gone = await request(`/business/${reported}`, { redirect: "manual" });
    expect(gone.status).toBe(301);
    expect(gone.headers.get("Location")).toBe(`/business/${kept}`);
    expect(await auditOf("merge", `business ${reported} `)).toHaveLength(1);
    expect(await submissionState(submissionId)).toMatchObject({ status: "approved", businessId: kept });
  });
});

describe("the queue at thousands of requests", () => {
  it("reads at most 300 rows a page, on the API and the tab, for every filter", async () => {
    const { id } = await newBusiness();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
       INSERT INTO submissions (kind, business_id, payload, sender)
       SELECT CASE i % 3 WHEN 0 THEN 'edit' WHEN 1 THEN 'closed' ELSE 'duplicate' END, ?1,
         CASE i % 3 WHEN 0 THEN '{"phone":"(217) 555-0100"}' WHEN 1 THEN '{"closure":"temporarily"}' ELSE '{"duplicateOfId":' || ?1 || '}' END,
         'bulk' FROM n`,
    )
      .bind(id)
      .run();
    for (const path of [
      "/api/admin/submissions",
      "/api/admin/submissions?kind=edit",
      "/api/admin/submissions?kind=duplicate&status=pending",
      "/api/admin/submissions?status=all",
      "/admin-panel/moderation",
      "/admin-panel/moderation?kind=closed",
    ]) {
      const response = await adminRequest(path);
      expect(response.status, path).toBe(200);
      expect(rowsRead(response), path).toBeLessThanOrEqual(300);
    }
    // The next page follows the cursor.
    const first = (await (await adminRequest("/api/admin/submissions?kind=edit")).json()) as QueuePage;
    expect(first.items).toHaveLength(50);
    const second = (await (await adminRequest(`/api/admin/submissions?kind=edit&before=${first.next}`)).json()) as QueuePage;
    expect(second.items[0].id).toBeLessThan(first.items[49].id);
    expect(first.counts.pending.edit).toBeGreaterThanOrEqual(1666);
  });
});

describe("the Outbox tab and the edit page's featuring", () => {
  it("lists the sent messages newest first with their links followable, and the edit page shows the featuring", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    await env.DB.prepare("INSERT INTO outbox (to_address, subject, text_body, html_body) VALUES (?1, ?2, ?3, '')")
      .bind(`dev-${run}@example.com`, `Sign in ${run}`, `Follow https://localatlas.test/owner/sign-in?token=${run}. It expires.`)
      .run();
    const response = await adminRequest("/admin-panel/outbox");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(visibleText(html)).toContain("This is the local outbox");
    expect(visibleText(html)).toContain(`Sign in ${run}`);
    expect(html).toContain(`href="https://localatlas.test/owner/sign-in?token=${run}"`);
    const panel = await (await adminRequest("/admin-panel")).text();
    expect(panel).toContain('href="/admin-panel/outbox"');
    expect(panel).toContain('href="/admin-panel/moderation"');

    const { id } = await newBusiness();
    const until = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    expect((await post(`/api/admin/businesses/${id}/feature`, { until })).status).toBe(200);
    const edit = visibleText(await (await adminRequest(`/admin-panel/businesses/${id}`)).text());
    expect(edit).toContain(`Featured until ${until} (UTC)`);
    expect(edit).toContain("End featuring");
  });

  it("never makes a link a visitor proposed clickable in the queue", async () => {
    const { id } = await newBusiness();
    const run = crypto.randomUUID().slice(0, 8);
    await submit("edit", { website: `https://spam-${run}.example/offer` }, { businessId: id });
    const html = await (await adminRequest("/admin-panel/moderation?kind=edit")).text();
    expect(visibleText(html)).toContain(`https://spam-${run}.example/offer`);
    expect(html).not.toContain(`href="https://spam-${run}.example/offer"`);
  });
});
