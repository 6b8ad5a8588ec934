/**
 * npm run db:schema — migrates a throw-away local D1 with db/migrations and writes db/schema.sql
 * (db/schema-sql.ts). Run it after adding a migration; the test suite checks the file is current.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SCHEMA_QUERY, type SchemaObject, schemaSql } from "#db/schema-sql";

const root = path.join(import.meta.dirname, "..");
const state = fs.mkdtempSync(path.join(os.tmpdir(), "localatlas-schema-"));
try {
  const wrangler = (...args: string[]) =>
    execFileSync("npx", ["wrangler", ...args, "--local", "--persist-to", state], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
  wrangler("d1", "migrations", "apply", "DB");
  const [{ results }] = JSON.parse(wrangler("d1", "execute", "DB", "--json", "--command", SCHEMA_QUERY)) as Array<{
    results: SchemaObject[];
  }>;
  const file = path.join(root, "db/schema.sql");
  fs.writeFileSync(file, schemaSql(results));
  console.log(`wrote ${path.relative(root, file)} (${results.length} schema objects read)`);
} finally {
  fs.rmSync(state, { recursive: true, force: true });
}
