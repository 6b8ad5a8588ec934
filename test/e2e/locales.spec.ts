import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { vnuErrors } from "./support/vnu";

// Every page in the visitor's language (docs/i18n.md): the switcher keeps the visitor on the same
// page, the translated pages are as valid and accessible as the English ones, and the layout mirrors
// for a right-to-left language with no change but `dir`.

async function firstBusiness(page: Page): Promise<{ id: number; name: string }> {
  const list = (await (await page.request.get("/api/businesses/recommended")).json()) as Array<{ id: number; name: string }>;
  return list[0];
}

/** Opens the header's language menu and follows the link to `language`. */
async function switchTo(page: Page, language: string) {
  await page
    .locator("header summary")
    .filter({ has: page.locator("span.uppercase"), visible: true })
    .click();
  await page.getByRole("link", { name: language, exact: true }).click();
}

test("the language switcher keeps the visitor on the same listing, business and search", async ({ page }) => {
  await page.goto("/city/Chicago?page=2");
  await waitForHydration(page);
  await switchTo(page, "Tiếng Việt");
  await expect(page).toHaveURL(/\/\/[^/]+\/vi\/city\/Chicago\?page=2$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Chicago");

  const business = await firstBusiness(page);
  await page.goto(`/business/${business.id}`);
  await waitForHydration(page);
  await switchTo(page, "Español");
  await expect(page).toHaveURL(new RegExp(`//[^/]+/es/business/${business.id}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(business.name);

  await page.goto("/vi/search?q=coffee");
  await waitForHydration(page);
  await switchTo(page, "English");
  // The root's search, not the Vietnamese one: the path starts right after the host.
  await expect(page).toHaveURL(/\/\/[^/]+\/search\?q=coffee$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // A link of the page stays in its language after the switch, client-side navigation included.
  await page.goto("/es/city/Chicago");
  await waitForHydration(page);
  await page.locator("main article h2 a").first().click();
  await expect(page).toHaveURL(/\/es\/(business|details)\//);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});

/** Translated pages of every kind: a listing, a business, a search, a static page, an empty state, a 404. */
async function localizedPages(page: Page): Promise<string[]> {
  const business = await firstBusiness(page);
  return [
    "/vi",
    "/es/businesses",
    "/vi/cities",
    "/vi/city/Hu%E1%BA%BF",
    "/es/city/Atlantis",
    "/es/category/restaurants",
    "/vi/city/New%20York/italian-restaurant",
    `/vi/business/${business.id}`,
    `/es/business/${business.id}`,
    "/es/search?q=caf%C3%A9",
    "/vi/search?q=zzqxw",
    "/vi/about",
    "/es/privacy-policy",
    "/vi/add-business",
    "/es/no-such-page",
  ];
}

test("the vi and es pages pass the Nu HTML Checker and axe", async ({ page }) => {
  test.setTimeout(120_000);
  const paths = await localizedPages(page);
  const pages = [];
  for (const path of paths) pages.push({ name: path, html: await (await page.request.get(path)).text() });
  const errors = await vnuErrors(pages);
  expect(errors.map((e) => `${e.url}:${e.lastLine}: ${e.message}`)).toEqual([]);
  for (const path of paths) {
    await page.goto(path);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    expect(
      results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      path,
    ).toEqual([]);
  }
});

test("the layout mirrors for a right-to-left language with nothing but dir changed", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/vi/city/Chicago");
  const logo = page.locator("header a").first();
  const card = page.locator("main article").first();
  const ltr = { logo: await logo.boundingBox(), card: await card.boundingBox() };
  // What an Arabic or Hebrew catalog would bring: <html dir="rtl"> (textDirection in app/lib/i18n/locales.ts).
  await page.evaluate(() => document.documentElement.setAttribute("dir", "rtl"));
  const rtl = { logo: await logo.boundingBox(), card: await card.boundingBox() };
  const width = page.viewportSize()?.width ?? 1280;
  if (!ltr.logo || !rtl.logo || !ltr.card || !rtl.card) throw new Error("the header's logo or a card is not on the page");
  // The logo moves from the left edge to the right one, and the first card of the grid with it.
  expect(ltr.logo.x).toBeLessThan(width / 2);
  expect(rtl.logo.x + rtl.logo.width).toBeGreaterThan(width / 2);
  expect(Math.abs(ltr.logo.x - (width - rtl.logo.x - rtl.logo.width))).toBeLessThan(24);
  expect(rtl.card.x).toBeGreaterThan(ltr.card.x);
});

test("a browser that prefers a served language is offered it once React starts, never redirected", async ({ browser }) => {
  const context = await browser.newContext({ locale: "vi-VN" });
  const page = await context.newPage();
  const response = await page.goto("/city/Chicago");
  // The same page for everyone: no redirect, the English page as asked.
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/\/[^/]+\/city\/Chicago$/);
  await waitForHydration(page);
  const hint = page.getByRole("status").filter({ hasText: "This page is also in Tiếng Việt." });
  await expect(hint).toBeVisible();
  await expect(hint.getByRole("link")).toHaveAttribute("href", "/vi/city/Chicago");
  await hint.getByRole("button", { name: "Dismiss" }).click();
  await expect(hint).toHaveCount(0);
  // Said no once, not asked again.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText("This page is also in Tiếng Việt.")).toHaveCount(0);
  await context.close();
});
