/**
 * D1 unavailable for a page (docs/decisions/0034-storage-faults.md): a visitor gets the page the edge
 * cache holds (stale-if-error), or the site's own error page with 503 and Retry-After; an API caller
 * gets JSON 503 with Retry-After. Never the runtime's bare 500, never a stack.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { withEdgeCache } from "#app/server/platform/edge-cache.server";
import { buildBusiness, insert, request, testDb } from "../helpers/factories";
import { always, type Call, D1_DOWN, failingD1 } from "../helpers/faults";
import { fetchWith } from "../helpers/worker";

const down = () => failingD1(env.DB, always);
/** Every statement fails but the data version's read: D1 failing the render itself. */
const renderFails = (call: Call) => call.kind !== "r2" && !call.sql.some((sql) => /"data_version"/.test(sql));

/** Long enough for the Worker's remembered data version (1 s) to be read again. */
const versionMemoPassed = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe("D1 unavailable, nothing cached", () => {
  it("a page answers the site's own error page, 503 with Retry-After, in the page's language", async () => {
    await insert(buildBusiness({ name: "Outage Bakery", city: "Darkford" }));
    const d1 = down();
    for (const path of ["/city/Darkford", "/vi/city/Darkford"]) {
      const page = await fetchWith({ DB: d1.binding, EDGE_CACHE: "on" }, path);
      expect(page.status).toBe(503);
      expect(page.headers.get("Retry-After")).toBe("30");
      expect(page.headers.get("Cache-Control")).toBe("no-store");
      expect(page.headers.get("Content-Type")).toContain("text/html");
      const html = await page.text();
      expect(html).toContain(path.startsWith("/vi") ? '<html lang="vi"' : '<html lang="en"');
      // The layout's stylesheet and the error page's own text, not the runtime's plain "Internal Server Error".
      expect(html).toMatch(/<link rel="stylesheet" href="[^"]+\.css"/);
      expect(html).toContain(path.startsWith("/vi") ? "Đã xảy ra lỗi" : "Something went wrong");
      expect(html).not.toContain("D1_ERROR");
      expect(html).not.toContain("Outage Bakery");
    }
    expect(d1.failures).toBeGreaterThan(0);
  });

  it("with the edge cache off too (every request renders): 503 and Retry-After, with the page's own error text", async () => {
    const page = await fetchWith({ DB: down().binding, EDGE_CACHE: "off" }, "/businesses");
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("30");
    // SPEC's texts for this page's error state.
    const html = await page.text();
    expect(html).toContain("Error Loading Businesses");
    expect(html).toContain("Unable to load businesses. Please try again later.");
  });

  it("an API call answers JSON 503 with Retry-After and a message naming D1", async () => {
    for (const path of ["/api/city/Darkford", "/api/statistics", "/api/search?q=bakery"]) {
      const response = await fetchWith({ DB: down().binding, EDGE_CACHE: "on" }, path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("30");
      expect(response.headers.get("Content-Type")).toContain("application/json");
      const body = (await response.json()) as { message: string };
      expect(body.message).toBe("The database (D1) did not answer for a moment. Try again in 30 seconds.");
    }
  });

  it("a request D1 does not fail answers as before", async () => {
    const response = await fetchWith({ DB: failingD1(env.DB, () => false).binding }, "/api/city/Darkford");
    expect(response.status).toBe(200);
    expect(response.headers.get("Retry-After")).toBeNull();
  });
});

describe("a D1 error that is not an outage (a bug: a statement against a missing table)", () => {
  it("stays a 500: the site's own error page for a page, no Retry-After; the API too", async () => {
    await insert(buildBusiness({ name: "Buggy Bakery", city: "Bugford" }));
    const d1 = failingD1(env.DB, renderFails, { bug: true });
    const page = await fetchWith({ DB: d1.binding, EDGE_CACHE: "on" }, "/city/Bugford");
    expect(d1.failures).toBeGreaterThan(0);
    expect(page.status).toBe(500);
    expect(page.headers.get("Retry-After")).toBeNull();
    expect(page.headers.get("Content-Type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/<link rel="stylesheet" href="[^"]+\.css"/);
    expect(html).toContain("Something went wrong");
    expect(html).not.toContain("did not answer for a moment");
    expect(html).not.toContain("Buggy Bakery");

    const api = await fetchWith({ DB: failingD1(env.DB, renderFails, { bug: true }).binding, EDGE_CACHE: "on" }, "/api/city/Bugford");
    expect(api.status).toBe(500);
    expect(api.headers.get("Retry-After")).toBeNull();
    expect(await api.text()).not.toContain("did not answer for a moment");
  });
});

describe("D1 unavailable, the page cached (stale-if-error)", () => {
  it("serves the page from the isolate's memory while D1 is down, the version it last read still good", async () => {
    await insert(buildBusiness({ name: "Remembered Deli", city: "Memoryton" }));
    const first = await fetchWith({ EDGE_CACHE: "on" }, "/city/Memoryton");
    expect(first.status).toBe(200);
    const d1 = down();
    await versionMemoPassed();
    // The version cannot be renewed: the one remembered keys the page, held in memory.
    const page = await fetchWith({ DB: d1.binding, EDGE_CACHE: "on" }, "/city/Memoryton");
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await page.text()).toContain("Remembered Deli");
    expect(d1.failures).toBe(1);
  });

  it("serves the last good copy from the Cache API when D1 fails the render of a newer version", async () => {
    await insert(buildBusiness({ name: "Stale Bakery", city: "Staleford" }));
    const fresh = await fetchWith({ EDGE_CACHE: "on" }, "/city/Staleford");
    expect(fresh.status).toBe(200);
    // A write elsewhere: the data version moves on, so the page's versioned entry no longer answers.
    await env.DB.prepare("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1").run();
    await versionMemoPassed();
    const d1 = failingD1(env.DB, renderFails);
    const page = await fetchWith({ DB: d1.binding, EDGE_CACHE: "on" }, "/city/Staleford");
    expect(d1.failures).toBeGreaterThan(0);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Edge-Cache")).toBe("STALE");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await page.text()).toContain("Stale Bakery");
    // D1 back: the page renders again at the new version.
    const back = await fetchWith({ EDGE_CACHE: "on" }, "/city/Staleford");
    expect(back.headers.get("X-Edge-Cache")).toBe("MISS");
  });

  it("serves the last good copy when no data version can be read at all (none remembered)", async () => {
    await insert(buildBusiness({ name: "Copy Shop", city: "Copyton" }));
    const cache = await caches.open(`faults-${crypto.randomUUID()}`);
    const pending: Promise<unknown>[] = [];
    const get = async (version?: () => Promise<number>) => {
      const response = await withEdgeCache(
        new Request("https://localatlas.test/api/city/Copyton"),
        { db: testDb(), cache, waitUntil: (p) => pending.push(p), ...(version ? { version } : {}) },
        (page) => request(new URL(page.url).pathname),
      );
      await Promise.all(pending.splice(0));
      return response;
    };
    expect((await get()).headers.get("X-Edge-Cache")).toBe("MISS");
    const stale = await get(() => Promise.reject(new Error(D1_DOWN)));
    expect(stale.status).toBe(200);
    expect(stale.headers.get("X-Edge-Cache")).toBe("STALE");
    expect(((await stale.json()) as Array<{ name: string }>).map((b) => b.name)).toEqual(["Copy Shop"]);
  });
});
