/**
 * db/schema.ts against the database the migrations leave (the database of every test: the setup file
 * applies db/migrations). Every table, column and index the migrations make is declared in
 * db/schema.ts with the same type, NOT NULL, default, generated expression, primary key and index
 * columns, and db/schema.ts declares nothing the migrations do not make. schema-sql.test.ts holds
 * db/schema.sql to the same database, so the three descriptions agree.
 *
 * What drizzle cannot declare (virtual tables, triggers) is listed in SQL_ONLY with what it is for: a
 * new one is added there, a dropped one removed. A new column goes into a migration and into
 * db/schema.ts (docs/decisions/0028-hand-written-migrations.md).
 */
import { env } from "cloudflare:workers";
import { is, SQL } from "drizzle-orm";
import { getTableConfig, SQLiteSyncDialect, SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { SCHEMA_QUERY, schemaObjects, type SchemaObject } from "#db/schema-sql";

/** The objects of the migrated database that db/schema.ts does not declare, on purpose, and why. */
const SQL_ONLY: Record<string, string> = {
  businesses_fts:
    "FTS5 virtual table (external content, rowid = businesses.id): the words and facet tokens search and near-me match. " +
    "The writer indexes a batch's new rows itself; the two triggers below keep edits and deletes.",
  businesses_fts_terms: "fts5vocab virtual table over businesses_fts: the search's prefix expansion reads its terms.",
  businesses_fts_au: "trigger: re-indexes a business in businesses_fts when a column it indexes changes.",
  businesses_fts_ad: "trigger: removes a deleted business from businesses_fts.",
  attribute_counts_au: "trigger: moves an edited business's filter terms between the listings' attribute counts.",
  attribute_counts_ad: "trigger: takes a deleted business's filter terms off the listings' attribute counts.",
  businesses_au:
    "trigger: moves an edited business between the summary counts (site_stats, categories, category_groups, cities, city_countries, countries).",
  businesses_ad: "trigger: takes a deleted business out of the summary counts.",
  businesses_city_categories_au: "trigger: moves an edited business between city_categories' counts (the writer counts inserts).",
  businesses_city_categories_ad: "trigger: takes a deleted business out of city_categories' counts.",
  duplicate_keys_after_delete: "trigger: drops a deleted business's duplicate keys and candidate pairs.",
  categories_ai: "trigger: site_stats.categories counts the categories that have businesses.",
  categories_au: "trigger: as categories_ai, when a category's count reaches or leaves 0.",
  categories_ad: "trigger: as categories_ai, when a category is deleted.",
  cities_ai: "trigger: site_stats.total_cities counts the cities that have businesses.",
  cities_au: "trigger: as cities_ai, when a city's count reaches or leaves 0.",
  cities_ad: "trigger: as cities_ai, when a city is deleted.",
  submissions_counts_ai: "trigger: counts a new submission in submission_counts.",
  submissions_counts_au: "trigger: moves a submission between submission_counts' statuses.",
  submissions_counts_ad: "trigger: takes a deleted submission out of submission_counts.",
  business_owners_after_business_delete: "trigger: a deleted business has no owners.",
  reviews_summary_ai: "trigger: a published review joins its business's own rating (businesses.own_*).",
  reviews_summary_au: "trigger: moves a review's stars in and out of the own rating as its status, rating or business changes.",
  reviews_summary_ad: "trigger: a deleted published review leaves the own rating.",
  reviews_after_business_delete: "trigger: a deleted business takes its reviews along.",
  review_children_after_review_delete: "trigger: a deleted review takes its links, votes and reports along.",
};

/** One table as both sides describe it: each part a plain string, so a difference reads as a diff. */
type TableShape = {
  /** name → "type [not null] [default …] [generated virtual|stored as (…)]" */
  columns: Record<string, string>;
  primaryKey: string[];
  autoincrement: boolean;
  /** name → "[unique ](column[ desc], …)[ where …]" */
  indexes: Record<string, string>;
  /** UNIQUE constraints (not CREATE INDEX): their columns. */
  uniques: string[];
  foreignKeys: string[];
};

const dialect = new SQLiteSyncDialect();
const render = (value: SQL) => dialect.sqlToQuery(value).sql;

/**
 * An expression without identifier quotes, table prefixes, whitespace or letter case, which the two
 * sides spell differently; string literals are kept as they are.
 */
function squash(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "'") {
      const end = text.indexOf("'", i + 1);
      out += text.slice(i, end < 0 ? undefined : end + 1);
      if (end < 0) break;
      i = end;
    } else if (!/\s/.test(text[i])) out += text[i].toLowerCase();
  }
  return out.replace(/["`]\w+["`]\./g, "").replace(/["`]/g, "");
}

/** Without the parentheses around the whole text, if any ("(unixepoch())" → "unixepoch()"). */
function bare(text: string): string {
  let t = text.trim();
  while (t.startsWith("(") && t.endsWith(")") && closingParen(t, 1) === t.length - 1) t = t.slice(1, -1).trim();
  return t;
}

/** The index of the ")" closing the "(" just before `from`, skipping quoted text; -1 if none. */
function closingParen(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === "`") {
      i = text.indexOf(c, i + 1);
      if (i < 0) return -1;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}

/** A default as SQLite keeps it: true and false are 1 and 0. */
function normalDefault(text: string | null): string | null {
  if (text === null) return null;
  const t = bare(text);
  return /^true$/i.test(t) ? "1" : /^false$/i.test(t) ? "0" : t;
}

function columnShape(type: string, notNull: boolean, defaultValue: string | null, generated: string | null): string {
  return [
    type.toLowerCase(),
    notNull ? "not null" : "",
    defaultValue === null ? "" : `default ${normalDefault(defaultValue)}`,
    generated ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

function indexShape(unique: boolean, columns: string[], where: string | null): string {
  return `${unique ? "unique " : ""}(${columns.join(", ")})${where === null ? "" : ` where ${squash(bare(where))}`}`;
}

// ── db/schema.ts ──

function drizzleDefault(column: SQLiteColumn): string | null {
  if (!column.hasDefault || column.default === undefined) return null;
  const value: unknown = column.default;
  if (is(value, SQL)) return render(value);
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return `'${JSON.stringify(value)}'`;
}

function drizzleGenerated(column: SQLiteColumn): string | null {
  const generated = column.generated;
  if (!generated) return null;
  const as: unknown = typeof generated.as === "function" ? generated.as() : generated.as;
  return `generated ${generated.mode ?? "virtual"} as (${squash(bare(is(as, SQL) ? render(as) : String(as)))})`;
}

function drizzleIndexColumn(column: SQLiteColumn | SQL): string {
  if (!is(column, SQL)) return column.name;
  const text = render(column).trim();
  const named = /^(?:"\w+"\.)?"(\w+)"\s+(asc|desc)$/i.exec(text);
  return named ? `${named[1]}${named[2].toLowerCase() === "desc" ? " desc" : ""}` : `(${squash(text)})`;
}

function fromSchema(table: SQLiteTable): TableShape {
  const config = getTableConfig(table);
  const primary = config.columns.filter((c) => c.primary).map((c) => c.name);
  return {
    columns: Object.fromEntries(
      config.columns.map((c) => [c.name, columnShape(c.getSQLType(), c.notNull, drizzleDefault(c), drizzleGenerated(c))]),
    ),
    primaryKey: primary.length > 0 ? primary : (config.primaryKeys[0]?.columns.map((c) => c.name) ?? []),
    autoincrement: config.columns.some((c) => (c as { autoIncrement?: boolean }).autoIncrement === true),
    indexes: Object.fromEntries(
      config.indexes.map(({ config: index }) => [
        index.name,
        indexShape(index.unique, index.columns.map(drizzleIndexColumn), index.where ? render(index.where) : null),
      ]),
    ),
    uniques: [
      ...config.uniqueConstraints.map((u) => u.columns.map((c) => c.name).join(", ")),
      ...config.columns.filter((c) => c.isUnique).map((c) => c.name),
    ].sort(),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        return `${ref.columns.map((c) => c.name).join(", ")} -> ${getTableConfig(ref.foreignTable).name}(${ref.foreignColumns.map((c) => c.name).join(", ")})`;
      })
      .sort(),
  };
}

// ── the migrated database ──

type ColumnInfo = { name: string; type: string; notnull: number; dflt_value: string | null; pk: number; hidden: number };

const rows = async <T>(query: string, ...params: string[]) =>
  (
    await env.DB.prepare(query)
      .bind(...params)
      .all<T>()
  ).results;

/** A generated column's expression, read from the table's CREATE statement. */
function generatedExpression(createSql: string, column: string): string {
  const start = new RegExp(`[\\s,(]["\`]?${column}["\`]?\\s+\\w+\\s+GENERATED\\s+ALWAYS\\s+AS\\s*\\(`, "i").exec(createSql);
  if (!start) throw new Error(`no GENERATED clause for ${column}`);
  const from = start.index + start[0].length;
  return createSql.slice(from, closingParen(createSql, from));
}

async function fromDatabase(table: SchemaObject, objects: SchemaObject[]): Promise<TableShape> {
  const createSql = table.sql ?? "";
  const info = await rows<ColumnInfo>('SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?1)', table.name);
  const keyColumns = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  // A table's only INTEGER PRIMARY KEY is its rowid: never NULL, whether declared NOT NULL or not.
  const rowid = keyColumns.length === 1 && keyColumns[0].type.toLowerCase() === "integer" ? keyColumns[0].name : null;
  const columns = info.map((c) => {
    const generated =
      c.hidden === 2 || c.hidden === 3
        ? `generated ${c.hidden === 2 ? "virtual" : "stored"} as (${squash(bare(generatedExpression(createSql, c.name)))})`
        : null;
    return [c.name, columnShape(c.type, c.notnull === 1 || c.name === rowid, c.dflt_value, generated)] as const;
  });

  const indexes: Array<readonly [string, string]> = [];
  for (const index of objects.filter((o) => o.type === "index" && o.tbl_name === table.name)) {
    const keys = await rows<{ name: string | null; desc: number }>(
      'SELECT name, "desc" FROM pragma_index_xinfo(?1) WHERE key = 1 ORDER BY seqno',
      index.name,
    );
    const indexSql = index.sql ?? "";
    const where = /\sWHERE\s([\s\S]*)$/i.exec(indexSql)?.[1] ?? null;
    const unique = /^CREATE\s+UNIQUE\s/i.test(indexSql);
    indexes.push([
      index.name,
      indexShape(
        unique,
        keys.map((k) => `${k.name ?? "(expression)"}${k.desc ? " desc" : ""}`),
        where,
      ),
    ]);
  }

  const uniques: string[] = [];
  for (const { name } of await rows<{ name: string }>("SELECT name FROM pragma_index_list(?1) WHERE origin = 'u'", table.name)) {
    const keys = await rows<{ name: string }>("SELECT name FROM pragma_index_info(?1) ORDER BY seqno", name);
    uniques.push(keys.map((k) => k.name).join(", "));
  }

  const references = await rows<{ id: number; table: string; from: string; to: string }>(
    'SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(?1) ORDER BY id, seq',
    table.name,
  );
  const foreignKeys = [...new Set(references.map((r) => r.id))].map((id) => {
    const parts = references.filter((r) => r.id === id);
    return `${parts.map((p) => p.from).join(", ")} -> ${parts[0].table}(${parts.map((p) => p.to).join(", ")})`;
  });

  return {
    columns: Object.fromEntries(columns),
    primaryKey: keyColumns.map((c) => c.name),
    autoincrement: /\bAUTOINCREMENT\b/i.test(createSql),
    indexes: Object.fromEntries(indexes),
    uniques: uniques.sort(),
    foreignKeys: foreignKeys.sort(),
  };
}

const declared: SQLiteTable[] = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));
const declaredNames = new Set(declared.map((table) => getTableConfig(table).name));

async function migrated(): Promise<SchemaObject[]> {
  return schemaObjects((await env.DB.prepare(SCHEMA_QUERY).all<SchemaObject>()).results);
}

describe("db/schema.ts and the migrations", () => {
  it("make the same tables", async () => {
    const tables = (await migrated()).filter((o) => o.type === "table" && !(o.name in SQL_ONLY)).map((o) => o.name);
    expect([...declaredNames].sort()).toEqual(tables.sort());
  });

  it("list every object db/schema.ts does not declare (virtual tables, triggers, views) in SQL_ONLY, and only those", async () => {
    const objects = await migrated();
    // An index is compared with its table's declaration below.
    const undeclared = objects.filter((o) => (o.type === "index" ? !declaredNames.has(o.tbl_name) : !declaredNames.has(o.name)));
    expect(undeclared.filter((o) => !(o.name in SQL_ONLY)).map((o) => `${o.type} ${o.name}`)).toEqual([]);
    expect(Object.keys(SQL_ONLY).filter((name) => !undeclared.some((o) => o.name === name))).toEqual([]);
  });

  for (const table of declared) {
    const name = getTableConfig(table).name;
    it(`agree on ${name}: columns, primary key, indexes`, async () => {
      const objects = await migrated();
      const created = objects.find((o) => o.type === "table" && o.name === name);
      expect(created, `no migration creates ${name}`).toBeDefined();
      expect(fromSchema(table)).toEqual(await fromDatabase(created as SchemaObject, objects));
    });
  }
});
