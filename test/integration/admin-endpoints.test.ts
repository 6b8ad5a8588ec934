/**
 * The admin data endpoints at request level, through the Worker's fetch with a real admin session
 * (login → cookie → site Origin). Tests in this file share one database and run in order: import,
 * cross-origin refusals (before any SEO content exists), export, SEO, sitemap stats, then delete-all.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminRequest } from "../helpers/admin";
import { getJson } from "../helpers/factories";
import { multipartInit } from "../helpers/import";
import { fileOf, fixtureBytes, VN_FIXTURE } from "../helpers/spreadsheets";

const VN_ROWS = 8;
const FOREIGN_ORIGIN = "https://evil.example";

type ImportAnswer = {
  message: string;
  stats: { imported: number; duplicatesSkipped: number; totalErrors: number };
  errors: Array<{ row: number; column: string; reason: string }>;
};
type Statistics = { totalBusinesses: number; verifiedBusinesses: number; categories: number; totalCities: number };

const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? 0;
const businessCount = () => count("SELECT count(*) AS n FROM businesses");
const withoutContent = () => count("SELECT count(*) AS n FROM businesses WHERE unique_content IS NULL OR unique_content = ''");
const statistics = async () => (await getJson<Statistics>("/api/statistics")).body;

function uploadForm(): FormData {
  const form = new FormData();
  form.set("excelFile", fileOf(fixtureBytes(VN_FIXTURE), VN_FIXTURE));
  return form;
}

async function importFixture() {
  return adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(uploadForm())) });
}

describe("admin data endpoints with a real session", () => {
  it("POST /api/admin/import takes a real Outscraper file as multipart excelFile, and the statistics follow", async () => {
    expect((await statistics()).totalBusinesses).toBe(0);

    const response = await importFixture();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as ImportAnswer;
    expect(body).toEqual({
      message: expect.any(String),
      stats: { imported: expect.any(Number), duplicatesSkipped: 0, totalErrors: expect.any(Number) },
      errors: expect.any(Array),
    });
    expect(body.stats.imported + body.stats.totalErrors).toBe(VN_ROWS);
    expect(body.stats.imported).toBeGreaterThan(0);
    expect(body.errors.length).toBeLessThanOrEqual(body.stats.totalErrors);

    const stats = await statistics();
    expect(stats.totalBusinesses).toBe(body.stats.imported);
    expect(stats.totalCities).toBeGreaterThan(0);
    expect(await businessCount()).toBe(body.stats.imported);

    const again = (await (await importFixture()).json()) as ImportAnswer;
    expect(again.stats).toEqual({ imported: 0, duplicatesSkipped: body.stats.imported, totalErrors: body.stats.totalErrors });
    expect(await businessCount()).toBe(body.stats.imported);
  });

  it("POST /api/admin/import refuses a text file named .xlsx with a message, writing nothing", async () => {
    const before = await businessCount();
    const form = new FormData();
    form.set("excelFile", fileOf(new TextEncoder().encode("just some text\n"), "notes.xlsx"));
    const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toMatch(/not a spreadsheet/);
    expect(await businessCount()).toBe(before);
  });

  it.each([
    ["POST", "/api/admin/import"],
    ["POST", "/api/admin/generate-seo"],
    ["DELETE", "/api/admin/delete-all"],
  ])("a cross-origin %s %s with the admin cookie answers 403 and writes nothing", async (method, path) => {
    const before = await businessCount();
    const imports = await count("SELECT count(*) AS n FROM imports");
    let init: RequestInit = { method, headers: { Origin: FOREIGN_ORIGIN } };
    if (path.endsWith("/import")) {
      const upload = await multipartInit(uploadForm());
      upload.headers.set("Origin", FOREIGN_ORIGIN);
      init = { method, ...upload };
    }
    if (method === "DELETE") {
      init.body = JSON.stringify({ confirm: "DELETE" });
      init.headers = { Origin: FOREIGN_ORIGIN, "Content-Type": "application/json" };
    }
    // Runs before generate-seo: a generate-seo that slipped through would fill these.
    expect(await withoutContent()).toBe(before);
    const response = await adminRequest(path, init);
    expect(response.status).toBe(403);
    expect(await businessCount()).toBe(before);
    expect(await count("SELECT count(*) AS n FROM imports")).toBe(imports);
    expect(await withoutContent()).toBe(before);
  });

  it("GET /api/admin/export answers an .xlsx named businesses_all_<today>.xlsx", async () => {
    const response = await adminRequest("/api/admin/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Disposition")).toContain(`filename="businesses_all_${today}.xlsx"`);
    expect(response.headers.get("Content-Type")).toContain("spreadsheetml");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // An .xlsx is a zip: it starts with the local file header "PK\x03\x04".
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it("POST /api/admin/generate-seo answers {message, updated, remaining} and fills every business", async () => {
    const total = await businessCount();
    const response = await adminRequest("/api/admin/generate-seo", { method: "POST" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ message: expect.any(String), updated: total, remaining: 0 });
    expect(await withoutContent()).toBe(0);

    const again = await adminRequest("/api/admin/generate-seo", { method: "POST" });
    expect(await again.json()).toEqual({ message: expect.any(String), updated: 0, remaining: 0 });
  });

  it("GET /api/admin/sitemap-stats answers the stats with totalSitemaps and the URL lists", async () => {
    const response = await adminRequest("/api/admin/sitemap-stats");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const stats = (await response.json()) as {
      totalBusinesses: number;
      totalSitemaps: number;
      businessesPerSitemap: number;
      sitemapUrls: Record<"main" | "mainPages" | "categories" | "cities" | "businesses", string[]>;
    };
    const total = await businessCount();
    expect(stats.totalBusinesses).toBe(total);
    expect(stats.businessesPerSitemap).toBeGreaterThan(0);
    expect(stats.totalSitemaps).toBe(Math.ceil(total / stats.businessesPerSitemap));
    expect(stats.sitemapUrls.main).toEqual(["https://localatlas.test/sitemap.xml"]);
    expect(stats.sitemapUrls.mainPages).toEqual(["https://localatlas.test/sitemaps/main.xml"]);
    expect(stats.sitemapUrls.categories).toHaveLength(1);
    expect(stats.sitemapUrls.cities).toHaveLength(1);
    expect(stats.sitemapUrls.businesses).toHaveLength(stats.totalSitemaps);
    for (const url of Object.values(stats.sitemapUrls).flat()) expect(url).toMatch(/^https:\/\/localatlas\.test\/.+\.xml$/);
    // Every listed file is served.
    for (const url of [...stats.sitemapUrls.categories, ...stats.sitemapUrls.cities, ...stats.sitemapUrls.businesses]) {
      const file = await adminRequest(new URL(url).pathname);
      expect(file.status, url).toBe(200);
    }
  });

  it('DELETE /api/admin/delete-all deletes nothing without {confirm:"DELETE"}, everything with it', async () => {
    const before = await businessCount();
    expect(before).toBeGreaterThan(0);
    for (const body of [undefined, JSON.stringify({}), JSON.stringify({ confirm: "delete" })]) {
      const refused = await adminRequest("/api/admin/delete-all", {
        method: "DELETE",
        headers: { "Content-Type": "application/json" },
        body,
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(/Nothing was deleted/);
      expect(await businessCount()).toBe(before);
    }

    const done = await adminRequest("/api/admin/delete-all", {
      method: "DELETE",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ confirm: "DELETE" }),
    });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { message: string }).message).toMatch(new RegExp(`^Deleted ${before} businesses`));
    expect(await businessCount()).toBe(0);
    expect(await statistics()).toMatchObject({ totalBusinesses: 0, verifiedBusinesses: 0, categories: 0, totalCities: 0 });
    const sitemap = (await (await adminRequest("/api/admin/sitemap-stats")).json()) as { totalBusinesses: number; totalSitemaps: number };
    expect(sitemap).toMatchObject({ totalBusinesses: 0, totalSitemaps: 0 });
  });
});
