// JavaScript, not TypeScript: preact/compat's types are one `export =`, which TypeScript cannot re-export with `export *`.
/**
 * What the production build's browser code gets for `react` (vite.config.ts, docs/decisions/0037-preact-in-the-browser.md):
 * Preact's React layer, plus the one hook React Router imports that it lacks. React Router's
 * `RouterProvider` sets its optimistic state only when the router was started with
 * `useTransitions` (the app's `<HydratedRouter />` is not), so here the state passes through as is,
 * and a call of the setter says it is not supported rather than dropping an update.
 */
export * from "preact/compat";
export { default } from "preact/compat";

/**
 * @template T
 * @param {T} state
 * @returns {[T, (action: unknown) => void]}
 */
export function useOptimistic(state) {
  return [
    state,
    () => {
      throw new Error("useOptimistic's setter is not supported in the browser build (React Router's useTransitions is off)");
    },
  ];
}
