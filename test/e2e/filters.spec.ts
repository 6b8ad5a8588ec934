/**
 * Filters in the browser: the real Huế cafés file, imported by the admin as a city of its own (its
 * place ids, names and city changed, so admin-data.spec.ts imports the file itself as new later), its
 * city page's filter bar: two attributes picked and submitted, and every card shown has both (its
 * business page says so). The bar with filters on passes axe and the Nu HTML Checker on a desktop and
 * on a phone, where it folds and never scrolls sideways; and a café whose data says "Wheelchair
 * accessible entrance: false" says "No wheelchair accessible entrance" on its page.
 */
import * as XLSX from "@e965/xlsx";
import path from "node:path";
import { readFile, writeFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { logIn, toast } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { axeViolations } from "./support/people";
import { vnuErrors } from "./support/vnu";

test.describe.configure({ mode: "serial" });

const FIXTURE = path.join(import.meta.dirname, "../fixtures/outscraper-2026-cafes-hue-vn.xlsx");
const tag = `f${Math.random().toString(36).slice(2, 7)}`;
const CITY = `Hue Filters ${tag}`;
const CITY_PATH = `/city/${encodeURIComponent(CITY)}`;
/** The two filters picked, by their slugs and their labels in the bar. */
const PICKED = [
  { slug: "outdoor-seating", label: "Outdoor seating", key: "Outdoor seating" },
  { slug: "takeout", label: "Takeout", key: "Takeout" },
];
/** A phone's viewport (an iPhone 13's). */
const PHONE = { width: 390, height: 844 };

type Row = Record<string, unknown>;
let rows: Row[] = [];

/**
 * The Huế file as a city of its own: new place ids, names and city; no phone or website (no duplicate
 * of the original), no photos (their host is not reached from a test run: the default images show).
 */
/**
 * A copy's name: a plain one of its own, so that no search for a real café's name (admin-data.spec
 * looks each one up) finds the copy too.
 */
const taggedName = (r: Row) => `Filter café ${rows.indexOf(r) + 1} ${tag}`;

async function taggedCopy(file: string) {
  const book = XLSX.read(await readFile(FIXTURE));
  const sheet = book.Sheets[book.SheetNames[0]];
  rows = XLSX.utils.sheet_to_json<Row>(sheet, { defval: null });
  const copy = rows.map((r) => ({
    ...r,
    name: taggedName(r),
    city: CITY,
    place_id: `${String(r.place_id)}-${tag}`,
    google_id: r.google_id ? `${String(r.google_id)}-${tag}` : null,
    cid: null,
    kgmid: null,
    phone: null,
    website: null,
    photo: null,
    logo: null,
    street_view: null,
    latitude: typeof r.latitude === "number" ? r.latitude + 0.5 : r.latitude,
  }));
  const out = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(out, XLSX.utils.json_to_sheet(copy), "Sheet1");
  await writeFile(file, new Uint8Array(XLSX.write(out, { type: "array", bookType: "xlsx" }) as ArrayBuffer));
}

/** The file's `about` of a café, by its (tagged) name. */
function aboutOf(name: string): Record<string, Record<string, boolean>> {
  const row = rows.find((r) => taggedName(r) === name);
  expect(row, name).toBeDefined();
  return row!.about ? (JSON.parse(String(row!.about)) as Record<string, Record<string, boolean>>) : {};
}

const has = (about: Record<string, Record<string, boolean>>, label: string) => Object.values(about).some((g) => g[label] === true);

/** The cards' business page links and names. */
async function cardsOf(page: Page): Promise<Array<{ name: string; href: string }>> {
  const links = page.locator("main article h2 a, main article h3 a");
  const out: Array<{ name: string; href: string }> = [];
  for (let i = 0; i < (await links.count()); i++)
    out.push({ name: (await links.nth(i).innerText()).trim(), href: String(await links.nth(i).getAttribute("href")) });
  return out;
}

/** Neither the page nor anything of its filter bar reaches past the viewport's width (a row of links may scroll within itself). */
async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, "the page scrolls sideways").toBeLessThanOrEqual(client);
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("main form *")]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((e) => `${e.tagName} ${(e.textContent ?? "").slice(0, 40)}`),
  );
  expect(wide, "filter bar wider than the viewport").toEqual([]);
}

test("the admin imports the Huế cafés as a city of their own", async ({ page }, testInfo) => {
  const file = testInfo.outputPath(`hue-filters-${tag}.xlsx`);
  await taggedCopy(file);
  await logIn(page);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Import", exact: true }).click();
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles(file);
  const preview = page.getByRole("region", { name: /Check before importing/ });
  await preview.getByRole("button", { name: `Import ${rows.length} rows` }).click();
  await expect(toast(page, "Import Completed")).toContainText(`Imported: ${rows.length}, duplicates skipped: 0`);
});

test("two filters picked on the city page: every card shown has both, as the file says", async ({ page }) => {
  test.setTimeout(120_000);
  if (!rows.length) await taggedCopy(test.info().outputPath("rows.xlsx"));
  await page.goto(CITY_PATH);
  await waitForHydration(page);
  const bar = page.locator("main form").first();
  for (const { label } of PICKED) await bar.getByRole("checkbox", { name: new RegExp(`^${label}\\b`) }).check();
  await bar.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]has=${PICKED.map((p) => p.slug).join("%2C")}(&|$)`));

  const expected = rows.filter((r) => {
    const about = r.about ? (JSON.parse(String(r.about)) as Record<string, Record<string, boolean>>) : {};
    return PICKED.every((p) => has(about, p.key));
  });
  expect(expected.length, "cafés of the file with both").toBeGreaterThan(0);
  expect(expected.length, "cafés of the file without both").toBeLessThan(rows.length);
  // The filtered list has rendered (the chips show once its data has arrived), with as many cards as the file says.
  await expect(page.getByRole("link", { name: `Remove filter: ${PICKED[0].label}` })).toBeVisible();
  await expect(page.locator("main article h2 a, main article h3 a")).toHaveCount(expected.length);
  const cards = await cardsOf(page);
  expect(cards.map((c) => c.name).sort()).toEqual(expected.map(taggedName).sort());
  // Each chosen filter is a chip that removes it, and each card's page says it has both.
  for (const { label } of PICKED) await expect(page.getByRole("link", { name: `Remove filter: ${label}` })).toBeVisible();
  for (const card of cards) {
    expect(PICKED.every((p) => has(aboutOf(card.name), p.key))).toBe(true);
    await page.goto(card.href);
    for (const { slug } of PICKED) await expect(page.locator(`li[data-attribute="${slug}"][data-has="true"]`)).toHaveCount(1);
  }
});

test("with filters on, the city page passes axe and the Nu HTML Checker, on a desktop and on a phone", async ({ page, request }) => {
  test.setTimeout(120_000);
  const filtered = `${CITY_PATH}?has=${PICKED.map((p) => p.slug).join(",")}&openAt=sun-10:00&openLate=1`;
  const search = `/search?q=coffee&location=${encodeURIComponent(CITY)}&has=outdoor-seating&open24h=1`;
  const pages = [];
  for (const p of [filtered, `/vi${filtered}`, search]) pages.push({ name: p, html: await (await request.get(p)).text() });
  expect((await vnuErrors(pages)).map((e) => `${e.url}:${e.lastLine}: ${e.message}`)).toEqual([]);

  for (const p of [filtered, search]) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(p);
    expect(await axeViolations(page, `desktop ${p}`)).toEqual([]);
    await noSidewaysScroll(page);

    // A phone: the bar folds under its toggle, the chosen filters stay in view.
    await page.setViewportSize(PHONE);
    await page.goto(p);
    const toggle = page.locator("main form summary").first();
    await expect(toggle).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /^Open 24 hours|^Open late/ }).first()).toBeHidden();
    await expect(page.getByRole("link", { name: /^Remove filter: / }).first()).toBeVisible();
    expect(await axeViolations(page, `phone ${p}`)).toEqual([]);
    await noSidewaysScroll(page);
    await toggle.click();
    await expect(page.getByRole("checkbox", { name: /^Open late/ })).toBeVisible();
    expect(await axeViolations(page, `phone, unfolded ${p}`)).toEqual([]);
    await noSidewaysScroll(page);
  }
});

test("a café whose data says its entrance is not wheelchair accessible says so on its page", async ({ page }) => {
  if (!rows.length) await taggedCopy(test.info().outputPath("rows.xlsx"));
  const cafe = rows.find((r) => r.about && aboutOf(taggedName(r)).Accessibility?.["Wheelchair accessible entrance"] === false);
  expect(cafe, "a café without a wheelchair accessible entrance").toBeDefined();
  await page.goto(CITY_PATH);
  await page
    .getByRole("link", { name: taggedName(cafe!), exact: true })
    .first()
    .click();
  await expect(page.getByText("No wheelchair accessible entrance", { exact: true })).toBeVisible();
  expect(await axeViolations(page, "business page")).toEqual([]);
});
