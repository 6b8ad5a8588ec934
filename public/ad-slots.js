// Fills every ad slot (<aside data-ad-slot>, app/components/ad-slot.tsx) on the page: those in the
// server's HTML and those a client-side navigation adds. An ad when the site has an AdSense client
// and the slot an id (the ad script loaded once), else a neutral "Advertisement" placeholder, each
// after its slot's delay. Plain JavaScript, not a React effect: public pages start React only when
// the visitor interacts (app/server/platform/deferred-hydration.server.ts), and an ad must not wait for that.
(function () {
  if (window.__adSlots) return;
  window.__adSlots = true;
  var origin = "https://pagead2.googlesyndication.com";

  function showAd(slot, client, id) {
    var ins = document.createElement("ins");
    ins.className = "adsbygoogle block h-[250px] w-[300px]";
    ins.setAttribute("data-ad-client", client);
    ins.setAttribute("data-ad-slot", id);
    slot.appendChild(ins);
    if (!document.querySelector('script[src^="' + origin + '"]')) {
      var script = document.createElement("script");
      script.async = true;
      script.crossOrigin = "anonymous";
      script.src = origin + "/pagead/js/adsbygoogle.js?client=" + encodeURIComponent(client);
      document.head.appendChild(script);
    }
    (window.adsbygoogle = window.adsbygoogle || []).push({});
  }

  function showPlaceholder(slot) {
    var text = document.createElement("span");
    text.className = "text-xs uppercase tracking-wide text-slate-500";
    text.textContent = "Advertisement";
    slot.appendChild(text);
  }

  function fill(slot) {
    if (slot.getAttribute("data-state")) return;
    slot.setAttribute("data-state", "waiting");
    setTimeout(
      function () {
        slot.setAttribute("data-ready", "true");
        var client = slot.getAttribute("data-client");
        var id = slot.getAttribute("data-ad-slot");
        if (client && id) showAd(slot, client, id);
        else showPlaceholder(slot);
      },
      Number(slot.getAttribute("data-delay")) || 0,
    );
  }

  function sweep() {
    document.querySelectorAll("aside[data-ad-slot]").forEach(fill);
  }

  function start() {
    sweep();
    new MutationObserver(sweep).observe(document.body, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
