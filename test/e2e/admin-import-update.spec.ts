/**
 * Re-import in update mode from the Import tab (ADR 0018): a sheet imported as usual, then a
 * copy with one changed rating chosen with "Update them": the preview says the listed rows will be
 * updated, the toast and Import History count 1 updated, and the business shows its new rating. The
 * sheet is made here under a tag of this run, so the other specs' data stays as it was.
 */
import { expect, test } from "@playwright/test";
import * as XLSX from "@e965/xlsx";
import { writeFile } from "node:fs/promises";
import { SPEC_COLUMNS } from "#app/lib/import/import-mapping";
import { logIn, toast } from "./support/admin";

const tag = `up${Math.random().toString(36).slice(2, 8)}`;

function row(overrides: Record<string, unknown>): unknown[] {
  const base: Record<string, unknown> = {
    category: "Bakery",
    full_address: "Laugavegur 12, 101 Reykjavík, Iceland",
    postal_code: "101",
    country: "Iceland",
    phone: "+354 555 0101",
    rating: 4.2,
    reviews: 18,
    working_hours: '{"Monday": "8AM-4PM"}',
    ...overrides,
  };
  return SPEC_COLUMNS.map((c) => base[c] ?? null);
}

async function workbook(path: string, firstRating: number) {
  const rows = [
    [...SPEC_COLUMNS],
    row({ name: `Update Mode Bakery ${tag}`, place_id: `${tag}-1`, rating: firstRating }),
    row({ name: `Update Mode Books ${tag}`, category: "Book store", place_id: `${tag}-2` }),
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  await writeFile(path, new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer));
}

test("skip by default, then update mode refreshes the listed business whose rating changed", async ({ page }, testInfo) => {
  const first = testInfo.outputPath(`update-mode-${tag}-1.xlsx`);
  const second = testInfo.outputPath(`update-mode-${tag}-2.xlsx`);
  await workbook(first, 4.2);
  await workbook(second, 2.7);

  await logIn(page);
  await page.goto("/admin-panel/import");
  const modes = page.getByRole("group", { name: "Rows already listed (same place_id)" });
  await expect(modes.getByRole("radio", { name: "Skip them" })).toBeChecked();

  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles(first);
  const preview = page.getByRole("region", { name: /Check before importing/ });
  await preview.getByRole("button", { name: "Import 2 rows" }).click();
  await expect(toast(page, "Import Completed")).toContainText("Imported: 2, duplicates skipped: 0, errors: 0");

  // The same businesses again, one with a new rating, in update mode.
  await modes.getByRole("radio", { name: "Update them" }).check();
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles(second);
  await expect(preview.getByTestId("preview-row").first()).toContainText("Already listed: will be updated where the file differs");
  await preview.getByRole("button", { name: "Import 2 rows (update mode)" }).click();
  await expect(toast(page, "Import Completed").last()).toContainText("Imported: 0, duplicates skipped: 1, errors: 0, updated: 1");

  await page.goto("/admin-panel/imports");
  const entry = page.getByTestId("import-row").filter({ hasText: `update-mode-${tag}-2.xlsx` });
  await expect(entry).toContainText("update mode");
  await expect(entry.locator("td").nth(5)).toContainText("1 updated");

  const listed = (await (await page.request.get(`/api/search?q=${encodeURIComponent(`Update Mode Bakery ${tag}`)}`)).json()) as {
    businesses: Array<{ name: string; rating: number }>;
  };
  expect(listed.businesses.find((b) => b.name === `Update Mode Bakery ${tag}`)?.rating).toBe(2.7);
  await expect(toast(page, "Import failed")).toHaveCount(0);
});
