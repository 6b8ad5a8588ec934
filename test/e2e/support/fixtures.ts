import { expect, test as base } from "@playwright/test";

/**
 * Every public spec imports `test` from here: a test fails on any console error or uncaught page
 * exception (CSP refusals, hydration mismatches, React warnings logged as errors), as epic-stack does.
 * The one error a page may log is its own HTTP status when it is a not-found or gone page: Chromium
 * reports a document answered 404 or 410 as "Failed to load resource", and such a page must answer so.
 * A test that breaks something on purpose lists what it expects with `test.use({ allowedConsoleErrors })`,
 * matched against "page URL: message (source URL)".
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; failOnConsoleErrors: void }>({
  allowedConsoleErrors: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const source = message.location().url;
        if (/status of (404|410)/.test(message.text()) && source === page.url()) return;
        const line = `${page.url()}: ${message.text()} (${source})`;
        if (!allowedConsoleErrors.some((allowed) => allowed.test(line))) errors.push(line);
      });
      page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
      await use();
      expect(errors, "console errors and uncaught exceptions").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
