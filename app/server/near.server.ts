/**
 * Near me (issue 19): the businesses nearest a point, O(page) at a million businesses.
 *
 * The businesses' coordinates are indexed by a 0.001° grid cell (~110 m; businesses.geo_cell, a
 * virtual column of latitude and longitude). A box around the point is one index range per grid
 * row. The search reads a small box first (250 m) and doubles it until it holds enough businesses
 * inside the circle it encloses, or reaches the radius: whatever lies outside the box is farther than
 * everything inside that circle, so the nearest ones are exact. Each box reads at most NEAR_CAP rows;
 * a box that would hold more is read at 1/√2 of its size once more, and if that is still full the
 * nearest of those rows are given, marked approximate.
 *
 * With words, a match of at most SPARSE_MATCH businesses is read whole and sorted by distance (exact);
 * a larger match walks the boxes, asking the match about each box's ids (one FTS query per 99 ids).
 * The match is the bounded text query of ADR 0012 (a prefix expanded through the vocabulary), never
 * `word*`, whose doclist FTS5 would build whole for every question.
 *
 * A box that crosses the antimeridian (±180°) or a pole is cut there: a point within 25 km of the
 * date line misses the businesses on its far side.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./db.server";
import { b, CANDIDATE_COLUMNS, candidatesByIds, type CandidateRow } from "./search.server";

export type Point = { lat: number; lng: number };

/** Rows one box reads at most. */
export const NEAR_CAP = 250;
/** A text match up to this size is read whole and sorted by distance (exact); a larger one walks the boxes. */
export const SPARSE_MATCH = 1000;
const FIRST_BOX_KM = 0.25;
const KM_PER_DEGREE = 111.32;
const CELLS_PER_DEGREE = 1000;
const CELL_ROW = 360 * CELLS_PER_DEGREE;

/** Great-circle distance (haversine, mean Earth radius). */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The index ranges of the cells in the box of half-side `radiusKm` around `p`: one per grid row. */
export function boxRanges(p: Point, radiusKm: number): Array<[number, number]> {
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLng = radiusKm / (KM_PER_DEGREE * Math.max(Math.cos((p.lat * Math.PI) / 180), 0.01));
  const cell = (degrees: number, max: number) => Math.min(max, Math.max(0, Math.floor(degrees * CELLS_PER_DEGREE)));
  const [rowFrom, rowTo] = [cell(p.lat - dLat + 90, 180 * CELLS_PER_DEGREE - 1), cell(p.lat + dLat + 90, 180 * CELLS_PER_DEGREE - 1)];
  const [colFrom, colTo] = [cell(p.lng - dLng + 180, CELL_ROW - 1), cell(p.lng + dLng + 180, CELL_ROW - 1)];
  const ranges: Array<[number, number]> = [];
  for (let row = rowFrom; row <= rowTo; row++) ranges.push([row * CELL_ROW + colFrom, row * CELL_ROW + colTo]);
  return ranges;
}

/**
 * The cell ranges of a box as a table of (column1, column2) rows, driving one index seek each (a
 * CROSS JOIN keeps them outside). Computed integers, written inline: a big box has more ranges than
 * D1's 100 parameters, and an OR of them would be deeper than SQLite's expression limit.
 */
function boxTable(p: Point, radiusKm: number): SQL {
  return sql.raw(
    `(VALUES ${boxRanges(p, radiusKm)
      .map(([from, to]) => `(${from}, ${to})`)
      .join(", ")}) AS r`,
  );
}

export type NearRow = CandidateRow & { distanceKm: number };

export type NearQuery = {
  point: Point;
  radiusKm: number;
  /** How many nearest are wanted (the page's end). */
  count: number;
  /** The FTS query of the words and facets, or null for a search without words. */
  match: string | null;
  /** Checks FTS cannot make here (a location's places, category, minimum rating, open now). */
  keep?: (row: CandidateRow) => boolean;
};

function nearest(rows: CandidateRow[], q: NearQuery, withinKm: number): NearRow[] {
  return rows
    .filter((row) => row.latitude !== null && row.longitude !== null && (!q.keep || q.keep(row)))
    .map((row) => ({ ...row, distanceKm: distanceKm(q.point, { lat: row.latitude as number, lng: row.longitude as number }) }))
    .filter((row) => row.distanceKm <= withinKm)
    .sort((x, y) => x.distanceKm - y.distanceKm || x.id - y.id);
}

/**
 * The box's businesses (at most NEAR_CAP + 1 rows), and of them, with words, those the match holds:
 * the match is asked for these ids only (FTS5 seeks each id in the terms' doclists), never run whole
 * per business — a per-row `EXISTS (… MATCH …)` took 17 s of D1 for a dense word at 1M.
 */
async function boxRows(db: Db, q: NearQuery, radiusKm: number): Promise<{ rows: CandidateRow[]; full: boolean }> {
  const rows = await db.orm
    .select(CANDIDATE_COLUMNS)
    .from(boxTable(q.point, radiusKm))
    .crossJoin(b)
    .where(sql`${b.geoCell} BETWEEN r.column1 AND r.column2`)
    .limit(NEAR_CAP + 1);
  const full = rows.length > NEAR_CAP;
  if (!q.match || rows.length === 0) return { rows, full };
  const matched = new Set<number>();
  // 99 ids a statement: D1 binds at most 100 parameters, and the match is one.
  for (let i = 0; i < rows.length; i += 99) {
    const ids = rows.slice(i, i + 99).map((row) => sql`${row.id}`);
    const found = await db.orm.all<{ rowid: number }>(
      sql`SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ${q.match} AND rowid IN (${sql.join(ids, sql`, `)})`,
    );
    for (const { rowid } of found) matched.add(rowid);
  }
  return { rows: rows.filter((row) => matched.has(row.id)), full };
}

/** The `count` businesses nearest the point within the radius, nearest first. */
export async function nearSearch(db: Db, q: NearQuery): Promise<{ rows: NearRow[]; approximate: boolean }> {
  if (q.match) {
    const ids = (
      await db.orm.all<{ rowid: number }>(sql`SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ${q.match} LIMIT ${NEAR_CAP + 1}`)
    ).map((r) => r.rowid);
    if (ids.length <= NEAR_CAP)
      return { rows: nearest(await candidatesByIds(db, ids), q, q.radiusKm).slice(0, q.count), approximate: false };
  }
  for (let radius = Math.min(FIRST_BOX_KM, q.radiusKm); ; radius = Math.min(radius * 2, q.radiusKm)) {
    let box = await boxRows(db, q, radius);
    let reach = radius;
    if (box.full) {
      reach = radius / Math.SQRT2;
      box = await boxRows(db, q, reach);
      // Still more than a box may read: the nearest of what was read, said to be approximate.
      if (box.full) return { rows: nearest(box.rows, q, reach).slice(0, q.count), approximate: true };
    }
    const found = nearest(box.rows, q, Math.min(reach, q.radiusKm));
    if (found.length >= q.count || radius >= q.radiusKm) return { rows: found.slice(0, q.count), approximate: false };
  }
}
