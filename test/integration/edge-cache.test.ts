import { beforeEach, describe, expect, it } from "vitest";
import { setVerified } from "~/server/business-writer.server";
import { isCacheable, withEdgeCache } from "~/server/edge-cache.server";
import { buildBusiness, idOf, insert, request, testDb } from "../helpers/factories";

// The suite runs with EDGE_CACHE=off so tests see fresh data; here the cache is driven directly.
let cache: Cache;
let renders: number;
const pending: Promise<unknown>[] = [];

async function get(path: string, init?: RequestInit): Promise<Response> {
  const req = new Request(`https://localatlas.test${path}`, init);
  const response = await withEdgeCache(req, { db: testDb(), cache, waitUntil: (p) => pending.push(p) }, () => {
    renders += 1;
    return request(path, init);
  });
  await Promise.all(pending.splice(0));
  return response;
}

beforeEach(async () => {
  cache = await caches.open(`edge-test-${crypto.randomUUID()}`);
  renders = 0;
});

describe("edge cache keyed by the data version", () => {
  it("serves a repeated public request from the cache", async () => {
    await insert(buildBusiness({ name: "Cached Bakery", city: "Cacheville" }));
    const first = await get("/api/city/Cacheville");
    const second = await get("/api/city/Cacheville");
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await second.json()).toEqual(await first.json());
    expect(renders).toBe(1);
  });

  it("renders again after any write, so visitors see the change", async () => {
    const b = buildBusiness({ name: "Soon Verified", city: "Versionton" });
    await insert(b);
    const before = (await (await get("/api/city/Versionton")).json()) as Array<{ isVerified: boolean }>;
    await setVerified(testDb(), await idOf(b.placeId!), true);
    const after = await get("/api/city/Versionton");
    expect(after.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(before[0].isVerified).toBe(false);
    expect(((await after.json()) as Array<{ isVerified: boolean }>)[0].isVerified).toBe(true);
  });

  it("never stores errors, admin paths or personal requests", async () => {
    await get("/api/businesses/999999");
    await get("/api/businesses/999999");
    expect(renders).toBe(2);
    expect(isCacheable(new Request("https://localatlas.test/api/admin/check-auth"))).toBe(false);
    expect(isCacheable(new Request("https://localatlas.test/admin-panel"))).toBe(false);
    expect(isCacheable(new Request("https://localatlas.test/", { headers: { Cookie: "la_toast=x" } }))).toBe(false);
    expect(isCacheable(new Request("https://localatlas.test/api/statistics", { method: "POST" }))).toBe(false);
    expect(isCacheable(new Request("https://localatlas.test/city/Chicago"))).toBe(true);
  });
});
