import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { mapHeader } from "#app/lib/import/import-mapping";
import { EXPORT_COLUMNS, exportFileName } from "#app/server/admin/export.server";
import { importUpload } from "#app/server/import/import.server";
import { adminRequest } from "../helpers/admin";
import { buildBusiness, insert } from "../helpers/factories";
import { settle, testApp, uploadRequest } from "../helpers/import";
import { fileOf } from "../helpers/spreadsheets";

describe("export to Excel", () => {
  it("names the file by country and date", () => {
    const day = new Date("2026-11-22T10:00:00Z");
    expect(exportFileName(null, day)).toBe("businesses_all_2026-11-22.xlsx");
    expect(exportFileName("Viet Nam", day)).toBe("businesses_Vietnam_2026-11-22.xlsx");
  });

  it("streams typed cells that round-trip through a spreadsheet reader and re-import as duplicates", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const rows = [
      buildBusiness({
        name: "=SUM(A1:A2)",
        country: "Iceland",
        zipCode: "00101",
        rating: 4.5,
        reviewCount: 12,
        city: `Reykjavik ${tag}`,
        openingHours: { Monday: "9:00 AM - 5:00 PM" },
        about: { Payments: { "Credit cards": true } },
        isVerified: true,
      }),
      buildBusiness({ name: `Plain & <Simple> ${tag}`, country: "Iceland", zipCode: "101", rating: 0, reviewCount: 0 }),
      buildBusiness({ name: `Elsewhere ${tag}`, country: "Norway" }),
    ];
    await insert(...rows);
    const response = await adminRequest("/api/admin/export?country=Iceland");
    expect(response.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="businesses_Iceland_${day}.xlsx"; filename*=UTF-8''businesses_Iceland_${day}.xlsx`,
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());

    const book = XLSX.read(bytes, { type: "array", dense: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
    expect(table[0]).toEqual([...EXPORT_COLUMNS]);
    expect(EXPORT_COLUMNS.slice(0, 13)).toEqual([
      "name",
      "category",
      "full_address",
      "postal_code",
      "country",
      "phone",
      "rating",
      "reviews",
      "photo",
      "working_hours",
      "about",
      "place_id",
      "location_link",
    ]);
    const col = (name: string) => EXPORT_COLUMNS.indexOf(name as (typeof EXPORT_COLUMNS)[number]);
    const formula = table.find((r) => r[col("place_id")] === rows[0].placeId) as unknown[];
    expect(formula[col("name")]).toBe("=SUM(A1:A2)");
    expect(formula[col("postal_code")]).toBe("00101");
    expect(formula[col("rating")]).toBe(4.5);
    expect(formula[col("reviews")]).toBe(12);
    expect(formula[col("verified")]).toBe(true);
    expect(JSON.parse(String(formula[col("working_hours")]))).toEqual({ Monday: "9:00 AM - 5:00 PM" });
    // No cell was stored as a formula.
    const cells = Object.values(sheet["!data"] ?? [])
      .flat()
      .filter(Boolean) as Array<{ f?: string }>;
    expect(cells.some((c) => c.f)).toBe(false);
    const names = table.slice(1).map((r) => r[col("name")]);
    expect(names).toContain(`Plain & <Simple> ${tag}`);
    expect(names).not.toContain(`Elsewhere ${tag}`);
    expect(mapHeader(table[0] as string[]).placeId).toBe(col("place_id"));

    const app = testApp();
    const reimport = await importUpload(app, await uploadRequest(fileOf(bytes, "export.xlsx")), "tester");
    await settle(app);
    expect(reimport.state).toBe("done");
    if (reimport.state !== "done") return;
    expect(reimport.stats).toEqual({ imported: 0, duplicatesSkipped: table.length - 1, totalErrors: 0 });
  });
});
