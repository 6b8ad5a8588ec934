import { describe, expect, it } from "vitest";
import { mapMarkers, mapTiles, tileOrigin } from "~/lib/map";

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

describe("mapMarkers", () => {
  it("keeps the page order, skips businesses without coordinates and rounds to 5 decimals", () => {
    const markers = mapMarkers([
      { id: 3, name: "A", latitude: 16.46371234, longitude: 107.59094449 },
      { id: 1, name: "B", latitude: null, longitude: 107.5 },
      { id: 2, name: "C", latitude: 0, longitude: 0 },
    ]);
    expect(markers).toEqual([
      { id: 3, name: "A", lat: 16.46371, lng: 107.59094 },
      { id: 2, name: "C", lat: 0, lng: 0 },
    ]);
  });
});
