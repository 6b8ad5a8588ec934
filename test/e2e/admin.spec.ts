import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type { AdminBusinessPage } from "../../app/lib/admin-businesses";
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME } from "../setup/admin-credentials";
import { logIn, toast } from "./support/admin";

async function openBusinessesTab(page: Page) {
  await page.getByRole("tab", { name: "Businesses" }).click();
  await expect(page.getByTestId("admin-business-row").first()).toBeVisible();
}

test("a logged-out visitor of the panel lands on /admin-login with 'Authentication required'", async ({ page }) => {
  await page.goto("/admin-panel");
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(toast(page, "Authentication required")).toContainText("Please log in to access the admin panel");
});

test("wrong credentials toast 'Login failed'", async ({ page }) => {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(TEST_ADMIN_USERNAME);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "Login failed")).toContainText("Invalid credentials. Please try again.");
  await expect(page).toHaveURL(/\/admin$/);
});

test("the right credentials show 'Logging in...', then the panel with 'Login successful'", async ({ page }) => {
  await page.goto("/admin-login");
  // Hold the login request a moment so the pending label can be seen.
  await page.route("**/admin-login.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await page.getByLabel("Username").fill(TEST_ADMIN_USERNAME);
  await page.getByLabel("Password").fill(TEST_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
  await expect(page).toHaveURL(/\/admin-panel$/);
  await expect(toast(page, "Login successful")).toContainText("Welcome to the admin panel");
  for (const tab of ["Dashboard", "Businesses", "Import", "SEO Site Haritası"]) {
    await expect(page.getByRole("tab", { name: tab })).toBeVisible();
  }
  await expect(page.getByText("Total Businesses")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Businesses by Country" })).toBeVisible();
});

test("the Businesses tab pages by 50 and filters by status and country on the server", async ({ page }) => {
  await logIn(page);
  await openBusinessesTab(page);
  await expect(page.getByTestId("admin-business-row")).toHaveCount(50);
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager.getByRole("button", { name: /^Page \d+$/ })).toHaveCount(5);
  await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(pager).toContainText(/Page 1 of (\d+)/);
  const firstName = await page.getByTestId("admin-business-row").first().locator("td").first().textContent();
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(pager).toContainText(/Page 2 of/);
  await expect(pager.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("admin-business-row").first().locator("td").first()).not.toHaveText(firstName ?? "");

  await page.getByLabel("Status").selectOption("verified");
  await expect(pager).toContainText(/Page 1 of/);
  const rows = page.getByTestId("admin-business-row");
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: "Pending" })).toHaveCount(0);
  await expect(rows.filter({ hasText: "Verified" })).toHaveCount(await rows.count());

  await page.getByLabel("Status").selectOption("all");
  await page.getByLabel("Country").selectOption("Japan");
  await expect(page.getByTestId("admin-total")).toBeVisible();
  const countryCells = rows.locator("td:nth-child(4)");
  await expect(countryCells.first()).toHaveText("Japan");
  const texts = await countryCells.allTextContents();
  expect(new Set(texts)).toEqual(new Set(["Japan"]));

  // The export button is wired to /api/admin/export?country=… and always reports the outcome.
  await page.getByRole("button", { name: "Export to Excel" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: /Export (successful|failed)/ })).toBeVisible();
});

test("editing a business changes its public data; field errors are clear", async ({ page }) => {
  await logIn(page);
  const list = (await (await page.request.get("/api/admin/businesses?country=Mexico")).json()) as AdminBusinessPage;
  const target = list.businesses[0];
  await openBusinessesTab(page);
  await page.getByLabel("Search businesses").fill(target.name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: `Edit ${target.name}` }).first().click();
  await expect(page.getByRole("heading", { name: "Edit Business" })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();

  const newName = `${target.name} Renamed`;
  await page.getByLabel("Name", { exact: true }).fill(newName);
  await page.getByLabel("E-mail").fill("owner@example.com");
  await page.getByLabel("Monday").fill("7:00 AM - 3:00 PM");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Business updated")).toBeVisible();
  await expect(page.getByRole("button", { name: `Edit ${newName}` }).or(page.getByText("No businesses found"))).toBeVisible();

  // The public side sees the change: the detail page when the visitor branch has built it, else the API.
  const detail = await page.request.get(`/business/${target.id}`);
  if (detail.status() === 200 && (detail.headers()["content-type"] ?? "").includes("text/html")) {
    await page.goto(`/business/${target.id}`);
    await expect(page.getByRole("heading", { name: newName }).first()).toBeVisible();
  } else {
    const api = await page.request.get(`/api/businesses/${target.id}`);
    const business = (await api.json()) as { name: string; email: string; openingHours: Record<string, string> };
    expect(business.name).toBe(newName);
    expect(business.email).toBe("owner@example.com");
    expect(business.openingHours.Monday).toBe("7:00 AM - 3:00 PM");
  }
});

test("deleting a business asks first, then removes it", async ({ page }) => {
  await logIn(page);
  const list = (await (await page.request.get("/api/admin/businesses?country=Australia")).json()) as AdminBusinessPage;
  const target = list.businesses[0];
  await openBusinessesTab(page);
  await page.getByLabel("Country").selectOption("Australia");
  const row = page.getByRole("button", { name: `Delete ${target.name}` });
  await expect(row).toBeVisible();

  page.once("dialog", (dialog) => dialog.dismiss());
  await row.click();
  await expect(row).toBeVisible();

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain(target.name);
    void dialog.accept();
  });
  await row.click();
  await expect(toast(page, "Business deleted")).toBeVisible();
  await expect(page.getByRole("button", { name: `Delete ${target.name}` })).toHaveCount(0);
  expect((await page.request.get(`/api/businesses/${target.id}`)).status()).toBe(404);
});

test("Logout ends the session and lands on /", async ({ page }) => {
  await logIn(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/admin/check-auth")).status()).toBe(401);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin-login$/);
});

test("the login page, the panel's tabs and the edit form pass axe (WCAG 2 A/AA)", async ({ page }) => {
  const audit = async (label: string) => {
    const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(result.violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  };
  await page.goto("/admin-login");
  await audit("login");
  await logIn(page);
  await expect(page.getByText("Total Businesses")).toBeVisible();
  await audit("dashboard");
  await openBusinessesTab(page);
  await audit("businesses");
  await page.getByRole("button", { name: /^Edit / }).first().click();
  await audit("edit form");
  await page.getByRole("tab", { name: "Import" }).click();
  await audit("import");
});
