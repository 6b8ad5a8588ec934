import { asc, desc, getTableColumns, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "#app/server/platform/db.server";
import { businesses, type BusinessRow } from "#db/schema";

/** `businesses AS b`: the search plans name their columns as b.… (FROM_B in hand-written SQL). */
export const b = alias(businesses, "b");
export const FROM_B = sql`businesses AS b`;

/**
 * A seek on an index in the recommended order (`(…, score, id)`) from one business, by its id: the
 * entries after it (`below`), before it (`above`), or it and those before it (`from`), with the ORDER
 * BY that reads them nearest first. One row read for the business, one an entry; a business that is
 * gone matches nothing.
 */
export function seekFrom(columns: { score: SQLiteColumn; id: SQLiteColumn }, id: number, direction: "below" | "above" | "from") {
  const cursor = sql`(SELECT score, id FROM businesses WHERE id = CAST(${id} AS INTEGER))`;
  const compare = direction === "below" ? sql`<` : direction === "above" ? sql`>` : sql`>=`;
  return {
    where: sql`(${columns.score}, ${columns.id}) ${compare} ${cursor}`,
    orderBy: direction === "below" ? [desc(columns.score), desc(columns.id)] : [asc(columns.score), asc(columns.id)],
  };
}

/**
 * A block's candidates are read with every column but the FTS ones (computed per row, and never shown):
 * the page's rows come from the blocks, so no second query reads them again.
 */
const { facets: _facets, geoTerms: _geoTerms, nearFacets: _nearFacets, ...candidateColumns } = getTableColumns(b);
export const CANDIDATE_COLUMNS = candidateColumns;
export type CandidateRow = Omit<BusinessRow, "facets" | "geoTerms" | "nearFacets">;

/**
 * The candidate columns for hand-written SQL, each named by its key (`"b"."place_id" AS "placeId"`):
 * D1 answers rows as objects, so rows read with it are candidate rows as they come (readCandidates).
 */
export const CANDIDATE_SQL = sql.join(
  Object.entries(CANDIDATE_COLUMNS).map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
  sql`, `,
);

/** The columns SQLite stores as 0/1 that a row holds as booleans. */
const BOOLEAN_COLUMNS = Object.entries(CANDIDATE_COLUMNS).filter(([, column]) => column.columnType === "SQLiteBoolean");

/**
 * Rows of a statement selecting CANDIDATE_SQL (and `Extra` columns named by their keys), as D1
 * answers them, the booleans decoded as drizzle decodes them. A search reads a hundred or more such
 * rows of ~60 columns: drizzle's builder would turn D1's objects into arrays and back into objects,
 * cell by cell — about a tenth of a search's CPU (docs/perf/http.md, "CPU of a search miss").
 */
export async function readCandidates<Extra extends object = object>(db: Db, statement: SQL): Promise<Array<CandidateRow & Extra>> {
  const rows = await db.orm.all<Record<string, unknown>>(statement);
  for (const row of rows)
    for (const [key, column] of BOOLEAN_COLUMNS)
      if (row[key] !== null && row[key] !== undefined) row[key] = column.mapFromDriverValue(row[key]);
  return rows as Array<CandidateRow & Extra>;
}

/** D1's limit on a SQL function's arguments is 32: the columns go into json_array in groups of this many. */
const JSON_ARGUMENTS = 30;
const COLUMN_ENTRIES = Object.entries(CANDIDATE_COLUMNS);
const COLUMN_GROUPS = Array.from({ length: Math.ceil(COLUMN_ENTRIES.length / JSON_ARGUMENTS) }, (_, i) =>
  COLUMN_ENTRIES.slice(i * JSON_ARGUMENTS, (i + 1) * JSON_ARGUMENTS),
);

/**
 * A candidate row as one JSON value, for a statement that reads many rows into one aggregate
 * (json_group_array): `[[columns…], [columns…], …extra]`, the columns in CANDIDATE_COLUMNS' order,
 * in groups of at most JSON_ARGUMENTS (D1 allows 32 arguments a SQL function). `extra`: values
 * after the columns (candidatesFromJson hands them back). Written over `b` (businesses AS b).
 */
export function candidateJson(extra: SQL[] = []): SQL {
  const groups = COLUMN_GROUPS.map(
    (group) =>
      sql`json_array(${sql.join(
        group.map(([, column]) => sql`${column}`),
        sql`, `,
      )})`,
  );
  return sql`json_array(${sql.join([...groups, ...extra], sql`, `)})`;
}

/**
 * The rows of a json_group_array of candidateJson values (null or "[]": none), the booleans decoded as
 * readCandidates decodes them, each with its extra values.
 */
export function candidatesFromJson(text: string | null): Array<{ row: CandidateRow; extra: unknown[] }> {
  const values = text ? (JSON.parse(text) as unknown[][]) : [];
  return values.map((value) => {
    const row: Record<string, unknown> = {};
    COLUMN_GROUPS.forEach((group, i) => group.forEach(([key], j) => (row[key] = (value[i] as unknown[])[j])));
    for (const [key, column] of BOOLEAN_COLUMNS)
      if (row[key] !== null && row[key] !== undefined) row[key] = column.mapFromDriverValue(row[key]);
    return { row: row as CandidateRow, extra: value.slice(COLUMN_GROUPS.length) };
  });
}
