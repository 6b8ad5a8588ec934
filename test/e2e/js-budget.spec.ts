import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./support/hydration";

// The budget: at most 100 KB of gzipped JavaScript on a public page, counting what Chromium actually
// downloads before the visitor interacts (scripts by URL, and the page's inline scripts).
const BUDGET = 100 * 1024;

/** The gzipped bytes of every script file the page downloads, by URL (once each). */
function tallyScripts(page: Page): { files: () => number; gzipBytes: () => Promise<number> } {
  const sizes = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script" || sizes.has(response.url())) return;
    sizes.set(
      response.url(),
      response.body().then((body) => gzipSync(body).length),
    );
  });
  return { files: () => sizes.size, gzipBytes: async () => (await Promise.all(sizes.values())).reduce((a, b) => a + b, 0) };
}

async function inlineScriptGzipBytes(page: Page): Promise<number> {
  const texts = await page
    .locator("script:not([src])")
    .evaluateAll((scripts) =>
      scripts.filter((s) => ["", "module", "text/javascript"].includes(s.getAttribute("type") ?? "")).map((s) => s.textContent ?? ""),
    );
  return gzipSync(texts.join("\n")).length;
}

async function firstBusinessPath(page: Page): Promise<string> {
  const list = (await (await page.request.get("/api/businesses/recommended")).json()) as Array<{ id: number }>;
  return `/business/${list[0].id}`;
}

for (const [name, path] of [
  ["home", "/"],
  ["business", null],
  ["city", "/city/Chicago"],
  ["category", "/category/healthcare"],
  ["search", "/search?q=coffee"],
  ["businesses", "/businesses"],
  // Another locale's pages: the same scripts before interaction; its catalog comes with React.
  ["city (vi)", "/vi/city/Chicago"],
  ["search (es)", "/es/search?q=coffee"],
] as const) {
  test(`the ${name} page downloads at most 100 KB gzip of JavaScript before interaction`, async ({ page }) => {
    const tally = tallyScripts(page);
    await page.goto(path ?? (await firstBusinessPath(page)));
    await page.waitForLoadState("networkidle");
    const before = (await tally.gzipBytes()) + (await inlineScriptGzipBytes(page));
    expect(before).toBeLessThanOrEqual(BUDGET);

    // Once the visitor moves, client-side navigation comes in: reported, for the record.
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const after = (await tally.gzipBytes()) + (await inlineScriptGzipBytes(page));
    console.log(
      `JS ${name}: ${(before / 1024).toFixed(1)} KB gzip before interaction (${before} B), ${(after / 1024).toFixed(1)} KB after (${tally.files()} files)`,
    );
    expect(after).toBeGreaterThan(before);
  });
}
