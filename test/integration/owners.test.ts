import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import type { Business } from "#app/lib/business/business";
import { HONEYPOT_FIELD } from "#app/lib/moderation/honeypot";
import { grantOwnership } from "#app/server/owners/ownership.server";
import { isCacheable } from "#app/server/platform/edge-cache.server";
import { TEST_SESSION_SECRET } from "../setup/admin-credentials";
import type { TestPage } from "../setup/test-sites";
import { adminRequest, cookiesFrom, SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, getJson, idOf, insert, request, testDb } from "../helpers/factories";
import { visibleText } from "../helpers/html";
import { multipartInit } from "../helpers/import";
import { fetchWith } from "../helpers/worker";
import { fileOf, sheetBytes, SPEC_HEADER, specRow } from "../helpers/spreadsheets";

// Business owners (docs/people.md): sign-in by a one-time e-mailed link read from the outbox, claims
// by an address at the website's domain or a token on the business's real (local) website, and the
// owner's edits, live at once and kept from update-mode imports.

const run = crypto.randomUUID().slice(0, 8);
let ipCount = 0;
/** A client address of its own for each call site, so the forms' rate limits never leak between tests. */
const nextIp = () => `198.51.100.${++ipCount}`;

const LINK_GONE = "This sign-in link has already been used or has expired. Ask for a new one.";
const LINK_ON_ITS_WAY = "If the address can receive mail, a link is on its way.";

function post(path: string, fields: Record<string, string>, options: { cookie?: string; ip?: string } = {}): Promise<Response> {
  const headers = new Headers({
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: SITE_ORIGIN,
    "CF-Connecting-IP": options.ip ?? nextIp(),
  });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return request(path, { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
}

const get = (path: string, cookie?: string) => request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
const textOf = async (response: Response) => visibleText(await response.text());

/** The sign-in link of the last e-mail sent to `email` (the outbox keeps every message in the tests). */
async function lastLinkTo(email: string): Promise<{ url: URL; subject: string; html: string }> {
  const row = await env.DB.prepare("SELECT subject, text_body, html_body FROM outbox WHERE to_address = ?1 ORDER BY id DESC LIMIT 1")
    .bind(email)
    .first<{ subject: string; text_body: string; html_body: string }>();
  if (!row) throw new Error(`no e-mail to ${email}`);
  const link = /https:\/\/\S+/.exec(row.text_body)?.[0];
  if (!link) throw new Error(`no link in the e-mail to ${email}`);
  return { url: new URL(link), subject: row.subject, html: row.html_body };
}

/** The whole sign-in: the e-mail form, the link from the outbox, its button. Returns the owner cookie. */
async function signIn(email: string, next?: string): Promise<string> {
  const asked = await post("/owner/sign-in", { email, ...(next ? { next } : {}) });
  expect(asked.status).toBe(200);
  const { url } = await lastLinkTo(email);
  const confirmed = await post(url.pathname, { token: url.searchParams.get("token") ?? "" });
  expect(confirmed.status).toBe(302);
  return cookiesFrom(confirmed)
    .split("; ")
    .filter((c) => c.startsWith("__Host-la_owner="))
    .join("; ");
}

async function countOf(sql: string, ...params: unknown[]): Promise<number> {
  return (
    (
      await env.DB.prepare(sql)
        .bind(...params)
        .first<{ n: number }>()
    )?.n ?? 0
  );
}

/** A new local website answering `pages` (test/setup/test-sites.ts); its origin. */
async function testSite(pages: Record<string, TestPage>): Promise<string> {
  const response = await fetch(`${inject("testSites")}/sites`, { method: "POST", body: JSON.stringify({ pages }) });
  return ((await response.json()) as { origin: string }).origin;
}

/** The verification token the claim page shows the signed-in owner. */
async function tokenShown(businessId: number, cookie: string): Promise<string> {
  const html = await (await get(`/business/${businessId}/claim`, cookie)).text();
  const token = /data-testid="claim-token"[^>]*>([^<]+)</.exec(html)?.[1];
  if (!token) throw new Error("the claim page shows no token");
  return token;
}

async function businessJson(id: number): Promise<Business> {
  return (await getJson<Business>(`/api/businesses/${id}`)).body;
}

describe("owner sign-in by a one-time e-mailed link", () => {
  it("signs in once by the link from the outbox; opening the link consumes nothing; a replay is refused and nothing is created", async () => {
    const email = `ana-${run}@owner.example`;
    const asked = await post("/owner/sign-in", { email: `  Ana-${run}@Owner.example ` });
    expect(asked.status).toBe(200);
    expect(asked.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await textOf(asked)).toContain(LINK_ON_ITS_WAY);

    const mail = await lastLinkTo(email);
    expect(mail.subject).toMatch(/^Your sign-in link for /);
    expect(mail.url.origin + mail.url.pathname).toBe("https://localatlas.test/owner/sign-in/confirm");
    const token = mail.url.searchParams.get("token") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    expect(await countOf("SELECT count(*) AS n FROM sign_in_links WHERE token_hash = ?1", token)).toBe(0);

    // A mail scanner opening the link signs nobody in.
    const opened = await get(`/owner/sign-in/confirm?token=${token}`);
    expect(opened.status).toBe(200);
    expect(await textOf(opened)).toContain("Press the button to finish signing in.");
    expect(await countOf("SELECT count(*) AS n FROM owners WHERE email = ?1", email)).toBe(0);

    const confirmed = await post("/owner/sign-in/confirm", { token });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/owner");
    const setCookie = confirmed.headers.getSetCookie().find((c) => c.startsWith("__Host-la_owner="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Secure/i);
    const cookie = cookiesFrom(confirmed)
      .split("; ")
      .filter((c) => c.startsWith("__Host-la_owner="))
      .join("; ");
    expect(await countOf("SELECT count(*) AS n FROM owners WHERE email = ?1", email)).toBe(1);
    expect(await countOf("SELECT count(*) AS n FROM audit_log WHERE action = 'owner-sign-in' AND actor = ?1", `owner:${email}`)).toBe(1);

    const dashboard = await get("/owner", cookie);
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await textOf(dashboard)).toContain(`Signed in as ${email}`);

    const sessions = await countOf("SELECT count(*) AS n FROM owner_sessions");
    const replay = await post("/owner/sign-in/confirm", { token });
    expect(replay.status).toBe(400);
    expect(replay.headers.getSetCookie().some((c) => c.startsWith("__Host-la_owner="))).toBe(false);
    expect(await textOf(replay)).toContain(LINK_GONE);
    expect(await countOf("SELECT count(*) AS n FROM owner_sessions")).toBe(sessions);

    // Signing out ends the session on the server: the old cookie reads as signed out.
    const out = await post("/owner/sign-out", {}, { cookie });
    expect(out.status).toBe(302);
    expect(await textOf(await get("/owner", cookie))).not.toContain("Signed in as");
  });

  it("keeps every owner page out of the edge cache, in every locale, and their data requests too", () => {
    for (const path of [
      "/owner",
      "/owner.data",
      "/vi/owner/businesses/1",
      "/owner/sign-in/confirm",
      "/business/1/claim",
      "/es/business/1/claim.data",
    ]) {
      expect(isCacheable(new Request(`https://localatlas.test${path}`)), path).toBe(false);
    }
    for (const path of ["/business/1", "/vi/business/1", "/city/owner"])
      expect(isCacheable(new Request(`https://localatlas.test${path}`)), path).toBe(true);
  });

  it("refuses an expired link with a clear message and creates nothing", async () => {
    const email = `late-${run}@owner.example`;
    await post("/owner/sign-in", { email });
    const { url } = await lastLinkTo(email);
    await env.DB.prepare("UPDATE sign_in_links SET expires_at = unixepoch() - 1 WHERE email = ?1").bind(email).run();
    expect(await textOf(await get(url.pathname + url.search))).toContain(LINK_GONE);
    const refused = await post(url.pathname, { token: url.searchParams.get("token") ?? "" });
    expect(refused.status).toBe(400);
    expect(await textOf(refused)).toContain(LINK_GONE);
    expect(await countOf("SELECT count(*) AS n FROM owners WHERE email = ?1", email)).toBe(0);
    expect(await countOf("SELECT count(*) AS n FROM audit_log WHERE actor = ?1", `owner:${email}`)).toBe(0);
  });

  it("answers a bot that fills the hidden field as if it worked, and sends nothing; a link leads only within the site", async () => {
    const email = `bot-${run}@owner.example`;
    const trapped = await post("/owner/sign-in", { email, [HONEYPOT_FIELD]: "555-0100" });
    expect(await textOf(trapped)).toContain(LINK_ON_ITS_WAY);
    expect(await countOf("SELECT count(*) AS n FROM outbox WHERE to_address = ?1", email)).toBe(0);

    const wanderer = `next-${run}@owner.example`;
    await post("/owner/sign-in", { email: wanderer, next: "//evil.example/steal" });
    const { url } = await lastLinkTo(wanderer);
    const confirmed = await post(url.pathname, { token: url.searchParams.get("token") ?? "" });
    expect(confirmed.headers.get("Location")).toBe("/owner");
  });

  it("reads a forged or tampered owner cookie as signed out, and refuses its edits", async () => {
    const [business] = [buildBusiness({ name: `Forged Cafe ${run}`, phone: "+1 217 555 0101" })];
    await insert(business);
    const id = await idOf(business.placeId ?? "");
    const email = `forger-${run}@owner.example`;
    const real = await signIn(email);
    const ownerId = (await env.DB.prepare("SELECT id FROM owners WHERE email = ?1").bind(email).first<{ id: number }>())?.id ?? 0;
    await grantOwnership(testDb(), { businessId: id, ownerId, method: "admin", actor: "admin", detail: "test" });
    // The same cookie with its signed value altered, and one made up whole.
    const value = real.slice(real.indexOf("=") + 1);
    const tampered = `__Host-la_owner=${value.slice(0, 10)}${value[10] === "A" ? "B" : "A"}${value.slice(11)}`;
    for (const cookie of [tampered, "__Host-la_owner=eyJpZCI6MX0.forged"]) {
      expect(await textOf(await get("/owner", cookie))).not.toContain("Signed in as");
      const edit = await post(`/owner/businesses/${id}`, { phone: "+1 217 555 0199" }, { cookie });
      expect(edit.status).toBe(401);
    }
    expect((await businessJson(id)).phone).toBe("+1 217 555 0101");
  });
});

describe("claiming a business", () => {
  it("verifies by a token on the business's own website, and refuses a claim token on the wrong site", async () => {
    const email = `site-${run}@owner.example`;
    const cookie = await signIn(email);
    const placeholder = "https://placeholder.example/";
    const right = buildBusiness({ name: `Token Bakery ${run}`, website: placeholder });
    const wrong = buildBusiness({ name: `Other Bakery ${run}`, website: placeholder });
    const meta = buildBusiness({ name: `Meta Bakery ${run}`, website: placeholder });
    const bare = buildBusiness({ name: `Bare Bakery ${run}`, website: placeholder });
    // Placeholder websites first: the token depends on the business and the owner, not on the site.
    await insert(right, wrong, meta, bare);
    const [rightId, wrongId, metaId, bareId] = await Promise.all([right, wrong, meta, bare].map((b) => idOf(b.placeId ?? "")));
    const rightToken = await tokenShown(rightId, cookie);
    const metaToken = await tokenShown(metaId, cookie);
    expect(rightToken).toMatch(/^localatlas-verify=[0-9a-f]{64}$/);
    expect(await tokenShown(wrongId, cookie)).not.toBe(rightToken);

    const sites = {
      // The right token in the file.
      [rightId]: await testSite({
        "/.well-known/localatlas-verification.txt": { body: `${rightToken}\n`, headers: { "Content-Type": "text/plain" } },
      }),
      // Another business's token: the owner placed the wrong one.
      [wrongId]: await testSite({
        "/.well-known/localatlas-verification.txt": { body: rightToken, headers: { "Content-Type": "text/plain" } },
      }),
      // The meta tag on the home page, reached through a redirect on the same host.
      [metaId]: await testSite({
        "/": { status: 302, headers: { Location: "/home" } },
        "/home": {
          body: `<!doctype html><html><head><title>Meta</title><meta content="${metaToken}" name="localatlas-verification"></head><body>Hi</body></html>`,
        },
      }),
      // Nothing placed.
      [bareId]: await testSite({ "/": { body: "<!doctype html><title>Bare</title>" } }),
    };
    for (const [id, origin] of Object.entries(sites)) {
      await env.DB.prepare("UPDATE businesses SET website = ?1 WHERE id = ?2").bind(`${origin}/`, Number(id)).run();
    }

    const refused = await post(`/business/${wrongId}/claim`, { intent: "website-token" }, { cookie });
    expect(refused.status).toBe(400);
    expect(await textOf(refused)).toContain("The website has a verification token, but not this one.");
    const notFound = await post(`/business/${bareId}/claim`, { intent: "website-token" }, { cookie });
    expect(await textOf(notFound)).toContain("We found neither the file nor the tag on the website.");
    for (const id of [wrongId, bareId]) {
      expect(await countOf("SELECT count(*) AS n FROM business_owners WHERE business_id = ?1", id)).toBe(0);
      expect((await businessJson(id)).claimed).toBe(false);
    }

    for (const id of [rightId, metaId]) {
      const verified = await post(`/business/${id}/claim`, { intent: "website-token" }, { cookie });
      expect(verified.status).toBe(200);
      expect(await textOf(verified)).toContain("Verified. You now manage this business.");
      expect((await businessJson(id)).claimed).toBe(true);
    }
    const row = await env.DB.prepare("SELECT method FROM business_owners WHERE business_id = ?1").bind(rightId).first<{ method: string }>();
    expect(row?.method).toBe("website-token");
    expect(
      await countOf(
        "SELECT count(*) AS n FROM audit_log WHERE action = 'claim-verify' AND actor = ?1 AND target_id = ?2",
        `owner:${email}`,
        rightId,
      ),
    ).toBe(1);
    const dashboard = await textOf(await get("/owner", cookie));
    expect(dashboard).toContain(`Token Bakery ${run}`);
    expect(dashboard).toContain(`Meta Bakery ${run}`);
  });

  it("says when the website does not answer in time", async () => {
    const cookie = await signIn(`slow-${run}@owner.example`);
    const origin = await testSite({ "/.well-known/localatlas-verification.txt": { body: "late", delayMs: 7000 } });
    const slow = buildBusiness({ name: `Slow Bakery ${run}`, website: `${origin}/` });
    await insert(slow);
    const answer = await post(`/business/${await idOf(slow.placeId ?? "")}/claim`, { intent: "website-token" }, { cookie });
    expect(await textOf(answer)).toContain("The website did not answer in time.");
  });

  it("verifies at once an owner whose address is at the website's domain, and no one else", async () => {
    const shop = buildBusiness({ name: `Sunrise Deli ${run}`, website: `https://www.sunrise-${run}.example/menu` });
    await insert(shop);
    const id = await idOf(shop.placeId ?? "");
    const outsider = await signIn(`bob-${run}@mail.example`);
    const outsiderPage = await textOf(await get(`/business/${id}/claim`, outsider));
    expect(outsiderPage).toContain(`Sign in with an address at sunrise-${run}.example to verify at once.`);
    const refused = await post(`/business/${id}/claim`, { intent: "email-domain" }, { cookie: outsider });
    expect(refused.status).toBe(400);
    expect(await countOf("SELECT count(*) AS n FROM business_owners WHERE business_id = ?1", id)).toBe(0);

    const owner = await signIn(`ana@shop.sunrise-${run}.example`);
    expect(await textOf(await get(`/business/${id}/claim`, owner))).toContain("Verify with my e-mail address");
    const verified = await post(`/business/${id}/claim`, { intent: "email-domain" }, { cookie: owner });
    expect(await textOf(verified)).toContain("Verified. You now manage this business.");
    const row = await env.DB.prepare("SELECT method FROM business_owners WHERE business_id = ?1").bind(id).first<{ method: string }>();
    expect(row?.method).toBe("email-domain");
  });

  it("sends a claim with evidence to the team as a pending submission", async () => {
    const shop = buildBusiness({ name: `Team Deli ${run}` });
    await insert(shop);
    const id = await idOf(shop.placeId ?? "");
    const cookie = await signIn(`team-${run}@owner.example`);
    const empty = await post(`/business/${id}/claim`, { intent: "ask-team", evidence: "  " }, { cookie });
    expect(empty.status).toBe(400);
    const sent = await post(`/business/${id}/claim`, { intent: "ask-team", evidence: "I am the manager; call the shop." }, { cookie });
    expect(await textOf(sent)).toContain("Thank you. Our team will review your request");
    const row = await env.DB.prepare("SELECT kind, status, payload, contact_email FROM submissions WHERE business_id = ?1")
      .bind(id)
      .first<{ kind: string; status: string; payload: string; contact_email: string }>();
    expect(row).toMatchObject({ kind: "claim", status: "pending", contact_email: `team-${run}@owner.example` });
    expect(JSON.parse(row?.payload ?? "{}")).toEqual({ evidence: "I am the manager; call the shop." });
    expect(await countOf("SELECT count(*) AS n FROM business_owners WHERE business_id = ?1", id)).toBe(0);
    expect(await textOf(await get("/owner", cookie))).toContain(`Team Deli ${run}`);
  });

  it("asks a signed-out visitor for the e-mail address and brings the link back to the claim page", async () => {
    const shop = buildBusiness({ name: `Signed Out Deli ${run}` });
    await insert(shop);
    const id = await idOf(shop.placeId ?? "");
    const page = await get(`/vi/business/${id}/claim`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain('name="robots" content="noindex"');
    expect(html).toContain(`value="/vi/business/${id}/claim"`);
    const email = `vi-${run}@owner.example`;
    await post("/vi/owner/sign-in", { email, next: `/vi/business/${id}/claim` });
    const { url, subject } = await lastLinkTo(email);
    expect(subject).toMatch(/^Đường liên kết đăng nhập /);
    expect(url.pathname).toBe("/vi/owner/sign-in/confirm");
    const confirmed = await post(url.pathname, { token: url.searchParams.get("token") ?? "" });
    expect(confirmed.headers.get("Location")).toBe(`/vi/business/${id}/claim`);
  });
});

describe("an owner's edits", () => {
  /** POST /api/admin/import of one row (the admin's import), in `mode`. */
  async function importRow(row: unknown[], mode?: string) {
    const form = new FormData();
    if (mode) form.set("mode", mode);
    form.set("excelFile", fileOf(sheetBytes([SPEC_HEADER, row]), "owner.xlsx"));
    const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
    expect(response.status).toBe(200);
  }

  it("go live on the page and in the API at once, audited and marked as the owner's, and an update-mode import leaves them alone", async () => {
    const placeId = `owner-edit-${run}`;
    await importRow(specRow({ place_id: placeId, name: `Edited Bistro ${run}`, phone: "+49 30 1111111" }));
    const id = await idOf(placeId);
    const email = `chef-${run}@owner.example`;
    const cookie = await signIn(email);
    const ownerId = (await env.DB.prepare("SELECT id FROM owners WHERE email = ?1").bind(email).first<{ id: number }>())?.id ?? 0;
    await grantOwnership(testDb(), { businessId: id, ownerId, method: "admin", actor: "admin", detail: "test" });

    const before = await businessJson(id);
    const form = await (await get(`/owner/businesses/${id}`, cookie)).text();
    expect(form).toContain("Special hours");
    const fields: Record<string, string> = {
      specialRows: "1",
      "special.0.from": "2026-12-25",
      "special.0.to": "2026-12-26",
      "special.0.kind": "closed",
      phone: "+49 30 2222222",
      website: "",
      description: "",
      photos: "",
    };
    for (const [day, hours] of Object.entries(before.openingHours ?? {})) fields[`hours.${day}`] = String(hours);
    const saved = await post(`/owner/businesses/${id}`, fields, { cookie });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await textOf(saved)).toContain("Saved. Your changes are live.");

    const after = await businessJson(id);
    expect(after.phone).toBe("+49 30 2222222");
    expect(after.specialHours).toEqual([{ from: "2026-12-25", to: "2026-12-26", closed: true }]);
    expect(after.openingHours).toEqual(before.openingHours);
    expect(after.factSources.phone?.by).toBe("owner");
    expect(after.factSources.hours?.by).toBe("owner");
    expect(after.factSources.address).toBeUndefined();
    const page = await (await request(`/business/${id}`)).text();
    expect(page).toContain("2222222");
    expect(page).not.toContain("1111111");
    const audit = await env.DB.prepare("SELECT actor, detail FROM audit_log WHERE action = 'owner-edit' AND target_id = ?1")
      .bind(id)
      .first<{ actor: string; detail: string }>();
    expect(audit?.actor).toBe(`owner:${email}`);
    expect(audit?.detail).toContain("phone");

    await importRow(specRow({ place_id: placeId, name: `Edited Bistro ${run}`, phone: "+49 30 3333333", rating: 4.9 }), "update");
    const reimported = await businessJson(id);
    expect(reimported.rating).toBe(4.9);
    expect(reimported.phone).toBe("+49 30 2222222");
    expect(reimported.specialHours).toEqual([{ from: "2026-12-25", to: "2026-12-26", closed: true }]);
  });

  it("refuses bad values with the field's message and changes nothing", async () => {
    const shop = buildBusiness({ name: `Strict Cafe ${run}` });
    await insert(shop);
    const id = await idOf(shop.placeId ?? "");
    const email = `strict-${run}@owner.example`;
    const cookie = await signIn(email);
    const ownerId = (await env.DB.prepare("SELECT id FROM owners WHERE email = ?1").bind(email).first<{ id: number }>())?.id ?? 0;
    await grantOwnership(testDb(), { businessId: id, ownerId, method: "admin", actor: "admin", detail: "test" });
    const refused = await post(
      `/owner/businesses/${id}`,
      { website: "javascript:alert(1)", photos: "http://insecure.example/a.jpg", phone: "" },
      { cookie },
    );
    expect(refused.status).toBe(400);
    const text = await textOf(refused);
    expect(text).toContain("Enter a web address that starts with http:// or https://.");
    expect(text).toContain("List at most 10 image addresses, one per line, each starting with https://.");
    expect((await businessJson(id)).phone).toBe(shop.phone);
  });

  it("are refused to anyone who is not a verified owner of the business (403)", async () => {
    const shop = buildBusiness({ name: `Guarded Cafe ${run}`, phone: "+1 217 555 0102" });
    await insert(shop);
    const id = await idOf(shop.placeId ?? "");
    const cookie = await signIn(`stranger-${run}@owner.example`);
    expect((await get(`/owner/businesses/${id}`, cookie)).status).toBe(403);
    const edit = await post(`/owner/businesses/${id}`, { phone: "+1 217 555 0199" }, { cookie });
    expect(edit.status).toBe(403);
    expect((await businessJson(id)).phone).toBe("+1 217 555 0102");
    // Signed out, the page asks for the e-mail address instead.
    const signedOut = await get(`/owner/businesses/${id}`);
    expect(signedOut.status).toBe(200);
    expect(await textOf(signedOut)).toContain("Sign in with the e-mail address you used to claim the business.");
  });
});

describe("an owner's form body", () => {
  it("is cut off at its cap as it streams: a chunked body without Content-Length is refused with 413", async () => {
    const shop = buildBusiness({ name: `Chunked Cafe ${run}`, phone: "+1 217 555 0103" });
    await insert(shop);
    const id = await idOf(shop.placeId ?? "");
    let sent = 0;
    const chunk = new TextEncoder().encode(`note=${"x".repeat(1019)}&`);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 1 MB in 1 KB chunks, far past the 64 KB cap; the reader stops long before the end.
        if (sent++ < 1024) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await request(`/owner/businesses/${id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE_ORIGIN, "CF-Connecting-IP": nextIp() },
      body,
      duplex: "half",
      redirect: "manual",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(1024);
    expect((await businessJson(id)).phone).toBe("+1 217 555 0103");
  });
});

describe("owner accounts without SESSION_SECRET", () => {
  const UNAVAILABLE = "Owner sign-in is not set up on this site yet";
  const noSecret = { SESSION_SECRET: "" } as Partial<Env>;
  const postWith = (vars: Partial<Env>, path: string, fields: Record<string, string>) =>
    fetchWith(vars, path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE_ORIGIN, "CF-Connecting-IP": nextIp() },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });

  it("sends no link, uses none and shows no claim token: each such page answers 503", async () => {
    const shop = buildBusiness({ name: `Secretless Shop ${run}` });
    await insert(shop);
    const id = await idOf(shop.placeId ?? "");
    for (const path of ["/owner/sign-in", `/business/${id}/claim`, "/owner/sign-in/confirm?token=x"]) {
      const page = await fetchWith(noSecret, path);
      expect(page.status, path).toBe(503);
      expect(await textOf(page), path).toContain(UNAVAILABLE);
    }

    const email = `secretless-${run}@owner.example`;
    const asked = await postWith(noSecret, "/owner/sign-in", { email });
    expect(asked.status).toBe(503);
    expect(await countOf("SELECT count(*) AS n FROM sign_in_links WHERE email = ?1", email)).toBe(0);
    expect(await countOf("SELECT count(*) AS n FROM outbox WHERE to_address = ?1", email)).toBe(0);

    // A link sent while the secret was set is not used while it is unset: it still works afterwards.
    expect((await post("/owner/sign-in", { email })).status).toBe(200);
    const { url } = await lastLinkTo(email);
    const token = url.searchParams.get("token") ?? "";
    const refused = await postWith(noSecret, url.pathname, { token });
    expect(refused.status).toBe(503);
    expect(refused.headers.getSetCookie().join()).not.toContain("la_owner");
    expect(await countOf("SELECT count(*) AS n FROM sign_in_links WHERE email = ?1 AND used_at IS NULL", email)).toBe(1);
    expect((await post(url.pathname, { token })).status).toBe(302);
  });

  it("keys the claim token with its purpose: the HMAC of claim-token:{business}:{owner}", async () => {
    const email = `purpose-${run}@owner.example`;
    const cookie = await signIn(email);
    const cafe = buildBusiness({ name: `Purpose Cafe ${run}`, website: "https://purpose-cafe.example/" });
    await insert(cafe);
    const id = await idOf(cafe.placeId ?? "");
    const ownerId = (await env.DB.prepare("SELECT id FROM owners WHERE email = ?1").bind(email).first<{ id: number }>())?.id ?? 0;
    const hmac = async (message: string) => {
      const key = await crypto.subtle.importKey(
        "raw",
        new TextEncoder().encode(TEST_SESSION_SECRET),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"],
      );
      const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
      return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
    };
    const shown = await tokenShown(id, cookie);
    expect(shown).toBe(`localatlas-verify=${await hmac(`claim-token:${id}:${ownerId}`)}`);
    expect(shown).not.toBe(`localatlas-verify=${await hmac(`${id}:${ownerId}`)}`);
  });
});
