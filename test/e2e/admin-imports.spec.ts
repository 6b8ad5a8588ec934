/**
 * The operator's import flow: pick a file, look at the preview, confirm, close the page,
 * come back, find the import finished in Import History, download its error report. The sheet is
 * made here under a tag of this run: three good rows, then 5,000 crafted bad ones — more rows than
 * an upload imports inline, so the import runs as a job on the server and finishes with no page
 * open, while only three businesses are added (the other specs' data stays as it was;
 * admin-data.spec.ts imports the Outscraper fixture).
 */
import { expect, test } from "@playwright/test";
import * as XLSX from "@e965/xlsx";
import { readFile, writeFile } from "node:fs/promises";
import { SPEC_COLUMNS } from "#app/lib/import/import-mapping";
import { logIn, toast } from "./support/admin";

const tag = `op${Math.random().toString(36).slice(2, 8)}`;

function row(overrides: Record<string, unknown>): unknown[] {
  const base: Record<string, unknown> = {
    name: "Operator Flow Bakery",
    category: "Bakery",
    full_address: "Laugavegur 10, 101 Reykjavík, Iceland",
    postal_code: "101",
    country: "Iceland",
    phone: "+354 555 0100",
    rating: 4.6,
    reviews: 31,
    photo: "",
    working_hours: '{"Monday": "8AM-4PM"}',
    about: "",
    place_id: `${tag}-place`,
    location_link: "",
    ...overrides,
  };
  return SPEC_COLUMNS.map((c) => base[c] ?? null);
}

/** Bad rows after the three good ones: every other one without a name, the rest without a place_id. */
const BAD_ROWS = 5000;

/** Rows 2–4 import; from row 5 on, BAD_ROWS rows that the import skips: the error report's rows. */
async function craftedWorkbook(path: string) {
  const rows = [
    [...SPEC_COLUMNS],
    row({ name: `Operator Flow Bakery ${tag}`, place_id: `${tag}-1` }),
    row({ name: `Operator Flow Café ${tag}`, category: "Cafe", place_id: `${tag}-2` }),
    row({ name: `Operator Flow Books ${tag}`, category: "Book store", place_id: `${tag}-3` }),
    ...Array.from({ length: BAD_ROWS }, (_, i) => (i % 2 === 0 ? row({ name: "", place_id: `${tag}-bad-${i}` }) : row({ place_id: "" }))),
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  await writeFile(path, new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer));
}

test("pick, preview, confirm, close the page; the history shows it finished and gives its error report", async ({
  page,
  context,
}, testInfo) => {
  const fileName = `operator-flow-${tag}.xlsx`;
  const file = testInfo.outputPath(fileName);
  await craftedWorkbook(file);

  await logIn(page);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Import", exact: true }).click();
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles(file);

  // The look before the write: the spec's columns, 5 rows, the bad ones marked, nothing stored yet.
  const preview = page.getByRole("region", { name: /Check before importing/ });
  await expect(preview.getByTestId("preview-layout")).toContainText("spec's import columns");
  await expect(preview.getByTestId("preview-rows")).toHaveText((3 + BAD_ROWS).toLocaleString("en-US"));
  await expect(preview.getByTestId("preview-row")).toHaveCount(5);
  await expect(preview.getByTestId("preview-row").nth(3)).toContainText("Will be skipped: name: name is required");
  await expect(preview.getByTestId("preview-row").nth(4)).toContainText("place_id is required");
  const before = await page.request.get(`/api/businesses?limit=20&offset=0&search=${tag}`);
  expect(((await before.json()) as { totalCount: number }).totalCount).toBe(0);

  // Confirm, and close the page as soon as the upload is accepted: the server finishes the import.
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/admin/import" && r.request().method() === "POST");
  await preview.getByRole("button", { name: `Import ${(3 + BAD_ROWS).toLocaleString("en-US")} rows` }).click();
  // 202: more rows than an upload imports inline, so it runs as a job (a Workflow) on the server.
  expect((await uploaded).status()).toBe(202);
  await page.close();

  // Come back later in a new page of the same browser (the session cookie is kept).
  const again = await context.newPage();
  await again.goto("/admin-panel/imports");
  const entry = again.getByTestId("import-row").filter({ hasText: fileName });
  // The tab reads the list again by itself while an import runs.
  await expect(entry).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await expect(entry).toContainText("Done");
  const cells = entry.locator("td");
  await expect(cells.nth(5)).toHaveText("3");
  await expect(cells.nth(6)).toHaveText("0");
  await expect(cells.nth(7)).toHaveText(BAD_ROWS.toLocaleString("en-US"));

  // The Import tab lists it among the latest imports too.
  await again.goto("/admin-panel/import");
  await expect(again.getByTestId("recent-import").filter({ hasText: fileName })).toHaveAttribute("data-status", "done");
  await again.goto("/admin-panel/imports");

  // The error report as CSV: the two crafted rows, with their row, column and reason.
  const downloading = again.waitForEvent("download");
  await entry.getByRole("link", { name: `Error report of ${fileName} as CSV` }).click();
  const download = await downloading;
  const saved = testInfo.outputPath(download.suggestedFilename() || "errors.csv");
  await download.saveAs(saved);
  const csv = await readFile(saved, "utf8");
  expect(csv).toMatch(/row/i);
  expect(csv).toMatch(/reason/i);
  expect(csv).toContain("name is required");
  expect(csv).toContain("place_id is required");
  expect(csv.split(/\r?\n/).filter((l) => /required/.test(l))).toHaveLength(BAD_ROWS);

  // The original file is kept and downloadable.
  const original = await again.request.get(
    (await entry.getByRole("link", { name: `Original file ${fileName}` }).getAttribute("href")) ?? "/missing",
  );
  expect(original.status()).toBe(200);
  expect([...(await original.body()).subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);

  // And the imported businesses are listed.
  const after = await again.request.get(`/api/businesses?limit=20&offset=0&search=${tag}`);
  expect(((await after.json()) as { totalCount: number }).totalCount).toBe(3);
  await expect(toast(again, "Import failed")).toHaveCount(0);
});

test("upload then cancel writes nothing: no history entry, no businesses", async ({ page }, testInfo) => {
  const fileName = `operator-cancel-${tag}.xlsx`;
  const file = testInfo.outputPath(fileName);
  await craftedWorkbook(file);
  await logIn(page);
  const stats = async () => (await (await page.request.get("/api/statistics")).json()) as Record<string, number>;
  const before = await stats();
  await page.goto("/admin-panel/import");
  await page.getByLabel("Excel file (.xlsx or .xls)").setInputFiles(file);
  const preview = page.getByRole("region", { name: /Check before importing/ });
  await expect(preview).toBeVisible();
  await preview.getByRole("button", { name: "Cancel" }).click();
  await expect(toast(page, "Import cancelled")).toContainText("Nothing was imported.");
  expect(await stats()).toEqual(before);
  await page.goto("/admin-panel/imports");
  await expect(page.getByRole("heading", { name: "Import history" })).toBeVisible();
  await expect(page.getByTestId("import-row").filter({ hasText: fileName })).toHaveCount(0);
});
