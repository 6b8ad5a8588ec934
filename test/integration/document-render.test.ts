import { beforeAll, describe, expect, it } from "vitest";
import { buildBusiness, idOf, insert, request } from "../helpers/factories";

// app/entry.server.tsx: browsers and crawlers get the whole document, the same bytes, with the
// page's data for hydration inline at the end.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const run = crypto.randomUUID().slice(0, 6);
let path = "";

beforeAll(async () => {
  await insert(
    buildBusiness({ placeId: `render-${run}`, name: `Render Check Bakery ${run}`, category: "Bakery", city: `Renderton ${run}` }),
  );
  path = `/business/${await idOf(`render-${run}`)}`;
});

async function document(url: string, userAgent: string) {
  const response = await request(url, { headers: { "User-Agent": userAgent } });
  return { response, html: await response.text() };
}

describe("the rendered document", () => {
  it("is the same whole page for a browser and for a crawler", async () => {
    const browser = await document(path, BROWSER);
    const crawler = await document(path, CRAWLER);
    for (const { response, html } of [browser, crawler]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
      expect(html.trimEnd().endsWith("</html>")).toBe(true);
      expect(html).toContain(`Render Check Bakery ${run}</h1>`);
      // The loader data the browser hydrates with, inline.
      expect(html).toContain("window.__reactRouterContext");
      expect(html).toContain(`Render Check Bakery ${run}`);
    }
    expect(crawler.html).toBe(browser.html);
  });

  it("answers a page that does not exist with a whole 404 document that is never stored", async () => {
    for (const userAgent of [BROWSER, CRAWLER]) {
      const { response, html } = await document(`/business/999999999`, userAgent);
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(html.trimEnd().endsWith("</html>")).toBe(true);
    }
  });
});
