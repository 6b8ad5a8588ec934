// "Use my location" (ADR 0017): a button[data-near-me] inside a search form asks the browser for its
// position and searches near it, nearest first (/search?near=lat,lng&sort=distance, with the form's
// words). Plain JavaScript with one listener on the document, so it works before React starts
// (public pages start React at the visitor's first move: app/server/platform/deferred-hydration.server.ts).
(function () {
  if (window.__nearMe) return;
  window.__nearMe = true;

  function say(button, text) {
    var status = button.parentElement && button.parentElement.querySelector("[data-near-me-status]");
    if (status) status.textContent = text;
  }

  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("button[data-near-me]") : null;
    if (!button) return;
    event.preventDefault();
    if (!("geolocation" in navigator)) {
      say(button, "This browser cannot share its location. Type a city instead.");
      return;
    }
    say(button, "Finding your location…");
    navigator.geolocation.getCurrentPosition(
      function (position) {
        var form = button.form || button.closest("form");
        var query = new URLSearchParams();
        var q = form && form.elements.namedItem("q");
        if (q && q.value && q.value.trim()) query.set("q", q.value.trim());
        query.set("near", position.coords.latitude.toFixed(4) + "," + position.coords.longitude.toFixed(4));
        query.set("sort", "distance");
        window.location.assign("/search?" + query.toString());
      },
      function (error) {
        say(
          button,
          error.code === 1
            ? "Location is turned off for this site. Allow it in the browser, or type a city."
            : "Your location could not be found. Type a city instead.",
        );
      },
      { enableHighAccuracy: false, timeout: 10000, maximumAge: 600000 },
    );
  });
})();
