// Replaces a photo that failed to load with its category image (data-fallback). Loaded from our own
// origin so the Content-Security-Policy needs no inline handlers. Runs in <head>, before any image.
(function () {
  function swap(img) {
    var fallback = img.getAttribute("data-fallback");
    if (!fallback || img.getAttribute("src") === fallback) return;
    img.removeAttribute("data-fallback");
    img.setAttribute("src", fallback);
  }
  document.addEventListener(
    "error",
    function (event) {
      var target = event.target;
      if (target && target.tagName === "IMG") swap(target);
    },
    true,
  );
  // Images that failed before this listener could hear them (e.g. from the cache).
  function sweep() {
    var imgs = document.querySelectorAll("img[data-fallback]");
    for (var i = 0; i < imgs.length; i++) {
      if (imgs[i].complete && imgs[i].naturalWidth === 0) swap(imgs[i]);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", sweep);
  else sweep();
  window.addEventListener("load", sweep);
})();
