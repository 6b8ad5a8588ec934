import { defineConfig, devices } from "@playwright/test";

// End-to-end: Debian's chromium drives the built Worker served by workerd (`npm run preview`), on a
// throw-away local state that is migrated and seeded before the server starts.
const port = Number(process.env.E2E_PORT || 8788);
const stateDir = process.env.E2E_STATE || ".wrangler/e2e-state";

export default defineConfig({
  testDir: "./test/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
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
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: {
    command: `rm -rf ${stateDir} && npm run db:migrate && npm run db:seed && npm run preview`,
    env: { LOCALATLAS_STATE: stateDir, PORT: String(port) },
    url: `http://localhost:${port}/api/statistics`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
