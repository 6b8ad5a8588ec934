/**
 * Statements read ahead of the code that asks for them (docs/decisions/0032-search-round-trips.md):
 * a page plans the statements its list will send first, its opening sends them in its own batch, and
 * the list's code then finds their rows here instead of waiting on D1 again. A statement is served
 * only when one read ahead is the same SQL with the same parameters; any other is sent as usual. So
 * what was read ahead can only save a round trip, never change an answer: a read-ahead planned for
 * another scope, page or cursor serves nothing.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "#app/server/platform/db.server";

export type Statement = { toSQL(): { sql: string; params: unknown[] } };

/** Statements read ahead, each with its rows. */
export type ReadAhead = ReadonlyArray<{ sql: string; params: unknown[]; rows: unknown[] }>;

/** Statements planned before a page's opening is read: it sends them in its batch and hands their rows back as a ReadAhead. */
export type ReadAheadPlan = {
  /** Sent in the opening's batch, after its own statements. */
  statements: BatchItem<"sqlite">[];
  /** Their results (in the same order) as the list's `ahead`. */
  served: (results: readonly unknown[]) => ReadAhead;
};

/** A plan whose statements each serve themselves. */
export function readAheadOf(statements: Array<BatchItem<"sqlite"> & Statement>): ReadAheadPlan {
  return {
    statements,
    served: (results) => statements.map((statement, i) => ({ ...statement.toSQL(), rows: results[i] as unknown[] })),
  };
}

/** A statement's rows as read ahead (undefined: not read ahead). */
export function servedRows<T>(ahead: ReadAhead | undefined, query: Statement): T[] | undefined {
  if (!ahead) return undefined;
  const asked = query.toSQL();
  const params = JSON.stringify(asked.params);
  return ahead.find((a) => a.sql === asked.sql && JSON.stringify(a.params) === params)?.rows as T[] | undefined;
}

/** A statement's rows: as read ahead, else read now. */
export async function readThrough<T>(ahead: ReadAhead | undefined, query: Statement & PromiseLike<T[]>): Promise<T[]> {
  return servedRows<T>(ahead, query) ?? (await query);
}

/** Two statements' rows: as read ahead when both were, else read now in one batch. */
export async function batchThrough<A, B>(
  db: Db,
  ahead: ReadAhead | undefined,
  first: Statement & PromiseLike<A[]> & BatchItem<"sqlite">,
  second: Statement & PromiseLike<B[]> & BatchItem<"sqlite">,
): Promise<[A[], B[]]> {
  const [a, b] = [servedRows<A>(ahead, first), servedRows<B>(ahead, second)];
  return a && b ? [a, b] : ((await db.orm.batch([first, second])) as [A[], B[]]);
}
