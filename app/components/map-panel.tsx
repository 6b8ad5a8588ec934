// Leaflet's own files, emitted by Vite as hashed assets of our origin: public/map-draw.js loads them only
// when a map scrolls into view, so a page whose map is not in view downloads none of it.
import leafletCss from "leaflet/dist/leaflet.css?url";
import leafletJs from "leaflet/dist/leaflet.js?url";
import type { MapMarker, MapTiles } from "~/lib/map";
import { cn } from "./ui/cn";

// Served as a file (public/): the CSP allows our origin's scripts; React 19 hoists it once per page.
const MAPS_SCRIPT = "/maps.js";

const PANEL = "flex items-center justify-center rounded-xl border border-slate-200 bg-slate-100 text-sm text-slate-600";

/**
 * A map of the page's businesses (issue 19, docs/decisions/0022-maps.md). The server renders a neutral
 * panel; public/maps.js turns it into a Leaflet map when it scrolls into view, or says "Map unavailable"
 * when the tiles cannot be had (offline, the tile host down). Without a tile host configured the panel
 * is all there is, and no script loads. The map adds nothing the list does not say: every marker's
 * business is a card (with its address and distance) or, on the business page, the address beside it.
 *
 * Its content belongs to public/maps.js, not React: the static innerHTML tells React to leave it alone
 * (as the ad slots do), and `key` gives another page's markers a fresh element.
 */
export function MapPanel({
  markers,
  tiles,
  heading,
  description,
  zoom,
  className,
  headingClassName = "text-xl font-semibold",
}: {
  markers: MapMarker[];
  tiles: MapTiles | null;
  heading: string;
  /** Said under the heading when there is a map: what it shows and where the same facts are as text. */
  description: string;
  /** A fixed zoom (the business page); without it the map fits its markers. */
  zoom?: number;
  className?: string;
  headingClassName?: string;
}) {
  if (markers.length === 0) return null;
  const json = JSON.stringify(markers);
  return (
    <section aria-labelledby="map-heading" className={className}>
      <h2 id="map-heading" className={headingClassName}>
        {heading}
      </h2>
      {tiles ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      {tiles ? (
        <>
          <script async src={MAPS_SCRIPT} />
          <div
            key={json}
            className={cn(PANEL, "mt-3 h-72 overflow-hidden sm:h-80")}
            data-map=""
            data-markers={json}
            data-tiles={tiles.url}
            data-attribution={tiles.attribution}
            data-zoom={zoom}
            data-leaflet-js={leafletJs}
            data-leaflet-css={leafletCss}
            data-testid="map"
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: "<span data-map-status>Map</span>" }}
          />
        </>
      ) : (
        <div className={cn(PANEL, "mt-3 h-40")} data-testid="map" data-state="unavailable">
          Map unavailable
        </div>
      )}
    </section>
  );
}
