import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { importUpload } from "~/server/import.server";
import { adminRequest } from "../helpers/admin";
import { settle, testApp, uploadRequest } from "../helpers/import";
import { fileOf, SPEC_HEADER, sheetBytes, specRow } from "../helpers/spreadsheets";

const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? 0;

describe("DELETE /api/admin/delete-all", () => {
  it("deletes nothing without the exact confirmation, then everything but the import history and files", async () => {
    const app = testApp();
    await importUpload(app, await uploadRequest(fileOf(sheetBytes([SPEC_HEADER, specRow(), specRow()]), "keep.xlsx")), "tester");
    await settle(app);
    const businesses = await count("SELECT count(*) AS n FROM businesses");
    expect(businesses).toBeGreaterThan(0);

    const deleteAll = (body: string) =>
      adminRequest("/api/admin/delete-all", { method: "DELETE", headers: { "Content-Type": "application/json" }, body });
    // No body, no JSON, and JSON that is not exactly {"confirm":"DELETE"}.
    for (const body of ["", "DELETE", "null", "{}", '{"confirm":"delete"}', '{"confirm":"DELETE "}', '"DELETE"']) {
      const refused = await deleteAll(body);
      expect(refused.status, body).toBe(400);
      expect(refused.headers.get("Cache-Control")).toBe("no-store");
      expect(((await refused.json()) as { message: string }).message).toMatch(/Nothing was deleted/);
    }
    expect(await count("SELECT count(*) AS n FROM businesses")).toBe(businesses);

    const imports = await count("SELECT count(*) AS n FROM imports");
    const files = (await env.UPLOADS.list()).objects.length;
    const done = await deleteAll(JSON.stringify({ confirm: "DELETE" }));
    expect(done.status).toBe(200);
    const answer = (await done.json()) as { message: string; deleted: number };
    expect(answer.message).toMatch(/^Deleted \d+ businesses/);
    expect(answer.deleted).toBe(businesses);
    expect(await count("SELECT count(*) AS n FROM businesses")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM businesses_fts")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM countries")).toBe(0);
    expect(await count("SELECT total_businesses AS n FROM site_stats")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM imports")).toBe(imports);
    expect((await env.UPLOADS.list()).objects.length).toBe(files);
  });
});
