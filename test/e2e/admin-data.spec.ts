/**
 * The admin panel's data tools end to end: import a real Outscraper export through the Import tab,
 * export to Excel, generate SEO content, the SEO Sitemap tab, and the three-step Delete all data.
 * Serial and stateful: the tests build on each other, and the last one empties the database, so
 * playwright.config.ts runs this file in its own project after every other spec file.
 */
import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { readFile, writeFile } from "node:fs/promises";
import { logIn, toast } from "./support/admin";

test.describe.configure({ mode: "serial" });

const FIXTURE = path.join(import.meta.dirname, "../fixtures/outscraper-2026-cafes-hue-vn.xlsx");
const FIXTURE_ROWS = 8;
/** Two of the fixture's cafés (names as the sheet has them). */
const CAFES = ["Tiệm Café Tụi Mình", "SEIS Bakery & Coffee"];

type PublicBusiness = { name: string; slug: string; uniqueContent: string | null };

/** Holds a request a moment so a pending label can be seen, then lets it through. */
async function slowDown(page: Page, pattern: string) {
  await page.route(pattern, async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
}

/** The panel's tabs are links, one URL each. */
async function openTab(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name, exact: true }).click();
}

async function totalBusinesses(page: Page): Promise<number> {
  await openTab(page, "Dashboard");
  const text = await page.getByTestId("stat-total-businesses").textContent();
  return Number(String(text).replace(/[^\d]/g, ""));
}

async function findBusiness(page: Page, name: string): Promise<PublicBusiness | undefined> {
  const response = await page.request.get(`/api/businesses?limit=20&offset=0&search=${encodeURIComponent(name)}`);
  expect(response.ok()).toBe(true);
  const { businesses } = (await response.json()) as { businesses: PublicBusiness[] };
  return businesses.find((b) => b.name === name);
}

/** Picks the file, looks at the preview (nothing is written yet), and confirms the import. */
async function pickAndConfirm(page: Page, file: string, rows: number) {
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles(file);
  const preview = page.getByRole("region", { name: /Check before importing/ });
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId("preview-rows")).toHaveText(String(rows));
  await preview.getByRole("button", { name: `Import ${rows} rows` }).click();
}

function importSummary(imported: number, duplicates: number, errors: number) {
  return `Imported: ${imported}, duplicates skipped: ${duplicates}, errors: ${errors}`;
}

let importedCount = 0;

test.beforeEach(async ({ page }) => {
  await logIn(page);
});

test("importing a real Outscraper file shows 'Processing...', then 'Import Completed' with the counts; again, all duplicates", async ({
  page,
}) => {
  const before = await totalBusinesses(page);
  await openTab(page, "Import");
  await slowDown(page, "**/api/admin/import");
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles(FIXTURE);
  // The look before the write: the 2026 Outscraper layout, 8 rows, five of them as they will be stored.
  const preview = page.getByRole("region", { name: /Check before importing/ });
  await expect(preview.getByTestId("preview-layout")).toContainText("2026");
  await expect(preview.getByTestId("preview-rows")).toHaveText(String(FIXTURE_ROWS));
  await expect(preview.getByTestId("preview-row")).toHaveCount(5);
  await preview.getByRole("button", { name: "Cancel" }).click();
  await expect(toast(page, "Import cancelled")).toContainText("Nothing was imported.");
  await expect(preview).toBeHidden();
  expect(await totalBusinesses(page)).toBe(before);
  await openTab(page, "Import");
  await pickAndConfirm(page, FIXTURE, FIXTURE_ROWS);
  await expect(page.getByText("Processing...")).toBeVisible();
  const done = toast(page, "Import Completed");
  await expect(done).toContainText(/Imported: \d+, duplicates skipped: 0, errors: \d+/);
  const [, imported, errors] = /Imported: (\d+), duplicates skipped: 0, errors: (\d+)/.exec(String(await done.textContent())) ?? [];
  importedCount = Number(imported);
  expect(importedCount + Number(errors)).toBe(FIXTURE_ROWS);
  expect(importedCount).toBeGreaterThanOrEqual(CAFES.length);
  await expect(page.getByText("Processing...")).toBeHidden();

  // The panel refreshes: the Dashboard counts them, the Businesses tab finds them.
  expect(await totalBusinesses(page)).toBe(before + importedCount);
  await openTab(page, "Businesses");
  await page.getByLabel("Search businesses").fill(CAFES[0]);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("admin-business-row").filter({ hasText: CAFES[0] })).toHaveCount(1);

  // And the public city page lists them.
  await page.goto("/city/Hue");
  for (const name of CAFES) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();

  await page.goto("/admin-panel");
  await openTab(page, "Import");
  await pickAndConfirm(page, FIXTURE, FIXTURE_ROWS);
  await expect(toast(page, "Import Completed")).toContainText(importSummary(0, importedCount, Number(errors)));
  expect(await totalBusinesses(page)).toBe(before + importedCount);
});

test("a text file named .xlsx gives 'Import failed' with the server's message", async ({ page }, testInfo) => {
  const fake = testInfo.outputPath("notes.xlsx");
  await writeFile(fake, "name,category\nNot,A spreadsheet\n");
  const before = await totalBusinesses(page);
  await openTab(page, "Import");
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles(fake);
  await expect(toast(page, "Import failed")).toContainText(/not a spreadsheet/);
  expect(await totalBusinesses(page)).toBe(before);
});

test("Export to Excel downloads businesses_all_<today>.xlsx and toasts 'Export successful'", async ({ page }, testInfo) => {
  await openTab(page, "Businesses");
  await expect(page.getByTestId("admin-business-row").first()).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export to Excel" }).click();
  const download = await downloading;
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`businesses_all_${today}.xlsx`);
  const saved = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(saved);
  const bytes = await readFile(saved);
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  await expect(toast(page, "Export successful")).toContainText("Excel file has been downloaded");
});

test("Generate SEO content shows its pending label, toasts 'SEO Content Generated', and the business page gains Detailed Information", async ({
  page,
}) => {
  const cafe = await findBusiness(page, CAFES[0]);
  expect(cafe?.uniqueContent ?? null).toBeNull();
  await page.goto(`/details/${cafe?.slug}`);
  await expect(page.getByRole("heading", { name: CAFES[0], level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Detailed Information" })).toHaveCount(0);

  await page.goto("/admin-panel");
  await openTab(page, "Import");
  await slowDown(page, "**/api/admin/generate-seo");
  await page.getByRole("button", { name: "Generate SEO Content" }).click();
  await expect(page.getByRole("button", { name: "Generating SEO Content..." })).toBeDisabled();
  await expect(toast(page, "SEO Content Generated")).toContainText(/Generated SEO content for \d+ businesses\./, { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Generate SEO Content" })).toBeEnabled();

  await page.goto(`/details/${cafe?.slug}`);
  const details = page.getByRole("region", { name: "Detailed Information" });
  await expect(details).toBeVisible();
  await expect(details).toContainText(CAFES[0]);
});

test("the SEO Sitemap tab shows its Turkish texts, the file count (business sitemaps + 3) and the URL lists", async ({ page }) => {
  const response = await page.request.get("/api/admin/sitemap-stats");
  expect(response.ok()).toBe(true);
  const stats = (await response.json()) as {
    totalBusinesses: number;
    totalSitemaps: number;
    businessesPerSitemap: number;
    sitemapUrls: Record<"main" | "mainPages" | "categories" | "cities" | "businesses" | "cityCategories", string[]>;
  };
  expect(stats.totalSitemaps).toBeGreaterThan(0);

  // The tab's loader request (the same data as the API's).
  await slowDown(page, "**/admin-panel/sitemap.data*");
  await openTab(page, "SEO Site Haritası");
  await expect(page.getByText("Yükleniyor...", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Site Haritası İstatistikleri" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/sitemap$/);
  const figure = (label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
  await expect(figure("Toplam İşletme")).toHaveText(stats.totalBusinesses.toLocaleString("en-US"));
  await expect(figure("Toplam Site Haritası Dosyası")).toHaveText(String(stats.totalSitemaps + 3));
  await expect(figure("Site Haritası Başına İşletme")).toHaveText(stats.businessesPerSitemap.toLocaleString("en-US"));
  await expect(page.getByText("Site haritası adresini Google Search Console'a gönderin.", { exact: true })).toBeVisible();

  const lists: Array<[string, string[]]> = [
    ["Ana Site Haritası", stats.sitemapUrls.main],
    ["Ana Sayfalar", stats.sitemapUrls.mainPages],
    ["Kategoriler", stats.sitemapUrls.categories],
    ["Şehirler", stats.sitemapUrls.cities],
    ["İşletme Site Haritaları", stats.sitemapUrls.businesses],
    ["Şehir × Kategori Site Haritaları", stats.sitemapUrls.cityCategories],
  ];
  let urlCount = 0;
  for (const [title, urls] of lists) {
    // Each list is the heading's own section (the panel itself is a section too).
    const section = page.getByRole("heading", { name: title, exact: true }).locator("xpath=..");
    await expect(section.getByRole("link")).toHaveText(urls);
    await expect(section.getByRole("button", { name: "Kopyala" })).toHaveCount(urls.length);
    urlCount += urls.length;
  }
  // The tab's file count (business sitemaps + 3) leaves out the city × category files, listed too.
  expect(urlCount).toBe(stats.totalSitemaps + 4 + stats.sitemapUrls.cityCategories.length);
  expect(stats.sitemapUrls.main[0]).toMatch(/\/sitemap\.xml$/);
  expect(stats.sitemapUrls.mainPages[0]).toMatch(/\/sitemaps\/main\.xml$/);
});

test("Delete all data: a wrong typed word deletes nothing; three confirmations delete everything and the statistics show 0", async ({
  page,
}) => {
  const before = await totalBusinesses(page);
  expect(before).toBeGreaterThan(0);
  await openTab(page, "Import");

  // Three modal dialogs with the spec's steps; Escape cancels at any of them.
  const dialog = page.getByRole("dialog");
  const steps = [
    "Are you sure you want to delete ALL businesses? This cannot be undone.",
    "FINAL WARNING: every business, category, city and statistic will be deleted. Continue?",
    "Type DELETE to confirm deleting all data.",
  ];
  await page.getByRole("button", { name: "Delete All Data" }).click();
  await expect(dialog).toContainText(steps[0]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Delete All Data" })).toBeFocused();

  const throughSteps = async (typed: string) => {
    await page.getByRole("button", { name: "Delete All Data" }).click();
    await expect(dialog).toContainText(steps[0]);
    // Cancel has the first focus: Enter alone never goes on.
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog).toContainText(steps[1]);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog).toContainText(steps[2]);
    await expect(dialog.getByLabel("Confirmation word")).toBeFocused();
    await page.keyboard.type(typed);
    await dialog.getByRole("button", { name: "Delete All Data" }).click();
    await expect(dialog).toBeHidden();
  };

  await throughSteps("delete");
  await expect(toast(page, "Delete failed")).toContainText("The confirmation did not match DELETE. Nothing was deleted.");
  expect(await totalBusinesses(page)).toBe(before);
  // The server checks the word too: without it nothing is deleted.
  const refused = await page.request.delete("/api/admin/delete-all", { data: { confirm: "delete" } });
  expect(refused.status()).toBe(400);
  expect(await totalBusinesses(page)).toBe(before);

  await openTab(page, "Import");
  await slowDown(page, "**/api/admin/delete-all");
  await throughSteps("DELETE");
  await expect(page.getByRole("button", { name: "Deleting All Data..." })).toBeDisabled();
  await expect(toast(page, "All data deleted")).toContainText(`Deleted ${before} businesses`);

  await openTab(page, "Dashboard");
  await expect(page.getByTestId("stat-total-businesses")).toHaveText("0");
  const stats = await (await page.request.get("/api/statistics")).json();
  expect(stats).toMatchObject({ totalBusinesses: 0, verifiedBusinesses: 0, categories: 0, totalCities: 0 });
});
