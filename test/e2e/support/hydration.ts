import type { Page } from "@playwright/test";

/**
 * Public pages load React Router's JavaScript only after the window's load event
 * (app/server/deferred-hydration.server.ts). Until then a link click is a full document load, so a
 * test of client-side navigation (skeletons, in-place updates) waits for the router first.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state
        .initialized === true,
  );
}
