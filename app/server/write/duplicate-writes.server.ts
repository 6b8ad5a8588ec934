/**
 * The writer's statements for duplicates and retired businesses
 * (docs/decisions/0019-duplicates-and-gone.md): the match keys of the rows it writes, their candidate
 * pairs, and the record a deleted or merged business leaves so its URLs answer 410 or 301. They run
 * inside the writer's own batches (business-writer.server.ts); duplicates.server.ts reads them.
 */
import { duplicateKeyValues, NEARBY_METRES, type DuplicateKeyFields } from "#app/lib/business/duplicate-keys";
import type { Db, Params } from "#app/server/platform/db.server";

/** Candidates recorded per written business and rule, so a chain's hundredth branch costs no more than its tenth. */
const CANDIDATES_PER_BUSINESS = 10;

/** Metres per degree of latitude (mean Earth radius). */
const METRES_PER_DEGREE = 111_195;

const KEY_COLUMNS = "name_key, phone_key, latitude, longitude, cos_lat";
const UPSERT = `ON CONFLICT(business_id) DO UPDATE SET name_key = excluded.name_key, phone_key = excluded.phone_key,
  latitude = excluded.latitude, longitude = excluded.longitude, cos_lat = excluded.cos_lat`;

/**
 * The keys of freshly inserted rows, found by their (just resolved, unique) slugs among the
 * businesses `scope` selects (the running batch's rows). One JSON parameter, like the INSERT.
 */
export function keysBySlugStatement(
  db: Db,
  rows: ReadonlyArray<DuplicateKeyFields & { slug: string }>,
  scope: string,
): D1PreparedStatement {
  const payload = JSON.stringify(rows.map((r) => [r.slug, ...duplicateKeyValues(r)]));
  return db.statement(
    `INSERT INTO duplicate_keys (business_id, ${KEY_COLUMNS})
     SELECT b.id, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5
     FROM json_each(?1) AS j JOIN businesses AS b ON b.slug = j.value ->> 0
     WHERE b.${scope}
     ${UPSERT}`,
    [payload],
  );
}

/** One business's keys (an edit): its id is ?1, as in the writer's other per-business statements. */
export function keysByIdStatement(db: Db, id: number, row: DuplicateKeyFields): D1PreparedStatement {
  return db.statement(
    `INSERT INTO duplicate_keys (business_id, ${KEY_COLUMNS}) SELECT id, ?2, ?3, ?4, ?5, ?6 FROM businesses WHERE id = ?1 ${UPSERT}`,
    [id, ...duplicateKeyValues(row)],
  );
}

/**
 * Records the candidate pairs of the businesses whose keys `k` selects (`scope`, a condition on
 * `k`): same name key and phone key, or same name key within NEARBY_METRES. Each is an index range
 * per written row (three grid rows for the distance), at most CANDIDATES_PER_BUSINESS matches each:
 * O(rows written), never a scan. A pair already known (or dismissed) is left as it is.
 */
export function candidateStatements(db: Db, scope: string, params: Params = []): D1PreparedStatement[] {
  const pair = "min(k.business_id, o.business_id), max(k.business_id, o.business_id)";
  const samePhone = `INSERT OR IGNORE INTO duplicate_pairs (low_id, high_id, reason)
    SELECT ${pair}, 'phone'
    FROM duplicate_keys AS k JOIN duplicate_keys AS o ON o.business_id IN (
      SELECT m.business_id FROM duplicate_keys AS m
      WHERE m.name_key = k.name_key AND m.phone_key = k.phone_key AND m.business_id <> k.business_id
      ORDER BY m.business_id DESC LIMIT ${CANDIDATES_PER_BUSINESS})
    WHERE ${scope} AND k.name_key <> '' AND k.phone_key <> ''`;
  // A degree of longitude is cos(latitude) degrees of latitude long: the columns a 100 m radius
  // spans grow toward the poles (capped near them), and the exact test compares squared metres.
  const columns = `(CAST(${NEARBY_METRES / METRES_PER_DEGREE / 0.001} / max(k.cos_lat, 0.01) AS INTEGER) + 1)`;
  const nearby = `INSERT OR IGNORE INTO duplicate_pairs (low_id, high_id, reason)
    SELECT ${pair}, 'nearby'
    FROM duplicate_keys AS k
    JOIN (SELECT -360000 AS shift UNION ALL SELECT 0 UNION ALL SELECT 360000) AS r
    JOIN duplicate_keys AS o ON o.business_id IN (
      SELECT m.business_id FROM duplicate_keys AS m
      WHERE m.name_key = k.name_key
        AND m.geo_cell BETWEEN k.geo_cell + r.shift - ${columns} AND k.geo_cell + r.shift + ${columns}
        AND m.business_id <> k.business_id
        AND ((m.latitude - k.latitude) * (m.latitude - k.latitude)
          + (m.longitude - k.longitude) * (m.longitude - k.longitude) * k.cos_lat * k.cos_lat)
          * ${METRES_PER_DEGREE * METRES_PER_DEGREE}.0 <= ${NEARBY_METRES * NEARBY_METRES}.0
      LIMIT ${CANDIDATES_PER_BUSINESS})
    WHERE ${scope} AND k.name_key <> '' AND k.geo_cell IS NOT NULL`;
  return [db.statement(samePhone, params), db.statement(nearby, params)];
}

/**
 * Before a business is deleted (same batch, ?1 its id, ?2 the business it was merged into or null):
 * its id and slug are kept so its URLs answer 410 or 301, and businesses merged into it before now
 * lead to its successor directly.
 */
export function retireStatements(db: Db, id: number, mergedInto: number | null): D1PreparedStatement[] {
  const params = [id, mergedInto];
  return [
    db.statement(
      "INSERT OR REPLACE INTO retired_businesses (id, place_id, merged_into) SELECT id, place_id, ?2 FROM businesses WHERE id = ?1",
      params,
    ),
    db.statement("INSERT OR REPLACE INTO old_slugs (slug, business_id) SELECT slug, id FROM businesses WHERE id = ?1", [id]),
    db.statement("UPDATE retired_businesses SET merged_into = ?2 WHERE merged_into = ?1 AND ?2 IS NOT NULL", params),
  ];
}
