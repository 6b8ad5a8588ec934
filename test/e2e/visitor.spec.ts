import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";

/** A seeded business with a photo, found through the public API. */
async function businessWithPhoto(page: Page): Promise<{ id: number; slug: string; photos: string[] }> {
  const response = await page.request.get("/api/businesses/recommended");
  const list = (await response.json()) as Array<{ id: number; slug: string; photos: string[] }>;
  const found = list.find((b) => b.photos.length > 0);
  if (!found) throw new Error("no recommended business with a photo in the seed");
  return found;
}

test.describe("home search", () => {
  test("a blank service does nothing; a filled one goes to /search with q and location", async ({ page }) => {
    await page.goto("/");
    // Type-ahead boxes: comboboxes that are plain inputs of the GET form.
    const service = page.getByRole("combobox", { name: "What service are you looking for?" });
    const location = page.getByRole("combobox", { name: "Location (city, state)" });
    const search = page.getByRole("main").getByRole("button", { name: "Search" });
    await search.click();
    await service.fill("   ");
    await service.press("Enter");
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe("/");
    await service.fill("plumber");
    await location.fill("Chicago, IL");
    await search.click();
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/search");
    expect(url.searchParams.get("q")).toBe("plumber");
    expect(url.searchParams.get("location")).toBe("Chicago, IL");
  });
});

test.describe("type-ahead and near me", () => {
  test("the location box suggests cities as you type; arrow keys and Enter take one", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const location = page.getByRole("combobox", { name: "Location (city, state)" });
    await location.pressSequentially("chic");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list.getByRole("option", { name: /^Chicago/ })).toBeVisible();
    await expect(location).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("status").filter({ hasText: /suggestions?$/ })).toHaveText(/^\d+ suggestions?$/);
    await location.press("ArrowDown");
    await expect(location).toHaveAttribute("aria-activedescendant", /.+/);
    await location.press("Enter");
    await expect(location).toHaveValue("Chicago");
    await expect(list).toBeHidden();
    await location.pressSequentially("x");
    await location.press("Escape");
    await expect(location).toHaveAttribute("aria-expanded", "false");
  });

  test("'Use my location' searches near the browser's position, nearest first", async ({ page, context }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 41.8781, longitude: -87.6298 });
    await page.goto("/");
    await page.getByRole("combobox", { name: "What service are you looking for?" }).fill("restaurant");
    await page.getByRole("button", { name: "Use my location" }).click();
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("near")).toBe("41.8781,-87.6298");
    expect(url.searchParams.get("sort")).toBe("distance");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Results for "restaurant" near you');
    // Around Chicago, distances are in miles (feet below a tenth of a mile): the units of the place searched.
    const distances = await page
      .locator("main article")
      .getByText(/ (ft|mi|m|km) away$/)
      .allTextContents();
    expect(distances.length).toBeGreaterThan(0);
    expect(distances.every((d) => / (ft|mi) away$/.test(d))).toBe(true);
    const miles = distances.map((d) =>
      d.endsWith(" ft away") ? Number(d.split(" ")[0].replace(/,/g, "")) / 5280 : Number(d.split(" ")[0]),
    );
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });
});

test.describe("header", () => {
  test("the Categories and Cities menus open and lead to their pages", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "Categories" }).click();
    await nav.getByRole("link", { name: "Healthcare" }).click();
    await expect(page).toHaveURL(/\/category\/healthcare$/);
    await expect(page.getByRole("heading", { level: 1, name: "Healthcare" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Healthcare" })).toBeHidden();
    await nav.locator("summary", { hasText: "Cities" }).click();
    await nav.getByRole("link", { name: "View All Cities" }).click();
    await expect(page).toHaveURL(/\/cities$/);
    await expect(page.getByRole("heading", { level: 1, name: "All Cities" })).toBeVisible();
  });

  test("the Search button opens a search box that leads to /search", async ({ page }) => {
    await page.goto("/about");
    await page.locator("header summary", { hasText: "Search" }).click();
    await page.getByRole("textbox", { name: "Service or business" }).fill("dentist");
    await page.getByRole("textbox", { name: "Service or business" }).press("Enter");
    await page.waitForURL(/\/search\?/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("dentist");
  });

  test("the mobile panel closes when a link is chosen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await page.getByLabel("Open menu").click();
    const panel = page.getByRole("navigation", { name: "Mobile" });
    await expect(panel).toBeVisible();
    await panel.getByRole("link", { name: "Chicago" }).click();
    await expect(page).toHaveURL(/\/city\/Chicago$/);
    await expect(page.getByRole("heading", { level: 1, name: "Businesses in Chicago" })).toBeVisible();
    await expect(panel).toBeHidden();
  });
});

test.describe("browsing", () => {
  test("city page → business detail", async ({ page }) => {
    await page.goto("/city/New%20York");
    await expect(page.getByRole("heading", { level: 1, name: "Businesses in New York" })).toBeVisible();
    await expect(page.getByText(/^Found \d+ businesses in New York$/)).toBeVisible();
    // The same card as every list, with the city page's View Details; the whole card is the link.
    const card = page.locator("main article").first();
    await expect(card.getByText("View Details")).toBeVisible();
    // The button is drawn under the card's link (one link per card): a click there follows it.
    await card.getByText("View Details").click({ force: true });
    await expect(page).toHaveURL(/\/details\//);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Search" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("heading", { name: "Opening Hours" })).toBeVisible();
  });

  test("city page shows six skeleton cards while a client navigation loads", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.route(/\/city\/Chicago\.data/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: /^Chicago/ })
      .click();
    await expect(page.getByTestId("skeleton-card")).toHaveCount(6);
    await expect(page.getByRole("heading", { level: 1, name: "Businesses in Chicago" })).toBeVisible();
  });

  test("city page → a city × category page → back to the category", async ({ page }) => {
    await page.goto("/city/New%20York");
    await waitForHydration(page);
    const popular = page.getByRole("navigation", { name: "Popular categories in New York" });
    await popular.getByRole("link", { name: /^Italian restaurants in New York/ }).click();
    await expect(page).toHaveURL(/\/city\/New%20York\/italian-restaurant$/);
    await expect(page.getByRole("heading", { level: 1, name: "Italian restaurants in New York" })).toBeVisible();
    const cards = page.locator("main article");
    await expect(cards.first()).toBeVisible();
    for (const text of await cards.allInnerTexts()) expect(text).toContain("New York");
    await page.getByRole("link", { name: "Italian restaurant everywhere" }).click();
    await expect(page).toHaveURL(/\/category\/italian-restaurant$/);
    await expect(
      page.getByRole("navigation", { name: "Italian Restaurant by city" }).getByRole("link", { name: /New York/ }),
    ).toBeVisible();
    await page.goto("/city/New%20York/flying-carpets");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });

  test("category page", async ({ page }) => {
    await page.goto("/category/restaurants");
    await expect(page.getByRole("heading", { level: 1, name: "Restaurants" })).toBeVisible();
    await expect(page.getByText("Discover quality Restaurants businesses and services in your area")).toBeVisible();
    await expect(page.getByText(/^\d[\d,]* Businesses Found$/)).toBeVisible();
    await page.goto("/category/flying-carpets");
    await expect(page.getByRole("heading", { name: "Category Not Found" })).toBeVisible();
  });

  test("all businesses: search, category filter, paging and Clear Filters", async ({ page }) => {
    await page.goto("/businesses");
    await expect(page.getByRole("heading", { level: 1, name: "Browse All Businesses" })).toBeVisible();
    await expect(page.getByText(/^[\d,]+ Total Businesses$/)).toBeVisible();

    // Paging: numbered links to the first, the last and two either side of the current page.
    const pager = page.getByRole("navigation", { name: "Pagination" });
    const [, last] = /^Page 1 of (\d+)$/.exec((await pager.getByText(/^Page 1 of \d+$/).textContent()) ?? "") ?? [];
    expect(Number(last)).toBeGreaterThan(6);
    await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
    await expect(pager.locator('[aria-current="page"]')).toHaveText("Page 1");
    for (const n of ["2", "3", last]) await expect(pager.getByRole("link", { name: `Page ${n}`, exact: true })).toBeVisible();
    await expect(pager.getByRole("link", { name: "Page 4", exact: true })).toHaveCount(0);
    await pager.getByRole("link", { name: `Page ${last}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`page=${last}`));
    await expect(pager.getByText(`Page ${last} of ${last}`)).toBeVisible();
    await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
    await pager.getByRole("link", { name: "Page 1", exact: true }).click();
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    // Twenty cards fill their rows: four columns on a desktop.
    await expect(page.locator("main article")).toHaveCount(20);
    const tops = await page.locator("main article").evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(5);

    // Category filter resets to page 1. The select navigates from its change handler, so the router
    // must be running (page 2 may have been a full document load, hydrated only after load).
    await waitForHydration(page);
    const select = page.getByRole("combobox", { name: "Category" });
    const value = await select.locator("option").nth(1).getAttribute("value");
    await select.selectOption(value!);
    await expect(page).toHaveURL(new RegExp(`category=${value}`));
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();

    // Search
    await page.goto("/businesses?sort=latest");
    await page.getByRole("searchbox", { name: "Search businesses" }).fill("Zürich");
    await page.getByRole("searchbox", { name: "Search businesses" }).press("Enter");
    await expect(page).toHaveURL(/search=Z%C3%BCrich/);
    await expect(page).toHaveURL(/sort=latest/);
    await expect(page.getByRole("heading", { name: "Café Zürich" })).toBeVisible();

    // Empty result and Clear Filters (keeps sort)
    await page.getByRole("searchbox", { name: "Search businesses" }).fill("qqqzzzxxnothing");
    await page.getByRole("button", { name: "Search", exact: true }).last().click();
    await expect(page.getByRole("heading", { name: "No businesses found" })).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/businesses\?sort=latest$/);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  });

  test("Business Not Found and the 404 page", async ({ page }) => {
    const missing = await page.goto("/business/99999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Business Not Found" })).toBeVisible();
    await expect(page.getByText("The business you're looking for doesn't exist")).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    const unknown = await page.goto("/nothing/here");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });

  test("the second ad slot fills after two seconds with a neutral placeholder", async ({ page }) => {
    const business = await businessWithPhoto(page);
    await page.goto(`/business/${business.id}`);
    // The slots are filled by the page's JavaScript, which starts when the visitor does.
    await waitForHydration(page);
    const slots = page.getByTestId("ad-slot");
    await expect(slots).toHaveCount(2);
    await expect(slots.nth(0)).toContainText("Advertisement");
    await expect(slots.nth(1)).toHaveAttribute("data-ready", "false");
    await expect(slots.nth(1)).toContainText("Advertisement", { timeout: 4000 });
  });
});

test.describe("broken photos", () => {
  // The photos are made to fail here: their 404s are the point, not an error of the page.
  test.use({ allowedConsoleErrors: [/status of 404 .*\/demo\//] });

  test("a photo that fails to load falls back to the category image", async ({ page }) => {
    const business = await businessWithPhoto(page);
    await page.route(/\/demo\/[\w-]+\.(svg|jpg|webp)$/, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(`/business/${business.id}`);
    const hero = page.locator("main img").first();
    await expect(hero).toHaveAttribute("src", /\/images\/categories\/[a-z-]+\.svg$/);
    expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test("a listing card whose photo fails shows its category image", async ({ page }) => {
    await page.route(/\/demo\/[\w-]+\.(svg|jpg|webp)$/, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/businesses");
    const photo = page.locator("main article img").first();
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toHaveAttribute("src", /\/images\/categories\/[a-z-]+\.svg$/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});
