import { createElement } from "react";
import { Link as RouterLink, type LinkProps } from "react-router";

/**
 * React Router's `<Link>`, rendered on the server without its per-link work (resolving the path,
 * reading the location, the click and prefetch hooks: ~7 % of a business page's render, more on a
 * listing of cards; docs/perf/http.md). A public page's links are absolute paths, so the
 * server writes the `<a>` React Router would write — the same attributes in the same order,
 * `data-discover` included — and the browser hydrates it as React Router's own `<Link>`, which adds
 * client-side navigation exactly as before. Anything else (a relative or external `to`, an object,
 * a prop that changes navigation) is React Router's `<Link>` on the server too.
 *
 * Imported as `#link` (package.json "imports"): the Worker's build (condition "workerd") gets this
 * module, the browser's gets link-browser.ts, a plain re-export that adds no chunk to the pages.
 */

// Props React Router reads to navigate or prefetch; none of them is rendered as an attribute.
const NAVIGATION_PROPS = [
  "discover",
  "prefetch",
  "relative",
  "reloadDocument",
  "replace",
  "mask",
  "state",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
] as const;

function isPlainPath(to: LinkProps["to"]): to is string {
  return typeof to === "string" && to.startsWith("/") && !to.startsWith("//") && !/(?:^|\/)\.\.?(?:[/?#]|$)/.test(to);
}

export function Link(props: LinkProps & React.RefAttributes<HTMLAnchorElement>) {
  if (!isPlainPath(props.to) || NAVIGATION_PROPS.some((name) => props[name] !== undefined)) return createElement(RouterLink, props);
  // onClick and ref do nothing in server HTML; the rest keeps React Router's order: its props, href, target, data-discover.
  const { to, target, onClick: _onClick, ref: _ref, ...rest } = props;
  return createElement("a", { ...rest, href: to, target, "data-discover": "true" });
}
