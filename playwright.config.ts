import { defineConfig, devices } from "@playwright/test";
import { TEST_ADMIN_PASSWORD } from "./test/setup/admin-credentials";
import { E2E_TILE_URL } from "./test/e2e/support/map-tiles";

// End-to-end: Debian's chromium drives the built Worker served by workerd (`npm run preview`), on a
// throw-away local state that is migrated and seeded before the server starts.
const port = Number(process.env.E2E_PORT || 8788);
const stateDir = process.env.E2E_STATE || ".wrangler/e2e-state";
// A business's website for the claim flow (people.spec.ts serves its verification token there).
const tokenSitePort = port + 1;

export default defineConfig({
  testDir: "./test/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /admin-data\.spec\.ts$/ },
    // Imports, generates SEO content and finally deletes all data: it must run after every other file.
    {
      name: "admin-data",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /admin-data\.spec\.ts$/,
      dependencies: ["desktop"],
    },
  ],
  webServer: [
    {
      // The admin secrets go into the BUILD's .dev.vars (which `vite preview` reads), with the known test
      // password: a developer's own .dev.vars is never touched (docs/decisions/0006-admin-sessions.md).
      // Map tiles come from this server (any z/x/y answers its favicon), so no test reaches an outside
      // tile host (docs/decisions/0022-maps.md); maps.spec.ts takes the tiles away to see the placeholder.
      command: `rm -rf ${stateDir} && npm run db:migrate && npm run db:seed && npx tsx scripts/ensure-dev-vars.ts --file build/server/.dev.vars && sed -i '/^MAP_TILE_URL=/d' build/server/.dev.vars && echo 'MAP_TILE_URL="${E2E_TILE_URL(port)}"' >> build/server/.dev.vars && npm run preview`,
      env: { LOCALATLAS_STATE: stateDir, PORT: String(port), LOCALATLAS_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
      url: `http://localhost:${port}/api/statistics`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "npx tsx test/e2e/support/token-site.ts",
      env: { TOKEN_SITE_PORT: String(tokenSitePort) },
      url: `http://127.0.0.1:${tokenSitePort}/health`,
      reuseExistingServer: false,
    },
  ],
});
