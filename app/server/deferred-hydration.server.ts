/**
 * Public pages are complete server-rendered HTML; React Router's JavaScript only adds client-side
 * navigation (with its skeletons) and the admin-style widgets. Loading it in parallel with the
 * page made it compete with the HTML, CSS and hero image for a phone's bandwidth (Lighthouse mobile:
 * FCP 3.9 s). So on public pages the module preloads and the bootstrap module script wait until the
 * window's load event; a nonce'd loader then restores them unchanged.
 * See docs/decisions/0004-deferred-hydration.md.
 */

const DEFERRED_TYPE = "text/x-deferred-module";

function loaderScript(nonce: string): string {
  // Runs the deferred bootstrap after load (or at once if load already fired), keeping its nonce.
  return `<script nonce="${nonce}">(function(){function run(){var s=document.querySelector('script[type="${DEFERRED_TYPE}"]');if(!s)return;document.querySelectorAll('link[rel="x-deferred-modulepreload"]').forEach(function(l){l.rel="modulepreload"});var m=document.createElement("script");m.type="module";m.nonce=s.nonce||${JSON.stringify(nonce)};m.textContent=s.textContent;s.replaceWith(m);}if(document.readyState==="complete")setTimeout(run,0);else addEventListener("load",function(){setTimeout(run,0)});})();</script>`;
}

function nonceOf(response: Response): string | null {
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  return /'nonce-([^']+)'/.exec(csp)?.[1] ?? null;
}

export function shouldDeferHydration(request: Request, response: Response): boolean {
  if (request.method !== "GET") return false;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return false;
  const { pathname } = new URL(request.url);
  return !(pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/admin-"));
}

export function deferHydration(response: Response): Response {
  const nonce = nonceOf(response);
  if (!nonce) return response;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(el) {
        // Inert until the loader runs: a preload, even a low-priority one, shares the bandwidth.
        el.setAttribute("rel", "x-deferred-modulepreload");
      },
    })
    .on('script[type="module"]', {
      element(el) {
        el.setAttribute("type", DEFERRED_TYPE);
        // A data block may not be async (HTML spec); the loader's module script needs no flag.
        el.removeAttribute("async");
      },
    })
    .on("body", {
      element(el) {
        el.onEndTag((end) => {
          end.before(loaderScript(nonce), { html: true });
        });
      },
    })
    .transform(response);
}
