import fs from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { hashPassword } from "./app/server/password.server";
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME, TEST_SESSION_SECRET } from "./test/setup/admin-credentials";

// Miniflare fetches a `Request.cf` sample from Cloudflare on start; nothing here needs it, and
// dev, tests and CI stay on this machine (it then uses a built-in placeholder).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

// Tests run inside workerd against real D1 and R2 with the real migrations (db/migrations).
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "db/migrations"));
  // Admin secrets for the tests: a known password (test/setup/admin-credentials.ts), hashed as in production.
  const adminBindings = {
    ADMIN_USERNAME: TEST_ADMIN_USERNAME,
    ADMIN_PASSWORD_HASH: await hashPassword(TEST_ADMIN_PASSWORD),
    SESSION_SECRET: TEST_SESSION_SECRET,
  };
  // Spreadsheet fixtures (test/fixtures), base64 by file name: workerd cannot read the host's files.
  const fixtureDir = path.join(import.meta.dirname, "test/fixtures");
  const fixtures = Object.fromEntries(
    (fs.existsSync(fixtureDir) ? fs.readdirSync(fixtureDir) : [])
      .filter((f) => /\.(xlsx|xls|csv)$/.test(f))
      .map((f) => [f, fs.readFileSync(path.join(fixtureDir, f)).toString("base64")]),
  );
  return {
    plugins: [
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            TEST_FIXTURES: fixtures,
            TEST_SCHEMA_SQL: fs.readFileSync(path.join(import.meta.dirname, "db/schema.sql"), "utf8"),
            SITE_URL: "https://localatlas.test",
            EDGE_CACHE: "off",
            // One writer batch per import workflow step, so a 20,000-row test import runs as several steps.
            IMPORT_STEP_ROWS: "5000",
            ...adminBindings,
          },
        },
      }),
      reactRouter(),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      include: ["test/**/*.test.ts"],
      exclude: ["test/e2e/**"],
      setupFiles: ["./test/setup/apply-migrations.ts"],
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  };
});
