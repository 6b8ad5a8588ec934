import { describe, expect, it } from "vitest";
import { MAX_SUGGESTIONS, suggest, type Suggestion } from "#app/server/search/suggest.server";
import type { ValidBusinessInput } from "#app/lib/business/business";
import { mapHeader, mapRow, type CellValue } from "#app/lib/import/import-mapping";
import { buildBusiness, getJson, insert, request, testDb } from "../helpers/factories";
import { fixtureRecords, US_FIXTURE, VN_FIXTURE } from "../helpers/spreadsheets";

const suggestions = async (q: string, kind: "service" | "location") =>
  (await getJson<{ suggestions: Suggestion[] }>(`/api/suggest?q=${encodeURIComponent(q)}&kind=${kind}`)).body.suggestions;

describe("GET /api/suggest", () => {
  it("finds a city whatever its accents and case, with its state, country and count", async () => {
    await insert(
      buildBusiness({
        name: "Cà Phê Muối",
        category: "Coffee shop",
        city: "Huế",
        state: "Thừa Thiên Huế",
        country: "Vietnam",
        countryCode: "VN",
      }),
      buildBusiness({
        name: "Hue Noodles",
        category: "Restaurant",
        city: "Huế",
        state: "Thừa Thiên Huế",
        country: "Vietnam",
        countryCode: "VN",
      }),
      buildBusiness({ name: "Houston Plumbing", city: "Houston", state: "Texas", stateCode: "TX" }),
    );
    const found = await suggestions("hu", "location");
    expect(found[0]).toEqual({ kind: "city", label: "Huế", detail: "Thừa Thiên Huế, Vietnam", count: 2, href: "/city/Hu%E1%BA%BF" });
    expect(found.map((s) => s.label)).not.toContain("Houston");
    expect((await suggestions("HUE", "location")).map((s) => s.label)).toEqual(["Huế"]);
  });

  it("suggests categories, their groups and business names for a service, biggest first", async () => {
    await insert(
      buildBusiness({ name: "Hairline Studio", category: "Hair salon" }),
      buildBusiness({ name: "Top Cuts", category: "Hair salon" }),
      buildBusiness({ name: "Hair Depot", category: "Hair extension technician" }),
    );
    const found = await suggestions("hair", "service");
    expect(found.filter((s) => s.kind === "category").map((s) => [s.label, s.count])).toEqual([
      ["Hair salon", 2],
      ["Hair extension technician", 1],
    ]);
    expect(found.filter((s) => s.kind === "business").map((s) => s.label)).toEqual(
      expect.arrayContaining(["Hairline Studio", "Hair Depot"]),
    );
    const salon = found.find((s) => s.label === "Hair salon");
    expect(salon?.href).toBe("/search?q=Hair%20salon");
  });

  it("answers at most 8, and nothing for empty or unslugable text", async () => {
    await insert(...Array.from({ length: 12 }, (_, i) => buildBusiness({ name: `Zeta Shop ${i}`, category: "Zeta store" })));
    expect((await suggestions("zeta", "service")).length).toBe(MAX_SUGGESTIONS);
    expect(await suggestions("", "service")).toEqual([]);
    expect(await suggestions("¿?!", "location")).toEqual([]);
  });

  it("refuses an unknown kind with a 400, and is cacheable at the edge", async () => {
    expect((await request("/api/suggest?q=a&kind=planet")).status).toBe(400);
    const response = await request("/api/suggest?q=a");
    expect(response.headers.get("Cache-Control")).toContain("public");
  });

  it("reads at most 50 rows however many names share the prefix", async () => {
    await insert(
      ...Array.from({ length: 300 }, (_, i) => buildBusiness({ name: `Alpha ${i}`, category: `Alpha kind ${i}`, city: `Alphaville ${i}` })),
    );
    for (const kind of ["service", "location"] as const) {
      const db = testDb();
      await suggest(db, "alpha", kind);
      expect(db.meter.rowsRead).toBeLessThanOrEqual(50);
    }
  });
});

describe("suggestions from the real files", () => {
  it("offers Huế for 'hu' and the 2025 file's hair categories for 'hair'", async () => {
    for (const name of [US_FIXTURE, VN_FIXTURE]) {
      const records = await fixtureRecords(name);
      const header = Object.keys(records[0]);
      const map = mapHeader(header);
      const inputs = records.flatMap((record, i) => {
        const mapped = mapRow(
          header.map((h) => record[h] as CellValue),
          map,
          i + 2,
        );
        return mapped.ok ? [mapped.input as ValidBusinessInput] : [];
      });
      await insert(...inputs);
    }
    expect((await suggestions("hu", "location")).map((s) => s.label)).toContain("Huế");
    const hairCategories = new Set(
      (await fixtureRecords(US_FIXTURE)).map((r) => String(r.category ?? r.type ?? "")).filter((c) => /^hair/i.test(c)),
    );
    expect(hairCategories.size).toBeGreaterThan(0);
    const offered = (await suggestions("hair", "service")).filter((s) => s.kind === "category").map((s) => s.label);
    for (const category of [...hairCategories].slice(0, 4)) expect(offered).toContain(category);
  });
});
