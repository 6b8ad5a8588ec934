/**
 * The pages' error boundaries: each route module's own ErrorBoundary, rendered by React
 * Router's static handler after a loader threw. A 404 shows the page's spec texts; a 500 or a thrown
 * Error never reads "Not Found".
 */
import { I18nProvider } from "@lingui/react";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { i18nFor } from "#app/lib/i18n/i18n";
import * as adminEdit from "#app/routes/admin/business-edit";
import * as adminBusinesses from "#app/routes/admin/businesses";
import * as adminDashboard from "#app/routes/admin/dashboard";
import * as adminPanel from "#app/routes/admin/panel";
import * as businessPage from "#app/routes/public/business";
import * as businessesPage from "#app/routes/public/businesses";
import * as categoryPage from "#app/routes/public/category";
import * as cityPage from "#app/routes/public/city";
import * as searchPage from "#app/routes/public/search";

type Thrown = () => never;

/** Renders `url` through a one-route router whose loader throws; returns the status and the visible text. */
async function renderError(pattern: string, url: string, ErrorBoundary: ComponentType, loader: Thrown) {
  const handler = createStaticHandler([{ id: "page", path: pattern, loader, Component: () => null, ErrorBoundary }]);
  const context = await handler.query(new Request(`https://localatlas.test${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The root's Layout gives every page its locale's messages; here the default locale's (English).
  const html = renderToString(
    createElement(I18nProvider, { i18n: i18nFor("en") }, createElement(StaticRouterProvider, { router, context, hydrate: false })),
  );
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
  return { status: context.statusCode, text };
}

const status =
  (code: number): Thrown =>
  () => {
    throw data(null, { status: code });
  };
const crash: Thrown = () => {
  throw new Error("D1_ERROR: the database is unavailable");
};

describe("business page boundary", () => {
  it("shows Business Not Found for a 404", async () => {
    const { status: code, text } = await renderError("/business/:id", "/business/1", businessPage.ErrorBoundary, status(404));
    expect(code).toBe(404);
    expect(text).toContain("Business Not Found");
    expect(text).toContain("The business you're looking for doesn't exist");
    expect(text).toContain("Back to Home");
  });

  it.each([
    ["a thrown 500", status(500)],
    ["a thrown Error (the loader failed)", crash],
    ["a 503", status(503)],
  ])("never says Not Found for %s", async (_label, loader) => {
    const { status: code, text } = await renderError("/business/:id", "/business/1", businessPage.ErrorBoundary, loader);
    expect(code).toBeGreaterThanOrEqual(500);
    expect(text).not.toMatch(/not found/i);
    expect(text).toContain("Something went wrong");
    // The error's own text stays on the server.
    expect(text).not.toContain("D1_ERROR");
  });
});

describe("city and category boundaries", () => {
  it("City Not Found for an unknown name, the 404 page for a blank one, never Not Found for a 500", async () => {
    expect((await renderError("/city/:cityName", "/city/Atlantis", cityPage.ErrorBoundary, status(404))).text).toContain(
      "The city you're looking for doesn't exist or has no businesses.",
    );
    const blank = await renderError("/city/:cityName", "/city/%20", cityPage.ErrorBoundary, status(404));
    expect(blank.text).toContain("404 Page Not Found");
    expect(blank.text).toContain("Did you forget to add the page to the router?");
    const failed = await renderError("/city/:cityName", "/city/Atlantis", cityPage.ErrorBoundary, crash);
    expect(failed.status).toBe(500);
    expect(failed.text).not.toMatch(/not found/i);
  });

  it("Category Not Found names the title-cased category from the address; a 500 does not", async () => {
    const missing = await renderError("/category/:categoryName", "/category/flying-carpets", categoryPage.ErrorBoundary, status(404));
    expect(missing.text).toContain('The category "Flying Carpets" doesn\'t exist or has no businesses.');
    const failed = await renderError("/category/:categoryName", "/category/flying-carpets", categoryPage.ErrorBoundary, status(500));
    expect(failed.text).not.toMatch(/not found/i);
  });
});

describe("list pages", () => {
  it.each([
    ["/businesses", businessesPage.ErrorBoundary],
    ["/search", searchPage.ErrorBoundary],
  ])("%s shows Error Loading Businesses for any failure", async (path, ErrorBoundary) => {
    for (const loader of [crash, status(500)]) {
      const { status: code, text } = await renderError(path, path, ErrorBoundary, loader);
      expect(code).toBe(500);
      expect(text).toContain("Error Loading Businesses");
      expect(text).toContain("Unable to load businesses. Please try again later.");
    }
  });
});

describe("admin boundaries (the same convention)", () => {
  it("the edit page says Business not found for a 404 and never for a failure, with the way back", async () => {
    const notFound = await renderError(
      "/admin-panel/businesses/:id",
      "/admin-panel/businesses/9?status=verified",
      adminEdit.ErrorBoundary,
      status(404),
    );
    expect(notFound.text).toContain("Business not found");
    expect(notFound.text).toContain("Back to Businesses");
    for (const loader of [status(500), crash]) {
      const failed = await renderError("/admin-panel/businesses/:id", "/admin-panel/businesses/9", adminEdit.ErrorBoundary, loader);
      expect(failed.text).toContain("Unable to load the business. Please try again later.");
      expect(failed.text).not.toMatch(/not found/i);
    }
  });

  it.each([
    ["the dashboard", adminDashboard.ErrorBoundary, "Unable to load statistics. Please try again later."],
    ["the businesses list", adminBusinesses.ErrorBoundary, "Unable to load businesses. Please try again later."],
    ["the panel", adminPanel.ErrorBoundary, "The admin panel could not be loaded. Please try again in a moment."],
  ])("%s shows its own text for a thrown status and for an error", async (_label, ErrorBoundary, message) => {
    for (const loader of [status(500), crash])
      expect((await renderError("/admin-panel", "/admin-panel", ErrorBoundary, loader)).text).toContain(message);
  });
});
