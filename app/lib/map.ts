/**
 * Maps (issue 19): the markers a page's map shows and the tile host the CSP allows.
 * The map itself is drawn in the browser by map-panel.tsx's watcher and public/map-draw.js
 * (docs/decisions/0022-maps.md).
 */

/** One marker: the business it stands for (its card carries the same id) and where it is. */
export type MapMarker = { id: number; name: string; lat: number; lng: number };

/** What a page's map needs from the site's configuration (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export type MapTiles = { url: string; attribution: string };

type Located = { id: number; name: string; latitude: number | null; longitude: number | null };

// 5 decimals is ~1 m: as exact as a marker can be drawn, and shorter markup than the stored doubles.
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * Where the page's businesses are, for its map: "lat,lng" per business in page order ("" for one without
 * coordinates), joined by ";". One string rather than marker objects because loader data is serialized
 * into the page as JavaScript that every visitor downloads, seen map or not (js-budget.spec.ts); the
 * ids and names are the cards' own, which the page carries anyway (`mapMarkers`).
 */
export function mapCoordinates(businesses: readonly Located[]): string {
  return businesses
    .map((b) =>
      b.latitude === null || b.longitude === null || !Number.isFinite(b.latitude) || !Number.isFinite(b.longitude)
        ? ""
        : `${round5(b.latitude)},${round5(b.longitude)}`,
    )
    .join(";");
}

/** The markers of the page's businesses (as `mapCoordinates` gave their places), in page order; the ones without coordinates get none. */
export function mapMarkers(businesses: ReadonlyArray<{ id: number; name: string }>, coordinates: string): MapMarker[] {
  const places = coordinates.split(";");
  const markers: MapMarker[] = [];
  businesses.forEach((b, i) => {
    const [lat, lng] = (places[i] ?? "").split(",").map((n) => (n === "" ? NaN : Number(n)));
    if (Number.isFinite(lat) && Number.isFinite(lng)) markers.push({ id: b.id, name: b.name, lat, lng });
  });
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
