/**
 * Public pages are complete server-rendered HTML; React Router's JavaScript only adds client-side
 * navigation (with its skeletons) and the admin-style widgets. Loading it in parallel with the
 * page made it compete with the HTML, CSS and hero image for a phone's bandwidth (Lighthouse mobile:
 * FCP 3.9 s), and at ~130 KB gzip it is more than a page that is only read needs (the budget: ≤ 100 KB
 * before interaction). So on public pages the module preloads and the bootstrap module script wait
 * until the visitor starts using the page after load (INTENT_EVENTS); a small inline loader then
 * restores them unchanged. The CSP allows both
 * inline scripts by their hashes (security-headers.server.ts).
 * See docs/decisions/0004-deferred-hydration.md.
 */
import { isAdminPath } from "#app/lib/admin/admin-path";

export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/**
 * What counts as a visitor starting to use the page: the loader starts React Router on the first of
 * these after the window's load event. A reader who only reads (and every crawler) downloads no
 * JavaScript; a pointer moving, a touch, a key, a scroll or a focus brings client-side navigation in
 * before the next click in nearly every case, and a click that comes first is a normal page load.
 */
const INTENT_EVENTS = ["pointermove", "pointerdown", "touchstart", "keydown", "focusin", "scroll", "wheel"] as const;

// Runs the deferred bootstrap at the first intent after load (listening starts at load, or at once if
// load already fired). The module script it inserts has exactly the data block's text, so the data
// block's CSP hash allows it.
export const LOADER_SCRIPT_TEXT = `(function(){var done=false,events=${JSON.stringify(INTENT_EVENTS)};function run(){if(done)return;done=true;events.forEach(function(e){removeEventListener(e,run,true)});var s=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!s)return;document.querySelectorAll('link[rel="x-deferred-modulepreload"]').forEach(function(l){l.rel="modulepreload"});var m=document.createElement("script");m.type="module";m.textContent=s.textContent;s.replaceWith(m);}function listen(){events.forEach(function(e){addEventListener(e,run,{capture:true,passive:true})})}if(document.readyState==="complete")listen();else addEventListener("load",listen);})();`;

export function shouldDeferHydration(request: Request, response: Response): boolean {
  if (request.method !== "GET") return false;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return false;
  return !isAdminPath(new URL(request.url).pathname);
}

/**
 * Adds the deferral to `rewriter`: the page is rewritten in the same HTMLRewriter pass that collects
 * its inline scripts for the CSP (security-headers.server.ts), one parse of the document instead of
 * two. The loader is inserted after parsing, so its hash is added by the caller (LOADER_SCRIPT_TEXT).
 */
export function deferHydration(rewriter: HTMLRewriter): HTMLRewriter {
  return rewriter
    .on('link[rel="modulepreload"]', {
      element(el) {
        // Inert until the loader runs: a preload, even a low-priority one, shares the bandwidth.
        el.setAttribute("rel", "x-deferred-modulepreload");
      },
    })
    .on('script[type="module"]', {
      element(el) {
        el.setAttribute("type", DEFERRED_MODULE_TYPE);
        // A data block may not be async (HTML spec); the loader's module script needs no flag.
        el.removeAttribute("async");
      },
    })
    .on("body", {
      element(el) {
        el.onEndTag((end) => {
          end.before(`<script>${LOADER_SCRIPT_TEXT}</script>`, { html: true });
        });
      },
    });
}
