import { describe, expect, it } from "vitest";
import { buildBusiness, getJson, insert } from "./helpers/factories";

describe("smoke", () => {
  it("serves statistics", async () => {
    await insert(buildBusiness({ name: "Smoke Plumbing" }));
    const { status, body } = await getJson<{ totalBusinesses: number }>("/api/statistics");
    expect(status).toBe(200);
    expect(body.totalBusinesses).toBeGreaterThanOrEqual(1);
  });
});
