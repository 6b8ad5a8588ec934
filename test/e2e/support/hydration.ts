import type { Page } from "@playwright/test";

/**
 * Public pages load React Router's JavaScript only when the visitor starts using the page after the
 * window's load event (a pointer move, touch, key, scroll or focus: app/server/platform/deferred-hydration.server.ts).
 * Until then a link click is a full document load, so a test of client-side navigation (skeletons,
 * in-place updates) moves the mouse as a visitor would and waits for the router first.
 */
export async function waitForHydration(page: Page) {
  await page.waitForLoadState("load");
  await page.mouse.move(2, 2);
  await page.mouse.move(4, 4);
  await page.waitForFunction(
    () =>
      (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state
        .initialized === true,
  );
}
