import { createServer } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { E2E_TILE_PATTERN } from "./support/map-tiles";

/**
 * Maps on /search, city, category and business pages (docs/decisions/0022-maps.md).
 * The e2e server serves its own tiles (playwright.config.ts), so a map draws with no outside host.
 */

// Chicago's centre: the demo data has a city of businesses around it.
const NEAR_ME = "/search?near=41.8781,-87.6298&sort=distance";

/** Leaflet's and the map's own files and its places, as the page requested them. */
function mapDownloads(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/leaflet-|\/map-draw\.js|\/api\/map-places/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/**
 * Moves as a visitor does (the map's watcher starts with React, at the first move: ADR 0004 and 0022),
 * scrolls the map into view and waits for it to settle: "ready" (drawn) or "unavailable".
 */
async function showMap(page: Page): Promise<string> {
  await waitForHydration(page);
  const map = page.getByTestId("map");
  await map.scrollIntoViewIfNeeded();
  await expect(map).toHaveAttribute("data-state", /^(ready|unavailable)$/);
  return (await map.getAttribute("data-state")) ?? "";
}

const ids = async (page: Page, selector: string, attribute: string) =>
  (await page.locator(selector).evaluateAll((els, a) => els.map((el) => el.getAttribute(a)), attribute)).map(Number);

for (const [name, path] of [
  ["a near-me search", NEAR_ME],
  ["a city page", "/city/Chicago"],
  ["a category page", "/category/restaurants"],
] as const) {
  test(`${name}: one marker per business on the page, and a marker highlights its card`, async ({ page }) => {
    const downloads = mapDownloads(page);
    await page.goto(path);
    // React runs, and the map is below the list: nothing of it is downloaded until it is scrolled to.
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(downloads).toEqual([]);

    expect(await showMap(page)).toBe("ready");
    const cards = await ids(page, "[data-map-card]", "data-map-card");
    const markers = await ids(page, "[data-marker-id]", "data-marker-id");
    expect(cards.length).toBeGreaterThan(1);
    expect(markers.toSorted()).toEqual(cards.toSorted());
    expect(downloads.some((url) => url.includes("leaflet"))).toBe(true);

    const chosen = markers[markers.length - 1];
    await page.locator(`[data-marker-id="${chosen}"]`).click();
    const card = page.locator(`[data-map-card="${chosen}"]`);
    await expect(card).toHaveAttribute("data-highlighted", "");
    await expect(card).toBeInViewport();
    await expect(page.locator("[data-highlighted]")).toHaveCount(1);
  });
}

test("a marker is a named button a keyboard reaches: Enter takes focus to its card's link", async ({ page }) => {
  await page.goto("/city/Chicago");
  expect(await showMap(page)).toBe("ready");
  const marker = page.locator("[data-marker-id]").first();
  const id = await marker.getAttribute("data-marker-id");
  await expect(marker).toHaveRole("button");
  const name = await marker.getAttribute("aria-label");
  expect(name).toBeTruthy();

  await marker.focus();
  await page.keyboard.press("Enter");
  const card = page.locator(`[data-map-card="${id}"]`);
  await expect(card).toHaveAttribute("data-highlighted", "");
  await expect(card.getByRole("link", { name: name ?? "" })).toBeFocused();
});

test("the business page shows its location on a map", async ({ page }) => {
  const [first] = (await (await page.request.get("/api/businesses/recommended")).json()) as Array<{ id: number }>;
  await page.goto(`/business/${first.id}`);
  await expect(page.getByRole("heading", { name: "Location" })).toBeVisible();
  expect(await showMap(page)).toBe("ready");
  expect(await ids(page, "[data-marker-id]", "data-marker-id")).toEqual([first.id]);
});

test("a page with its map drawn passes axe (WCAG 2.1 A/AA and best practices)", async ({ page }) => {
  for (const path of [NEAR_ME, "/city/Chicago"]) {
    await page.goto(path);
    expect(await showMap(page)).toBe("ready");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
});

test("offline, the map is the placeholder: nothing is downloaded for it and nothing is logged", async ({ page, context }) => {
  const downloads = mapDownloads(page);
  await page.goto("/city/Chicago");
  // The rest of the page is all in (React, every card's picture) before the connection drops: what
  // fails offline then is only what the map would ask for.
  await waitForHydration(page);
  await page
    .locator('img[loading="lazy"]')
    .evaluateAll((images) => images.forEach((image) => ((image as HTMLImageElement).loading = "eager")));
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  expect(await showMap(page)).toBe("unavailable");
  await expect(page.getByTestId("map")).toHaveText("Map unavailable");
  expect(downloads).toEqual([]);
  await context.setOffline(false);
  // The list is all there: the cards are the same information as text.
  await expect(page.locator("[data-map-card]")).toHaveCount(20);
});

test("a tile host that answers no tile leaves the placeholder, without Leaflet and without a console error", async ({ page }) => {
  const downloads = mapDownloads(page);
  await page.route(E2E_TILE_PATTERN, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>no tiles here</p>" }));
  await page.goto(NEAR_ME);
  expect(await showMap(page)).toBe("unavailable");
  await expect(page.getByTestId("map")).toHaveText("Map unavailable");
  expect(downloads.filter((url) => url.includes("leaflet"))).toEqual([]);
});

/** A loopback port nothing listens on (one the system just handed out and took back): connections are refused. */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test("a tile host that refuses the connection leaves the placeholder, without Leaflet and without a console error", async ({ page }) => {
  const downloads = mapDownloads(page);
  // What the server answers with MAP_TILE_URL="http://127.0.0.1:<port>/{z}/{x}/{y}.png" for a port
  // nothing listens on (the e2e server's own tile host is set once for every test).
  const tiles = `http://127.0.0.1:${await refusedPort()}/{z}/{x}/{y}.png`;
  await page.route("**/api/map-places?*", async (route) => {
    const answer = (await (await route.fetch()).json()) as { tiles: { url: string } };
    await route.fulfill({ json: { ...answer, tiles: { ...answer.tiles, url: tiles } } });
  });
  await page.goto(NEAR_ME);
  expect(await showMap(page)).toBe("unavailable");
  await expect(page.getByTestId("map")).toHaveText("Map unavailable");
  expect(downloads.filter((url) => url.includes("leaflet"))).toEqual([]);
});

test("a map in view at load is drawn at the visitor's first move", async ({ page }) => {
  // A window tall enough to show the business page's map without scrolling.
  await page.setViewportSize({ width: 1280, height: 2400 });
  const downloads = mapDownloads(page);
  const [first] = (await (await page.request.get("/api/businesses/recommended")).json()) as Array<{ id: number }>;
  await page.goto(`/business/${first.id}`);
  const map = page.getByTestId("map");
  await expect(map).toBeInViewport();
  await page.waitForLoadState("networkidle");
  // Until the visitor moves, the page runs no map script: it is the panel, and nothing is downloaded.
  await expect(map).not.toHaveAttribute("data-state");
  expect(downloads).toEqual([]);
  await page.mouse.move(5, 5);
  await page.mouse.move(9, 9);
  await expect(map).toHaveAttribute("data-state", "ready");
  expect(await ids(page, "[data-marker-id]", "data-marker-id")).toEqual([first.id]);
});

test("a client-side navigation to the next page draws that page's markers", async ({ page }) => {
  await page.goto("/city/Chicago");
  await waitForHydration(page);
  expect(await showMap(page)).toBe("ready");
  const first = await ids(page, "[data-marker-id]", "data-marker-id");

  // A mark on the window that a full page load would lose.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  expect(await showMap(page)).toBe("ready");
  const cards = await ids(page, "[data-map-card]", "data-map-card");
  const markers = await ids(page, "[data-marker-id]", "data-marker-id");
  expect(markers.toSorted()).toEqual(cards.toSorted());
  expect(markers.some((id) => first.includes(id))).toBe(false);
  // One map on the page: the first page's was removed with its panel.
  await expect(page.locator(".leaflet-container")).toHaveCount(1);
});
