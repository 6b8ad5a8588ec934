/**
 * The audit log at request level: login, edit, verify, delete, export and logout
 * through the real endpoints each leave one entry with who, what and when; GET /api/admin/audit and
 * the panel's Audit Log tab page through them newest first; both check the session on the server.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { adminRequest, loginAsAdmin, SITE_ORIGIN } from "../helpers/admin";
import { editValues } from "#app/lib/admin/admin-businesses";
import type { Business } from "#app/lib/business/business";
import { buildBusiness, idOf, insert, request, resetDirectory } from "../helpers/factories";
import { TEST_ADMIN_USERNAME } from "../setup/admin-credentials";

type Entry = { id: number; at: number; actor: string; action: string; detail: string; targetId: number | null };
type Page = { entries: Entry[]; next: string | null };

const PLACE = "admin-audit-bakery";
const OTHER = "admin-audit-florist";

async function auditPage(query = ""): Promise<Page> {
  const response = await adminRequest(`/api/admin/audit${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return (await response.json()) as Page;
}

/** The newest entry's id: what a test wrote comes after it. */
async function lastId(): Promise<number> {
  return (await env.DB.prepare("SELECT coalesce(max(id), 0) AS n FROM audit_log").first<{ n: number }>())?.n ?? 0;
}

/** Every entry, read through the API's pages (small pages, so the cursor is exercised). */
async function allEntries(): Promise<Entry[]> {
  const out: Entry[] = [];
  let query = "?limit=2";
  for (;;) {
    const page = await auditPage(query);
    out.push(...page.entries);
    if (!page.next) return out;
    query = `?limit=2&before=${page.next}`;
  }
}

beforeAll(async () => {
  await resetDirectory();
  await insert(buildBusiness({ placeId: PLACE, name: "Audit Bakery" }), buildBusiness({ placeId: OTHER, name: "Audit Florist" }));
});

describe("the audit log", () => {
  it("answers 401 without a session, and only GET", async () => {
    expect((await request("/api/admin/audit")).status).toBe(401);
    const page = await request("/admin-panel/audit", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin-login");
    expect((await adminRequest("/api/admin/audit", { method: "POST" })).status).toBe(405);
  });

  it("records login, edit, verify, unverify, delete and export with the admin's name and the business", async () => {
    const bakery = await idOf(PLACE);
    const florist = await idOf(OTHER);
    // The helper's login (cached per file) may have happened in an earlier test: log in here too.
    const cookie = await loginAsAdmin();
    expect(cookie).not.toBe("");
    const marker = (await lastId()) - 1;
    const current = (await (await adminRequest(`/api/admin/businesses/${bakery}`)).json()) as Business;
    const edit = await adminRequest(`/api/admin/businesses/${bakery}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...editValues(current), name: "Audit Bakery & Café" }),
    });
    expect(edit.status).toBe(200);
    for (const verified of [true, false]) {
      const verify = await adminRequest(`/api/admin/businesses/${bakery}/verify`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ verified }),
      });
      expect(verify.status).toBe(200);
    }
    expect((await adminRequest(`/api/admin/businesses/${florist}`, { method: "DELETE" })).status).toBe(200);
    const exported = await adminRequest("/api/admin/export?country=Germany");
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();

    const entries = (await allEntries()).filter((e) => e.id > marker);
    // Newest first; the login came before everything else.
    expect(entries.map((e) => e.action)).toEqual(["export", "delete", "unverify", "verify", "edit", "login"]);
    expect(entries.every((e) => e.actor === TEST_ADMIN_USERNAME)).toBe(true);
    const by = (action: string) => entries.find((e) => e.action === action)!;
    expect(by("edit")).toMatchObject({ targetId: bakery, detail: `Edited business ${bakery} "Audit Bakery & Café"` });
    expect(by("verify")).toMatchObject({ targetId: bakery, detail: expect.stringContaining("Verified business") });
    expect(by("unverify")).toMatchObject({ targetId: bakery, detail: expect.stringContaining("Marked as pending") });
    // The deleted business is named: the log is the only place left that says what went.
    expect(by("delete")).toMatchObject({ targetId: florist, detail: `Deleted business ${florist} "Audit Florist"` });
    expect(by("export").detail).toMatch(/^Exported businesses in Germany \(businesses_Germany_\d{4}-\d{2}-\d{2}\.xlsx\)$/);
    for (let i = 1; i < entries.length; i++) {
      const [newer, older] = [entries[i - 1], entries[i]];
      expect(newer.at > older.at || (newer.at === older.at && newer.id > older.id)).toBe(true);
    }
  });

  it("a refused action is not logged: a missing business, an invalid edit", async () => {
    await auditPage();
    const before = await lastId();
    expect((await adminRequest("/api/admin/businesses/999999", { method: "DELETE" })).status).toBe(404);
    const invalid = await adminRequest(`/api/admin/businesses/${await idOf(PLACE)}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "" }),
    });
    expect(invalid.status).toBe(400);
    expect(await lastId()).toBe(before);
  });

  it("records a logout of a live session under its username, and a stale cookie's logout not at all", async () => {
    const marker = await lastId();
    const cookie = await loginAsAdmin();
    const logout = () => request("/api/admin/logout", { method: "POST", headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
    expect((await logout()).status).toBe(200);
    expect((await logout()).status).toBe(200);
    const rows = await env.DB.prepare("SELECT actor, action, detail FROM audit_log WHERE id > ?1 ORDER BY id").bind(marker).all();
    expect(rows.results).toEqual([
      { actor: TEST_ADMIN_USERNAME, action: "login", detail: "Logged in" },
      { actor: TEST_ADMIN_USERNAME, action: "logout", detail: "Logged out" },
    ]);
  });

  it("pages by cursor without repeats; a malformed cursor is a 400", async () => {
    for (let i = 0; i < 6; i++) await loginAsAdmin();
    const all = await auditPage("?limit=100");
    const first = await auditPage("?limit=3");
    expect(first.entries).toEqual(all.entries.slice(0, 3));
    expect(first.next).toBe(`${first.entries[2].at}-${first.entries[2].id}`);
    const second = await auditPage(`?limit=3&before=${first.next}`);
    expect(second.entries).toEqual(all.entries.slice(3, 6));
    const bad = await adminRequest("/api/admin/audit?before=yesterday");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/before/);
  });

  it("the Audit Log tab shows the entries, newest first", async () => {
    await insert(buildBusiness({ placeId: "admin-audit-tab", name: "Audit Tab Garage" }));
    expect((await adminRequest(`/api/admin/businesses/${await idOf("admin-audit-tab")}`, { method: "DELETE" })).status).toBe(200);
    const exported = await adminRequest("/api/admin/export");
    await exported.arrayBuffer();
    const response = await adminRequest("/admin-panel/audit");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Audit Log<\/a>/);
    expect(html).toContain("Deleted business");
    expect(html).toContain("Audit Tab Garage");
    expect(html.indexOf("Exported all businesses")).toBeLessThan(html.indexOf("Deleted business"));
  });
});
