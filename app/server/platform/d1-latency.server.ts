/**
 * A latency model for benchmarks: D1 with every round trip delayed by a fixed number of milliseconds,
 * as if the database were across a network (a replica nearby, the primary an ocean away). Locally a
 * round trip costs microseconds; `npm run bench:http -- --d1-rtt 0,25,80` serves the Worker with
 * BENCH_D1_RTT_MS set to each value to see what a page's round trips cost in production
 * (docs/perf/http.md, "Round trips under network latency").
 *
 * BENCH_D1_RTT_MS is a bench setting only: the bench passes it to `wrangler dev` (`--var`); it is
 * never in wrangler.toml, so a deployed Worker never has it and gets the plain binding.
 *
 * The wrapper sits under the metered Db (it wraps the binding before `new Db(...)`): a round trip is
 * what the meter counts as one, a statement's `all/run/first/raw` or a `batch`, on the binding or on
 * a `withSession(...)` session, and each is delayed once, before it is sent.
 */

type BenchSettings = { BENCH_D1_RTT_MS?: string };

/** Round trips delayed in this isolate so far (the tests compare it with the meter's round trips). */
export const delayedRoundTrips = { count: 0 };

/** The D1 binding a Db is built on: delayed when the bench asks for it, else the binding itself. */
export function benchD1(env: Env): D1Database {
  const ms = Number((env as unknown as BenchSettings).BENCH_D1_RTT_MS ?? 0);
  return Number.isFinite(ms) && ms > 0 ? withLatency(env.DB, ms) : env.DB;
}

function roundTrip(ms: number): Promise<void> {
  delayedRoundTrips.count += 1;
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const unwrap = (s: D1PreparedStatement) => (s instanceof DelayedStatement ? s.inner : s);

/** `binding` with every round trip (statement or batch, sessions included) delayed by `ms`. */
export function withLatency(binding: D1Database, ms: number): D1Database {
  return {
    prepare: (sql: string) => new DelayedStatement(binding.prepare(sql), ms),
    async batch<T = unknown>(statements: D1PreparedStatement[]) {
      await roundTrip(ms);
      return binding.batch<T>(statements.map(unwrap));
    },
    async exec(sql: string) {
      await roundTrip(ms);
      return binding.exec(sql);
    },
    withSession: (start?: D1SessionConstraint | D1SessionBookmark) => delayedSession(binding.withSession(start), ms),
    dump: () => binding.dump(),
  };
}

function delayedSession(session: D1DatabaseSession, ms: number): D1DatabaseSession {
  return {
    prepare: (sql: string) => new DelayedStatement(session.prepare(sql), ms),
    async batch<T = unknown>(statements: D1PreparedStatement[]) {
      await roundTrip(ms);
      return session.batch<T>(statements.map(unwrap));
    },
    getBookmark: () => session.getBookmark(),
  };
}

class DelayedStatement implements D1PreparedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly ms: number,
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return new DelayedStatement(this.inner.bind(...values), this.ms);
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    await roundTrip(this.ms);
    return this.inner.all<T>();
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    await roundTrip(this.ms);
    return this.inner.run<T>();
  }

  first<T = unknown>(colName: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  async first<T>(colName?: string): Promise<T | null> {
    await roundTrip(this.ms);
    return colName === undefined ? this.inner.first<T>() : this.inner.first<T>(colName);
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  async raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[] | [string[], ...T[]]> {
    await roundTrip(this.ms);
    return options?.columnNames ? this.inner.raw<T>({ columnNames: true }) : this.inner.raw<T>();
  }
}
