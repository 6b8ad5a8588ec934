// "Use my location" (ADR 0017): a button[data-near-me] inside a search form asks the browser for its
// position and searches near it, nearest first (/search?near=lat,lng&sort=distance, with the form's
// words; /vi/search… on a Vietnamese page: the button's data-search). Plain JavaScript with one
// listener on the document, so it works before React starts (public pages start React at the
// visitor's first move: app/server/platform/deferred-hydration.server.ts).
(function () {
  if (window.__nearMe) return;
  window.__nearMe = true;

  // The button carries its words in the page's locale (app/components/near-me-button.tsx).
  function words(button, name) {
    return button.getAttribute("data-text-" + name) || "";
  }

  function say(button, text) {
    var status = button.parentElement && button.parentElement.querySelector("[data-near-me-status]");
    if (status) status.textContent = text;
  }

  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("button[data-near-me]") : null;
    if (!button) return;
    event.preventDefault();
    if (!("geolocation" in navigator)) {
      say(button, words(button, "unsupported"));
      return;
    }
    say(button, words(button, "finding"));
    navigator.geolocation.getCurrentPosition(
      function (position) {
        var form = button.form || button.closest("form");
        var query = new URLSearchParams();
        var q = form && form.elements.namedItem("q");
        if (q && q.value && q.value.trim()) query.set("q", q.value.trim());
        query.set("near", position.coords.latitude.toFixed(4) + "," + position.coords.longitude.toFixed(4));
        query.set("sort", "distance");
        window.location.assign((button.getAttribute("data-search") || "/search") + "?" + query.toString());
      },
      function (error) {
        say(button, words(button, error.code === 1 ? "denied" : "not-found"));
      },
      { enableHighAccuracy: false, timeout: 10000, maximumAge: 600000 },
    );
  });
})();
