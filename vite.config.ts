import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Miniflare fetches a `Request.cf` sample from Cloudflare on start; nothing here needs it, and
// dev, tests and CI stay on this machine (it then uses a built-in placeholder).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

// Local D1/R2 state; the e2e suite points this at a throw-away folder (see playwright.config.ts).
const stateDir = process.env.LOCALATLAS_STATE || ".wrangler/state";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" }, persistState: { path: stateDir } }), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
