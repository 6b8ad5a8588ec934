import { describe, expect, it } from "vitest";
import { request } from "../helpers/factories";

describe("the import branch's admin endpoints without a session", () => {
  it.each([
    ["POST", "/api/admin/import"],
    ["GET", "/api/admin/import/1"],
    ["GET", "/api/admin/export"],
    ["GET", "/api/admin/export?country=Vietnam"],
    ["POST", "/api/admin/generate-seo"],
    ["DELETE", "/api/admin/delete-all"],
  ])("%s %s answers 401 JSON, not cached", async (method, path) => {
    const init: RequestInit = { method };
    if (method === "POST" && path.endsWith("import")) init.body = new FormData();
    if (method === "DELETE") {
      init.body = JSON.stringify({ confirm: "DELETE" });
      init.headers = { "Content-Type": "application/json" };
    }
    const response = await request(path, init);
    expect(response.status).toBe(401);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toHaveProperty("message");
  });
});
