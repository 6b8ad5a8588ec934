/**
 * Reviews written here (docs/reviews.md), as three people in their own browsers: a visitor writes a
 * review of a business with none here yet and publishes it from the e-mailed link (read from the
 * app's local outbox, the admin's Outbox tab); a second visitor reports it; the admin replies as the
 * operator and hides it, and the page's own rating goes back; a second review, published, is the only
 * one the JSON-LD's aggregateRating counts (never the imported Google count). vnu and axe check the
 * form, the confirm page, the report page, the business page with reviews and the admin's Reviews tab.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { logIn, toast } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { jsonLdBlocks, validateJsonLd } from "./support/schema-org";
import { vnuErrors } from "./support/vnu";
import { axeViolations, personIn, visitAgain } from "./support/people";

const CITY = "Chicago";
const SITE = "LocalAtlas";

// A step that waits for something that never comes fails in seconds, not at the test's timeout.
test.use({ actionTimeout: 15_000 });

type ApiBusiness = { id: number; name: string; rating: number; reviewCount: number; ownReviews: { count: number } };

/** A business with an imported rating and no review written here, away from the pages other specs look at. */
async function pickBusiness(request: APIRequestContext): Promise<ApiBusiness> {
  const recommended = new Set(((await (await request.get("/api/businesses/recommended")).json()) as ApiBusiness[]).map((b) => b.id));
  const list = (await (await request.get(`/api/city/${CITY}?limit=100`)).json()) as ApiBusiness[];
  const fit = list.filter((b) => b.rating > 0 && b.reviewCount > 1 && b.ownReviews.count === 0 && !recommended.has(b.id));
  if (fit.length < 2) throw new Error(`too few businesses in ${CITY} for this test`);
  return fit[fit.length - 2];
}

/**
 * A page seen after a write: reloaded until `check` passes, since the edge cache may serve the page
 * as it was for about a second more (the data version is remembered a second per isolate,
 * docs/decisions/0014-edge-cache.md).
 */
async function seeAfterWrite(page: Page, path: string, check: () => Promise<void>) {
  await page.goto(path);
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 15_000 });
}

/** The LocalBusiness node of the business page's JSON-LD (fetched fresh: no browser cache). */
async function businessJsonLd(request: APIRequestContext, id: number): Promise<{ blocks: unknown[]; node: Record<string, unknown> }> {
  const blocks = jsonLdBlocks(await (await request.get(`/business/${id}`)).text());
  const nodes = blocks.flatMap((b) => {
    const block = b as Record<string, unknown>;
    return Array.isArray(block["@graph"]) ? (block["@graph"] as Record<string, unknown>[]) : [block];
  });
  const node = nodes.find((n) => "address" in n && "name" in n);
  if (!node) throw new Error("the business page has no LocalBusiness JSON-LD");
  return { blocks, node };
}

/** The header's own-rating line ("LocalAtlas reviews 4.0 ★★★★ (1 review)"). */
const ownRatingLine = (page: Page) =>
  page
    .getByRole("main")
    .locator("li")
    .filter({ hasText: new RegExp(`^${SITE} reviews`) });
const reviewArticle = (page: Page, title: string) =>
  page.locator("#reviews-list article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

type Review = { stars: number; title: string; body: string; name: string; email: string };

/** Fills and sends the review form; the thank-you says to check the e-mail. */
async function writeReview(page: Page, businessId: number, review: Review) {
  await page.goto(`/business/${businessId}`);
  await page.getByRole("link", { name: "Write a review" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/business/${businessId}/review$`));
  // Filled once the page runs (a choice made while React hydrates would be reset).
  await waitForHydration(page);
  await page.getByRole("radio", { name: review.stars === 1 ? "1 star" : `${review.stars} stars`, exact: true }).check();
  await page.getByLabel("Title").fill(review.title);
  await page.getByLabel("Your review").fill(review.body);
  await page.getByLabel("Name to show").fill(review.name);
  await page.getByLabel("Your e-mail").fill(review.email);
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByRole("status").getByRole("heading", { name: "Check your e-mail to publish your review" })).toBeVisible();
}

/** The publish link e-mailed to `email`, from the admin's Outbox tab (path and query). */
async function publishLink(adminPage: Page, email: string): Promise<string> {
  await adminPage.goto("/admin-panel/outbox");
  const message = adminPage
    .getByTestId("outbox-message")
    .filter({ hasText: `To ${email}` })
    .first();
  const href = await message.getByRole("link", { name: /\/reviews\/confirm\?token=/ }).getAttribute("href");
  const link = new URL(href!);
  return `${link.pathname}${link.search}`;
}

test("a review written, published from its link, reported, answered and hidden by the admin; JSON-LD from own reviews only", async ({
  page: firstVisitor,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  const business = await pickBusiness(request);
  const run = Date.now().toString(36);
  const admin = await personIn(browser, errors);
  const second = await personIn(browser, errors);
  const adminPage = admin.page;
  const secondVisitor = second.page;
  const quality: Array<{ name: string; html: string }> = [];
  const first: Review = {
    stars: 4,
    title: `Quick and careful ${run}`,
    body: "They fixed the leak the same afternoon and explained every step.",
    name: "Mai Tran",
    email: `mai-${run}@reviews-e2e.example`,
  };
  const later: Review = {
    stars: 2,
    title: `Slow this time ${run}`,
    body: "We waited forty minutes past the time they gave us on the phone.",
    name: "Luis Ortega",
    email: `luis-${run}@reviews-e2e.example`,
  };
  const reply = `Thank you for the details — ${run}.`;

  await test.step("before: no own review, no aggregateRating in the JSON-LD", async () => {
    const { node } = await businessJsonLd(request, business.id);
    expect(node.aggregateRating).toBeUndefined();
    await firstVisitor.goto(`/business/${business.id}`);
    await expect(ownRatingLine(firstVisitor)).toHaveCount(0);
    await logIn(adminPage);
  });

  await test.step("visitor: writes a review; the form passes axe", async () => {
    await firstVisitor.goto(`/business/${business.id}/review`);
    expect(await axeViolations(firstVisitor, "review form")).toEqual([]);
    quality.push({ name: "review form", html: await (await request.get(`/business/${business.id}/review`)).text() });
    await writeReview(firstVisitor, business.id, first);
    // Not shown before the link is followed.
    await visitAgain(firstVisitor, `/business/${business.id}`);
    await expect(reviewArticle(firstVisitor, first.title)).toHaveCount(0);
  });

  await test.step("visitor: follows the e-mailed link and publishes; the page shows it and its own rating", async () => {
    const link = await publishLink(adminPage, first.email);
    await firstVisitor.goto(link);
    expect(await axeViolations(firstVisitor, "confirm page")).toEqual([]);
    quality.push({ name: "confirm page", html: await (await request.get(link)).text() });
    await firstVisitor.getByRole("button", { name: "Publish my review" }).click();
    await expect(firstVisitor.getByRole("heading", { name: "Your review is published" })).toBeVisible();
    // The link works once.
    await firstVisitor.goto(link);
    await expect(firstVisitor.getByText("This link has already been used or has expired.")).toBeVisible();

    await seeAfterWrite(firstVisitor, `/business/${business.id}`, async () => {
      await expect(ownRatingLine(firstVisitor)).toHaveCount(1, { timeout: 1_000 });
    });
    await expect(ownRatingLine(firstVisitor)).toContainText("4.0");
    await expect(ownRatingLine(firstVisitor)).toContainText("(1 review)");
    const article = reviewArticle(firstVisitor, first.title);
    await expect(article).toContainText(first.body);
    await expect(article).toContainText(first.name);
  });

  await test.step("second visitor: reports it with a reason; it stays shown", async () => {
    await secondVisitor.goto(`/business/${business.id}`);
    await reviewArticle(secondVisitor, first.title).getByRole("link", { name: "Report" }).click();
    await expect(secondVisitor.getByRole("heading", { level: 1, name: "Report a review" })).toBeVisible();
    await expect(secondVisitor.getByRole("main")).toContainText(first.title);
    expect(await axeViolations(secondVisitor, "report page")).toEqual([]);
    quality.push({ name: "report page", html: await (await request.get(new URL(secondVisitor.url()).pathname)).text() });
    await secondVisitor.getByLabel("Offensive or hateful").check();
    await secondVisitor.getByLabel("Anything else we should know?").fill("Names a member of staff.");
    await secondVisitor.getByRole("button", { name: "Send report" }).click();
    await expect(secondVisitor.getByRole("status")).toContainText("Thanks — our team will look at this review.");
    await visitAgain(secondVisitor, `/business/${business.id}`);
    await expect(reviewArticle(secondVisitor, first.title)).toHaveCount(1);
  });

  await test.step("admin: the Reviews tab's reported queue lists it with the reason; the operator's reply shows under the review", async () => {
    await adminPage.goto("/admin-panel/reviews");
    await waitForHydration(adminPage);
    await adminPage.getByRole("link", { name: "Reported by visitors" }).click();
    await expect(adminPage).toHaveURL(/view=reported/);
    const item = adminPage.getByTestId("review-item").filter({ hasText: first.title });
    await expect(item).toContainText("Reported 1 time");
    await expect(item).toContainText("Names a member of staff.");
    expect(await axeViolations(adminPage, "admin reviews tab")).toEqual([]);
    quality.push({ name: "admin reviews tab", html: await (await admin.context.request.get("/admin-panel/reviews?view=reported")).text() });

    await item.getByLabel("Reply as the operator").fill(reply);
    await item.getByRole("button", { name: "Save reply" }).click();
    await expect(toast(adminPage, "Done")).toBeVisible();

    const article = reviewArticle(firstVisitor, first.title);
    await seeAfterWrite(firstVisitor, `/business/${business.id}`, async () => {
      await expect(article).toContainText(reply, { timeout: 1_000 });
    });
    await expect(article).toContainText(`Response from ${SITE}`);
  });

  await test.step("admin: hides it; the review and the page's own rating go", async () => {
    const item = adminPage.getByTestId("review-item").filter({ hasText: first.title });
    await item.getByRole("button", { name: "Hide" }).click();
    await expect(toast(adminPage, "Done").last()).toBeVisible();
    await expect(item).toHaveCount(0);

    await seeAfterWrite(firstVisitor, `/business/${business.id}`, async () => {
      await expect(reviewArticle(firstVisitor, first.title)).toHaveCount(0, { timeout: 1_000 });
    });
    await expect(ownRatingLine(firstVisitor)).toHaveCount(0);
    // Only the imported rating is left, labelled with its source.
    await expect(firstVisitor.getByRole("heading", { name: "Google rating" })).toBeVisible();
    const { node } = await businessJsonLd(request, business.id);
    expect(node.aggregateRating).toBeUndefined();
  });

  await test.step("a second review, published: the own rating and the JSON-LD count it alone", async () => {
    await writeReview(secondVisitor, business.id, later);
    await secondVisitor.goto(await publishLink(adminPage, later.email));
    await secondVisitor.getByRole("button", { name: "Publish my review" }).click();
    await expect(secondVisitor.getByRole("heading", { name: "Your review is published" })).toBeVisible();

    await seeAfterWrite(secondVisitor, `/business/${business.id}`, async () => {
      await expect(ownRatingLine(secondVisitor)).toContainText("2.0", { timeout: 1_000 });
    });
    await expect(ownRatingLine(secondVisitor)).toContainText("(1 review)");
    await expect(reviewArticle(secondVisitor, later.title)).toHaveCount(1);
    await expect(reviewArticle(secondVisitor, first.title)).toHaveCount(0);
    expect(await axeViolations(secondVisitor, "business page with reviews")).toEqual([]);
    quality.push({ name: "business page with reviews", html: await (await request.get(`/business/${business.id}`)).text() });

    const { blocks, node } = await businessJsonLd(request, business.id);
    for (const block of blocks) expect(await validateJsonLd(block), JSON.stringify(block).slice(0, 200)).toEqual([]);
    const rating = node.aggregateRating as Record<string, unknown>;
    expect(rating).toMatchObject({ "@type": "AggregateRating" });
    expect(Number(rating.ratingValue)).toBe(2);
    expect(Number(rating.reviewCount)).toBe(1);
    expect(Number(rating.reviewCount)).not.toBe(business.reviewCount);
    const marked = JSON.stringify(node.review ?? []);
    expect(marked).toContain(later.title);
    expect(marked).not.toContain(first.title);
  });

  await test.step("quality: vnu on the form, the confirm page, the report page, the business page with reviews, the Reviews tab", async () => {
    expect(quality.map((p) => p.name)).toHaveLength(5);
    expect((await vnuErrors(quality)).map((e) => `${e.url}:${e.lastLine}: ${e.message}`)).toEqual([]);
  });

  await admin.context.close();
  await second.context.close();
  expect(errors, "console errors and uncaught exceptions of the second visitor's and the admin's browsers").toEqual([]);
});
