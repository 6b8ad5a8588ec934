import { beforeAll, describe, expect, it } from "vitest";
import { buildBusiness, idOf, insert, request } from "../helpers/factories";

// The default locale at the root, the others under their prefix (docs/i18n.md): the same page in
// each, with <html lang>, a switcher to the same page and reciprocal hreflang alternates.

const run = crypto.randomUUID().slice(0, 6);
const city = `Lingua ${run}`;
let businessId = 0;

beforeAll(async () => {
  await insert(buildBusiness({ placeId: `loc-${run}`, name: `Polyglot Café ${run}`, city, category: "Coffee shop" }));
  businessId = await idOf(`loc-${run}`);
});

async function page(path: string) {
  const response = await request(path, { redirect: "manual" });
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}

/** The hreflang alternates of a page's head: hreflang → href. */
function alternates(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf("</head>"));
  return Object.fromEntries([...head.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]));
}

describe("locales", () => {
  it("serves the default locale at the root and the others under their prefix, each with its lang", async () => {
    const paths = [`/city/${encodeURIComponent(city)}`, `/business/${businessId}`, "/search?q=coffee", "/", "/about"];
    for (const path of paths) {
      const root = await page(path);
      expect(root.status, path).toBe(200);
      expect(root.html).toContain('<html lang="en" dir="ltr">');
      for (const locale of ["vi", "es"]) {
        const prefixed = `/${locale}${path === "/" ? "" : path}`;
        const localized = await page(prefixed);
        expect(localized.status, prefixed).toBe(200);
        expect(localized.html).toContain(`<html lang="${locale}" dir="ltr">`);
      }
    }
  });

  it("answers an unknown prefix with the 404 page and the default locale's prefix with its one address", async () => {
    const unknown = await page(`/xx/city/${encodeURIComponent(city)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("404 Page Not Found");
    const prefixed = await page(`/en/city/${encodeURIComponent(city)}?page=1`);
    expect(prefixed.status).toBe(301);
    expect(prefixed.location).toBe(`/city/${encodeURIComponent(city)}?page=1`);
  });

  it("lists the same page in every locale, reciprocally, with x-default at the root", async () => {
    const path = `/city/${encodeURIComponent(city)}`;
    const expected = {
      en: `https://localatlas.test${path}`,
      vi: `https://localatlas.test/vi${path}`,
      es: `https://localatlas.test/es${path}`,
      "x-default": `https://localatlas.test${path}`,
    };
    for (const url of [expected.en, expected.vi, expected.es]) {
      const { html } = await page(new URL(url).pathname);
      expect(alternates(html), url).toEqual(expected);
    }
  });

  it("puts reciprocal alternates on every public page kind, its own parameters kept", async () => {
    const paths = [
      "/",
      "/businesses?page=2",
      "/cities",
      `/city/${encodeURIComponent(city)}`,
      "/category/coffee-shop",
      `/business/${businessId}`,
      "/search?q=coffee",
      "/about",
      "/contact",
      "/privacy-policy",
      "/terms-of-service",
      "/add-business",
      "/advertise",
    ];
    for (const path of paths) {
      const urls = ["en", "vi", "es"].map((l) => `https://localatlas.test${l === "en" ? path : `/${l}${path === "/" ? "" : path}`}`);
      const expected = { en: urls[0], vi: urls[1], es: urls[2], "x-default": urls[0] };
      for (const url of urls) {
        const { html, status } = await page(url.slice("https://localatlas.test".length));
        expect(status, url).toBe(200);
        expect(alternates(html), url).toEqual(expected);
      }
    }
  });

  it("names the same page after a client-side navigation, whose data request is /….data", async () => {
    const data = await (await request("/vi/cities.data?page=2&utm_source=x&_routes=root")).text();
    expect(data).toContain('"samePage","/cities?page=2"');
    const home = await (await request("/vi/_.data")).text();
    expect(home).toContain('"samePage","/"');
  });

  it("switches language to the same page, keeping the page's own parameters and dropping others", async () => {
    const { html } = await page(`/vi/city/${encodeURIComponent(city)}?page=2&utm_source=x`);
    expect(html).toContain(`href="/es/city/${encodeURIComponent(city)}?page=2" hrefLang="es" lang="es"`);
    expect(html).toContain(`href="/city/${encodeURIComponent(city)}?page=2" hrefLang="en" lang="en"`);
    expect(html).toContain(">Tiếng Việt<");
    expect(html).toContain(">Español<");
  });
});
