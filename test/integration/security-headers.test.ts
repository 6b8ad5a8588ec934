import { describe, expect, it } from "vitest";
import { fetchWith } from "../helpers/worker";
import { adminRequest } from "../helpers/admin";
import { request } from "../helpers/factories";

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/** What a browser would check against the CSP: every inline script except JSON-LD data blocks. */
async function inlineScriptHashesOf(html: string): Promise<string[]> {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !/\bsrc=/.test(attributes) && !attributes.includes("application/ld+json"),
  );
  return [...new Set(await Promise.all(scripts.map(([, , body]) => sha256Base64(body))))].sort();
}

function cspHashes(csp: string): string[] {
  return [...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]).sort();
}

describe("the page's Content-Security-Policy", () => {
  it("survives the edge cache: no nonce, and hashes that match the inline scripts of the page served", async () => {
    const path = `/?csp=${crypto.randomUUID()}`;
    const first = await fetchWith({ EDGE_CACHE: "on" }, path);
    const second = await fetchWith({ EDGE_CACHE: "on" }, path);
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    for (const response of [first, second]) {
      const html = await response.text();
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(csp).not.toContain("nonce");
      expect(html).not.toContain("nonce");
      // The deferred bootstrap is among them: the loader re-inserts its text as a module script.
      expect(html).toContain('type="text/x-deferred-module"');
      const hashes = await inlineScriptHashesOf(html);
      expect(hashes.length).toBeGreaterThanOrEqual(4);
      expect(cspHashes(csp)).toEqual(hashes);
    }
  });

  it("allows the inline scripts of admin pages by hash too", async () => {
    const response = await request("/admin-login");
    const html = await response.text();
    expect(html).not.toContain("nonce");
    expect(cspHashes(response.headers.get("Content-Security-Policy") ?? "")).toEqual(await inlineScriptHashesOf(html));
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent on every response when SITE_URL is https", async () => {
    for (const path of ["/", "/api/statistics", "/robots.txt", "/api/admin/check-auth", "/no-such-page"]) {
      const response = await request(path);
      expect(response.headers.get("Strict-Transport-Security"), path).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("is not sent when SITE_URL is http (local development)", async () => {
    const response = await fetchWith({ SITE_URL: "http://localhost:8787" }, "/");
    expect(response.status).toBe(200);
    expect(response.headers.has("Strict-Transport-Security")).toBe(false);
  });
});

describe("admin responses", () => {
  const DATA_REQUESTS = [
    "/admin-panel.data",
    "/admin-login.data",
    "/admin.data",
    "/admin/dashboard.data",
    "/api/admin/check-auth.data",
    "/api/admin/businesses.data",
    "/api/admin/sitemap-stats.data",
  ];

  it.each(DATA_REQUESTS)("%s (React Router's data request) is no-store without a session", async (path) => {
    const response = await request(path, { redirect: "manual" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it.each(DATA_REQUESTS)("%s is no-store for a logged-in admin", async (path) => {
    const response = await adminRequest(path, { redirect: "manual" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("the panel's data request answers the admin's data, and not for the cache", async () => {
    const response = await adminRequest("/admin-panel.data");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Edge-Cache")).toBeNull();
  });
});
