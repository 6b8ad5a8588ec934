/**
 * A thin layer over D1 that adds up `meta.rows_read` for each request, so the budget of
 * DESIGN.md ("O(page size) rows per public request") is visible in a Server-Timing header and testable.
 */

export type Params = ReadonlyArray<string | number | null>;

export type QueryMeter = { rowsRead: number; rowsWritten: number; queries: number };

export class Db {
  readonly meter: QueryMeter = { rowsRead: 0, rowsWritten: 0, queries: 0 };

  constructor(readonly d1: D1Database) {}

  statement(sql: string, params: Params = []): D1PreparedStatement {
    return this.d1.prepare(sql).bind(...params);
  }

  private count(meta: D1Meta | undefined) {
    this.meter.queries += 1;
    this.meter.rowsRead += meta?.rows_read ?? 0;
    this.meter.rowsWritten += meta?.rows_written ?? 0;
  }

  async all<T>(sql: string, params: Params = []): Promise<T[]> {
    const result = await this.statement(sql, params).all<T>();
    this.count(result.meta);
    return result.results;
  }

  async first<T>(sql: string, params: Params = []): Promise<T | null> {
    const rows = await this.all<T>(sql, params);
    return rows[0] ?? null;
  }

  async run(sql: string, params: Params = []): Promise<D1Result> {
    const result = await this.statement(sql, params).run();
    this.count(result.meta);
    return result;
  }

  /** Runs statements atomically: one failure rolls all of them back. */
  async batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    if (statements.length === 0) return [];
    const results = await this.d1.batch<T>(statements);
    for (const r of results) this.count(r.meta);
    return results;
  }
}
