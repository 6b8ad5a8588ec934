// Draws a map panel (app/components/map-panel.tsx) with Leaflet: loaded by the panel's watcher (map-panel.tsx) when it
// scrolls into view (docs/decisions/0022-maps.md). The markers and the tiles come from
// /api/map-places for the panel's data-ids (the page carries no coordinates). Leaflet itself is our
// origin's copy, its URLs in the panel's data-leaflet-js and data-leaflet-css (hashed build assets).
//
// The panel stays a neutral placeholder ("Map unavailable") when the tile host does not answer with a
// tile (the watcher does not even load this file when the browser is offline): one probe tile is asked
// for before Leaflet is downloaded, so a tile host that is down costs one request, not Leaflet and a
// screen of failing tiles.
(function () {
  if (window.__mapDraw) return;

  var leaflet = null;
  var drawn = [];

  function setStatus(el, state, text) {
    el.setAttribute("data-state", state);
    var status = document.createElement("span");
    status.setAttribute("data-map-status", "");
    status.textContent = text;
    el.replaceChildren(status);
  }

  // The panel's words are in the page's locale (map-panel.tsx puts them in data-text-*).
  function text(el, name) {
    return el.getAttribute("data-text-" + name) || "";
  }

  function unavailable(el) {
    setStatus(el, "unavailable", text(el, "unavailable"));
  }

  // A tile of the template at z/x/y ({s} the first of Leaflet's default subdomains, {r} standard resolution).
  function tileAt(template, z, x, y) {
    return template.replace("{s}", "a").replace("{z}", z).replace("{x}", x).replace("{y}", y).replace("{r}", "");
  }

  function loadFile(tag, attributes) {
    return new Promise(function (resolve, reject) {
      var node = document.createElement(tag);
      Object.keys(attributes).forEach(function (name) {
        node[name] = attributes[name];
      });
      node.onload = resolve;
      node.onerror = reject;
      document.head.appendChild(node);
    });
  }

  // Leaflet's CSS and script, once per page, both in before the first map is drawn.
  function loadLeaflet(el) {
    if (!leaflet) {
      leaflet = Promise.all([
        loadFile("link", { rel: "stylesheet", href: el.getAttribute("data-leaflet-css") }),
        loadFile("script", { src: el.getAttribute("data-leaflet-js") }),
      ]).then(
        function () {
          return window.L;
        },
        function (error) {
          leaflet = null;
          throw error;
        },
      );
    }
    return leaflet;
  }

  // The attribution is the operator's text (MAP_TILE_ATTRIBUTION); Leaflet inserts it as HTML.
  function escapeHtml(text) {
    return text.replace(/[&<>"']/g, function (c) {
      return "&#" + c.charCodeAt(0) + ";";
    });
  }

  // The card of a marker's business: marked, brought into view, and its link focused, so keyboard
  // and screen-reader users land where the facts are.
  function highlight(id) {
    var card = document.querySelector('[data-map-card="' + id + '"]');
    if (!card) return;
    document.querySelectorAll("[data-map-card][data-highlighted]").forEach(function (other) {
      other.removeAttribute("data-highlighted");
    });
    card.setAttribute("data-highlighted", "");
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    card.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "center" });
    var link = card.querySelector("a[href]");
    if (link) link.focus({ preventScroll: true });
  }

  var PIN =
    '<span style="display:block;width:18px;height:18px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);' +
    'background:#1d4ed8;border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.5)"></span>';

  function draw(el, L, tiles, markers) {
    if (!el.isConnected) return;
    el.replaceChildren();
    el.setAttribute("data-state", "ready");
    // The page scrolls past the map: no wheel zoom, and on phones no one-finger drag (pinch and the
    // zoom buttons still work), so a thumb on the map scrolls the page as it does everywhere else.
    var map = L.map(el, { scrollWheelZoom: false, dragging: !L.Browser.mobile, zoomControl: false });
    L.control.zoom({ zoomInTitle: text(el, "zoom-in"), zoomOutTitle: text(el, "zoom-out") }).addTo(map);
    drawn.push({ el: el, map: map });
    var layer = L.tileLayer(tiles.url, { attribution: escapeHtml(tiles.attribution || ""), maxZoom: 19 });
    var seen = false;
    layer.on("tileload", function () {
      seen = true;
    });
    // The probe answered but the map's own tiles do not: the placeholder, rather than an empty grid.
    layer.on("tileerror", function () {
      if (seen || el.getAttribute("data-state") !== "ready") return;
      map.remove();
      unavailable(el);
    });
    layer.addTo(map);
    // The view first: Leaflet adds a marker's element only once the map has one.
    var zoom = Number(el.getAttribute("data-zoom"));
    if (zoom) map.setView([markers[0].lat, markers[0].lng], zoom);
    else map.fitBounds(markers.map(function (m) { return [m.lat, m.lng]; }), { padding: [28, 28], maxZoom: 16 });
    var icon = L.divIcon({ className: "", html: PIN, iconSize: [18, 18], iconAnchor: [9, 20] });
    markers.forEach(function (m) {
      // keyboard: a focusable role=button named by the business; Enter or Space selects it as a click does.
      var marker = L.marker([m.lat, m.lng], { icon: icon, title: m.name, keyboard: true, riseOnHover: true });
      marker.on("click", function () {
        highlight(m.id);
      });
      marker.on("keypress", function (event) {
        var key = event.originalEvent.key;
        if (key !== "Enter" && key !== " ") return;
        event.originalEvent.preventDefault();
        highlight(m.id);
      });
      marker.addTo(map);
      var pin = marker.getElement();
      pin.setAttribute("data-marker-id", String(m.id));
      pin.setAttribute("aria-label", m.name);
    });
  }

  window.__mapDraw = function (el) {
    if (el.getAttribute("data-state")) return;
    setStatus(el, "loading", text(el, "loading"));
    placesOf(el).then(function (answer) {
      var tiles = answer && answer.tiles;
      var markers = (answer && answer.places) || [];
      if (!tiles || !tiles.url || !markers.length) return unavailable(el);
      var tile = tileAt(tiles.url, 0, 0, 0);
      reachable(tile).then(function (answered) {
        if (answered) probeImage(el, tiles, tile, markers);
        else unavailable(el);
      });
    });
  };

  // The tiles and the markers of the panel's businesses ({tiles, places}), or null when our origin
  // does not answer them.
  function placesOf(el) {
    var ids = el.getAttribute("data-ids") || "";
    if (!/^\d+(,\d+)*$/.test(ids)) return Promise.resolve(null);
    return fetch("/api/map-places?ids=" + ids, { headers: { Accept: "application/json" } })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .catch(function () {
        return null;
      });
  }

  // Whether the tile host answers at all, asked by /map-probe.js in a worker so that a host that is
  // down or unknown logs nothing; where no worker can start, the image probe alone decides.
  function reachable(url) {
    return new Promise(function (resolve) {
      var worker;
      try {
        worker = new Worker("/map-probe.js");
      } catch (error) {
        return resolve(true);
      }
      function settle(answered) {
        worker.terminate();
        resolve(answered);
      }
      worker.onmessage = function (event) {
        settle(event.data === true);
      };
      worker.onerror = function () {
        settle(true);
      };
      worker.postMessage(url);
    });
  }

  // The host answered: whether with a tile (an image that decodes; an answer that is not one fails
  // here without a console error), and only then Leaflet.
  function probeImage(el, tiles, tile, markers) {
    var probe = new Image();
    probe.onload = function () {
      loadLeaflet(el).then(
        function (L) {
          draw(el, L, tiles, markers);
        },
        function () {
          unavailable(el);
        },
      );
    };
    probe.onerror = function () {
      unavailable(el);
    };
    probe.src = tile;
  }

  // Maps whose panel left the page (a client-side navigation) are removed, their listeners with them.
  window.__mapSweep = function () {
    drawn = drawn.filter(function (entry) {
      if (entry.el.isConnected) return true;
      entry.map.remove();
      return false;
    });
  };
})();
