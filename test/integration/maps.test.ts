/**
 * The maps' server half (ADR 0022). A page with a map names the businesses it lists by id;
 * /api/map-places answers their markers (those with coordinates) and the tiles of MAP_TILE_URL, and
 * the CSP allows exactly that tile host for images; without a tile host the map is a static
 * placeholder and no map script is sent.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { MapPlaces } from "#app/lib/business/map";
import { pageUrl } from "#app/server/platform/edge-cache.server";
import { fetchWith } from "../helpers/worker";
import { buildBusiness, getJson, idOf, insert, rowsRead } from "../helpers/factories";

const workerFetch = (path: string, vars: Partial<Env> = {}) => fetchWith(vars, path);

async function page(path: string, vars: Partial<Env> = {}) {
  const response = await workerFetch(path, vars);
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

/** The businesses a page's map is of (its panel's data-ids). */
const panelIds = (html: string) => (mapAttribute(html, "data-ids") ?? "").split(",").filter(Boolean).map(Number);
/** What map-draw.js is answered for a panel's ids. */
async function places(ids: readonly number[], vars: Partial<Env> = {}) {
  const response = await workerFetch(`/api/map-places?ids=${ids.join(",")}`, vars);
  return { status: response.status, response, body: (await response.json()) as MapPlaces };
}
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
  it("on a city page: the panel names the listed businesses, and their markers are those with coordinates", async () => {
    const { html, response } = await page(`/city/${encodeURIComponent(cityName)}`);
    expect(response.status).toBe(200);
    const located = await Promise.all([0, 1, 2].map((i) => idOf(`map-${run}-${i}`)));
    // Every card can be highlighted; the one without coordinates simply has no marker.
    expect(cardIds(html)).toHaveLength(4);
    expect(panelIds(html)).toEqual(cardIds(html));
    const { body } = await places(panelIds(html));
    expect(body.places.map((m) => m.id).toSorted()).toEqual(located.toSorted());
    expect(body.places.find((m) => m.name === `Pho 1 ${word}`)).toMatchObject({ lat: 16.4647, lng: 107.5919 });
    expect(html).toContain("3 businesses of this page on the map.");
  });

  it("the page carries no places and no map script: the map's data comes when it is in view", async () => {
    const { html } = await page(`/city/${encodeURIComponent(cityName)}`);
    expect(html).not.toContain("16.4647");
    expect(html).not.toContain("map-draw");
    expect(html).not.toContain("data-markers");
  });

  it("on /search: the panel names the page's results", async () => {
    const { html } = await page(`/search?q=${word}`);
    const located = await Promise.all([0, 1, 2].map((i) => idOf(`map-${run}-${i}`)));
    expect(panelIds(html)).toEqual(cardIds(html));
    expect((await places(panelIds(html))).body.places.map((m) => m.id).toSorted()).toEqual(located.toSorted());
  });

  it("uses MAP_TILE_URL and its attribution, and loads Leaflet only from our origin's assets", async () => {
    const { html } = await page(`/city/${encodeURIComponent(cityName)}`);
    const { body } = await places(panelIds(html));
    expect(body.tiles).toEqual({ url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION });
    // A path of our origin (the build's hashed asset; in this dev-mode test, the package's file). The
    // stylesheet's URL exists only in a build: maps.spec.ts draws maps with it.
    expect(mapAttribute(html, "data-leaflet-js")).toMatch(/^\/[\w/.-]*leaflet[\w.-]*\.js$/);
  });

  it("answers an attribution with markup as JSON text (map-draw.js escapes it for Leaflet)", async () => {
    const attribution = `<img src=x onerror=alert(1)> Tiles`;
    const { response, body } = await places([await idOf(`map-${run}-0`)], { MAP_TILE_ATTRIBUTION: attribution });
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(body.tiles?.attribution).toBe(attribution);
  });
});

describe("GET /api/map-places", () => {
  it("answers the markers in the order asked, leaving out unknown ids and businesses without coordinates", async () => {
    const [a, b, c, nowhere] = await Promise.all([2, 0, 1].map((i) => idOf(`map-${run}-${i}`)).concat(idOf(`map-${run}-nowhere`)));
    const { status, body, response } = await places([a, nowhere, 999_999_999, b, c]);
    expect(status).toBe(200);
    expect(body.places.map((m) => m.id)).toEqual([a, b, c]);
    expect(body.places[0]).toEqual({ id: a, name: `Pho 2 ${word}`, lat: 16.4657, lng: 107.5929 });
    // Cached at the edge like every public GET.
    expect(response.headers.get("Cache-Control")).toMatch(/^public/);
  });

  it("reads at most one row per id asked: one primary-key read", async () => {
    const ids = await Promise.all([0, 1, 2].map((i) => idOf(`map-${run}-${i}`)));
    const asked = [...ids, 999_999_998, 999_999_997];
    const { response } = await getJson(`/api/map-places?ids=${asked.join(",")}`);
    expect(response.status).toBe(200);
    expect(rowsRead(response)).toBeLessThanOrEqual(asked.length);
  });

  it("takes 50 ids, and a repeated id counts once", async () => {
    const id = await idOf(`map-${run}-0`);
    const fifty = [id, ...Array.from({ length: 49 }, (_, i) => 900_000_000 + i)];
    const { status, body, response } = await getJson<MapPlaces>(`/api/map-places?ids=${[...fifty, id, id].join(",")}`);
    expect(status).toBe(200);
    expect(body.places.map((m) => m.id)).toEqual([id]);
    expect(rowsRead(response)).toBeLessThanOrEqual(50);
  });

  it("refuses what is not a list of up to 50 business ids with a 400 that says so", async () => {
    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1).join(",");
    for (const query of [
      "",
      "?ids=",
      "?ids=abc",
      "?ids=1,,2",
      "?ids=-1",
      "?ids=1.5",
      "?ids=1;2",
      `?ids=${tooMany}`,
      `?ids=${"1".repeat(5000)}`,
    ]) {
      const { status, body, response } = await getJson<{ message: string }>(`/api/map-places${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toMatch(/^Invalid query: ids/);
      expect(response.headers.get("Cache-Control"), query).toBe("no-store");
    }
  });

  it("is one edge-cache entry per list of ids, whatever else the URL carries", () => {
    expect(pageUrl(new URL("https://localatlas.test/api/map-places?utm_source=x&ids=3,1")).search).toBe("?ids=3%2C1");
  });

  it("without a tile host: no tiles, so map-draw.js shows the placeholder", async () => {
    const { body } = await places([await idOf(`map-${run}-0`)], { MAP_TILE_URL: "" });
    expect(body.tiles).toBeNull();
  });
});

describe("the business page's location map", () => {
  it("shows the business's one marker", async () => {
    const id = await idOf(`map-${run}-2`);
    const { html } = await page(`/business/${id}`);
    expect(html).toContain(">Location</h2>");
    expect(panelIds(html)).toEqual([id]);
    expect(mapAttribute(html, "data-zoom")).toBe("15");
    expect((await places([id])).body.places.map((m) => m.id)).toEqual([id]);
  });

  it("is left out for a business without coordinates", async () => {
    const { html } = await page(`/business/${await idOf(`map-${run}-nowhere`)}`);
    expect(html).not.toContain(">Location</h2>");
    expect(html).not.toContain('data-map=""');
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
