/**
 * The admin panel's nested routes: every tab is a URL whose loader checks the
 * session (one 401 path: a redirect to /admin-login with the 'Authentication required' toast), the
 * Businesses filters are read from the URL, and the row and edit actions write through the routes.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { adminRequest, SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, idOf, insert, request, resetDirectory } from "../helpers/factories";
import { TEST_ADMIN_USERNAME } from "../setup/admin-credentials";

const PANEL_PAGES = [
  "/admin-panel",
  "/admin/dashboard",
  "/admin-panel/businesses",
  "/admin-panel/businesses?country=Japan&page=2",
  "/admin-panel/businesses/1",
  "/admin-panel/import",
  "/admin-panel/sitemap",
  "/admin-panel/imports",
  "/admin-panel/audit",
];

const JAPAN = "admin-panel-routes-jp";
const MEXICO = "admin-panel-routes-mx";

beforeAll(async () => {
  await resetDirectory();
  await insert(
    buildBusiness({
      placeId: JAPAN,
      name: "Kyoto Plumbing Works",
      city: "Kyoto",
      state: "Kyoto",
      stateCode: "",
      country: "Japan",
      countryCode: "JP",
    }),
    buildBusiness({
      placeId: MEXICO,
      name: "Plomería Oaxaca",
      city: "Oaxaca",
      state: "Oaxaca",
      stateCode: "",
      country: "Mexico",
      countryCode: "MX",
    }),
  );
});

function form(fields: Record<string, string>) {
  return { "Content-Type": "application/x-www-form-urlencoded", body: new URLSearchParams(fields) };
}

describe("the panel's tabs without a session", () => {
  it.each(PANEL_PAGES)("%s redirects to /admin-login with the 'Authentication required' toast", async (path) => {
    const response = await request(path, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin-login");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("la_toast="))).toBe(true);
  });

  it("a row action and a save are refused the same way, and change nothing", async () => {
    const id = await idOf(JAPAN);
    const { body, ...headers } = form({ intent: "delete", id: String(id) });
    const del = await request("/admin-panel/businesses", {
      method: "POST",
      headers: { ...headers, Origin: SITE_ORIGIN },
      body,
      redirect: "manual",
    });
    expect(del.status).toBe(302);
    expect(del.headers.get("Location")).toBe("/admin-login");
    const save = await request(`/admin-panel/businesses/${id}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
      body: JSON.stringify({ name: "Taken over" }),
      redirect: "manual",
    });
    expect(save.status).toBe(302);
    expect(save.headers.get("Location")).toBe("/admin-login");
    expect((await request(`/api/businesses/${id}`)).status).toBe(200);
  });
});

describe("the panel's tabs for the admin", () => {
  it("each tab is its own page, marked as the current one, never cached", async () => {
    const cases: Array<[path: string, tab: string, text: string]> = [
      ["/admin-panel", "Dashboard", "Businesses by Country"],
      ["/admin/dashboard", "Dashboard", "Businesses by Country"],
      ["/admin-panel/businesses", "Businesses", "Export to Excel"],
      ["/admin-panel/import", "Import", "Delete All Data"],
      ["/admin-panel/sitemap", "SEO Site Haritası", "Site Haritası İstatistikleri"],
      ["/admin-panel/imports", "Import History", "Import history"],
      ["/admin-panel/audit", "Audit Log", "Audit log"],
      ["/admin-panel/duplicates", "Duplicates", "No duplicate candidates"],
    ];
    for (const [path, tab, text] of cases) {
      const response = await adminRequest(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      const html = await response.text();
      expect(html, path).toMatch(new RegExp(`<a[^>]*aria-current="page"[^>]*>${tab}</a>`));
      expect(html, path).toContain(text);
    }
  });

  it("the old ?tab= addresses land on the tab's own URL", async () => {
    for (const [tab, path] of [
      ["businesses", "/admin-panel/businesses"],
      ["import", "/admin-panel/import"],
      ["seo", "/admin-panel/sitemap"],
    ]) {
      const response = await adminRequest(`/admin-panel?tab=${tab}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(path);
    }
  });

  it("the Businesses list reads its filters from the URL", async () => {
    const japan = await (await adminRequest("/admin-panel/businesses?country=Japan")).text();
    expect(japan).toContain("Kyoto Plumbing Works");
    expect(japan).not.toContain("Plomería Oaxaca");
    const all = await (await adminRequest("/admin-panel/businesses")).text();
    expect(all).toContain("Kyoto Plumbing Works");
    expect(all).toContain("Plomería Oaxaca");
  });

  it("verify and delete go through the route's action", async () => {
    const id = await idOf(MEXICO);
    const { body, ...headers } = form({ intent: "verify", id: String(id), verified: "true" });
    const verify = await adminRequest("/admin-panel/businesses", { method: "POST", headers, body });
    expect(verify.status).toBe(200);
    expect(((await (await request(`/api/businesses/${id}`)).json()) as { isVerified: boolean }).isVerified).toBe(true);

    const refused = form({ intent: "delete", id: "999999999" });
    expect(
      (
        await adminRequest("/admin-panel/businesses", {
          method: "POST",
          headers: { "Content-Type": refused["Content-Type"] },
          body: refused.body,
        })
      ).status,
    ).toBe(404);

    // The panel's own actions are in the audit log like the API's (the refused delete is not).
    const audit = await env.DB.prepare(
      "SELECT actor, action, target_id FROM audit_log WHERE action IN ('verify', 'delete') ORDER BY id",
    ).all();
    expect(audit.results).toEqual([{ actor: TEST_ADMIN_USERNAME, action: "verify", target_id: id }]);
  });

  it("the edit page saves: field errors answer 400, a valid save returns to the list it came from with 'Business updated'", async () => {
    const id = await idOf(JAPAN);
    const page = await adminRequest(`/admin-panel/businesses/${id}?country=Japan`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Edit Business");
    expect((await adminRequest("/admin-panel/businesses/999999999")).status).toBe(404);

    const current = (await (await adminRequest(`/api/admin/businesses/${id}`)).json()) as Record<string, unknown>;
    const values = {
      name: "",
      category: current.category,
      address: current.address,
      city: current.city,
      state: current.state,
      zipCode: current.zipCode,
      country: current.country,
      phone: "",
      email: "",
      website: "",
      rating: 4,
      reviewCount: 3,
      openingHours: { Monday: "", Tuesday: "", Wednesday: "", Thursday: "", Friday: "", Saturday: "", Sunday: "" },
      photos: "",
      isVerified: false,
      description: "",
      seoTitle: "",
      seoDescription: "",
      canonicalUrl: "",
      uniqueContent: "",
    };
    const post = (json: unknown) =>
      adminRequest(`/admin-panel/businesses/${id}?country=Japan&page=1`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(json),
        redirect: "manual",
      });
    const invalid = await post(values);
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Name is required");

    const saved = await post({ ...values, name: "Kyoto Plumbing Works Renamed" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin-panel/businesses?country=Japan");
    expect(saved.headers.getSetCookie().some((c) => c.startsWith("la_toast="))).toBe(true);
    expect(((await (await request(`/api/businesses/${id}`)).json()) as { name: string }).name).toBe("Kyoto Plumbing Works Renamed");
  });
});
