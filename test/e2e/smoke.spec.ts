import { expect, test } from "@playwright/test";

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
});
