import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { jsonLdBlocks, validateJsonLd } from "./support/schema-org";
import { vnuErrors } from "./support/vnu";

/** Every public page kind of SPEC §2, in its found, empty and not-found states. */
async function publicPages(request: APIRequestContext): Promise<string[]> {
  const list = (await (await request.get("/api/businesses/recommended")).json()) as Array<{ id: number; slug: string }>;
  return [
    "/",
    "/businesses",
    "/businesses?sort=latest&page=2",
    "/businesses?search=qqqzzznothing",
    "/cities",
    "/city/New%20York",
    "/city/Atlantis",
    "/category/restaurants",
    "/category/dentist",
    "/category/flying-carpets",
    `/business/${list[0].id}`,
    `/details/${list[1].slug}`,
    "/business/99999999",
    "/about",
    "/contact",
    "/privacy-policy",
    "/terms-of-service",
    "/add-business",
    "/advertise",
    "/no-such-page",
  ];
}

test("every public page passes the Nu HTML Checker with zero errors", async ({ request }) => {
  test.setTimeout(90_000);
  const pages = [];
  for (const path of await publicPages(request)) {
    const response = await request.get(path);
    pages.push({ name: path, html: await response.text() });
  }
  const errors = await vnuErrors(pages);
  expect(errors.map((e) => `${e.url}:${e.lastLine}: ${e.message}`)).toEqual([]);
});

test("every public page has zero axe violations (WCAG 2.1 A/AA) and no CSP or console errors", async ({ page, request }) => {
  test.setTimeout(120_000);
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    // The 404 responses of not-found pages are expected; anything else (CSP, hydration) is not.
    if (m.type() === "error" && !/status of 404/.test(m.text())) consoleErrors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
  // Every route and state, less the repeats of one template (a second detail link form, a second
  // category, a later page), which keeps this test near a minute on a busy machine.
  const repeats = /^\/(details\/|category\/dentist|businesses\?sort)/;
  for (const path of (await publicPages(request)).filter((p) => !repeats.test(p))) {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(
      results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      path,
    ).toEqual([]);
  }
  expect(consoleErrors).toEqual([]);
});

test("JSON-LD on the public pages is valid against the schema.org vocabulary", async ({ request }) => {
  let checked = 0;
  for (const path of await publicPages(request)) {
    const html = await (await request.get(path)).text();
    for (const block of jsonLdBlocks(html)) {
      expect(await validateJsonLd(block), `${path}: ${JSON.stringify(block).slice(0, 200)}`).toEqual([]);
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThanOrEqual(8);
});

test("the validator itself rejects unknown types, unknown properties and wrong domains", async () => {
  expect(await validateJsonLd({ "@context": "https://schema.org", "@type": "Dentistry", name: "x" })).not.toEqual([]);
  expect(await validateJsonLd({ "@context": "https://schema.org", "@type": "Dentist", colour: "x" })).not.toEqual([]);
  expect(await validateJsonLd({ "@context": "https://schema.org", "@type": "BreadcrumbList", telephone: "1" })).not.toEqual([]);
  expect(await validateJsonLd({ "@context": "https://schema.org", "@type": "Dentist", telephone: "1" })).toEqual([]);
});

test("pages read without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/city/Chicago");
  await expect(page.getByRole("heading", { level: 1, name: "Businesses in Chicago" })).toBeVisible();
  await page
    .getByRole("link", { name: /^View Details/ })
    .first()
    .click();
  await expect(
    page
      .getByRole("link", { name: "Call Now" })
      .or(page.getByRole("heading", { name: "Opening Hours" }))
      .first(),
  ).toBeVisible();
  // The menus are <details>: they open without JavaScript.
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Cities" }).click();
  await expect(page.getByRole("link", { name: "View All Cities" }).first()).toBeVisible();
  await context.close();
});
