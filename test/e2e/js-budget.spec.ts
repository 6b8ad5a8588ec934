import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./support/hydration";

// What a visitor's browser downloads as JavaScript, counted as Chromium fetches it: every script file
// by URL (once each, gzipped) plus the page's inline scripts. A reader who never moves gets only the
// inline scripts (docs/decisions/0004-deferred-hydration.md): at most BEFORE. The first move brings
// the browser entry and what it imports (Preact in React's place, most of React Router, Lingui's
// core: ~49 KB gzip by themselves, docs/decisions/0037-preact-in-the-browser.md) and the page's own
// code and messages: at most AFTER_MAIN on the pages most visits land on, AFTER elsewhere, and at
// most OWN besides the entry (docs/decisions/0036-visitor-javascript.md: what the bytes are).
const BEFORE = 100 * 1024;
const AFTER = 160 * 1024;
// The pages most visits land on are held to the 100 KB target after the move too.
const AFTER_MAIN = 100 * 1024;
const MAIN_PAGES: ReadonlySet<string> = new Set(["home", "business", "city", "category", "search"]);
const OWN = 55 * 1024;

/** The gzipped bytes of every script file the page downloads, by URL (once each). */
function tallyScripts(page: Page): {
  files: () => number;
  gzipBytes: (only?: (path: string) => boolean) => Promise<number>;
  largest: () => Promise<string>;
} {
  const sizes = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script" || sizes.has(response.url())) return;
    sizes.set(
      response.url(),
      response.body().then((body) => gzipSync(body).length),
    );
  });
  const settled = async () => Promise.all([...sizes].map(async ([url, size]) => [new URL(url).pathname, await size] as const));
  return {
    files: () => sizes.size,
    gzipBytes: async (only = () => true) => (await settled()).filter(([path]) => only(path)).reduce((a, [, b]) => a + b, 0),
    largest: async () =>
      (await settled())
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([path, size]) => `${path.replace(/^\/assets\//, "")} ${(size / 1024).toFixed(1)}`)
        .join(", "),
  };
}

async function inlineScriptGzipBytes(page: Page): Promise<number> {
  const texts = await page
    .locator("script:not([src])")
    .evaluateAll((scripts) =>
      scripts.filter((s) => ["", "module", "text/javascript"].includes(s.getAttribute("type") ?? "")).map((s) => s.textContent ?? ""),
    );
  return gzipSync(texts.join("\n")).length;
}

/** The browser entry's files (React, React DOM, React Router and what the entry imports), from React Router's manifest. */
async function entryFiles(page: Page): Promise<Set<string>> {
  const entry = await page.evaluate(
    () => (window as unknown as { __reactRouterManifest: { entry: { module: string; imports: string[] } } }).__reactRouterManifest.entry,
  );
  return new Set([entry.module, ...entry.imports]);
}

async function firstBusinessId(page: Page): Promise<number> {
  const list = (await (await page.request.get("/api/businesses/recommended")).json()) as Array<{ id: number }>;
  return list[0].id;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

for (const [name, path] of [
  ["home", "/"],
  ["business", "/business/:id"],
  ["city", "/city/Chicago"],
  ["category", "/category/healthcare"],
  ["search", "/search?q=coffee"],
  ["businesses", "/businesses"],
  ["city × category", "/city/Chicago/healthcare"],
  ["cities", "/cities"],
  ["about", "/about"],
  ["add a business", "/add-business"],
  ["suggest an edit", "/business/:id/suggest"],
  ["write a review", "/business/:id/review"],
  ["not found", "/no-such-page"],
  // Another locale's pages: the same scripts before interaction; its own catalog after.
  ["city (vi)", "/vi/city/Chicago"],
  ["search (es)", "/es/search?q=coffee"],
] as const) {
  const afterCeiling = MAIN_PAGES.has(name) ? AFTER_MAIN : AFTER;
  test(`the ${name} page downloads at most ${BEFORE / 1024} KB gzip of JavaScript before interaction and ${afterCeiling / 1024} KB after`, async ({
    page,
  }) => {
    const tally = tallyScripts(page);
    await page.goto(path.includes(":id") ? path.replace(":id", String(await firstBusinessId(page))) : path);
    await page.waitForLoadState("networkidle");
    const before = (await tally.gzipBytes()) + (await inlineScriptGzipBytes(page));

    // The visitor moves: React Router hydrates the page, with what the page needs for it.
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const after = (await tally.gzipBytes()) + (await inlineScriptGzipBytes(page));
    const entry = await entryFiles(page);
    const framework = await tally.gzipBytes((path) => entry.has(path));
    console.log(
      `JS ${name}: ${kb(before)} KB gzip before interaction, ${kb(after)} KB after = ${kb(framework)} entry + ${kb(after - framework)} own (${tally.files()} files; largest: ${await tally.largest()})`,
    );
    expect(before).toBeLessThanOrEqual(BEFORE);
    expect(after).toBeGreaterThan(before);
    expect(after).toBeLessThanOrEqual(afterCeiling);
    expect(after - framework).toBeLessThanOrEqual(OWN);
  });
}
