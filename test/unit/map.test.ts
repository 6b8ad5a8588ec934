import { describe, expect, it } from "vitest";
import { mapMarker, mapTiles, pageMap, tileOrigin } from "#app/lib/business/map";

describe("tileOrigin (the CSP's tile host)", () => {
  it("is the origin of an http(s) template", () => {
    expect(tileOrigin("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://tile.openstreetmap.org");
    expect(tileOrigin("http://localhost:8805/favicon.svg?tile={z}/{x}/{y}")).toBe("http://localhost:8805");
    expect(tileOrigin(" HTTPS://Tiles.Example.com/{z}/{x}/{y}.png ")).toBe("https://tiles.example.com");
  });

  it("turns a subdomain placeholder into a wildcard host", () => {
    expect(tileOrigin("https://{s}.tile.example.org/{z}/{x}/{y}.png")).toBe("https://*.tile.example.org");
  });

  it("is null for an empty setting or anything a CSP source could not hold", () => {
    for (const bad of ["", "   ", "/tiles/{z}/{x}/{y}.png", "javascript:alert(1)", "https://a b/{z}", "https://x;script-src *"]) {
      expect(tileOrigin(bad), bad).toBeNull();
    }
  });

  it("mapTiles is null (the placeholder) exactly when there is no tile host", () => {
    expect(mapTiles({ mapTileUrl: "", mapTileAttribution: "x" })).toBeNull();
    expect(mapTiles({ mapTileUrl: "https://t.example/{z}/{x}/{y}.png", mapTileAttribution: "© T" })).toEqual({
      url: "https://t.example/{z}/{x}/{y}.png",
      attribution: "© T",
    });
  });
});

describe("mapMarker and pageMap", () => {
  const page = [
    { id: 3, name: "A", latitude: 16.46371234, longitude: 107.59094449 },
    { id: 1, name: "B", latitude: null, longitude: 107.5 },
    { id: 2, name: "C", latitude: 0, longitude: 0 },
    { id: 4, name: "D", latitude: -33.8688, longitude: Number.NaN },
  ];

  it("a marker is rounded to 5 decimals; a business without both coordinates has none", () => {
    expect(page.map(mapMarker)).toEqual([
      { id: 3, name: "A", lat: 16.46371, lng: 107.59094 },
      null,
      { id: 2, name: "C", lat: 0, lng: 0 },
      null,
    ]);
  });

  it("a page's map counts the businesses with a marker and says whether a tile host is set", () => {
    expect(pageMap(page, { mapTileUrl: "https://t.example/{z}/{x}/{y}.png" })).toEqual({ located: 2, tiles: true });
    expect(pageMap(page, { mapTileUrl: "" })).toEqual({ located: 2, tiles: false });
    expect(pageMap([{ id: 5, name: "E", latitude: null, longitude: null }], { mapTileUrl: "https://t.example/{z}" })).toEqual({
      located: 0,
      tiles: true,
    });
  });
});
