// Maps (issue 19, docs/decisions/0022-maps.md): watches the map panels (<div data-map>,
// app/components/map-panel.tsx) and, when one scrolls into view, loads /map-draw.js, which draws
// it with Leaflet. Kept this small because every page with a map downloads it, seen or not.
(function () {
  if (window.__maps) return;
  window.__maps = true;
  var drawer;
  function unavailable(el) {
    el.setAttribute("data-state", "unavailable");
    el.textContent = "Map unavailable";
  }
  function draw(el) {
    // Offline: no tiles to be had, and nothing to download for them.
    if (navigator.onLine === false) return unavailable(el);
    drawer = drawer || new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = "/map-draw.js";
      s.onload = function () { resolve(window.__mapDraw); };
      s.onerror = reject;
      document.head.appendChild(s);
    });
    drawer.then(function (run) { run(el); }, function () { drawer = null; unavailable(el); });
  }
  var watcher = "IntersectionObserver" in window && new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      if (e.isIntersecting) { watcher.unobserve(e.target); draw(e.target); }
    });
  }, { rootMargin: "100px 0px" });
  // Panels a client-side navigation adds are watched too; Leaflet's own changes inside a map are not panels.
  function sweep(records) {
    if (records && records.every(function (r) { return r.target instanceof Element && r.target.closest("[data-map]"); })) return;
    if (window.__mapSweep) window.__mapSweep();
    document.querySelectorAll("[data-map]:not([data-watched])").forEach(function (el) {
      el.setAttribute("data-watched", "");
      if (watcher) watcher.observe(el); else draw(el);
    });
  }
  function begin() {
    sweep();
    new MutationObserver(sweep).observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", begin);
  else begin();
})();
