// Asks the map's tile host for one tile on behalf of /map-draw.js (docs/decisions/0022-maps.md) and
// answers whether the host answered at all. It runs as a worker because Chromium logs a failed load
// of the page's own (an <img>, fetch, CSS image, beacon: "Failed to load resource: net::ERR_…") to
// the page's console, and a dedicated worker's failed fetch to no console (measured, docs/perf/maps.md):
// a tile host that is down or does not resolve leaves the placeholder and a clean console.
onmessage = function (event) {
  fetch(event.data, { mode: "no-cors", credentials: "omit" }).then(
    function () {
      postMessage(true);
    },
    function () {
      postMessage(false);
    },
  );
};
