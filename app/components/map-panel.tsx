// Leaflet's own files, emitted by Vite as hashed assets of our origin: public/map-draw.js loads them only
// when a map scrolls into view, so a page whose map is not in view downloads none of it.
import leafletCss from "leaflet/dist/leaflet.css?url";
import leafletJs from "leaflet/dist/leaflet.js?url";
import { useLingui } from "@lingui/react";
import { useEffect, useRef } from "react";
import { cn } from "#app/components/ui/cn";
import type { PageMap } from "#app/lib/business/map";

/**
 * Watches the panel and, when it comes within 100 px of the viewport, has /map-draw.js draw it
 * (offline: the placeholder, and nothing downloaded). It runs from the panel's effect, so on a page
 * loaded from the server it starts with React, at the visitor's first move (ADR 0004): a map already
 * in view at load is drawn at that move, and a page whose map is never seen carries no map script
 * at all (docs/decisions/0022-maps.md). What the scripts write in the panel is in the page's locale:
 * the panel carries those words (data-text-*).
 */
function watchMapPanel(el: HTMLElement) {
  if (el.hasAttribute("data-watched")) return;
  el.setAttribute("data-watched", "");
  const w = window as Window & { __mapDraw?: (el: HTMLElement) => void };
  function unavailable() {
    el.setAttribute("data-state", "unavailable");
    el.textContent = el.getAttribute("data-text-unavailable") ?? "";
  }
  function draw() {
    if (navigator.onLine === false) return unavailable();
    if (w.__mapDraw) return w.__mapDraw(el);
    const script = document.createElement("script");
    script.src = "/map-draw.js";
    script.onload = () => w.__mapDraw?.(el);
    script.onerror = unavailable;
    document.head.appendChild(script);
  }
  if (!("IntersectionObserver" in w)) return draw();
  new IntersectionObserver(
    (entries, observer) => {
      if (!entries[0].isIntersecting) return;
      observer.disconnect();
      draw();
    },
    { rootMargin: "100px 0px" },
  ).observe(el);
}

const PANEL = "flex items-center justify-center rounded-xl border border-slate-200 bg-slate-100 text-sm text-slate-600";

/**
 * A map of the page's businesses (docs/decisions/0022-maps.md). The server renders a neutral
 * panel naming the businesses by id; its watcher (above) and public/map-draw.js turn it into a Leaflet
 * map when it scrolls into view — asking /api/map-places for the places and the tiles — or say "Map
 * unavailable" when the tiles cannot be had (offline, the tile host down). Without a tile host
 * configured the panel is all there is, and no script loads. The map adds nothing the list does not
 * say: every marker's business is a card (with its address and distance) or, on the business page, the
 * address beside it.
 *
 * Its content belongs to those scripts, not React: the static innerHTML tells React to leave it alone
 * (as the ad slots do), and `key` gives another page's markers a fresh element.
 */
export function MapPanel({
  ids,
  located,
  tiles,
  heading,
  description,
  zoom,
  className,
  headingClassName = "text-xl font-semibold",
}: {
  /** The businesses the map is of, in page order (those without coordinates get no marker). */
  ids: readonly number[];
  /** How many of them have coordinates: none, no map. */
  located: number;
  /** Whether a tile host is set; without one the map is the static placeholder. */
  tiles: boolean;
  heading: string;
  /** Said under the heading when there is a map: what it shows and where the same facts are as text. */
  description: string;
  /** A fixed zoom (the business page); without it the map fits its markers. */
  zoom?: number;
  className?: string;
  headingClassName?: string;
}) {
  const { _ } = useLingui();
  const panel = useRef<HTMLDivElement>(null);
  const list = ids.join(",");
  // After hydration (the visitor's first move) or a client-side navigation, this starts the watch. A
  // panel that leaves the page takes its map with it (map-draw.js).
  useEffect(() => {
    if (panel.current) watchMapPanel(panel.current);
    return () => (window as Window & { __mapSweep?: () => void }).__mapSweep?.();
  }, [list]);
  if (located === 0) return null;
  return (
    <section aria-labelledby="map-heading" className={className}>
      <h2 id="map-heading" className={headingClassName}>
        {heading}
      </h2>
      {tiles ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      {tiles ? (
        <div
          key={list}
          ref={panel}
          className={cn(PANEL, "mt-3 h-72 overflow-hidden sm:h-80")}
          data-map=""
          data-ids={list}
          data-zoom={zoom}
          data-leaflet-js={leafletJs}
          data-leaflet-css={leafletCss}
          data-testid="map"
          data-text-unavailable={_("map.unavailable")}
          data-text-loading={_("map.loading")}
          data-text-zoom-in={_("map.zoomIn")}
          data-text-zoom-out={_("map.zoomOut")}
          dangerouslySetInnerHTML={{ __html: `<span data-map-status>${escapeHtml(_("map.placeholder"))}</span>` }}
        />
      ) : (
        <div className={cn(PANEL, "mt-3 h-40")} data-testid="map" data-state="unavailable">
          {_("map.unavailable")}
        </div>
      )}
    </section>
  );
}

/** The placeholder's word goes into static HTML: a catalog's text, escaped all the same. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A listing page's map of its businesses, under the cards; what it shows said as text (the cards above say the same with addresses and distances). */
export function ResultsMap({ ids, map, heading }: { ids: number[]; map: PageMap; heading: string }) {
  const { _ } = useLingui();
  return (
    <MapPanel
      ids={ids}
      located={map.located}
      tiles={map.tiles}
      heading={heading}
      description={_("map.resultsDescription", { count: map.located })}
      className="mt-10"
    />
  );
}
