/** Shared admin steps for the e2e specs: log in through the form, find a toast by its title. */
import { expect, type Page } from "@playwright/test";
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME } from "../../setup/admin-credentials";

export async function logIn(page: Page) {
  await page.goto("/admin-login");
  await page.getByLabel("Username").fill(TEST_ADMIN_USERNAME);
  await page.getByLabel("Password").fill(TEST_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin-panel$/);
}

export function toast(page: Page, title: string) {
  return page.getByTestId("toast").filter({ hasText: title });
}
