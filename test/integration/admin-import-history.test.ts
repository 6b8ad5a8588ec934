/**
 * The Import History tab: every import newest first with file, size, who, when,
 * status, duration and counts, links to its error report and original file, Retry for a failed one;
 * paged by id. Read by the tab's own loader from the `imports` table, behind the session check.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { importsQuerySchema } from "#app/lib/admin/admin-imports";
import { importHistoryPage } from "#app/server/import/import-history.server";
import { adminRequest } from "../helpers/admin";
import { request, testDb } from "../helpers/factories";
import { multipartInit } from "../helpers/import";
import { fileOf, fixtureBytes, VN_FIXTURE } from "../helpers/spreadsheets";
import { TEST_ADMIN_USERNAME } from "../setup/admin-credentials";

async function addImport(values: {
  fileName: string;
  status: string;
  imported?: number;
  errors?: number;
  createdAt: number;
  finishedAt?: number | null;
}) {
  const row = await env.DB.prepare(
    `INSERT INTO imports (r2_key, file_name, file_size, uploaded_by, status, message, total_rows, processed_rows, imported, total_errors, created_at, finished_at)
     VALUES (?1, ?1, 2048, 'someone', ?2, ?3, 10, 10, ?4, ?5, ?6, ?7) RETURNING id`,
  )
    .bind(
      values.fileName,
      values.status,
      values.status === "failed" ? "Import failed: the stored import file is missing" : "",
      values.imported ?? 0,
      values.errors ?? 0,
      values.createdAt,
      values.finishedAt ?? null,
    )
    .first<{ id: number }>();
  return row!.id;
}

describe("the Import History tab", () => {
  it("redirects to /admin-login without a session", async () => {
    const response = await request("/admin-panel/imports", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin-login");
  });

  it("lists a real import with who, status, counts and its links; a failed one has Retry", async () => {
    const form = new FormData();
    form.set("excelFile", fileOf(fixtureBytes(VN_FIXTURE), VN_FIXTURE));
    const imported = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
    expect([200, 202]).toContain(imported.status);
    const failedId = await addImport({ fileName: "broken.xlsx", status: "failed", createdAt: 1_700_000_000, finishedAt: 1_700_000_125 });

    const response = await adminRequest("/admin-panel/imports");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain(VN_FIXTURE);
    expect(html).toContain(TEST_ADMIN_USERNAME);
    expect(html).toContain("broken.xlsx");
    expect(html).toContain("2 min 5 s");
    expect(html).toContain(`/api/admin/imports/${failedId}/file`);
    expect(html).toContain(`Retry import of broken.xlsx`);
    expect(html).toContain("Import failed: the stored import file is missing");
    const real = (await importHistoryPage(testDb(), importsQuerySchema.parse({}))).imports.find((i) => i.fileName === VN_FIXTURE)!;
    if (real.totalErrors > 0) expect(html).toContain(`/api/admin/imports/${real.id}/errors?format=csv`);
    expect(real).toMatchObject({ uploadedBy: TEST_ADMIN_USERNAME, totalRows: 8 });
    // The Import tab shows the latest imports, the failed one first (newest).
    const tab = await (await adminRequest("/admin-panel/import")).text();
    expect(tab).toContain("Latest imports");
    expect(tab.indexOf("broken.xlsx")).toBeLessThan(tab.indexOf(VN_FIXTURE));
  });

  it("pages newest first by id, without repeats", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(
        await addImport({
          fileName: `page-${i}.xlsx`,
          status: "done",
          imported: i,
          createdAt: 1_700_000_000 + i,
          finishedAt: 1_700_000_010 + i,
        }),
      );
    const db = testDb();
    const first = await importHistoryPage(db, importsQuerySchema.parse({ limit: "3" }));
    expect(first.imports.map((i) => i.id)).toEqual(ids.slice(-3).reverse());
    expect(first.next).toBe(ids[4]);
    const second = await importHistoryPage(db, importsQuerySchema.parse({ limit: "3", before: String(first.next) }));
    expect(second.imports.map((i) => i.id)).toEqual([ids[3], ids[2], ids[1]]);
    const html = await (await adminRequest(`/admin-panel/imports?before=${ids[2]}`)).text();
    expect(html).toContain("page-1.xlsx");
    expect(html).not.toContain("page-2.xlsx");
    expect(html).toContain("Newest");
  });
});
