import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { handleDeleteAll } from "~/server/admin-data.server";
import { handleImport } from "~/server/import.server";
import { testDb } from "../helpers/factories";
import { settle, testApp, uploadRequest } from "../helpers/import";
import { fileOf, SPEC_HEADER, sheetBytes, specRow } from "../helpers/spreadsheets";

const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? 0;

describe("DELETE /api/admin/delete-all logic", () => {
  it("deletes nothing without the exact confirmation, then everything but the import history and files", async () => {
    const app = testApp();
    await handleImport(app, await uploadRequest(fileOf(sheetBytes([SPEC_HEADER, specRow(), specRow()]), "keep.xlsx")), "tester");
    await settle(app);
    const businesses = await count("SELECT count(*) AS n FROM businesses");
    expect(businesses).toBeGreaterThan(0);

    for (const body of [null, {}, { confirm: "delete" }, { confirm: "DELETE " }, "DELETE"]) {
      const refused = await handleDeleteAll(testDb(), body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(/Nothing was deleted/);
    }
    expect(await count("SELECT count(*) AS n FROM businesses")).toBe(businesses);

    const imports = await count("SELECT count(*) AS n FROM imports");
    const files = (await env.UPLOADS.list()).objects.length;
    const done = await handleDeleteAll(testDb(), { confirm: "DELETE" });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { message: string }).message).toMatch(/^Deleted \d+ businesses/);
    expect(await count("SELECT count(*) AS n FROM businesses")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM businesses_fts")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM countries")).toBe(0);
    expect(await count("SELECT total_businesses AS n FROM site_stats")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM imports")).toBe(imports);
    expect((await env.UPLOADS.list()).objects.length).toBe(files);
  });
});
