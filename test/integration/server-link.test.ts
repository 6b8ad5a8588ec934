import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Link as RouterLink, type LinkProps } from "react-router";
import { describe, expect, it } from "vitest";
import { Link } from "#link";

function html(component: typeof RouterLink, props: LinkProps): string {
  return renderToString(createElement(MemoryRouter, { initialEntries: ["/city/Chicago"] }, createElement(component, props)));
}

describe("links as the Worker renders them (#link)", () => {
  it("is the Worker's own link, not React Router's", () => {
    expect(Link).not.toBe(RouterLink);
  });

  it.each<LinkProps>([
    { to: "/business/42", className: "card-link", children: "Golden Bakery" },
    { to: "/", className: "flex items-center", children: "LocalAtlas" },
    { to: "/city/New%20York?page=2", rel: "next", className: "step", children: "Next" },
    { to: "/search?q=caf%C3%A9&location=Paris#results", target: "_blank", children: "Search" },
    { to: "/category/bakery", onClick: () => {}, "aria-label": "Bakeries", children: "Back" },
  ])("writes the same <a> as React Router's <Link> for $to", (props) => {
    const ours = html(Link, props);
    expect(ours).toContain('data-discover="true"');
    expect(ours).toBe(html(RouterLink, props));
  });

  it.each<LinkProps>([
    { to: "../cities", children: "relative" },
    { to: "/city/../about", children: "dot segments" },
    { to: "https://example.com/", children: "external" },
    { to: "//example.com/x", children: "protocol-relative" },
    { to: { pathname: "/about", search: "?x=1" }, children: "object" },
    { to: "/about", reloadDocument: true, children: "document" },
    { to: "/about", prefetch: "render", children: "prefetch" },
    { to: "/about", discover: "none", children: "no discovery" },
  ])("leaves anything else to React Router's <Link> ($children)", (props) => {
    expect(html(Link, props)).toBe(html(RouterLink, props));
  });
});
