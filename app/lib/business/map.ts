/**
 * Maps: the markers a page's map shows and the tile host the CSP allows.
 * The map itself is drawn in the browser by map-panel.tsx's watcher and public/map-draw.js
 * (docs/decisions/0022-maps.md).
 */

/** One marker: the business it stands for (its card carries the same id) and where it is. */
export type MapMarker = { id: number; name: string; lat: number; lng: number };

/** What a page's map needs from the site's configuration (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export type MapTiles = { url: string; attribution: string };

/** GET /api/map-places: the tiles and the markers of the businesses asked for (those with coordinates). */
export type MapPlaces = { tiles: MapTiles | null; places: MapMarker[] };

/**
 * What a page's loader says of its map: how many of its businesses have a place, and whether a tile
 * host is set. Only these two: loader data is serialized into the page as JavaScript that every
 * visitor downloads, seen map or not (js-budget.spec.ts), so the places themselves are asked for by
 * public/map-draw.js from /api/map-places when the map comes into view.
 */
export type PageMap = { located: number; tiles: boolean };

/** How many ids one /api/map-places call takes: a page's cards (20) with room to spare, and ≤ 100 bound parameters. */
export const MAX_MAP_PLACES = 50;

type Located = { id: number; name: string; latitude: number | null; longitude: number | null };

const hasPlace = (b: Located) => b.latitude !== null && b.longitude !== null && Number.isFinite(b.latitude) && Number.isFinite(b.longitude);

// 5 decimals is ~1 m: as exact as a marker can be drawn, and a shorter answer than the stored doubles.
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

export function pageMap(businesses: readonly Located[], config: { mapTileUrl: string }): PageMap {
  return { located: businesses.filter(hasPlace).length, tiles: tileOrigin(config.mapTileUrl) !== null };
}

/** The marker of a business, or null for one without coordinates (it has a card and no marker). */
export function mapMarker(b: Located): MapMarker | null {
  return hasPlace(b) ? { id: b.id, name: b.name, lat: round5(b.latitude as number), lng: round5(b.longitude as number) } : null;
}

/**
 * The tiles' origin ("https://tile.openstreetmap.org"), or null when the setting is empty or no
 * http(s) URL template: then no map is drawn and the CSP allows no tile host. A template host with
 * placeholders ("{s}.tile.example.org") becomes a wildcard host for the CSP.
 */
export function tileOrigin(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const host = match[2].replace(/\{[a-z]+\}/gi, "*");
  // What a CSP host-source may hold: letters, digits, dots, dashes, a leading "*." and a port.
  if (!/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(host)) return null;
  return `${match[1].toLowerCase()}://${host.toLowerCase()}`;
}

/** The tiles a page's map uses, or null for the placeholder (no usable tile host configured). */
export function mapTiles(config: { mapTileUrl: string; mapTileAttribution: string }): MapTiles | null {
  if (!tileOrigin(config.mapTileUrl)) return null;
  return { url: config.mapTileUrl.trim(), attribution: config.mapTileAttribution };
}
