/**
 * Near me (ADR 0017): the businesses nearest a point, within 300 rows read at a million.
 *
 * Three computed indexes of the coordinates (nothing stored in businesses):
 * - businesses.geo_cell, the 0.001° grid cell (~110 m) in a B-tree: the cells of one grid row are
 *   one index range. D1 counts one row per business in a range, plus one per range (the seek past
 *   its end); the table rows it joins are not counted.
 * - businesses.geo_terms, the cell at six levels (0.001° to 1.024°, ×4 a level) as FTS tokens: the
 *   words, the filters and the cells around the point are ONE FTS match, so "pizza near here" reads
 *   only the pizza places near here. D1 counts two rows per business (the FTS row and the table's).
 * - businesses.near_facets, the cells from 0.004° up joined with the category, the group and the
 *   rating band: a category or a minimum rating of 4+ is matched as those tokens, so FTS5 steps
 *   through that filter's businesses of the disc, not all of them (D1 time; migration 20261124120000).
 *
 * The walk reads a small disc around the point first, then a disc sized from the density it saw to
 * hold the page, and so on; each step reads only what the earlier steps did not (the grid: the new
 * ends of each row's range; FTS: `NOT` the cells already read). It stops when the disc read holds
 * the page: whatever was not read is farther, so the order is exact. Without words or filters it
 * walks the grid while the disc spans at most MAX_GRID_ROWS rows (one range each), then the FTS
 * cells (few tokens, large cells: a sparse place). A walk reads at most `budget` rows; a step that
 * would pass it ends the walk with the nearest of what was read, marked approximate.
 *
 * A disc that crosses the antimeridian (±180°) is cut there: a point within the radius of the date
 * line misses the businesses on its far side.
 */
import { sql } from "drizzle-orm";
import type { Point } from "#app/lib/search/search-plan";
import type { NearFacet } from "#app/lib/search/search-query";
import type { Db } from "#app/server/platform/db.server";
import { b, CANDIDATE_COLUMNS, type CandidateRow } from "#app/server/search/candidates.server";

// The filters joined with the cells are spelled beside the other facets (search-query.ts).
export { nearCategoryFacet, ratingBandFacet, ratingBands } from "#app/lib/search/search-query";

/** Rows a near search reads at most for a page of the first pages (the page as a whole reads ≤ 300). */
export const NEAR_BUDGET = 260;
/** Deeper pages want more of the nearest: at most this many rows read per business wanted. */
const ROWS_PER_WANTED = 2.5;
/** The first disc: a few grid cells. */
const FIRST_DISC_KM = 0.05;
/** The grid is read while the disc spans at most this many rows of cells (one index range each). */
const MAX_GRID_ROWS = 24;
/**
 * An FTS cover has at most this many cells: the finest level that stays within it is used. Fewer
 * cells are coarser (more rows read: at 32, a category or a rare word near Chicago at 1M passed the
 * budget); more make FTS5 advance more doclists at each step of the match (D1 time).
 */
const MAX_COVER_CELLS = 100;
/** Businesses an FTS step reads again rather than leave out with `NOT` (which lengthens the query). */
const REREAD_ROWS = 20;
/** Businesses found from which their density is trusted to size a disc up to 10 times as wide. */
const TRUSTED_SAMPLE = 10;
/** How many more than wanted the next disc is sized for (the density seen is an estimate). */
const DISC_MARGIN = 1.3;
const EARTH_KM = 6371.0088;
const KM_PER_DEGREE = (EARTH_KM * Math.PI) / 180;
const RAD = Math.PI / 180;
/** Cells per degree of each level of businesses.geo_terms (migration 20261124090600); level 0 is geo_cell's. */
const LEVELS = [1000, 250, 62.5, 15.625, 3.90625, 0.9765625];
const GRID_ROW = 360 * LEVELS[0];
/** businesses.near_facets joins the facets with the cells from level 1 (0.004°) on: a 0.001° cell holds one business of a facet or none. */
const FIRST_FACET_LEVEL = 1;

/** Great-circle distance (haversine, mean Earth radius). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A cell index of a coordinate, as SQLite's CAST(… AS INTEGER) of the migration computes it (the value is never negative). */
const cellOf = (degreesFromEdge: number, perDegree: number) => Math.floor(degreesFromEdge * perDegree);

/** The FTS token of a cell, spelled as businesses.geo_terms spells it. */
function geoToken(level: number, row: number, col: number): string {
  return `"zz${level}${row}x${col}"`;
}

/** The FTS token of a cell joined with a facet, spelled as businesses.near_facets spells it. */
export function nearFacetToken(level: number, row: number, col: number, facet: string): string {
  return `"zz${level}${row}x${col}${facet}"`;
}

/**
 * The half-width in degrees of longitude of the disc of `radiusKm` around `p` over the latitudes
 * latA..latB, or null when the band misses the disc. Spherical: the widest of the band's edges and
 * the point's own latitude, with a margin for rounding.
 */
function halfWidth(p: Point, radiusKm: number, latA: number, latB: number): number | null {
  const nearest = Math.min(Math.max(p.lat, latA), latB);
  if (Math.abs(nearest - p.lat) * KM_PER_DEGREE > radiusKm) return null;
  const cosR = Math.cos(radiusKm / EARTH_KM);
  let widest = 0;
  for (const lat of [latA, latB, nearest]) {
    const denominator = Math.cos(lat * RAD) * Math.cos(p.lat * RAD);
    if (denominator <= 1e-12) return 180;
    const cosDLng = (cosR - Math.sin(lat * RAD) * Math.sin(p.lat * RAD)) / denominator;
    if (cosDLng <= -1) return 180;
    if (cosDLng < 1) widest = Math.max(widest, Math.acos(cosDLng) / RAD);
  }
  return Math.min(180, widest * 1.001 + 1e-6);
}

/** The area of `cells` cells of `level` in the row of cells `row` (km²). */
function cellsKm2(level: number, row: number, cells: number): number {
  const side = KM_PER_DEGREE / LEVELS[level];
  return cells * side * side * Math.cos(((row + 0.5) / LEVELS[level] - 90) * RAD);
}

/** The cells of `level` that the disc touches: per row of cells, its first and last column. */
function discCells(p: Point, radiusKm: number, level: number): Array<{ row: number; from: number; to: number }> {
  const perDegree = LEVELS[level];
  const dLat = (radiusKm / KM_PER_DEGREE) * 1.001 + 1e-6;
  const rowFrom = cellOf(Math.max(0, p.lat - dLat + 90), perDegree);
  const rowTo = cellOf(Math.min(180, p.lat + dLat + 90), perDegree);
  const cells: Array<{ row: number; from: number; to: number }> = [];
  for (let row = rowFrom; row <= rowTo; row++) {
    const width = halfWidth(p, radiusKm, row / perDegree - 90, (row + 1) / perDegree - 90);
    if (width === null) continue;
    const from = cellOf(Math.max(0, p.lng - width + 180), perDegree);
    const to = cellOf(Math.min(360, p.lng + width + 180), perDegree);
    cells.push({ row, from, to });
  }
  return cells;
}

/** The geo_cell index ranges of the disc: one per row of 0.001° cells. */
export function boxRanges(p: Point, radiusKm: number): Array<[number, number]> {
  return discCells(p, radiusKm, 0).map(({ row, from, to }) => [row * GRID_ROW + from, row * GRID_ROW + to]);
}

export type NearRow = CandidateRow & { distanceKm: number };

export type NearQuery = {
  point: Point;
  radiusKm: number;
  /** How many nearest are wanted (the page's end). */
  count: number;
  /** The FTS query of the words and filters, or null for a search by place alone. */
  match: string | null;
  /**
   * A filter joined with the cells (a category, a rating band), or null: the walk then reads only
   * that filter's businesses in each cell, not every business of the cell (D1 time).
   */
  facet?: NearFacet | null;
  /** Checks FTS cannot make (open now). */
  keep?: (row: CandidateRow) => boolean;
};

type Walk = {
  db: Db;
  q: NearQuery;
  /** Every business read that passes `keep`, with its distance. */
  found: Map<number, NearRow>;
  /** Rows left to read. */
  left: () => number;
  /** Per grid row, the columns read so far. */
  gridRead: Map<number, { from: number; to: number }>;
  /** The FTS cells read so far, and how many businesses they held. */
  ftsRead: string[];
  ftsRows: number;
  /** The area read so far (km²), to tell the density of the businesses found. */
  areaKm2: number;
};

/** What a step read: false when it stopped at the budget (the rows read are then a partial disc). */
type Step = { complete: boolean };

function take(walk: Walk, rows: CandidateRow[]): void {
  for (const row of rows) {
    if (row.latitude === null || row.longitude === null || (walk.q.keep && !walk.q.keep(row))) continue;
    walk.found.set(row.id, { ...row, distanceKm: distanceKm(walk.q.point, { lat: row.latitude, lng: row.longitude }) });
  }
}

/** Reads the grid cells of the disc that no earlier step read (the new ends of each row's range). */
async function gridStep(walk: Walk, radiusKm: number): Promise<Step> {
  const ranges: Array<[number, number]> = [];
  for (const { row, from, to } of discCells(walk.q.point, radiusKm, 0)) {
    const base = row * GRID_ROW;
    const read = walk.gridRead.get(row);
    if (!read) ranges.push([base + from, base + to]);
    else {
      if (from < read.from) ranges.push([base + from, base + read.from - 1]);
      if (to > read.to) ranges.push([base + read.to + 1, base + to]);
    }
    walk.areaKm2 += cellsKm2(0, row, to - from + 1 - (read ? read.to - read.from + 1 : 0));
    walk.gridRead.set(row, { from: Math.min(from, read?.from ?? from), to: Math.max(to, read?.to ?? to) });
  }
  if (ranges.length === 0) return { complete: true };
  // Each range costs a row more (the seek past its end).
  const limit = walk.left() - ranges.length;
  if (limit <= 0) return { complete: false };
  // The ranges as a table driving one index seek each (computed integers, written inline: a disc can
  // have more ranges than D1's 100 bound parameters).
  const table = sql.raw(`(VALUES ${ranges.map(([from, to]) => `(${from}, ${to})`).join(", ")}) AS r`);
  const rows = await walk.db.orm
    .select(CANDIDATE_COLUMNS)
    .from(table)
    .crossJoin(b)
    .where(sql`${b.geoCell} BETWEEN r.column1 AND r.column2`)
    .limit(limit + 1);
  take(walk, rows.slice(0, limit));
  return { complete: rows.length <= limit };
}

/**
 * The businesses of a filter in the fresh cells of a cover: its near_facets tokens, whose doclists
 * hold only that filter's businesses, so FTS5 steps through those of the disc, not all of them.
 * near_facets starts at FIRST_FACET_LEVEL: finer cells are matched as their parent cells' filter
 * tokens AND the cells themselves (a small disc: few businesses either way), so the rows read stay
 * those of the disc's fine cover, not of the coarser cells around it.
 */
function facetCells(facet: NearFacet, level: number, cells: Array<{ row: number; col: number }>, cellTokens: string[]): string {
  if (level >= FIRST_FACET_LEVEL)
    return `near_facets : (${cells.flatMap(({ row, col }) => facet.map((f) => nearFacetToken(level, row, col, f))).join(" OR ")})`;
  // The levels nest: a cell's parent is its row and column divided by the ratio of their sizes.
  const ratio = LEVELS[level] / LEVELS[FIRST_FACET_LEVEL];
  const parents = new Map(
    cells.map(({ row, col }) => {
      const parent = { row: Math.floor(row / ratio), col: Math.floor(col / ratio) };
      return [`${parent.row}x${parent.col}`, parent];
    }),
  );
  const tokens = [...parents.values()].flatMap(({ row, col }) => facet.map((f) => nearFacetToken(FIRST_FACET_LEVEL, row, col, f)));
  return `near_facets : (${tokens.join(" OR ")}) AND geo_terms : (${cellTokens.join(" OR ")})`;
}

/** Reads the businesses of the match in the disc's FTS cells, but for those in cells read before. */
async function ftsStep(walk: Walk, radiusKm: number): Promise<Step> {
  let level = 0;
  let cells = discCells(walk.q.point, radiusKm, level);
  const size = (c: typeof cells) => c.reduce((n, { from, to }) => n + to - from + 1, 0);
  while (level < LEVELS.length - 1 && size(cells) > MAX_COVER_CELLS) cells = discCells(walk.q.point, radiusKm, ++level);
  // Discs grow: the last cover holds (nearly all of) the ones before.
  walk.areaKm2 = Math.max(
    walk.areaKm2,
    cells.reduce((sum, { row, from, to }) => sum + cellsKm2(level, row, to - from + 1), 0),
  );
  const covered = cells.flatMap(({ row, from, to }) => Array.from({ length: to - from + 1 }, (_, i) => ({ row, col: from + i })));
  const tokens = covered.map(({ row, col }) => geoToken(level, row, col));
  // Cells an earlier step read at this level are left out of the cover (the same token, so exact):
  // FTS5 then steps through fewer and shorter doclists, and nothing is read twice. What earlier
  // steps read at other levels is left out with `NOT` its cells, unless reading it again costs less
  // than the longer FTS query takes (a few businesses).
  const before = new Set(walk.ftsRead);
  const freshCells = covered.filter((_, i) => !before.has(tokens[i]));
  const fresh = freshCells.map(({ row, col }) => geoToken(level, row, col));
  if (fresh.length === 0) return { complete: true };
  const cover = new Set(tokens);
  const read = walk.ftsRows > REREAD_ROWS ? walk.ftsRead.filter((t) => !cover.has(t)) : [];
  const inCells = walk.q.facet?.length ? facetCells(walk.q.facet, level, freshCells, fresh) : `geo_terms : (${fresh.join(" OR ")})`;
  const place = `(${inCells})${read.length ? ` NOT geo_terms : (${read.join(" OR ")})` : ""}`;
  walk.ftsRead = [...walk.ftsRead, ...fresh];
  const match = walk.q.match ? `(${walk.q.match}) AND (${place})` : place;
  // Two rows a business: the FTS row and the table's.
  const limit = Math.floor(walk.left() / 2);
  if (limit <= 0) return { complete: false };
  const rows = await walk.db.orm
    .select(CANDIDATE_COLUMNS)
    .from(sql`businesses_fts`)
    .innerJoin(b, sql`${b.id} = businesses_fts.rowid`)
    .where(sql`businesses_fts MATCH ${match}`)
    .limit(limit + 1);
  take(walk, rows.slice(0, limit));
  walk.ftsRows += rows.length;
  return { complete: rows.length <= limit };
}

function nearestWithin(walk: Walk, radiusKm: number): NearRow[] {
  return [...walk.found.values()].filter((row) => row.distanceKm <= radiusKm).sort((x, y) => x.distanceKm - y.distanceKm || x.id - y.id);
}

/** The `count` businesses nearest the point within the radius, nearest first. */
export async function nearSearch(db: Db, q: NearQuery): Promise<{ rows: NearRow[]; approximate: boolean }> {
  const budget = Math.max(NEAR_BUDGET, Math.ceil(q.count * ROWS_PER_WANTED));
  const start = db.meter.rowsRead;
  const walk: Walk = {
    db,
    q,
    found: new Map(),
    left: () => budget - (db.meter.rowsRead - start),
    gridRead: new Map(),
    ftsRead: [],
    ftsRows: 0,
    areaKm2: 0,
  };
  let fts = q.match !== null || Boolean(q.facet?.length);
  let density = 0;
  for (let radius = Math.min(FIRST_DISC_KM, q.radiusKm), before = 0; ;) {
    // The grid while its ranges cost no more than the FTS's second row per business would.
    const expected = density * Math.PI * (radius * radius - before * before);
    if (!fts && before > 0 && discCells(q.point, radius, 0).length > Math.max(MAX_GRID_ROWS, expected)) fts = true;
    const step = fts ? await ftsStep(walk, radius) : await gridStep(walk, radius);
    const within = nearestWithin(walk, radius);
    // Stopped at the budget: the nearest of what was read, said to be approximate.
    if (!step.complete) return { rows: nearestWithin(walk, q.radiusKm).slice(0, q.count), approximate: true };
    if (within.length >= q.count || radius >= q.radiusKm) return { rows: within.slice(0, q.count), approximate: false };
    // The next disc: sized from the density seen in the area read to hold what is wanted, at least 1.5 times as wide.
    density = walk.found.size / walk.areaKm2;
    const wanted = density > 0 ? Math.sqrt((q.count * DISC_MARGIN) / (Math.PI * density)) : radius * 4;
    before = radius;
    // A jump of more than 4 times only on a density from enough businesses to be trusted.
    const jump = walk.found.size >= TRUSTED_SAMPLE ? 10 : 4;
    radius = Math.min(q.radiusKm, radius * jump, Math.max(radius * 1.5, wanted));
  }
}
