/**
 * A render that storage failed only in part, and a request that fails outside the routes' error
 * boundaries (docs/decisions/0034-storage-faults.md): the first is answered but never stored, the
 * second gets the site's own short error page, never the runtime's bare 500.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildBusiness, insert } from "../helpers/factories";
import { failingD1 } from "../helpers/faults";
import { fetchWith } from "../helpers/worker";

describe("a page D1 failed in part", () => {
  it("is answered without its footer but stored by no cache: the next visitor gets a whole page", async () => {
    await insert(buildBusiness({ name: "Halfway Bakery", city: "Halfton" }));
    // /about reads D1 only for the layout's footer (one batch), which the layout survives.
    const d1 = failingD1(env.DB, (call) => call.kind === "batch");
    const degraded = await fetchWith({ DB: d1.binding, EDGE_CACHE: "on" }, "/about");
    expect(d1.failures).toBe(1);
    expect(degraded.status).toBe(200);
    expect(degraded.headers.get("Cache-Control")).toBe("no-store");
    expect(await degraded.text()).not.toContain("Halfton");
    // D1 is back: the page is rendered again, footer and all, and only then stored.
    const whole = await fetchWith({ EDGE_CACHE: "on" }, "/about");
    expect(whole.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(await whole.text()).toContain("Halfton");
    const again = await fetchWith({ EDGE_CACHE: "on" }, "/about");
    expect(again.headers.get("X-Edge-Cache")).toBe("HIT");
  });
});

describe("a request failing outside the routes' error boundaries", () => {
  // A Worker whose R2 binding is missing fails while it builds the request's context, before React Router.
  const broken = { UPLOADS: undefined as unknown as R2Bucket };

  it("gets the site's own short error page with its security headers, 500, not stored", async () => {
    for (const cache of ["on", "off"] as const) {
      const page = await fetchWith({ ...broken, EDGE_CACHE: cache }, "/city/Halfton");
      expect(page.status).toBe(500);
      expect(page.headers.get("Content-Type")).toContain("text/html");
      expect(page.headers.get("Cache-Control")).toBe("no-store");
      expect(page.headers.get("X-Frame-Options")).toBe("DENY");
      const html = await page.text();
      expect(html).toContain('<html lang="en"');
      expect(html).toContain("Something went wrong");
      expect(html).not.toContain("TypeError");
    }
  });

  it("answers an API call in JSON", async () => {
    const response = await fetchWith({ ...broken, EDGE_CACHE: "off" }, "/api/statistics");
    expect(response.status).toBe(500);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(((await response.json()) as { message: string }).message).toBe("Something went wrong. Please try again in a moment.");
  });
});
