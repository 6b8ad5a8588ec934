import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SCHEMA_QUERY, type SchemaObject, schemaSql } from "#db/schema-sql";

describe("db/schema.sql", () => {
  it("is the database the migrations leave (run `npm run db:schema` after adding a migration)", async () => {
    const { results } = await env.DB.prepare(SCHEMA_QUERY).all<SchemaObject>();
    expect(schemaSql(results)).toBe(env.TEST_SCHEMA_SQL);
  });

  it("lists every table with its indexes and triggers, and leaves out SQLite's and D1's own", () => {
    const text = env.TEST_SCHEMA_SQL;
    for (const table of ["businesses", "businesses_fts", "imports", "site_stats", "cities", "categories", "login_failures"]) {
      expect(text).toMatch(new RegExp(`CREATE (VIRTUAL )?TABLE [\`"]?${table}[\`"]? `));
    }
    expect(text).toContain("CREATE TRIGGER");
    expect(text).not.toMatch(/sqlite_sequence|_cf_|d1_migrations|businesses_fts_data/);
  });
});
