/**
 * The data layer: drizzle over D1 (`db.orm`, typed by db/schema.ts) and the plain SQL helpers the
 * write module and the import use (`db.all`, `db.run`, `db.batch`). Both go through one metered
 * binding that adds up each statement's `meta.rows_read`, so the budget of DESIGN.md ("O(page size)
 * rows per public request") is visible in a Server-Timing header and testable.
 *
 * A request's Db runs on one D1 session (read replication, docs/decisions/0013-read-replication.md):
 * opened at the first statement, from the start the request chose ("first-unconstrained" for public
 * reads, "first-primary" or the admin's bookmark for the admin). Without a start (scripts, tests, code
 * that builds a Db by hand) it uses the plain binding, which D1 always serves from the primary.
 */
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { isTransient, type StorageFaults } from "#app/server/platform/unavailable.server";

export type Params = ReadonlyArray<string | number | null>;

/**
 * D1's own accounting of a request's statements (meta.rows_read, rows_written, duration), and how many
 * round trips to D1 carried them: a batch is one, whatever its statements.
 */
export type QueryMeter = { rowsRead: number; rowsWritten: number; queries: number; roundTrips: number; d1Ms: number };

export type Orm = DrizzleD1Database;

/** What a D1 session starts from: a constraint, or a bookmark (at least that fresh). */
export type SessionStart = D1SessionConstraint | D1SessionBookmark;

/**
 * The freshest bookmark seen by any session in this isolate. D1 bookmarks sort lexicographically,
 * oldest first, so "fresher" is a string comparison.
 */
export class BookmarkMark {
  private latest: string | null = null;

  get freshest(): string | null {
    return this.latest;
  }

  saw(bookmark: string | null): void {
    if (bookmark !== null && (this.latest === null || bookmark > this.latest)) this.latest = bookmark;
  }
}

/** The later of two bookmarks (null when neither is known). */
export function laterBookmark(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return a > b ? a : b;
}

export type DbOptions = {
  /**
   * Where the session starts, asked at the first statement (not before): a public request's start
   * depends on what other requests of the isolate saw until then (ADR 0013, "the cache key").
   */
  session: () => SessionStart;
  /** Told every bookmark this Db's session reaches (the isolate's mark). */
  mark?: BookmarkMark;
  /** Told every call D1 failed transiently (the request's: a server error after one is answered 503, unavailable.server.ts). */
  faults?: StorageFaults;
};

export class Db {
  readonly meter: QueryMeter = { rowsRead: 0, rowsWritten: 0, queries: 0, roundTrips: 0, d1Ms: 0 };
  /** D1 with every statement counted; `d1` is what drizzle and the SQL helpers below use. */
  readonly d1: D1Database;
  /** drizzle: the query builder for plain reads and writes, `sql` for FTS and the planner's walks. */
  readonly orm: Orm;
  private session: D1DatabaseSession | null = null;
  private start: SessionStart | null = null;

  constructor(
    private readonly binding: D1Database,
    private readonly options?: DbOptions,
  ) {
    this.d1 = meteredD1(
      () => this.target(),
      this.meter,
      () => this.sawQuery(),
      () => {
        if (this.options?.faults) this.options.faults.d1 += 1;
      },
    );
    // No `schema`: nothing uses drizzle's relational queries (`orm.query`), and deriving their config
    // from the schema on every request was ~5 % of a page's render (docs/perf/http.md).
    this.orm = drizzle(this.d1);
  }

  /** What the session started from (null: no session yet, or the plain binding). */
  get sessionStart(): SessionStart | null {
    return this.start;
  }

  /** The session's bookmark after the statements so far (null before the first, or without a session). */
  bookmark(): D1SessionBookmark | null {
    return this.session?.getBookmark() ?? null;
  }

  private target(): D1Database | D1DatabaseSession {
    if (!this.options) return this.binding;
    if (!this.session) {
      this.start = this.options.session();
      this.session = this.binding.withSession(this.start);
    }
    return this.session;
  }

  private sawQuery(): void {
    this.options?.mark?.saw(this.bookmark());
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
function meteredD1(target: () => D1Database | D1DatabaseSession, meter: QueryMeter, saw: () => void, failed: () => void): D1Database {
  /** One round trip answered: the metas of the statements it carried. */
  const count = (metas: Meta[]) => {
    meter.roundTrips += 1;
    for (const meta of metas) {
      meter.queries += 1;
      meter.rowsRead += meta?.rows_read ?? 0;
      meter.rowsWritten += meta?.rows_written ?? 0;
      meter.d1Ms += meta?.duration ?? 0;
    }
    // Recorded before the statement's caller resumes: whatever it does with the result (the edge
    // cache memoizing a data version) happens after the isolate's mark has this bookmark.
    saw();
  };
  // Only what a D1 session has (prepare, batch): drizzle uses nothing else; exec and dump would
  // bypass the session and the meter.
  const outsideSession = (name: string) => () => {
    throw new Error(`D1 ${name} is not available on the metered binding: use prepare/batch`);
  };
  const counted: Counted = {
    count,
    failed: (error) => {
      // Only D1 failing for a moment counts: a bug's error (no such table, a constraint) stays a 500.
      if (isTransient(error)) failed();
      throw error;
    },
  };
  return {
    prepare: (sql: string) => new MeteredStatement(target().prepare(sql), counted),
    async batch<T = unknown>(statements: D1PreparedStatement[]) {
      const results = await target().batch<T>(statements.map(unwrap)).catch(counted.failed);
      count(results.map((r) => r.meta));
      return results;
    },
    exec: outsideSession("exec"),
    withSession: outsideSession("withSession"),
    dump: outsideSession("dump"),
  };
}

const unwrap = (s: D1PreparedStatement) => (s instanceof MeteredStatement ? s.inner : s);

/** What a statement reports to its Db: the metas of a round trip answered, or a failure (rethrown). */
type Counted = { count: (metas: Meta[]) => void; failed: (error: unknown) => never };

class MeteredStatement implements D1PreparedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly counted: Counted,
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return new MeteredStatement(this.inner.bind(...values), this.counted);
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.all<T>().catch(this.counted.failed);
    this.counted.count([result.meta]);
    return result;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.run<T>().catch(this.counted.failed);
    this.counted.count([result.meta]);
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
