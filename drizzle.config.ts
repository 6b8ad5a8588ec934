import { defineConfig } from "drizzle-kit";

// Migrations 0002–0006 were hand-written (triggers, FTS, parallel branches); drizzle's snapshot was
// brought level with them by the timestamped "snapshot_sync" migration. New ones get a timestamp
// prefix so they sort after every earlier file when wrangler applies them.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./db/migrations",
  migrations: { prefix: "timestamp" },
});
