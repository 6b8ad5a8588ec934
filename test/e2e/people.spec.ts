/**
 * People who take part (docs/people.md), as three people in their own browsers: a visitor who
 * suggests new hours and reports a business closed, an owner who claims a business by the website
 * token and edits it, and the admin who moderates and features. Every change shows on the public page
 * with its source line; nothing a visitor sent shows before the admin approves it.
 *
 * The owner's website is a local test site (support/token-site.ts, started by playwright.config.ts):
 * the owner puts the claim token there and the Worker fetches it. The sign-in link is read from the
 * app's local outbox (the admin's Outbox tab).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { logIn, toast } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { jsonLdBlocks, validateJsonLd } from "./support/schema-org";
import { vnuErrors } from "./support/vnu";
import { axeViolations, personIn, visitAgain } from "./support/people";

const TOKEN_SITE = `http://127.0.0.1:${Number(process.env.E2E_PORT || 8788) + 1}`;
const OWNER_EMAIL = "owner@people-e2e.example";
const CITY = "Toronto";

type ApiBusiness = {
  id: number;
  name: string;
  phone: string | null;
  timeZone: string | null;
  openingHours: Record<string, string> | null;
};

/**
 * Two businesses of one city with a time zone, weekly hours and a phone, away from the pages other
 * specs look at (the recommended list): A, the owner's, last of them (featuring it moves it first);
 * B, the visitor's.
 */
async function pickBusinesses(request: APIRequestContext): Promise<{ a: ApiBusiness; b: ApiBusiness }> {
  const recommended = new Set(((await (await request.get("/api/businesses/recommended")).json()) as ApiBusiness[]).map((b) => b.id));
  const list = (await (await request.get(`/api/city/${CITY}?limit=100`)).json()) as ApiBusiness[];
  const fit = list.filter((b) => b.timeZone && b.phone && b.openingHours?.Monday && !recommended.has(b.id));
  if (fit.length < 3) throw new Error(`too few businesses in ${CITY} for this test`);
  return { a: fit[fit.length - 1], b: fit[1] };
}

/** A date (YYYY-MM-DD) on the business's own calendar, `days` after today there. */
function localDay(timeZone: string, days = 0): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(get("year"), get("month") - 1, get("day") + days)).toISOString().slice(0, 10);
}

/** The business page's weekly hours of a day, and its source lines. */
const dayHours = (page: Page, day: string) =>
  page
    .getByRole("table", { name: "Opening hours" })
    .getByRole("row", { name: new RegExp(`^${day}\\b`) })
    .getByRole("cell");
const sourceLines = (page: Page) => page.locator("[data-fact-sources] li");
const statusLine = (page: Page) => page.locator("main .status-line").first();

test("a visitor, an owner and the admin: suggestions wait for approval, a claimed owner edits at once, a featured card leads", async ({
  page: visitorPage,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  const { a, b } = await pickBusinesses(request);
  const zone = a.timeZone!;
  const admin = await personIn(browser, errors);
  const owner = await personIn(browser, errors);
  const adminPage = admin.page;
  const ownerPage = owner.page;

  await test.step("setup: the admin sets business A's website to the owner's (local) site", async () => {
    expect((await request.get(`${TOKEN_SITE}/health`)).status()).toBe(200);
    await logIn(adminPage);
    await adminPage.goto(`/admin-panel/businesses/${a.id}`);
    await waitForHydration(adminPage);
    await adminPage.getByLabel("Website").fill(TOKEN_SITE);
    await adminPage.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(adminPage, "Business updated")).toBeVisible();
  });

  const oldMonday = b.openingHours!.Monday;
  const newMonday = oldMonday === "7:00 AM - 3:00 PM" ? "6:00 AM - 2:00 PM" : "7:00 AM - 3:00 PM";

  await test.step("visitor: suggests new Monday hours and reports business B closed; the page shows neither", async () => {
    await visitorPage.goto(`/business/${b.id}`);
    await expect(dayHours(visitorPage, "Monday")).toHaveText(oldMonday);
    const contribute = visitorPage.getByRole("region", { name: "Something wrong?" });
    await contribute.getByRole("link", { name: "Suggest an edit" }).click();
    await expect(visitorPage.getByRole("heading", { level: 1, name: "Suggest an edit" })).toBeVisible();
    // Filled once the page runs (a choice made while React hydrates would be reset to the page's default).
    await waitForHydration(visitorPage);
    await visitorPage.getByRole("group", { name: "Opening hours" }).getByLabel("Monday").fill(newMonday);
    await visitorPage.getByRole("button", { name: "Send" }).click();
    await expect(visitorPage.getByRole("status").getByRole("heading", { name: "Thanks for your help!" })).toBeVisible();

    await visitorPage.goto(`/business/${b.id}`);
    await visitorPage.getByRole("region", { name: "Something wrong?" }).getByRole("link", { name: "Report closed" }).click();
    await expect(visitorPage.getByRole("heading", { level: 1, name: "Report closed" })).toBeVisible();
    await waitForHydration(visitorPage);
    await visitorPage.getByLabel("Temporarily closed").check();
    await visitorPage.getByRole("button", { name: "Send" }).click();
    await expect(visitorPage.getByRole("status").getByRole("heading", { name: "Thanks for your help!" })).toBeVisible();

    // Nothing a visitor sends shows before approval.
    await visitAgain(visitorPage, `/business/${b.id}`);
    await expect(dayHours(visitorPage, "Monday")).toHaveText(oldMonday);
    await expect(visitorPage.getByText("Temporarily closed")).toHaveCount(0);
    await expect(sourceLines(visitorPage).filter({ hasText: "suggested by a visitor" })).toHaveCount(0);
  });

  const today = localDay(zone);
  const tomorrow = localDay(zone, 1);

  await test.step("owner: claims business A by the website token, signing in by the e-mailed link", async () => {
    await ownerPage.goto(`/business/${a.id}`);
    await ownerPage.getByRole("link", { name: "Claim this business" }).click();
    await expect(ownerPage).toHaveURL(new RegExp(`/business/${a.id}/claim$`));
    await waitForHydration(ownerPage);
    await ownerPage.getByLabel("E-mail address").fill(OWNER_EMAIL);
    await ownerPage.getByRole("button", { name: "Send me a sign-in link" }).click();
    await expect(ownerPage.getByText("If the address can receive mail, a link is on its way.")).toBeVisible();

    // The app's local outbox, in the admin's Outbox tab.
    await adminPage.goto("/admin-panel/outbox");
    const message = adminPage
      .getByTestId("outbox-message")
      .filter({ hasText: `To ${OWNER_EMAIL}` })
      .first();
    const href = await message.getByRole("link", { name: /\/owner\/sign-in\/confirm\?token=/ }).getAttribute("href");
    const link = new URL(href!);

    await ownerPage.goto(`${link.pathname}${link.search}`);
    await ownerPage.getByRole("button", { name: "Sign in" }).click();
    await expect(ownerPage).toHaveURL(new RegExp(`/business/${a.id}/claim$`));
    await expect(ownerPage.getByText(`Signed in as ${OWNER_EMAIL}`)).toBeVisible();

    const token = (await ownerPage.getByTestId("claim-token").textContent())!.trim();
    expect(token).toMatch(/^localatlas-verify=[0-9a-f]{64}$/);
    expect((await request.put(`${TOKEN_SITE}/token`, { data: token })).ok()).toBe(true);
    await ownerPage.getByRole("button", { name: "Check now" }).click();
    await expect(ownerPage.getByText("Verified. You now manage this business.")).toBeVisible();
    // The answer to a posted form hydrates at once: the link is followed once React Router runs.
    await waitForHydration(ownerPage);
    await ownerPage.getByRole("link", { name: "Edit the business" }).click();
    await expect(ownerPage).toHaveURL(new RegExp(`/owner/businesses/${a.id}$`));
    await waitForHydration(ownerPage);
  });

  const newPhone = "(416) 555-0142";

  await test.step("owner: special hours (closed today, other hours tomorrow, in the business's zone) and a new phone, live at once", async () => {
    const first = ownerPage.getByRole("group", { name: "Special hours 1", exact: true });
    await first.getByLabel("First day").fill(today);
    await first.getByLabel("Last day").fill(today);
    await first.getByLabel("On these days").selectOption("closed");
    const second = ownerPage.getByRole("group", { name: "Special hours 2", exact: true });
    await second.getByLabel("First day").fill(tomorrow);
    await second.getByLabel("Last day").fill(tomorrow);
    await second.getByLabel("On these days").selectOption("open");
    await second.getByLabel("Opens").fill("10:00");
    await second.getByLabel("Closes").fill("14:00");
    await ownerPage.getByLabel("Phone").fill(newPhone);
    await ownerPage.getByRole("button", { name: "Save changes" }).click();
    await expect(ownerPage.getByText("Saved. Your changes are live.")).toBeVisible();

    await visitAgain(ownerPage, `/business/${a.id}`);
    const main = ownerPage.getByRole("main");
    await expect(main.getByText(newPhone).first()).toBeVisible();
    await expect(main.getByText("Claimed", { exact: true })).toBeVisible();
    await expect(main.getByText("Information confirmed by the owner")).toBeVisible();
    await expect(sourceLines(ownerPage).filter({ hasText: /^Hours and phone confirmed by the owner today$/ })).toHaveCount(1);
    const special = ownerPage.getByRole("table", { name: /^Special hours/ });
    await expect(special.getByRole("row")).toHaveCount(2);
    await expect(special.getByRole("row").nth(0).getByRole("cell")).toHaveText("Closed");
    await expect(special.getByRole("row").nth(1).getByRole("cell")).toHaveText("10:00 AM – 2:00 PM");
    // Today is closed on the business's own calendar, whatever its weekly hours say.
    await expect(statusLine(ownerPage)).toHaveText(/^Closed/);
  });

  await test.step("owner: today open all day instead → Open Now; tomorrow's entry stays listed", async () => {
    await ownerPage.goto(`/owner/businesses/${a.id}`);
    await waitForHydration(ownerPage);
    const row = ownerPage.getByRole("group", { name: /^Special hours \d+$/ }).filter({ has: ownerPage.locator(`input[value="${today}"]`) });
    await expect(row).toHaveCount(1);
    await row.getByLabel("On these days").selectOption("open");
    await row.getByLabel("Opens").fill("00:00");
    await row.getByLabel("Closes").fill("23:59");
    await ownerPage.getByRole("button", { name: "Save changes" }).click();
    await expect(ownerPage.getByText("Saved. Your changes are live.")).toBeVisible();

    await visitAgain(ownerPage, `/business/${a.id}`);
    await expect(statusLine(ownerPage)).toHaveText(/^Open Now/);
    const special = ownerPage.getByRole("table", { name: /^Special hours/ });
    await expect(special.getByRole("row").nth(0).getByRole("cell")).toHaveText("12:00 AM – 11:59 PM");
    await expect(special.getByRole("row").nth(1).getByRole("cell")).toHaveText("10:00 AM – 2:00 PM");
  });

  await test.step("JSON-LD of the claimed business with special hours is valid and lists them", async () => {
    const blocks = jsonLdBlocks(await (await request.get(`/business/${a.id}`)).text());
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(await validateJsonLd(block), JSON.stringify(block).slice(0, 200)).toEqual([]);
    const text = JSON.stringify(blocks);
    expect(text).toContain("specialOpeningHoursSpecification");
    expect(text).toContain(tomorrow);
  });

  await test.step("quality: vnu and axe on the owner's pages and the admin's Moderation, Owners and Outbox tabs", async () => {
    const ownerPaths = [`/owner/businesses/${a.id}`, "/owner", `/owner/businesses/${a.id}/reviews`];
    const adminPaths = ["/admin-panel/moderation", "/admin-panel/owners", "/admin-panel/outbox"];
    const pages = [
      ...(await Promise.all(ownerPaths.map(async (path) => ({ name: path, html: await (await owner.context.request.get(path)).text() })))),
      ...(await Promise.all(adminPaths.map(async (path) => ({ name: path, html: await (await admin.context.request.get(path)).text() })))),
    ];
    expect((await vnuErrors(pages)).map((e) => `${e.url}:${e.lastLine}: ${e.message}`)).toEqual([]);
    for (const path of ownerPaths) {
      await ownerPage.goto(path);
      expect(await axeViolations(ownerPage, path)).toEqual([]);
    }
    for (const path of adminPaths) {
      await adminPage.goto(path);
      expect(await axeViolations(adminPage, path)).toEqual([]);
    }
  });

  const until = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

  await test.step("admin: approves the visitor's hours, rejects the closure, features business A", async () => {
    await adminPage.goto("/admin-panel/moderation");
    await waitForHydration(adminPage);
    const items = adminPage.getByTestId("moderation-item").filter({ hasText: `(#${b.id})` });
    const edit = items.filter({ hasText: "Suggested edit" });
    await expect(edit.getByRole("row", { name: /^Monday/ })).toContainText(newMonday);
    await edit.getByRole("button", { name: "Approve" }).click();
    await expect(toast(adminPage, "Done")).toBeVisible();
    await expect(edit).toHaveCount(0);
    const closed = items.filter({ hasText: "Reported closed" });
    await closed.getByRole("button", { name: "Reject" }).click();
    await expect(closed).toHaveCount(0);

    await adminPage.goto(`/admin-panel/businesses/${a.id}`);
    await waitForHydration(adminPage);
    await adminPage.getByLabel("Featured until").fill(until);
    await adminPage.getByRole("button", { name: "Feature", exact: true }).click();
    await expect(toast(adminPage, "Business featured")).toBeVisible();
  });

  await test.step("public: the approved hours with the visitor's source line, no closure; the featured card first on the city page", async () => {
    await visitAgain(visitorPage, `/business/${b.id}`);
    await expect(dayHours(visitorPage, "Monday")).toHaveText(newMonday);
    await expect(sourceLines(visitorPage).filter({ hasText: /^Hours suggested by a visitor, approved today$/ })).toHaveCount(1);
    await expect(visitorPage.getByText("Temporarily closed")).toHaveCount(0);

    await visitorPage.goto(`/city/${CITY}`);
    const firstCard = visitorPage.locator("main article").first();
    await expect(firstCard).toHaveAttribute("data-featured", "");
    await expect(firstCard).toContainText(a.name);
    await expect(firstCard).toContainText("Featured · Paid placement");
  });

  await test.step("admin: the audit log lists every step", async () => {
    await adminPage.goto("/admin-panel/audit");
    const rows = adminPage.getByTestId("audit-row");
    for (const action of ["Approve request", "Reject request", "Claim verified", "Owner sign-in", "Owner edit", "Feature"]) {
      await expect(rows.filter({ has: adminPage.getByRole("cell", { name: action, exact: true }) }), action).not.toHaveCount(0);
    }
    // The owner's steps are the owner's, by address.
    await expect(rows.filter({ hasText: "Owner edit" }).first()).toContainText(OWNER_EMAIL);
  });

  await admin.context.close();
  await owner.context.close();
  expect(errors, "console errors and uncaught exceptions of the owner's and the admin's browsers").toEqual([]);
});

test("the new public and owner pages pass the Nu HTML Checker and axe", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { a } = await pickBusinesses(request);
  const paths = [
    `/business/${a.id}/suggest`,
    `/business/${a.id}/suggest?kind=closed`,
    `/business/${a.id}/suggest?kind=duplicate`,
    "/add-business",
    "/advertise",
    "/owner/sign-in",
    `/business/${a.id}/claim`,
  ];
  const pages = [];
  for (const path of paths) pages.push({ name: path, html: await (await request.get(path)).text() });
  expect((await vnuErrors(pages)).map((e) => `${e.url}:${e.lastLine}: ${e.message}`)).toEqual([]);
  for (const path of paths) {
    await page.goto(path);
    expect(await axeViolations(page, path)).toEqual([]);
  }
});
