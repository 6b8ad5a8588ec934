// Knip (`npm run lint`, after `react-router typegen` has written the routes' `./+types/…`): no unused
// file, export, type or dependency. Its plugins read the entry points
// of the tools this project uses from their own configs: React Router (react-router.config.ts, then
// app/routes.ts — every route module, app/root.tsx and app/entry.server.tsx), Vite, Vitest (the
// test files), Playwright (test/e2e), ESLint, Prettier, drizzle-kit and tsx (the package.json scripts).
//
// A route module, root.tsx and entry.server.tsx are entry points: their exports are read by React
// Router by name (default, loader, action, meta, links, headers, ErrorBoundary, Layout,
// streamTimeout), so knip does not check them. A route module exports nothing else: a constant or
// a helper it shares lives in app/lib/ or app/components/.
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  // workers/app.ts (wrangler.toml's `main`) and scripts/seed/run.ts are found through vitest.config.ts and
  // package.json.
  entry: [
    // Each script is run on its own (npm run …, `npx tsx scripts/…`, `node scripts/…`).
    "scripts/*.{ts,mjs}",
    // A template app that scripts/bench-http.ts copies out and builds: its files are its own entry points.
    "scripts/bench-http-floor/**/*.{ts,tsx}",
    // Read by @lingui/vite-plugin (through @lingui/conf) when it compiles the catalogs.
    "lingui.config.ts",
    // Browser scripts served as they are from public/ (ad-slot.tsx, map-panel.tsx, near-me-button.tsx
    // and map-draw.js name them by URL).
    "public/*.js",
    // What the production build's browser code gets for react and react-dom/client (vite.config.ts
    // names them by path).
    "app/preact/*.{js,ts}",
  ],
  project: [
    "app/**/*.{ts,tsx,css}",
    "app/preact/*.js",
    "db/**/*.ts",
    "workers/**/*.ts",
    "scripts/**/*.{ts,tsx,mjs}",
    "test/**/*.ts",
    "public/*.js",
    "*.ts",
  ],
  // Programs of the machine that the benches and the sitemap e2e test run, not npm packages.
  ignoreBinaries: ["wrk", "perf", "xmllint"],
  // test/e2e/support/vnu.ts runs node_modules/vnu-jar/build/dist/vnu.jar with java: a file, never an import.
  ignoreDependencies: ["vnu-jar"],
};

export default config;
