/**
 * Issue 19 item 3: the maps' server half. A page with a map carries one marker per business it lists
 * (those with coordinates), the tiles of MAP_TILE_URL, and a CSP that allows exactly that tile host
 * for images; without a tile host the map is a static placeholder and no map script is sent.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { buildBusiness, idOf, insert } from "../helpers/factories";

/** The Worker with some vars changed (the suite runs with EDGE_CACHE=off). */
async function page(path: string, vars: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`https://localatlas.test${path}`) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return { response, html: await response.text(), csp: response.headers.get("Content-Security-Policy") ?? "" };
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The value of a data attribute on the map panel, as the browser reads it. */
function mapAttribute(html: string, name: string): string | null {
  const panel = /<div[^>]*data-map=""[^>]*>/.exec(html)?.[0];
  if (!panel) return null;
  const value = new RegExp(`${name}="([^"]*)"`).exec(panel)?.[1];
  return value === undefined ? null : decode(value);
}

const markerIds = (html: string) => (JSON.parse(mapAttribute(html, "data-markers") ?? "[]") as Array<{ id: number }>).map((m) => m.id);
const cardIds = (html: string) => [...html.matchAll(/data-map-card="(\d+)"/g)].map((m) => Number(m[1]));
const imgSrc = (csp: string) => csp.split("; ").find((d) => d.startsWith("img-src")) ?? "";

const run = crypto.randomUUID().slice(0, 6);
const cityName = `Mapleton ${run}`;
const word = `mapword${run}`;

beforeAll(async () => {
  const at = (i: number) => ({ latitude: 16.4637 + i / 1000, longitude: 107.5909 + i / 1000 });
  await insert(
    ...[0, 1, 2].map((i) =>
      buildBusiness({
        placeId: `map-${run}-${i}`,
        name: `Pho ${i} ${word}`,
        city: cityName,
        address: `${i} Le Loi, ${cityName}`,
        ...at(i),
      }),
    ),
    // No coordinates: listed, but no marker.
    buildBusiness({ placeId: `map-${run}-nowhere`, name: `Nowhere ${word}`, city: cityName, address: `9 Le Loi, ${cityName}` }),
  );
});

describe("the results map", () => {
  it("on a city page: one marker per listed business with coordinates, each with its card", async () => {
    const { html, response } = await page(`/city/${encodeURIComponent(cityName)}`);
    expect(response.status).toBe(200);
    const expected = await Promise.all([0, 1, 2].map((i) => idOf(`map-${run}-${i}`)));
    expect(markerIds(html).toSorted()).toEqual(expected.toSorted());
    // Every card can be highlighted; the one without coordinates simply has no marker.
    expect(cardIds(html)).toHaveLength(4);
    for (const id of markerIds(html)) expect(cardIds(html)).toContain(id);
    const markers = JSON.parse(mapAttribute(html, "data-markers") ?? "[]") as Array<{ lat: number; lng: number; name: string }>;
    expect(markers.find((m) => m.name === `Pho 1 ${word}`)).toMatchObject({ lat: 16.4647, lng: 107.5919 });
    expect(html).toContain("3 businesses of this page on the map.");
    // The watcher is an inline script after the panel: it loads /map-draw.js when the map is in view.
    expect(html).toContain('"/map-draw.js"');
  });

  it("on /search: the markers are the page's results", async () => {
    const { html } = await page(`/search?q=${word}`);
    const expected = await Promise.all([0, 1, 2].map((i) => idOf(`map-${run}-${i}`)));
    expect(markerIds(html).toSorted()).toEqual(expected.toSorted());
  });

  it("uses MAP_TILE_URL and its attribution, and loads Leaflet only from our origin's assets", async () => {
    const { html } = await page(`/city/${encodeURIComponent(cityName)}`);
    expect(mapAttribute(html, "data-tiles")).toBe(env.MAP_TILE_URL);
    expect(mapAttribute(html, "data-attribution")).toBe(env.MAP_TILE_ATTRIBUTION);
    // A path of our origin (the build's hashed asset; in this dev-mode test, the package's file). The
    // stylesheet's URL exists only in a build: maps.spec.ts draws maps with it.
    expect(mapAttribute(html, "data-leaflet-js")).toMatch(/^\/[\w/.-]*leaflet[\w.-]*\.js$/);
  });

  it("escapes an attribution with markup", async () => {
    const { html } = await page(`/city/${encodeURIComponent(cityName)}`, { MAP_TILE_ATTRIBUTION: `<img src=x onerror=alert(1)> Tiles` });
    expect(html).not.toContain("<img src=x");
    expect(mapAttribute(html, "data-attribution")).toBe("<img src=x onerror=alert(1)> Tiles");
  });
});

describe("the business page's location map", () => {
  it("shows the business's one marker", async () => {
    const id = await idOf(`map-${run}-2`);
    const { html } = await page(`/business/${id}`);
    expect(html).toContain(">Location</h2>");
    expect(markerIds(html)).toEqual([id]);
    expect(mapAttribute(html, "data-zoom")).toBe("15");
  });

  it("is left out for a business without coordinates", async () => {
    const { html } = await page(`/business/${await idOf(`map-${run}-nowhere`)}`);
    expect(html).not.toContain(">Location</h2>");
    expect(html).not.toContain("/map-draw.js");
  });
});

describe("the CSP and the tile host", () => {
  it("allows exactly the tile host for images, and nothing else new", async () => {
    const { csp } = await page(`/city/${encodeURIComponent(cityName)}`, { MAP_TILE_URL: "http://tiles.example.test:8080/{z}/{x}/{y}.png" });
    expect(imgSrc(csp)).toBe("img-src 'self' data: https: http://tiles.example.test:8080");
    expect(csp.split("; ").filter((d) => d.includes("tiles.example.test"))).toHaveLength(1);
  });

  it("names a host with subdomains as a wildcard", async () => {
    const { csp } = await page("/", { MAP_TILE_URL: "https://{s}.tile.example.org/{z}/{x}/{y}.png" });
    expect(imgSrc(csp)).toBe("img-src 'self' data: https: https://*.tile.example.org");
  });

  it("without a tile host: a static placeholder, no map script, no tile host in the CSP", async () => {
    const { html, csp } = await page(`/city/${encodeURIComponent(cityName)}`, { MAP_TILE_URL: "" });
    expect(html).toContain("Map unavailable");
    expect(html).not.toContain("of this page on the map");
    expect(html).not.toContain('data-map=""');
    expect(html).not.toContain("/map-draw.js");
    expect(html).not.toContain("leaflet");
    expect(imgSrc(csp)).toBe("img-src 'self' data: https:");
  });

  it("treats a tile setting that is no http(s) URL as no tile host", async () => {
    const { html, csp } = await page(`/city/${encodeURIComponent(cityName)}`, { MAP_TILE_URL: "javascript:alert(1)//{z}/{x}/{y}" });
    expect(html).toContain("Map unavailable");
    expect(html).not.toContain('data-map=""');
    expect(imgSrc(csp)).toBe("img-src 'self' data: https:");
  });
});
