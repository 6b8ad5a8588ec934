/**
 * The data layer: drizzle over D1 (`db.orm`, typed by db/schema.ts) and the plain SQL helpers the
 * write module and the import use (`db.all`, `db.run`, `db.batch`). Both go through one metered
 * binding that adds up each statement's `meta.rows_read`, so the budget of DESIGN.md ("O(page size)
 * rows per public request") is visible in a Server-Timing header and testable.
 */
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../db/schema";

export type Params = ReadonlyArray<string | number | null>;

/** D1's own accounting of a request's statements (meta.rows_read, rows_written, duration). */
export type QueryMeter = { rowsRead: number; rowsWritten: number; queries: number; d1Ms: number };

export type Orm = DrizzleD1Database<typeof schema>;

export class Db {
  readonly meter: QueryMeter = { rowsRead: 0, rowsWritten: 0, queries: 0, d1Ms: 0 };
  /** D1 with every statement counted; `d1` is what drizzle and the SQL helpers below use. */
  readonly d1: D1Database;
  /** drizzle: the query builder for plain reads and writes, `sql` for FTS and the planner's walks. */
  readonly orm: Orm;

  constructor(binding: D1Database) {
    this.d1 = meteredD1(binding, this.meter);
    this.orm = drizzle(this.d1, { schema });
  }

  statement(sql: string, params: Params = []): D1PreparedStatement {
    return this.d1.prepare(sql).bind(...params);
  }

  async all<T>(sql: string, params: Params = []): Promise<T[]> {
    return (await this.statement(sql, params).all<T>()).results;
  }

  async first<T>(sql: string, params: Params = []): Promise<T | null> {
    const rows = await this.all<T>(sql, params);
    return rows[0] ?? null;
  }

  async run(sql: string, params: Params = []): Promise<D1Result> {
    return this.statement(sql, params).run();
  }

  /** Runs statements atomically: one failure rolls all of them back. */
  async batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    if (statements.length === 0) return [];
    return this.d1.batch<T>(statements);
  }
}

type Meta = D1Meta | undefined;

/**
 * D1 with a meter. D1 reports rows read in `meta`, which `.raw()` (what drizzle's query builder
 * reads rows with) throws away: so here `.raw()` reads through `.all()` and turns the objects back
 * into arrays, in column order. Objects key on column names: a builder select must not name one
 * twice (alias a join's second `id`) nor like a number (JavaScript puts "1" first), exactly as for
 * drizzle's own `batch()`, which reads rows that way; test/integration/db-meter.test.ts holds the order.
 */
function meteredD1(d1: D1Database, meter: QueryMeter): D1Database {
  const count = (meta: Meta) => {
    meter.queries += 1;
    meter.rowsRead += meta?.rows_read ?? 0;
    meter.rowsWritten += meta?.rows_written ?? 0;
    meter.d1Ms += meta?.duration ?? 0;
  };
  return {
    prepare: (sql: string) => new MeteredStatement(d1.prepare(sql), count),
    async batch<T = unknown>(statements: D1PreparedStatement[]) {
      const results = await d1.batch<T>(statements.map(unwrap));
      for (const r of results) count(r.meta);
      return results;
    },
    exec: (sql: string) => d1.exec(sql),
    withSession: () => {
      throw new Error("D1 sessions are not metered: use the plain binding");
    },
    dump: () => d1.dump(),
  };
}

const unwrap = (s: D1PreparedStatement) => (s instanceof MeteredStatement ? s.inner : s);

class MeteredStatement implements D1PreparedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly count: (meta: Meta) => void,
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return new MeteredStatement(this.inner.bind(...values), this.count);
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.all<T>();
    this.count(result.meta);
    return result;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.run<T>();
    this.count(result.meta);
    return result;
  }

  first<T = unknown>(colName: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  async first<T>(colName?: string): Promise<T | null> {
    const row = (await this.all<Record<string, unknown>>()).results[0];
    if (!row || colName === undefined) return (row ?? null) as T | null;
    if (!(colName in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${colName})`);
    return row[colName] as T;
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  async raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[] | [string[], ...T[]]> {
    if (options?.columnNames) throw new Error("raw({ columnNames: true }) is not metered");
    const { results } = await this.all<Record<string, unknown>>();
    return results.map((row) => Object.values(row) as T);
  }
}
