/**
 * Maps (issue 19): the markers a page's map shows and the tile host the CSP allows.
 * The map itself is drawn in the browser by public/maps.js and public/map-draw.js
 * (docs/decisions/0022-maps.md).
 */

/** One marker: the business it stands for (its card carries the same id) and where it is. */
export type MapMarker = { id: number; name: string; lat: number; lng: number };

/** What a page's map needs from the site's configuration (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export type MapTiles = { url: string; attribution: string };

type Located = { id: number; name: string; latitude: number | null; longitude: number | null };

// 5 decimals is ~1 m: as exact as a marker can be drawn, and shorter markup than the stored doubles.
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** The page's businesses that have coordinates, in page order; the others get no marker. */
export function mapMarkers(businesses: readonly Located[]): MapMarker[] {
  const markers: MapMarker[] = [];
  for (const b of businesses) {
    if (b.latitude === null || b.longitude === null || !Number.isFinite(b.latitude) || !Number.isFinite(b.longitude)) continue;
    markers.push({ id: b.id, name: b.name, lat: round5(b.latitude), lng: round5(b.longitude) });
  }
  return markers;
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

/** What a results map shows, said as text: the cards above it say the same with addresses and distances. */
export function resultsMapDescription(markers: number): string {
  const which = markers === 1 ? "1 business" : `${markers} businesses`;
  return `${which} of this page on the map. Select a marker to go to its card; the list above gives every address.`;
}
