import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type { AdminBusinessPage } from "#app/lib/admin/admin-businesses";
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME } from "../setup/admin-credentials";
import { logIn, toast } from "./support/admin";
import { waitForHydration } from "./support/hydration";

/** The panel's tabs are links in the "Admin sections" navigation, one URL each. */
function tabLink(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name, exact: true });
}

async function openBusinessesTab(page: Page) {
  await tabLink(page, "Businesses").click();
  await expect(page).toHaveURL(/\/admin-panel\/businesses$/);
  await expect(page.getByTestId("admin-business-row").first()).toBeVisible();
}

/** Console errors and uncaught exceptions of the page, to be asserted empty at the end of a test. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

/** The Country column of the Businesses table. */
function countryCells(page: Page) {
  return page.getByTestId("admin-business-row").locator("td:nth-child(4)");
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
  // The pending label is React's: on a loaded machine the click can come before the page is hydrated,
  // and a plain form post shows no label. Wait for the router first.
  await waitForHydration(page);
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
    await expect(tabLink(page, tab)).toBeVisible();
  }
  await expect(tabLink(page, "Dashboard")).toHaveAttribute("aria-current", "page");
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
  await expect(countryCells(page).first()).toHaveText("Japan");
  const texts = await countryCells(page).allTextContents();
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
  // The search is a navigation: wait for its list before opening the edit page from it.
  await expect(page).toHaveURL(/\/admin-panel\/businesses\?search=/);
  await page
    .getByRole("link", { name: `Edit ${target.name}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin-panel/businesses/${target.id}\\?search=`));
  await expect(page.getByRole("heading", { name: "Edit Business" })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  // The first invalid field has the focus.
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();

  const newName = `${target.name} Renamed`;
  await page.getByLabel("Name", { exact: true }).fill(newName);
  await page.getByLabel("E-mail").fill("owner@example.com");
  await page.getByLabel("Monday").fill("7:00 AM - 3:00 PM");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Business updated")).toBeVisible();
  // Back on the list the admin came from (its search kept in the URL).
  await expect(page).toHaveURL(/\/admin-panel\/businesses\?search=/);
  await expect(page.getByRole("link", { name: `Edit ${newName}` }).or(page.getByText("No businesses found"))).toBeVisible();

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

  // A modal dialog (not confirm()): it names the business, Cancel has the focus, Escape keeps the row.
  const dialog = page.getByRole("dialog", { name: "Delete business?" });
  await row.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Delete “${target.name}”? This cannot be undone.`);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  // Focus stays inside the modal: Tab moves between its own buttons.
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  await expect(row).toBeFocused();

  await row.click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Business deleted")).toBeVisible();
  await expect(page.getByRole("button", { name: `Delete ${target.name}` })).toHaveCount(0);
  // Gone, not missing: 410.
  expect((await page.request.get(`/api/businesses/${target.id}`)).status()).toBe(410);
});

test("the panel links to the public site, and a row's Verify and Unverify buttons have one width", async ({ page }) => {
  await logIn(page);
  await openBusinessesTab(page);
  // Flip the first row's status and back: its button keeps its width, so the Delete beside it stays put.
  const row = page.getByTestId("admin-business-row").first();
  const toggle = row.getByRole("button", { name: /^(Verify|Unverify) / });
  const deleteButton = row.getByRole("button", { name: /^Delete / });
  const before = {
    label: await toggle.textContent(),
    width: (await toggle.boundingBox())?.width,
    x: (await deleteButton.boundingBox())?.x,
  };
  for (let flip = 0; flip < 2; flip++) {
    const label = await toggle.textContent();
    await toggle.click();
    await expect(toggle).not.toHaveText(String(label));
    expect((await toggle.boundingBox())?.width).toBe(before.width);
    expect((await deleteButton.boundingBox())?.x).toBe(before.x);
  }
  await expect(toggle).toHaveText(String(before.label));
  await page.getByRole("link", { name: "View site" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
});

test("the Audit Log tab lists the admin's login", async ({ page }) => {
  await logIn(page);
  await tabLink(page, "Audit Log").click();
  await expect(page).toHaveURL(/\/admin-panel\/audit$/);
  await expect(page.getByTestId("audit-row").first()).toContainText("Logged in");
  await expect(page.getByTestId("audit-row").first()).toContainText(TEST_ADMIN_USERNAME);
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
  await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Edit Business" })).toBeVisible();
  await audit("edit form");
  await tabLink(page, "Import").click();
  await expect(page.getByRole("button", { name: "Delete All Data" })).toBeVisible();
  await audit("import");
  // The delete-all dialog while open (the rest of the page is inert then).
  await page.getByRole("button", { name: "Delete All Data" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await audit("delete-all dialog");
  await page.keyboard.press("Escape");
  await tabLink(page, "Import History").click();
  await expect(page.getByRole("heading", { name: "Import history" })).toBeVisible();
  await audit("import history");
  await tabLink(page, "Audit Log").click();
  await expect(page.getByTestId("audit-row").first()).toBeVisible();
  await audit("audit log");
});

test("the tabs and the filters are URLs: reload keeps them, the back button returns to the previous ones", async ({ page }) => {
  const consoleErrors = collectConsoleErrors(page);
  await logIn(page);
  await openBusinessesTab(page);
  await expect(tabLink(page, "Businesses")).toHaveAttribute("aria-current", "page");
  await expect(tabLink(page, "Dashboard")).not.toHaveAttribute("aria-current", "page");

  await page.getByLabel("Country").selectOption("Japan");
  await expect(page).toHaveURL(/\/admin-panel\/businesses\?country=Japan$/);
  await expect(countryCells(page).first()).toHaveText("Japan");
  await page.getByLabel("Status").selectOption("verified");
  await expect(page).toHaveURL(/\/admin-panel\/businesses\?status=verified&country=Japan$/);
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await page.getByLabel("Status").selectOption("all");
  await expect(page).toHaveURL(/\/admin-panel\/businesses\?country=Japan$/);
  await page.getByLabel("Country").selectOption("");
  await expect(page).toHaveURL(/\/admin-panel\/businesses$/);
  await pager.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/admin-panel\/businesses\?page=2$/);
  await expect(pager.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  // Reload: same tab, same page.
  await page.reload();
  await expect(pager.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  // Back, step by step: each filter comes back (the selects show it again), then the Dashboard.
  await page.goBack();
  await expect(page).toHaveURL(/\/admin-panel\/businesses$/);
  await expect(pager).toContainText(/Page 1 of/);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin-panel\/businesses\?country=Japan$/);
  await expect(page.getByLabel("Country")).toHaveValue("Japan");
  await expect(countryCells(page).first()).toHaveText("Japan");
  expect(new Set(await countryCells(page).allTextContents())).toEqual(new Set(["Japan"]));
  await page.goBack();
  await expect(page).toHaveURL(/\/admin-panel\/businesses\?status=verified&country=Japan$/);
  await expect(page.getByLabel("Status")).toHaveValue("verified");
  await page.goBack();
  await expect(page).toHaveURL(/\/admin-panel\/businesses\?country=Japan$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin-panel\/businesses$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin-panel$/);
  await expect(page.getByTestId("stat-total-businesses")).toBeVisible();

  // Every tab has its own address, /admin/dashboard is the Dashboard, and the old ?tab= links still land.
  await page.goto("/admin-panel/sitemap");
  await expect(tabLink(page, "SEO Site Haritası")).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Site Haritası İstatistikleri" })).toBeVisible();
  await page.goto("/admin-panel/import");
  await expect(page.getByRole("button", { name: "Generate SEO Content" })).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(tabLink(page, "Dashboard")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("stat-total-businesses")).toBeVisible();
  await page.goto("/admin-panel?tab=businesses");
  await expect(page).toHaveURL(/\/admin-panel\/businesses$/);
  expect(consoleErrors).toEqual([]);
});

test("a filter change cancels the previous one's request: the older answer cannot win", async ({ page }) => {
  const consoleErrors = collectConsoleErrors(page);
  await logIn(page);
  await openBusinessesTab(page);

  // Hold the Japan answer until the Mexico list is on screen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let japanRequested = false;
  let japanOutcome: "failed" | "finished" | null = null;
  const isJapan = (url: string) => /\/admin-panel\/businesses\.data\?(?:.*&)?country=Japan(?:&|$)/.test(url);
  await page.route(
    (url) => isJapan(url.href),
    async (route) => {
      japanRequested = true;
      await held;
      // The page has cancelled this request by now: continuing it may be refused.
      await route.continue().catch(() => {});
    },
  );
  page.on("requestfailed", (request) => {
    if (isJapan(request.url())) japanOutcome = "failed";
  });
  page.on("requestfinished", (request) => {
    if (isJapan(request.url())) japanOutcome = "finished";
  });

  await page.getByLabel("Country").selectOption("Japan");
  await expect.poll(() => japanRequested).toBe(true);
  await page.getByLabel("Country").selectOption("Mexico");
  await expect(page).toHaveURL(/\/admin-panel\/businesses\?country=Mexico$/);
  await expect(countryCells(page).first()).toHaveText("Mexico");

  // Now the older (Japan) answer is released: React Router aborted its request, so it changes nothing.
  release();
  await expect.poll(() => japanOutcome).not.toBeNull();
  expect(japanOutcome).toBe("failed");
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/admin-panel\/businesses\?country=Mexico$/);
  await expect(page.getByLabel("Country")).toHaveValue("Mexico");
  expect(new Set(await countryCells(page).allTextContents())).toEqual(new Set(["Mexico"]));
  expect(consoleErrors).toEqual([]);
});

test("one 401 path: a session that ends while the panel is open leads to /admin-login with 'Authentication required'", async ({
  page,
  context,
}) => {
  // A tab's loader (a filter change) finds no session.
  await logIn(page);
  await openBusinessesTab(page);
  await context.clearCookies();
  await page.getByLabel("Country").selectOption("Japan");
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(toast(page, "Authentication required")).toContainText("Please log in to access the admin panel");

  // A client-side API call (Generate SEO content) gets 401: the same redirect and toast.
  await logIn(page);
  await tabLink(page, "Import").click();
  await expect(page.getByRole("button", { name: "Generate SEO Content" })).toBeVisible();
  await context.clearCookies();
  await page.getByRole("button", { name: "Generate SEO Content" }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(toast(page, "Authentication required")).toContainText("Please log in to access the admin panel");
});
