/**
 * What the production build's browser code gets for `react-dom/client` (vite.config.ts,
 * docs/decisions/0037-preact-in-the-browser.md).
 * - `<HydratedRouter />` suspends (throws the promise of the server's decoded data) on its first
 *   render; React's root waits for it by itself. Under a `<Suspense>` boundary Preact keeps only the
 *   first node of the server's DOM (the `<head>`) and renders a second `<body>`, so the hydration
 *   is started again once that promise settles (nothing was rendered before the throw).
 * - The app renders the whole document (`<html>` in root.tsx's Layout); Preact hydrates a document
 *   into its `<html>` element, so there `<html>` stands for that element: its children are the
 *   element's, its attributes are set on it.
 */
import { cloneElement, useLayoutEffect, type ReactNode } from "preact/compat";
import { hydrateRoot as preactHydrateRoot } from "preact/compat/client";
import { options, type VNode } from "preact";

export { createRoot } from "preact/compat/client";

function DocumentElement({ children, ...attributes }: { children?: ReactNode } & Record<string, string | undefined>) {
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries(attributes)) {
      if (value == null) document.documentElement.removeAttribute(name);
      else document.documentElement.setAttribute(name, value);
    }
  });
  return children as never;
}

const previousVnodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === "html") vnode.type = DocumentElement as never;
  previousVnodeHook?.(vnode);
};

/**
 * React 19 moves elements a component renders elsewhere into `<head>` (the language switcher's
 * alternates, async scripts, image preloads, `<Scripts>`' modulepreload links); Preact matches the
 * head's nodes by tag in order, so these are taken out before it hydrates (they have done their work).
 */
function dropHoisted() {
  for (const node of document.head.querySelectorAll(
    'link[rel="alternate"], link[rel="modulepreload"], link[rel="preload"], script[async][src]',
  ))
    node.remove();
}

export function hydrateRoot(container: Element | Document, children: ReactNode) {
  dropHoisted();
  const start = () => preactHydrateRoot(container as Element, cloneElement(children as never));
  try {
    return start();
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown;
    void thrown.then(start, start);
    return undefined as never;
  }
}
