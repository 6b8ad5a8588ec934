/**
 * Real bindings that fail on cue: a D1Database or an R2Bucket of the test pool, wrapped so that the
 * calls a cue picks throw as the platform would, while every other call reaches the real binding.
 * Hand the wrapper to the Worker with `fetchWith({ DB: faults.binding }, …)`.
 *
 * The failures look like D1's and R2's transient errors (docs/decisions/0034-storage-faults.md, `isTransient`):
 * a D1 statement run alone fails before it reaches D1 ("D1_ERROR: Network connection lost."). A batch
 * picked by a cue reaches the real D1 with its statement number `at` replaced by one that fails inside
 * D1, so what the test sees afterwards is the real batch's rollback, not an assumption about it; the
 * batch's rejection then reaches the caller as D1's lost connection would. With `{ bug: true }` a picked
 * call instead reaches D1 as a statement against a missing table and D1's own error comes back: a bug,
 * not an outage.
 */

/** One call to the binding: a statement run on its own, a batch, or an R2 method. */
export type Call = { kind: "statement" | "batch"; sql: string[] } | { kind: "r2"; method: string; key: string };

/**
 * Which calls fail: given each call and how many calls the wrapper has seen before it (0 for the first),
 * so the nth call is `(_, seen) => seen === n - 1`; `failing = false` ends a fault that lasts a while.
 */
type Cue = (call: Call, seen: number) => boolean;

export const D1_DOWN = "D1_ERROR: Network connection lost.";
const R2_DOWN = "put: We encountered an internal error. Please try again. (10001)";

/** Every call. */
export const always: Cue = () => true;

/** Every R2 call to one of these methods. */
export const r2Method =
  (...methods: string[]): Cue =>
  (call) =>
    call.kind === "r2" && methods.includes(call.method);

/** What a fault wrapper reports and how it is switched: `failing = false` restores the binding. */
type Switch = { failing: boolean; failures: number; calls: number };

type D1Faults = Switch & { binding: D1Database };
type R2Faults = Switch & { binding: R2Bucket };

/** A statement that fails inside D1 itself (SQLite: no such table), for a batch picked by a cue. */
const FAILING_SQL = "SELECT fault FROM injected_fault_no_such_table";

/**
 * `real` failing on `cue` while `failing` is true. In a batch the statement number `at` (0-based,
 * default the last) is the one that fails; the statements before it have run when D1 rolls back.
 * `bug`: the picked calls fail with D1's own "no such table" instead of a lost connection.
 */
export function failingD1(real: D1Database, cue: Cue, options: { at?: number; bug?: boolean } = {}): D1Faults {
  const state: D1Faults = { failing: true, failures: 0, calls: 0, binding: undefined as unknown as D1Database };
  const inner = new WeakMap<D1PreparedStatement, { sql: string; statement: D1PreparedStatement }>();
  const fails = (call: Call) => {
    const seen = state.calls;
    state.calls += 1;
    const fail = state.failing && cue(call, seen);
    if (fail) state.failures += 1;
    return fail;
  };

  function statement(target: D1Database | D1DatabaseSession, sql: string, real: D1PreparedStatement): D1PreparedStatement {
    const run =
      <T>(go: (s: D1PreparedStatement) => Promise<T>) =>
      async (): Promise<T> => {
        if (!fails({ kind: "statement", sql: [sql] })) return go(real);
        if (options.bug) return go(target.prepare(FAILING_SQL));
        throw new Error(D1_DOWN);
      };
    const wrapped: D1PreparedStatement = {
      bind: (...values: unknown[]) => statement(target, sql, real.bind(...values)),
      all: run((s) => s.all()) as D1PreparedStatement["all"],
      run: run((s) => s.run()) as D1PreparedStatement["run"],
      first: ((column?: string) => run((s) => (column === undefined ? s.first() : s.first(column)))()) as D1PreparedStatement["first"],
      raw: ((opts?: { columnNames?: boolean }) => run((s) => s.raw(opts as { columnNames: true }))()) as D1PreparedStatement["raw"],
    };
    inner.set(wrapped, { sql, statement: real });
    return wrapped;
  }

  function batchOf(target: D1Database | D1DatabaseSession) {
    return async <T>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> => {
      const unwrapped = statements.map((s) => inner.get(s) ?? { sql: "", statement: s });
      if (fails({ kind: "batch", sql: unwrapped.map((s) => s.sql) })) {
        const at = Math.min(options.at ?? unwrapped.length - 1, unwrapped.length - 1);
        const broken = unwrapped.map((s, i) => (i === at ? target.prepare(FAILING_SQL) : s.statement));
        if (options.bug) return target.batch<T>(broken);
        // D1 has rolled the batch back; the caller hears what it would after a lost connection.
        return target.batch<T>(broken).catch((rolledBack: unknown) => {
          throw new Error(D1_DOWN, { cause: rolledBack });
        });
      }
      return target.batch<T>(unwrapped.map((s) => s.statement));
    };
  }

  function session(target: D1DatabaseSession): D1DatabaseSession {
    return {
      prepare: (sql) => statement(target, sql, target.prepare(sql)),
      batch: batchOf(target),
      getBookmark: () => target.getBookmark(),
    };
  }

  state.binding = {
    prepare: (sql) => statement(real, sql, real.prepare(sql)),
    batch: batchOf(real),
    exec: (sql) => real.exec(sql),
    dump: () => real.dump(),
    withSession: (start) => session(real.withSession(start)),
  };
  return state;
}

/** `real` failing on `cue` while `failing` is true: the picked call throws as R2 does when it cannot answer. */
export function failingR2(real: R2Bucket, cue: Cue): R2Faults {
  const state: R2Faults = { failing: true, failures: 0, calls: 0, binding: undefined as unknown as R2Bucket };
  const guard = (method: string, key: string) => {
    const seen = state.calls;
    state.calls += 1;
    if (state.failing && cue({ kind: "r2", method, key }, seen)) {
      state.failures += 1;
      throw new Error(R2_DOWN.replace(/^put/, method));
    }
  };
  const upload = (real: R2MultipartUpload): R2MultipartUpload => ({
    key: real.key,
    uploadId: real.uploadId,
    async uploadPart(n, value, options) {
      guard("uploadPart", real.key);
      return real.uploadPart(n, value, options);
    },
    async abort() {
      guard("abort", real.key);
      return real.abort();
    },
    async complete(parts) {
      guard("complete", real.key);
      return real.complete(parts);
    },
  });
  state.binding = {
    async head(key) {
      guard("head", key);
      return real.head(key);
    },
    async get(key: string, options?: R2GetOptions) {
      guard("get", key);
      return real.get(key, options);
    },
    async put(key: string, value: Parameters<R2Bucket["put"]>[1], options?: R2PutOptions) {
      guard("put", key);
      return real.put(key, value, options);
    },
    async createMultipartUpload(key, options) {
      guard("createMultipartUpload", key);
      return upload(await real.createMultipartUpload(key, options));
    },
    resumeMultipartUpload(key, uploadId) {
      return upload(real.resumeMultipartUpload(key, uploadId));
    },
    async delete(keys) {
      guard("delete", Array.isArray(keys) ? keys.join(",") : (keys as string));
      return real.delete(keys);
    },
    async list(options) {
      guard("list", options?.prefix ?? "");
      return real.list(options);
    },
  } as R2Bucket;
  return state;
}
