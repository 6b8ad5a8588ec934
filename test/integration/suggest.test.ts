import { describe, expect, it } from "vitest";
import { MAX_SUGGESTIONS, PREFIX_WINDOW, suggest, type Suggestion } from "~/server/suggest.server";
import { buildBusiness, getJson, insert, request, testDb } from "../helpers/factories";

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

  it("reads a bounded number of rows however many names share the prefix", async () => {
    await insert(
      ...Array.from({ length: 300 }, (_, i) => buildBusiness({ name: `Alpha ${i}`, category: `Alpha kind ${i}`, city: `Alphaville ${i}` })),
    );
    for (const kind of ["service", "location"] as const) {
      const db = testDb();
      await suggest(db, "alpha", kind);
      expect(db.meter.rowsRead).toBeLessThanOrEqual(3 * PREFIX_WINDOW + MAX_SUGGESTIONS + 10);
    }
  });
});
