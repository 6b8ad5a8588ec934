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
 * The walk reads small discs around the point first, then (one statement more at most, none where
 * words or a place were looked up before it) discs sized from the density it saw to hold the page;
 * each step reads only what the earlier steps did not (the grid: the new ends of each row's range;
 * FTS: `NOT` the cells already read). It stops when the disc read holds the page: whatever was not
 * read is farther, so the order is exact. Without words or filters it walks the grid while the
 * disc spans at most MAX_GRID_ROWS rows (one range each), then the FTS cells (few tokens, large
 * cells: a sparse place). A walk reads at most `budget` rows; a step that
 * would pass it ends the walk with the nearest of what was read, marked approximate.
 *
 * A disc that crosses the antimeridian (±180°) is cut there: a point within the radius of the date
 * line misses the businesses on its far side.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Point } from "#app/lib/search/search-plan";
import type { NearFacet } from "#app/lib/search/search-query";
import type { Db } from "#app/server/platform/db.server";
import { b, CANDIDATE_SQL, FROM_B, readCandidates, type CandidateRow } from "#app/server/search/candidates.server";

// The filters joined with the cells are spelled beside the other facets (search-query.ts).
export { nearCategoryFacet, ratingBandFacet, ratingBands } from "#app/lib/search/search-query";

/**
 * Rows a near search reads at most, whatever the page (the page as a whole reads ≤ 300): a page
 * deeper than what that reaches in a dense place lists nothing, and the list before it ends with the
 * nearest the budget read, its count a lower bound.
 */
export const NEAR_BUDGET = 260;
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
/** The first scan of a deeper page (no density known yet) reads at most this many rows a business of a page, and half the budget. */
const FIRST_SCAN_ROWS = 3;
const PAGE = 21;
/**
 * The first scan of the first page reads at most this share of the budget, its discs past the
 * grid's share as FTS cells in the same statement: in most places that holds the page, ONE round
 * trip (a page within ~1 km where 10 businesses share a km², ~0.1 km where 2,000 do). A deeper page
 * keeps the budget for the scan sized by the density (a deep page in a dense place takes two anyway).
 */
const FIRST_PAGE_SCAN_SHARE = 0.75;
/** A scan's grid ranges cost at most this share of its rows (each costs a row: the seek past its end). */
const SCAN_RANGE_SHARE = 0.12;
/** A later scan of the grid that its ranges would end within fewer rings than this reads FTS cells instead. */
const MIN_GRID_RINGS = 3;
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
  q: NearQuery;
  /** Every business read that passes `keep`, with its distance. */
  found: Map<number, NearRow>;
  /** What the discs planned so far read: restored to the last complete disc's after a scan. */
  read: Read;
  /** Whether the discs are read as FTS cells (once they are, they stay so). */
  fts: boolean;
};

/** What the discs read so far: the grid per row, the FTS cells, the area (km²) for the density. */
type Read = {
  /** Per grid row, the columns read so far. */
  grid: Map<number, { from: number; to: number }>;
  /** The FTS cells read so far, a batch a ring (never changed once read: copies share them). */
  cells: CellBatch[];
  areaKm2: number;
};

/** A cell of businesses.geo_terms: its level and its row and column at that level. */
type FtsCell = { level: number; row: number; col: number };

/**
 * FTS cells of one level read together (a ring's, or the grid's when the walk turns to FTS), kept by
 * key: a ring looks its cells up in the earlier batches rather than comparing it with every cell
 * read before (the planning's CPU).
 */
type CellBatch = {
  level: number;
  cells: FtsCell[];
  keys: Set<number>;
  /** Per coarser level, the batch's cells by the key of the cell of that level holding them (built when first asked). */
  byHolder: Map<number, Map<number, FtsCell[]>>;
};

/** A cell's key in its level: its row and column as one number (a level has fewer than 2^19 columns). */
const cellKey = (row: number, col: number) => row * 2 ** 19 + col;

function batchOf(level: number, cells: FtsCell[]): CellBatch {
  return { level, cells, keys: new Set(cells.map((c) => cellKey(c.row, c.col))), byHolder: new Map() };
}

/** The batch's cells that the cell `key` of `level` (coarser than the batch's) holds. */
function heldBy(batch: CellBatch, level: number, key: number): FtsCell[] {
  let index = batch.byHolder.get(level);
  if (!index) {
    index = new Map();
    for (const cell of batch.cells) {
      const { row, col } = holder(cell, level);
      const at = cellKey(row, col);
      const list = index.get(at);
      if (list) list.push(cell);
      else index.set(at, [cell]);
    }
    batch.byHolder.set(level, index);
  }
  return index.get(key) ?? [];
}

/**
 * The cell of `level` (the cell's own or a coarser one) that holds the cell: the levels nest, each
 * cell of a level holding 4 × 4 of the level below (the migration's factors are powers of 2 apart,
 * so SQLite's cells nest exactly too).
 */
function holder(cell: FtsCell, level: number): FtsCell {
  const ratio = LEVELS[cell.level] / LEVELS[level];
  return { level, row: Math.floor(cell.row / ratio), col: Math.floor(cell.col / ratio) };
}

const copyOf = (read: Read): Read => ({ grid: new Map(read.grid), cells: read.cells, areaKm2: read.areaKm2 });

/**
 * One disc of a scan: the part of it no disc before read, as one SELECT of the statement (grid
 * ranges or an FTS match), and what had been read once it is.
 */
type Ring = { kind: "grid" | "fts"; radiusKm: number; ranges: Array<[number, number]>; match: string | null; after: Read };

/**
 * The SELECT of a scan's rings of one kind: a table of them (one row a ring, innermost first) drives
 * the reads, so the rows come ring after ring; each row says which ring read it.
 */
const ringSelect = (rings: SQL, where: SQL) =>
  sql`SELECT ${CANDIDATE_SQL}, r.column1 AS ring FROM ${rings} CROSS JOIN ${FROM_B} WHERE ${where}`;

function take(walk: Walk, rows: Array<CandidateRow & { ring?: number }>): void {
  // The ring a row came in is the scan's own bookkeeping: it is not kept on the business.
  for (const { ring: _ring, ...row } of rows) {
    if (row.latitude === null || row.longitude === null || (walk.q.keep && !walk.q.keep(row))) continue;
    walk.found.set(row.id, { ...row, distanceKm: distanceKm(walk.q.point, { lat: row.latitude, lng: row.longitude }) });
  }
}

/** The grid cells of the disc that no earlier disc read (the new ends of each row's range). */
function gridRing(walk: Walk, radiusKm: number): Ring {
  const read = walk.read;
  const ranges: Array<[number, number]> = [];
  for (const { row, from, to } of discCells(walk.q.point, radiusKm, 0)) {
    const base = row * GRID_ROW;
    const before = read.grid.get(row);
    if (!before) ranges.push([base + from, base + to]);
    else {
      if (from < before.from) ranges.push([base + from, base + before.from - 1]);
      if (to > before.to) ranges.push([base + before.to + 1, base + to]);
    }
    read.areaKm2 += cellsKm2(0, row, to - from + 1 - (before ? before.to - before.from + 1 : 0));
    read.grid.set(row, { from: Math.min(from, before?.from ?? from), to: Math.max(to, before?.to ?? to) });
  }
  return { kind: "grid", radiusKm, ranges, match: null, after: copyOf(read) };
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

/** The businesses of the match in the disc's FTS cells, but for those in cells read before. */
function ftsRing(walk: Walk, radiusKm: number): Ring {
  const read = walk.read;
  // A cover has at least as many cells as the disc's area holds cells of the level at their largest
  // (at the equator): levels finer than that are skipped without listing their cells.
  const capKm2 = 2 * Math.PI * EARTH_KM ** 2 * (1 - Math.cos(radiusKm / EARTH_KM));
  let level = 0;
  while (level < LEVELS.length - 1 && capKm2 / (KM_PER_DEGREE / LEVELS[level]) ** 2 > MAX_COVER_CELLS) level++;
  let cells = discCells(walk.q.point, radiusKm, level);
  const size = (c: typeof cells) => c.reduce((n, { from, to }) => n + to - from + 1, 0);
  while (level < LEVELS.length - 1 && size(cells) > MAX_COVER_CELLS) cells = discCells(walk.q.point, radiusKm, ++level);
  // Discs grow: the last cover holds (nearly all of) the ones before.
  read.areaKm2 = Math.max(
    read.areaKm2,
    cells.reduce((sum, { row, from, to }) => sum + cellsKm2(level, row, to - from + 1), 0),
  );
  // Cells an earlier disc read at this level are left out of the cover (the same token, so exact):
  // FTS5 then steps through fewer and shorter doclists, and nothing is read twice. What earlier
  // discs read at other levels is left out with `NOT` its cells — only those that share ground with
  // a fresh cell (one holds the other): no other can hold a business of the fresh cells, and each
  // token of the NOT is a doclist FTS5 steps through for every business the ring matches.
  const sameLevel = read.cells.filter((batch) => batch.level === level);
  const freshCells: FtsCell[] = [];
  for (const { row, from, to } of cells)
    for (let col = from; col <= to; col++)
      if (!sameLevel.some((batch) => batch.keys.has(cellKey(row, col)))) freshCells.push({ level, row, col });
  const fresh = freshCells.map(({ row, col }) => geoToken(level, row, col));
  if (fresh.length === 0) return { kind: "fts", radiusKm, ranges: [], match: null, after: copyOf(read) };
  // Two cells share ground when the coarser of their levels holds both in the same cell: an earlier
  // finer cell that a fresh one holds, or an earlier coarser cell holding a fresh one.
  const other = new Set<string>();
  const freshAt = new Map<number, FtsCell[]>();
  for (const batch of read.cells) {
    if (batch.level < level)
      for (const { row, col } of freshCells)
        for (const c of heldBy(batch, level, cellKey(row, col))) other.add(geoToken(c.level, c.row, c.col));
    else if (batch.level > level) {
      // The fresh cells' holders at the batch's level, listed once a level.
      let holders = freshAt.get(batch.level);
      if (!holders) {
        const byKey = new Map(freshCells.map((cell) => holder(cell, batch.level)).map((h) => [cellKey(h.row, h.col), h]));
        freshAt.set(batch.level, (holders = [...byKey.values()]));
      }
      for (const h of holders) if (batch.keys.has(cellKey(h.row, h.col))) other.add(geoToken(h.level, h.row, h.col));
    }
  }
  const inCells = walk.q.facet?.length ? facetCells(walk.q.facet, level, freshCells, fresh) : `geo_terms : (${fresh.join(" OR ")})`;
  const place = `(${inCells})${other.size ? ` NOT geo_terms : (${[...other].join(" OR ")})` : ""}`;
  read.cells = [...read.cells, batchOf(level, freshCells)];
  const match = walk.q.match ? `(${walk.q.match}) AND (${place})` : place;
  return { kind: "fts", radiusKm, ranges: [], match, after: copyOf(read) };
}

/**
 * From here on the discs are read as FTS cells: the grid's cells read so far become cells of
 * geo_terms' finest level (the same 0.001° cells), so no FTS ring reads their businesses again.
 */
function toFts(walk: Walk): void {
  walk.fts = true;
  const gridCells = [...walk.read.grid].flatMap(([row, { from, to }]) =>
    Array.from({ length: to - from + 1 }, (_, i): FtsCell => ({ level: 0, row, col: from + i })),
  );
  walk.read = { ...walk.read, grid: new Map(), cells: gridCells.length ? [...walk.read.cells, batchOf(0, gridCells)] : walk.read.cells };
}

/**
 * The rings of a scan: grid rings while the grid is cheap — the disc spans few rows of cells, and
 * its ranges (a row each) cost at most SCAN_RANGE_SHARE of the scan's rows —, else FTS rings (a row
 * a ring however wide, two a business). Once a scan found nothing, FTS: its large cells cost
 * nothing where nothing is, the grid a row a range. A scan reads one kind, but a `mixed` one: its
 * discs past the grid's share are read as FTS cells in the same statement.
 */
function planRings(walk: Walk, radii: number[], maxRows: number, density: number | null, mixed: boolean): Ring[] {
  const rings: Ring[] = [];
  let rangeCount = 0;
  for (const radius of radii) {
    // The grid while its ranges cost no more than FTS's second row per business would.
    const expected = density === null ? MAX_GRID_ROWS : density * Math.PI * radius * radius;
    if (!walk.fts && (density === 0 || discCells(walk.q.point, radius, 0).length > Math.max(MAX_GRID_ROWS, expected))) {
      if (rings.length && !mixed) break;
      toFts(walk);
    }
    if (!walk.fts) {
      const before = copyOf(walk.read);
      const ring = gridRing(walk, radius);
      if (rings.length === 0 || rangeCount + ring.ranges.length <= maxRows * SCAN_RANGE_SHARE) {
        rangeCount += ring.ranges.length;
        rings.push(ring);
        continue;
      }
      walk.read = before;
      if (!mixed) break;
      toFts(walk);
    }
    rings.push(ftsRing(walk, radius));
  }
  return rings;
}

/** The businesses the density says the grid's rings to `ring` read past what had been read at `start`, with the margin. */
const expectedRows = (density: number, ring: Ring, start: Read) => Math.ceil(density * (ring.after.areaKm2 - start.areaKm2) * DISC_MARGIN);

/**
 * Reads discs of growing radius, innermost first, as ONE statement with a LIMIT: a table of the
 * grid rings' ranges drives the index seeks, then (UNION ALL) a table of the FTS rings' matches
 * drives FTS, each ring only what its disc adds to the ones before. The rows come ring after ring,
 * and SQLite stops at the LIMIT: the rings past it are never read. Returns the radius read whole
 * (0: none), and keeps the walk's record of what was read to that disc's, so a next scan goes on
 * from there.
 */
async function scan(
  db: Db,
  walk: Walk,
  radii: number[],
  maxRows: number,
  density: number | null = null,
  mixed = false,
): Promise<{ wholeKm: number; stoppedKm: number }> {
  const start = copyOf(walk.read);
  let rings = planRings(walk, radii, maxRows, density, mixed);
  // Where the grid's ranges would end a later scan within a few rings (a sparse place), its cells
  // cost more than FTS's second row per business: FTS instead.
  const gridRings = rings.filter((ring) => ring.kind === "grid").length;
  if (density !== null && gridRings > 0 && gridRings < MIN_GRID_RINGS && gridRings < rings.length) {
    walk.read = copyOf(start);
    walk.fts = true;
    rings = planRings(walk, radii, maxRows, density, false);
  }
  // Where the density says the grid's rings hold twice what the scan can read, FTS rings after them
  // would only take rows from the grid's: the scan reads the grid alone.
  const lastGrid = rings.findLastIndex((ring) => ring.kind === "grid");
  if (density !== null && lastGrid >= 0 && lastGrid < rings.length - 1) {
    const gridRanges = rings.slice(0, lastGrid + 1).reduce((n, ring) => n + ring.ranges.length, 0);
    if (expectedRows(density, rings[lastGrid], start) >= 2 * (maxRows - gridRanges)) {
      rings = rings.slice(0, lastGrid + 1);
      walk.fts = false;
    }
  }
  // Computed integers, written inline: a disc can have more ranges than D1's 100 bound parameters.
  const ranges = rings.flatMap((ring, i) => ring.ranges.map(([from, to]) => `(${i}, ${from}, ${to})`));
  const matches = rings.flatMap((ring, i) => (ring.match === null ? [] : [sql`(${sql.raw(String(i))}, ${ring.match})`]));
  const grid = ranges.length
    ? ringSelect(sql.raw(`(VALUES ${ranges.join(", ")}) AS r`), sql`${b.geoCell} BETWEEN r.column2 AND r.column3`)
    : null;
  const fts = matches.length
    ? ringSelect(
        sql`(VALUES ${sql.join(matches, sql`, `)}) AS r CROSS JOIN businesses_fts`,
        sql`${b.id} = businesses_fts.rowid AND businesses_fts MATCH r.column2`,
      )
    : null;
  const last = rings.length - 1;
  const wholeKm = rings[last].radiusKm;
  walk.read = rings[last].after;
  if (!grid && !fts) return { wholeKm, stoppedKm: wholeKm };
  // Each grid range costs a row more (the seek past its end); an FTS business two (its FTS row and the table's).
  // One more row is asked for, to tell whether the LIMIT stopped the scan. With both kinds the grid's
  // rows come first and the FTS rings have a LIMIT of their own: the rows read stay within
  // (limit + 1) + (ftsLimit + 1) past the seeks and rings. Without a density the rows are split as
  // for FTS alone; with one (a later scan), three quarters go to the grid's rings and a quarter is
  // kept for the FTS rings past them, read where the grid's ran out (the density seen near the
  // point can overstate the disc's).
  const rowsLeft = maxRows - ranges.length - matches.length;
  const limit = !fts ? rowsLeft - 2 : !grid || density === null ? Math.floor(rowsLeft / 2) - 2 : rowsLeft - 2 - Math.floor(rowsLeft / 4);
  const ftsLimit = rowsLeft - 2 - limit;
  if (limit <= 0) {
    walk.read = start;
    return { wholeKm: 0, stoppedKm: 0 };
  }
  // The FTS rings' own LIMIT where it is below the scan's (it binds only then).
  const ftsCapped = Boolean(grid && fts) && ftsLimit < limit;
  const ftsArm = fts && ftsCapped ? sql`SELECT * FROM (${fts} LIMIT ${ftsLimit + 1})` : fts;
  const rows = await readCandidates<{ ring: number }>(
    db,
    sql`${grid && ftsArm ? sql`${grid} UNION ALL ${ftsArm}` : (grid ?? fts)} LIMIT ${limit + 1}`,
  );
  // Where it stopped: at the row past the LIMIT, or at the FTS rings' row past their own.
  const ftsRows = rows.filter((row) => rings[row.ring].kind === "fts");
  const stop = rows.length > limit ? limit : ftsCapped && ftsRows.length > ftsLimit ? rows.indexOf(ftsRows[ftsLimit]) : null;
  take(walk, rows.slice(0, stop ?? limit));
  if (stop === null) return { wholeKm, stoppedKm: wholeKm };
  // Stopped at the LIMIT: the rings before the one it stopped in were read whole.
  const stoppedIn = rows[stop].ring;
  walk.read = copyOf(stoppedIn > 0 ? rings[stoppedIn - 1].after : start);
  // Stopped among the grid's rings: the next scan may go on with the grid.
  if (rings[stoppedIn].kind === "grid") walk.fts = false;
  // A grid ring is read range after range: those before the one it stopped in were read whole, and
  // the next scan need not read them again.
  const stopCell = rows[stop].geoCell;
  for (const [from, to] of rings[stoppedIn].ranges) {
    if (stopCell === null || (stopCell >= from && stopCell <= to)) break;
    const row = Math.floor(from / GRID_ROW);
    const before = walk.read.grid.get(row);
    walk.read.grid.set(row, { from: Math.min(from % GRID_ROW, before?.from ?? Infinity), to: Math.max(to % GRID_ROW, before?.to ?? -1) });
  }
  return { wholeKm: stoppedIn > 0 ? rings[stoppedIn - 1].radiusKm : 0, stoppedKm: rings[stoppedIn].radiusKm };
}

function nearestWithin(walk: Walk, radiusKm: number): NearRow[] {
  return [...walk.found.values()].filter((row) => row.distanceKm <= radiusKm).sort((x, y) => x.distanceKm - y.distanceKm || x.id - y.id);
}

/** Radii from `from` growing by `factor` a ring, at most `rings` of them, the last always `to`. */
function radiiFrom(from: number, to: number, factor: number, rings: number): number[] {
  const radii: number[] = [];
  for (let r = from; r < to && radii.length < rings - 1; r *= factor) radii.push(r);
  return [...radii, to];
}

/**
 * The `count` businesses nearest the point within the radius, nearest first, in at most two
 * round trips of D1 — one where the search looked its words or place up before (a match): a scan
 * of discs growing from 50 m; and when that did not hold the page, a scan of discs sized from the
 * density it saw, to the radius, bounded by the rows left of the budget.
 */
export async function nearSearch(db: Db, q: NearQuery): Promise<{ rows: NearRow[]; approximate: boolean }> {
  const budget = NEAR_BUDGET;
  const start = db.meter.rowsRead;
  const walk: Walk = {
    q,
    found: new Map(),
    read: { grid: new Map(), cells: [], areaKm2: 0 },
    fts: q.match !== null || Boolean(q.facet?.length),
  };
  const done = (wholeKm: number) => {
    const within = nearestWithin(walk, wholeKm);
    return within.length >= q.count || wholeKm >= q.radiusKm ? { rows: within.slice(0, q.count), approximate: false } : null;
  };
  // Words, a place or attributes (a match) may have been looked up before the walk (the prefix's
  // terms, the place: searchPlan), and a search waits on D1 at most twice: a walk with a match is
  // ONE scan, a deeper page's of the whole budget. The first scan has no density yet: the first
  // page's reads to most of the budget; without a match, a deeper page's to a few times a page (the
  // scan sized by the density reads the rest).
  const oneScan = q.match !== null;
  const radii = radiiFrom(FIRST_DISC_KM, q.radiusKm, 1.25, 24);
  const first =
    q.count <= PAGE || oneScan
      ? await scan(db, walk, radii, q.count <= PAGE ? budget * FIRST_PAGE_SCAN_SHARE : budget, null, true)
      : await scan(db, walk, radii, Math.min(budget / 2, FIRST_SCAN_ROWS * PAGE));
  const found = done(first.wholeKm);
  if (found) return found;
  if (!oneScan) {
    // Then discs from the one the density seen says holds the page (×1.3), a tenth wider each, to the
    // radius (its discs past the grid's share as FTS cells): it ends the walk, exact where a disc it
    // read whole holds the page. The density: what was found over the disc the first scan stopped in
    // (a lower bound), or within the disc it read whole.
    const disc = (km: number) => Math.PI * Math.max(km, FIRST_DISC_KM) ** 2;
    const density = Math.max(walk.found.size / disc(first.stoppedKm), nearestWithin(walk, first.wholeKm).length / disc(first.wholeKm));
    const wanted = density > 0 ? Math.sqrt((q.count * DISC_MARGIN) / (Math.PI * density)) : first.stoppedKm * 4;
    const from = Math.max(first.wholeKm * 1.1, wanted * 0.8, FIRST_DISC_KM);
    const next = await scan(db, walk, radiiFrom(from, q.radiusKm, 1.1, 24), budget - (db.meter.rowsRead - start), density, true);
    const exact = done(next.wholeKm);
    if (exact) return exact;
  }
  // Stopped at the budget: the nearest of what was read, said to be approximate.
  return { rows: nearestWithin(walk, q.radiusKm).slice(0, q.count), approximate: true };
}
