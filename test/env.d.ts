declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** test/fixtures spreadsheets, base64 by file name (vitest.config.ts). */
    TEST_FIXTURES: Record<string, string>;
    /** The committed db/schema.sql (vitest.config.ts), checked against the migrated database. */
    TEST_SCHEMA_SQL: string;
    /** schema.org's LocalBusiness and its subtypes, from test/fixtures/schema-org (vitest.config.ts). */
    TEST_LOCAL_BUSINESS_TYPES: string[];
    /** schema.org's classes with their parents and properties with their domains, from test/fixtures/schema-org (vitest.config.ts). */
    TEST_SCHEMA_VOCABULARY: { classes: Record<string, string[]>; properties: Record<string, string[]> };
  }
}
