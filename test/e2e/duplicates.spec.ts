/**
 * Duplicates in the browser (ADR 0019): a business imported under two place ids shows on the Duplicates
 * tab; Merge keeps the one with more reviews and the other's page then lands on it; a deleted
 * business's page says it is no longer listed (410).
 */
import AxeBuilder from "@axe-core/playwright";
import * as XLSX from "@e965/xlsx";
import type { Page } from "@playwright/test";
import { SPEC_COLUMNS } from "#app/lib/import/import-mapping";
import { logIn, toast } from "./support/admin";
import { expect, test } from "./support/fixtures";

const tag = `dup${Math.random().toString(36).slice(2, 8)}`;

function row(overrides: Record<string, unknown>): unknown[] {
  const base: Record<string, unknown> = {
    name: `Harbor Dental ${tag}`,
    category: "Dentist",
    full_address: "12 Harbor St, Boston, MA 02110",
    postal_code: "02110",
    country: "United States",
    phone: "+1 617-555-0131",
    rating: 4.7,
    reviews: 58,
    working_hours: '{"Monday": "8AM-4PM"}',
    ...overrides,
  };
  return SPEC_COLUMNS.map((c) => base[c] ?? null);
}

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return result.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

function workbook(): Buffer {
  const rows = [
    [...SPEC_COLUMNS],
    row({ place_id: `${tag}-kept` }),
    row({ place_id: `${tag}-closing`, name: `Old Pier Bakery ${tag}`, category: "Bakery", phone: "+1 617-555-0199" }),
    row({
      place_id: `${tag}-copy`,
      name: `Harbor Dental ${tag}, LLC`,
      phone: "(617) 555-0131",
      reviews: 3,
      full_address: "12 Harbor Street, Boston, MA 02110",
    }),
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return Buffer.from(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

test("a business imported twice is merged on the Duplicates tab; the copy's page lands on the one kept; a deleted one is gone", async ({
  page,
}) => {
  await logIn(page);
  const imported = await page.request.post("/api/admin/import", {
    multipart: { excelFile: { name: "duplicates.xlsx", mimeType: "application/octet-stream", buffer: workbook() } },
  });
  expect(imported.status()).toBe(200);

  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Duplicates", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-panel\/duplicates$/);
  const card = page.getByTestId("duplicate-pair").filter({ hasText: `${tag}-copy` });
  await expect(card).toContainText("Same name and phone");
  // The one with more reviews is chosen to be kept.
  await expect(card.getByRole("radio", { name: `Keep Harbor Dental ${tag}`, exact: true })).toBeChecked();
  const ids = await card.getByRole("link", { name: /^#\d+$/ }).allTextContents();
  const [keptId, copyId] = (
    await card
      .getByRole("radio")
      .evaluateAll((radios) => radios.map((r) => [(r as HTMLInputElement).checked, (r as HTMLInputElement).value] as const))
  )
    .sort((a, b) => Number(b[0]) - Number(a[0]))
    .map(([, value]) => value);
  expect(ids).toHaveLength(2);
  expect(await axeViolations(page)).toEqual([]);

  await card.getByRole("button", { name: "Merge" }).click();
  await expect(toast(page, "Businesses merged")).toBeVisible();
  await expect(card).toHaveCount(0);

  // The copy's page is now the kept business's page (a 301).
  await page.goto(`/business/${copyId}`);
  await expect(page).toHaveURL(new RegExp(`/business/${keptId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Harbor Dental ${tag}`);

  // Deleted: 410 and a page that says so, with a search box. (A page the browser has just seen may
  // come from its own cache for up to a minute, max-age=60: this one was never opened.)
  const closing = await page.request.get(`/api/businesses/slug/old-pier-bakery-${tag}`);
  const closingId = ((await closing.json()) as { id: number }).id;
  expect((await page.request.delete(`/api/admin/businesses/${closingId}`)).status()).toBe(200);
  const gone = await page.goto(`/business/${closingId}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business No Longer Listed");
  await expect(page.getByRole("search")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  expect(await axeViolations(page)).toEqual([]);
});
