import { getTableColumns, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { businesses, type BusinessRow } from "#db/schema";

/** `businesses AS b`: the search plans name their columns as b.… (FROM_B in hand-written SQL). */
export const b = alias(businesses, "b");
export const FROM_B = sql`businesses AS b`;

/**
 * A block's candidates are read with every column but the FTS ones (computed per row, and never shown):
 * the page's rows come from the blocks, so no second query reads them again.
 */
const { facets: _facets, geoTerms: _geoTerms, nearFacets: _nearFacets, ...candidateColumns } = getTableColumns(b);
export const CANDIDATE_COLUMNS = candidateColumns;
export type CandidateRow = Omit<BusinessRow, "facets" | "geoTerms" | "nearFacets">;
