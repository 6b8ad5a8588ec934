import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cloudflare } from "@cloudflare/vite-plugin";
import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import compression from "compression";
import { defineConfig, type Connect, type Plugin } from "vite";

// Miniflare fetches a `Request.cf` sample from Cloudflare on start; nothing here needs it, and
// dev, tests and CI stay on this machine (it then uses a built-in placeholder).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

// Local D1/R2 state; the e2e suite points this at a throw-away folder (see playwright.config.ts).
const stateDir = process.env.LOCALATLAS_STATE || ".wrangler/state";

/** The port given on the command line (`--port N`, `--port=N`), as `npm start` and `npm run preview` pass it. */
function cliPort(): number | null {
  const argv = process.argv;
  for (let i = 0; i < argv.length; i++) {
    const eq = /^--port=(\d+)$/.exec(argv[i]);
    if (eq) return Number(eq[1]);
    if (argv[i] === "--port" && /^\d+$/.test(argv[i + 1] ?? "")) return Number(argv[i + 1]);
  }
  return null;
}

/**
 * SITE_URL in local runs is where the site is actually served, so canonical links,
 * sitemaps and robots.txt point there: the port `npm start` chose (LOCALATLAS_PORT) or the one on
 * the command line, else Vite's default. A SITE_URL in .dev.vars still wins (it is loaded after the
 * vars), and builds keep wrangler.toml's value.
 */
function localSiteUrl(fallbackPort: number): string {
  const port = Number(process.env.LOCALATLAS_PORT) || cliPort() || fallbackPort;
  return `http://localhost:${port}`;
}

const SITE_URL_MARK = "# SITE_URL below follows the port vite preview serves (vite.config.ts); remove both lines to set your own.";

/**
 * `vite preview` serves the build with build/server/wrangler.json's vars and build/server/.dev.vars
 * over them; the plugin's config customizer does not apply there. So the served port goes into that
 * .dev.vars, on a line this file owns (marked), never over a SITE_URL someone set there.
 */
function followPreviewPort() {
  const file = "build/server/.dev.vars";
  if (!existsSync("build/server/wrangler.json")) return;
  const lines = existsSync(file) ? readFileSync(file, "utf8").replace(/\n*$/, "").split("\n").filter(Boolean) : [];
  const mark = lines.indexOf(SITE_URL_MARK);
  const own = mark >= 0 ? lines.splice(mark, 2) : [];
  if (lines.some((l) => /^\s*(export\s+)?SITE_URL\s*=/.test(l))) {
    if (own.length) writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
    return;
  }
  lines.push(SITE_URL_MARK, `SITE_URL='${localSiteUrl(4173)}'`);
  writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
}

/**
 * `vite preview` compresses text the way Cloudflare's edge does in production (gzip for a browser
 * that asks). Vite's own compression is added after the Cloudflare plugin's handler, which answers
 * every request itself, so pages and stylesheets went out uncompressed and Lighthouse measured a
 * transfer production never makes. First in `plugins`, so it wraps that handler. wrangler dev (the
 * bench:http server) is untouched: wrk asks for no encoding and gets the bytes as they are.
 */
function compressPreview(): Plugin {
  return {
    name: "localatlas:compress-preview",
    configurePreviewServer(server) {
      // Typed for Express's req and res; it uses only what Node's have (connect apps use it as is).
      server.middlewares.use(compression() as unknown as Connect.NextHandleFunction);
    },
  };
}

/**
 * The server build's copies of assets the client build already has, dropped. A component's `?url`
 * import (leaflet.js for the map) makes Vite emit the file into the server build too; React Router
 * removes such copies only when the server build writes a Vite manifest, which the Cloudflare plugin's
 * does not. Left there, `wrangler deploy` uploads build/server/assets/*.js as Worker modules (144 KB
 * of the Worker's size limit) and fails on leaflet.js's source map comment (`npm run deploy:check`).
 * The Worker needs only the URL, which is the same in both builds (content hashed).
 */
function dropServerCopiesOfClientAssets(): Plugin {
  return {
    name: "localatlas:drop-server-copies-of-client-assets",
    applyToEnvironment: (environment) => environment.name === "ssr",
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === "asset" && existsSync(`build/client/${fileName}`)) delete bundle[fileName];
      }
    },
  };
}

/**
 * The production build's browser code runs on Preact's React layer instead of React DOM (a third of
 * the JavaScript a visitor downloads after the first move; docs/decisions/0037-preact-in-the-browser.md).
 * The server (the `ssr` environment) and the dev server keep React 19: the pages are rendered by
 * React and hydrated by Preact, and `npm run dev` keeps React's fast refresh.
 */
function preactInTheBrowser(): Plugin {
  const browser: Record<string, string> = {
    react: "/app/preact/react.js",
    "react-dom": "preact/compat",
    "react-dom/client": "/app/preact/react-dom-client.ts",
    "react/jsx-runtime": "preact/compat/jsx-runtime",
    "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
  };
  return {
    name: "localatlas:preact-in-the-browser",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      const target = browser[source];
      if (!target) return null;
      // The layer's own `react` import (app/preact/react.js re-exports preact/compat) is not re-routed.
      return this.resolve(target.startsWith("/") ? `${process.cwd()}${target}` : target, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig(({ command, isPreview }) => {
  if (isPreview) followPreviewPort();
  const dev = command === "serve" && !isPreview;
  return {
    plugins: [
      compressPreview(),
      cloudflare({
        viteEnvironment: { name: "ssr" },
        persistState: { path: stateDir },
        ...(dev ? { config: (worker) => ({ vars: { ...worker.vars, SITE_URL: localSiteUrl(5173) } }) } : {}),
      }),
      tailwindcss(),
      // Message catalogs (app/locales/*/*.json?lingui) compiled on import; a message missing from one fails the build.
      lingui({ failOnMissing: true, failOnCompileError: true }),
      reactRouter(),
      dropServerCopiesOfClientAssets(),
      preactInTheBrowser(),
    ],
    resolve: { tsconfigPaths: true },
    // Packages the browser's code imports besides React and React Router (which the React Router
    // plugin declares). Declared, the dev server bundles them before the first page; found during a
    // visit instead, they made it re-bundle and reload that page ("504 (Outdated Optimize Dep)"). A
    // package newly imported by a component or a module the browser loads belongs here.
    environments: { client: { optimizeDeps: { include: ["zod"] } } },
  };
});
