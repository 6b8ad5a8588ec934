/**
 * Replaces a photo that failed to load with its category group's default image (`data-fallback`).
 * An inline script (the CSP allows it by its hash): no inline event handlers, no extra request.
 * It listens in the capture phase (error events do not bubble) from <head>, before any image loads,
 * and sweeps images that failed before it ran.
 */
const SOURCE = `(function(){function s(i){var f=i.getAttribute("data-fallback");if(!f||i.getAttribute("src")===f)return;i.removeAttribute("data-fallback");i.setAttribute("src",f)}
document.addEventListener("error",function(e){var t=e.target;if(t&&t.tagName==="IMG")s(t)},true);
function w(){var l=document.querySelectorAll("img[data-fallback]");for(var k=0;k<l.length;k++)if(l[k].complete&&l[k].naturalWidth===0)s(l[k])}
document.addEventListener("DOMContentLoaded",w);window.addEventListener("load",w)})();`;

export function ImgFallbackScript() {
  return <script dangerouslySetInnerHTML={{ __html: SOURCE }} />;
}
