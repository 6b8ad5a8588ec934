import fs from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { hashPassword } from "./app/server/auth/password.server.ts";
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME, TEST_SESSION_SECRET } from "./test/setup/admin-credentials.ts";

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
  // The schema.org vocabulary's LocalBusiness types (test/fixtures/schema-org), for the JSON-LD type test.
  const localBusinessTypes = schemaOrgSubtypes(path.join(fixtureDir, "schema-org/vocabulary.jsonld"), "LocalBusiness");
  // Its classes' parents and its properties' domains, for the tests that check a page's JSON-LD terms.
  const schemaVocabulary = schemaOrgTerms(path.join(fixtureDir, "schema-org/vocabulary.jsonld"));
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
            TEST_LOCAL_BUSINESS_TYPES: localBusinessTypes,
            TEST_SCHEMA_VOCABULARY: schemaVocabulary,
            SITE_URL: "https://localatlas.test",
            EDGE_CACHE: "off",
            // Every e-mail sent is kept in the outbox table, where the tests read sign-in links.
            EMAIL_OUTBOX: "on",
            // The claim tests serve their websites on 127.0.0.1.
            CLAIM_CHECK_LOCAL_SITES: "on",
            // One writer batch per import workflow step, so a 20,000-row test import runs as several steps.
            IMPORT_STEP_ROWS: "5000",
            ...adminBindings,
          },
        },
      }),
      lingui({ failOnMissing: true, failOnCompileError: true }),
      reactRouter(),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      // The stylesheets get their real URLs, as in a build: by default a test sees "" for `app.css?url`.
      css: { include: [/app\/(app|admin)\.css/] },
      setupFiles: ["./test/setup/apply-migrations.ts"],
      // Local websites the Worker fetches (the claim's website token), started once for the run.
      globalSetup: ["./test/setup/test-sites.ts"],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      // Three projects on this one setup. `npm test` runs the fast suite: "unit" (test/unit/: no D1 or R2,
      // so its files share one runtime: isolate false) and "integration" (every other file, each in a
      // runtime of its own with empty D1 and R2). `npm run test:slow` runs "slow": test/slow/, the tests
      // at full size (a 200,000-row import, budgets at 10,000 businesses, a file read in 7-byte pieces).
      // `npx vitest run FILE` runs a file of any of them.
      projects: [
        { extends: true, test: { name: "unit", include: ["test/unit/**/*.test.ts"], isolate: false } },
        {
          extends: true,
          test: { name: "integration", include: ["test/**/*.test.ts"], exclude: ["test/e2e/**", "test/slow/**", "test/unit/**"] },
        },
        { extends: true, test: { name: "slow", include: ["test/slow/**/*.test.ts"] } },
      ],
    },
  };
});

/** The classes of a schema.org vocabulary file that are `root` or below it. */
function schemaOrgSubtypes(file: string, root: string): string[] {
  const graph = (JSON.parse(fs.readFileSync(file, "utf8")) as { "@graph": Array<Record<string, unknown>> })["@graph"];
  const parents = new Map<string, string[]>();
  const name = (id: unknown) => String(id).replace(/^schema:/, "");
  for (const node of graph) {
    if (![node["@type"]].flat().includes("rdfs:Class")) continue;
    parents.set(
      name(node["@id"]),
      [node["rdfs:subClassOf"] ?? []].flat().map((p) => name((p as { "@id": string })["@id"])),
    );
  }
  const below = (type: string, seen: Set<string>): boolean =>
    type === root || (!seen.has(type) && (seen.add(type), (parents.get(type) ?? []).some((p) => below(p, seen))));
  return [...parents.keys()].filter((type) => below(type, new Set()));
}

/** A schema.org vocabulary file's classes (each with its parents) and properties (each with the types it applies to). */
function schemaOrgTerms(file: string): { classes: Record<string, string[]>; properties: Record<string, string[]> } {
  const graph = (JSON.parse(fs.readFileSync(file, "utf8")) as { "@graph": Array<Record<string, unknown>> })["@graph"];
  const name = (id: unknown) => String(id).replace(/^schema:/, "");
  const ids = (value: unknown) => [value ?? []].flat().map((v) => name((v as { "@id": string })["@id"]));
  const classes: Record<string, string[]> = {};
  const properties: Record<string, string[]> = {};
  for (const node of graph) {
    const types = [node["@type"]].flat();
    if (types.includes("rdfs:Class")) classes[name(node["@id"])] = ids(node["rdfs:subClassOf"]);
    if (types.includes("rdf:Property")) properties[name(node["@id"])] = ids(node["schema:domainIncludes"]);
  }
  return { classes, properties };
}
