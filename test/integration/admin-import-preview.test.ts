/**
 * The look before the write: POST /api/admin/import/preview reads an upload as the
 * import would — layout, row count, column mapping, the first five rows as stored — and writes
 * nothing: no businesses, no `imports` row, no R2 object, statistics unchanged. Upload then cancel is
 * exactly this call and no other.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ImportPreview } from "#app/lib/import/import-preview";
import { adminRequest } from "../helpers/admin";
import { buildBusiness, getJson, insert, request } from "../helpers/factories";
import { multipartInit, writtenState } from "../helpers/import";
import { fileOf, fixtureBytes, sheetBytes, SPEC_HEADER, specRow, US_FIXTURE, VN_FIXTURE } from "../helpers/spreadsheets";

async function previewInit(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set("excelFile", fileOf(bytes, name));
  return { method: "POST", ...(await multipartInit(form)) };
}

async function preview(bytes: Uint8Array, name: string): Promise<{ status: number; body: ImportPreview & { message?: string } }> {
  const response = await adminRequest("/api/admin/import/preview", await previewInit(bytes, name));
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return { status: response.status, body: (await response.json()) as ImportPreview & { message?: string } };
}

/** Everything a write would change: the tables, the stored files, the public statistics, the audit log. */
async function everything() {
  const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action <> 'login'").first<{ n: number }>();
  return { ...(await writtenState()), statistics: (await getJson("/api/statistics")).body, audit: audit?.n ?? 0 };
}

describe("POST /api/admin/import/preview", () => {
  it("answers 401 without a session and 403 cross-origin, reading nothing", async () => {
    const init = await previewInit(fixtureBytes(VN_FIXTURE), VN_FIXTURE);
    expect((await request("/api/admin/import/preview", init)).status).toBe(401);
    const foreign = await previewInit(fixtureBytes(VN_FIXTURE), VN_FIXTURE);
    expect(
      (
        await adminRequest("/api/admin/import/preview", {
          ...foreign,
          headers: { ...Object.fromEntries(foreign.headers), Origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);
    expect((await adminRequest("/api/admin/import/preview")).status).toBe(405);
  });

  it("a 2026 Outscraper file: its layout, 8 rows, the mapping and five rows as stored; nothing written", async () => {
    await adminRequest("/api/admin/check-auth");
    const before = await everything();
    const { status, body } = await preview(fixtureBytes(VN_FIXTURE), VN_FIXTURE);
    expect(status).toBe(200);
    expect(body).toMatchObject({ fileName: VN_FIXTURE, format: "xlsx", layout: "outscraper-2026", rowCount: 8, headerRow: 1 });
    expect(body.layoutLabel).toMatch(/2026/);
    expect(body.mapping).toEqual(
      expect.arrayContaining([
        { field: "Name", header: "name", column: expect.stringMatching(/^[A-Z]+$/) },
        { field: "Address", header: "address", column: expect.any(String) },
        { field: "Website", header: "website", column: expect.any(String) },
        { field: "Place ID", header: "place_id", column: expect.any(String) },
      ]),
    );
    expect(body.ignoredColumns).toContain("query");
    expect(body.rows).toHaveLength(5);
    expect(body.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6]);
    const stored = body.rows.find((r) => r.ok);
    expect(stored).toMatchObject({
      ok: true,
      duplicate: false,
      values: { name: expect.any(String), country: expect.any(String), placeId: expect.any(String) },
    });
    expect(await everything()).toEqual(before);
  });

  it("a 2025 Outscraper file reads as the 2025 layout (full_address, site)", async () => {
    const { status, body } = await preview(fixtureBytes(US_FIXTURE), US_FIXTURE);
    expect(status).toBe(200);
    expect(body.layout).toBe("outscraper-2025");
    expect(body.mapping).toEqual(expect.arrayContaining([{ field: "Address", header: "full_address", column: expect.any(String) }]));
    expect(body.rows).toHaveLength(5);
  });

  it("the spec's columns: a bad row is shown with its reason, an already listed one as a duplicate", async () => {
    const listed = "preview-listed-place";
    await insert(buildBusiness({ placeId: listed, name: "Already Here Bakery" }));
    const before = await everything();
    const rows = [
      SPEC_HEADER,
      specRow({ name: "Good Bakery" }),
      specRow({ name: "" }),
      specRow({ place_id: listed, name: "Already Here Bakery" }),
    ];
    const { status, body } = await preview(sheetBytes(rows), "spec.xlsx");
    expect(status).toBe(200);
    expect(body).toMatchObject({ layout: "spec", rowCount: 3 });
    expect(body.rows).toEqual([
      expect.objectContaining({
        row: 2,
        ok: true,
        duplicate: false,
        values: expect.objectContaining({ name: "Good Bakery", zipCode: "10117", rating: 4.5 }),
      }),
      { row: 3, ok: false, column: "name", reason: "name is required" },
      expect.objectContaining({ row: 4, ok: true, duplicate: true }),
    ]);
    expect(await everything()).toEqual(before);
  });

  it("refuses what the import refuses, with the import's status and message, writing nothing", async () => {
    const before = await everything();
    const text = await preview(new TextEncoder().encode("just some text\n"), "notes.xlsx");
    expect(text.status).toBe(415);
    expect(text.body.message).toMatch(/not a spreadsheet/);
    const named = await preview(fixtureBytes(VN_FIXTURE), "cafes.csv");
    expect(named.status).toBe(415);
    expect(named.body.message).toMatch(/not an Excel file/);
    const headerOnly = await preview(sheetBytes([SPEC_HEADER]), "empty.xlsx");
    expect(headerOnly.status).toBe(422);
    const missing = await preview(
      sheetBytes([
        ["title", "phone"],
        ["x", "1"],
      ]),
      "odd.xlsx",
    );
    expect(missing.status).toBe(422);
    expect(missing.body.message).toMatch(/lacks required column/);
    expect(await everything()).toEqual(before);
  });

  it("preview then import: the preview changed nothing, the import then writes what the preview showed", async () => {
    const before = await everything();
    const { body } = await preview(fixtureBytes(VN_FIXTURE), VN_FIXTURE);
    expect(await everything()).toEqual(before);
    const form = new FormData();
    form.set("excelFile", fileOf(fixtureBytes(VN_FIXTURE), VN_FIXTURE));
    const imported = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
    expect([200, 202]).toContain(imported.status);
    const shownNames = body.rows.flatMap((r) => (r.ok ? [r.values.name] : []));
    const rows = await env.DB.prepare("SELECT name FROM businesses").all<{ name: string }>();
    // A job (202) may still be writing; what is there is what the preview said would be.
    if (imported.status === 200) expect(rows.results.map((r) => r.name)).toEqual(expect.arrayContaining(shownNames));
  });
});
