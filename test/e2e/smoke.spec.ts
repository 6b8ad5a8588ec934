import { expect, test } from "./support/fixtures";

test("the home page renders the seeded directory", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/LocalAtlas/);
  await expect(page.getByRole("link", { name: /New York/ }).first()).toBeVisible();
});

test("an unknown path is the 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  // A way on: the search box and links home and to every business.
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Browse all businesses" })).toHaveAttribute("href", "/businesses");
  await page.getByRole("textbox", { name: "Search for a service or business" }).fill("pizza");
  await page.getByRole("textbox", { name: "Search for a service or business" }).press("Enter");
  await expect(page).toHaveURL(/\/search\?q=pizza$/);
  await expect(page.getByText(/^\d[\d,]* results?|^More than [\d,]+ results$|^1,000\+ results$/)).toBeVisible();
});
