import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

/**
 * Several people in one test (a visitor, an owner, the admin), each in a browser of their own, under
 * the fixture's rule (support/fixtures.ts): every console error fails the test.
 */
function watchConsole(page: Page, errors: string[]) {
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const source = message.location().url;
    if (/status of (404|410)/.test(message.text()) && source === page.url()) return;
    errors.push(`${page.url()}: ${message.text()} (${source})`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
}

/** A person's own browser context and page, its console errors collected in `errors`. */
export async function personIn(browser: Browser, errors: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  watchConsole(page, errors);
  return { context, page };
}

/** axe's WCAG 2.1 A/AA and best-practice violations of the page, once React has started. */
export async function axeViolations(page: Page, name: string): Promise<string[]> {
  await waitForHydration(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * A page seen again: public pages may be kept a minute by the browser (Cache-Control max-age=60,
 * docs/decisions/0014-edge-cache.md), so a person who looked at it before reloads it to see a change.
 */
export async function visitAgain(page: Page, path: string) {
  await page.goto(path);
  await page.reload();
}
