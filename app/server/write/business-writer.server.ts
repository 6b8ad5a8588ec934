/**
 * The one write path for businesses: seed, import, admin edit and delete all come through here.
 * It keeps the FTS index and the summary tables for the rows it inserts, set-based in the same
 * atomic batch (edits and deletes have triggers for that: db/schema.sql); it owns slugs
 * (business-slugs.server.ts), duplicate detection, the list positions (list-positions.server.ts)
 * and the data version.
 */
import { attributeEntries } from "#app/lib/business/attributes";
import { JSON_COLUMNS, prepareBusiness, type About, type PreparedBusiness, type ValidBusinessInput } from "#app/lib/business/business";
import { type Refresh, type RefreshableRow, refreshOf, REFRESHED_COLUMNS } from "#app/lib/business/business-refresh";
import { BUSINESS_INPUT_COLUMNS, type BusinessInputColumn } from "#db/schema";
import { WRITE_BATCH_ROWS } from "#app/lib/import/import-plan";
import { nowSeconds } from "#app/server/platform/crypto.server";
import type { Db } from "#app/server/platform/db.server";
import { PENDING_SLUG_PREFIX, resolveSlugs, slugCandidates, stored } from "#app/server/write/business-slugs.server";
import {
  emptyListStatements,
  listChangeStatements,
  rebalanceStatements,
  rebuildListStatements,
} from "#app/server/write/list-positions.server";
import { phoneKey } from "#app/lib/business/duplicate-keys";
import { factSourcePatch, type FactSourceKind } from "#app/lib/business/provenance";
import type { SpecialHours } from "#app/lib/business/special-hours";
import { candidateStatements, keysBySlugStatement, keysByIdStatement, retireStatements } from "#app/server/write/duplicate-writes.server";

/** Columns written from a PreparedBusiness (slug is resolved separately): db/schema.ts's one list. */
const INSERT_COLUMNS = BUSINESS_INPUT_COLUMNS;

/**
 * Most UTF-8 bytes in one statement's JSON parameter: D1 caps a string at 1,000,000 bytes, and an
 * Outscraper row with a long description and `about` can be several kB. Each INSERT binds ONE
 * parameter (a JSON array read by json_each), which keeps D1's 100-bound-parameter limit no matter
 * how many columns a row has.
 */
const MAX_PAYLOAD_BYTES = 900_000;

/**
 * What one INSERT binds: a JSON array of rows, each row an array of these columns' values in this
 * order (by position: shorter on the wire than keys). The JSON columns travel as JSON values, not
 * as strings holding JSON: `->>` gives back an object or array as its JSON text, and their quotes
 * are not escaped twice over on the wire.
 */
const PAYLOAD_COLUMNS = ["slug", ...INSERT_COLUMNS, "import_id", "created_at"] as const;

/** The SQL that reads column `name` from a payload row `j.value` (its position in PAYLOAD_COLUMNS). */
function payloadValue(name: (typeof PAYLOAD_COLUMNS)[number]): string {
  return `j.value ->> ${PAYLOAD_COLUMNS.indexOf(name)}`;
}

const STORED_COLUMNS = PAYLOAD_COLUMNS.filter((c) => c !== "created_at");

/** Inserts a payload's rows; a place_id already stored is skipped. RETURNING counts the rows inserted. */
const INSERT_SQL = `INSERT INTO businesses (${STORED_COLUMNS.join(", ")}, created_at, updated_at)
SELECT ${STORED_COLUMNS.map(payloadValue).join(", ")},
  coalesce(${payloadValue("created_at")}, unixepoch()), coalesce(${payloadValue("created_at")}, unixepoch())
FROM jsonb_each(jsonb(?1)) AS j WHERE true
ON CONFLICT(place_id) DO NOTHING
RETURNING id`;

/**
 * Where the running batch's rows begin. A batch's first statement stores the largest id before it
 * in site_stats.bulk_from_id (RECORD_BATCH_START_SQL); its new rows are those above it (ids only
 * grow: businesses.id is AUTOINCREMENT), and every statement after the INSERT finds them by that
 * rowid range. NOT INDEXED: walk the range instead of letting GROUP BY scan a whole index.
 */
const RECORD_BATCH_START_SQL = "UPDATE site_stats SET bulk_from_id = (SELECT coalesce(max(id), 0) FROM businesses) WHERE id = 1";
const BATCH_START = "(SELECT bulk_from_id FROM site_stats WHERE id = 1)";
const NEW_ROWS = `FROM businesses NOT INDEXED WHERE id > ${BATCH_START}`;

/**
 * How many businesses the running batch has inserted, for statements passed as `alongside`: they
 * run in the same transaction, after the rows.
 */
export const INSERTED_IN_BATCH_SQL = `(SELECT count(*) ${NEW_ROWS})`;

/** The running batch's new businesses as a condition on businesses.id, for statements passed as `alongside`. */
export const NEW_IN_BATCH_SQL = `id > ${BATCH_START}`;

/** A weekly slot's term ("opsun100"): not counted per listing (the triggers of attribute_counts say the same). */
const WEEKLY_SLOT_GLOB = "op[a-z][a-z][a-z][0-9][0-9]0";

/**
 * The listings a business `b` counts in for attribute_counts, as a json_each source (NULL entries
 * for a missing city or category): the same spelling as the table's triggers
 * (db/migrations/20261126103000_attribute_filters.sql) and listing-filters.ts's attributeScope.
 */
function attributeScopesSql(b: string): string {
  return `json_each(json_array('all',
      CASE WHEN ${b}.city_slug <> '' THEN 'city:' || ${b}.city_slug END,
      CASE WHEN ${b}.category_slug <> '' THEN 'category:' || ${b}.category_slug END,
      CASE WHEN ${b}.group_slug <> '' THEN 'group:' || ${b}.group_slug END,
      CASE WHEN ${b}.city_slug <> '' AND ${b}.category_slug <> '' THEN 'city:' || ${b}.city_slug || '/category:' || ${b}.category_slug END,
      CASE WHEN ${b}.city_slug <> '' AND ${b}.group_slug <> '' THEN 'city:' || ${b}.city_slug || '/group:' || ${b}.group_slug END))`;
}

/**
 * attribute_counts counted again from the businesses, whole: after a delete-all, which leaves them
 * alone while it runs (migration 20261126111858), when businesses remain or arrived meanwhile. O(n),
 * as the lists' rebuild it goes with.
 */
function recountAttributeStatements(db: Db): D1PreparedStatement[] {
  return [
    db.statement("DELETE FROM attribute_counts"),
    db.statement(`INSERT INTO attribute_counts (scope, term, business_count)
     SELECT s.value, j.value, count(*) FROM businesses AS b, json_each(b.filter_terms) AS j, ${attributeScopesSql("b")} AS s
     WHERE s.value IS NOT NULL AND j.value NOT GLOB '${WEEKLY_SLOT_GLOB}'
     GROUP BY s.value, j.value`),
  ];
}

/** Stores attributes not met before (their first spelling stays): one statement for a batch's rows. */
function attributeVocabularyStatement(db: Db, rows: ReadonlyArray<{ about: About | null }>): D1PreparedStatement | null {
  const entries = attributeEntries(rows.map((r) => r.about));
  if (!entries.length) return null;
  return db.statement(
    `INSERT OR IGNORE INTO attributes (term, slug, label, group_name)
     SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3 FROM json_each(?1) AS j`,
    [JSON.stringify(entries.map((e) => [e.term, e.slug, e.label, e.group]))],
  );
}

/**
 * The FTS index and the summaries for a batch's new rows, one set-based statement per table, in the
 * same atomic batch as the INSERT. Inserts have no trigger (migration 20261123174437): this writer
 * is the only code that inserts businesses. Edits and deletes keep theirs (db/schema.sql).
 */
const NEW_ROWS_SUMMARY_SQL = [
  `INSERT INTO businesses_fts (rowid, name, category, subtypes, description, keywords, facets, geo_terms, near_facets, filter_terms)
   SELECT id, name, category, subtypes, description, keywords, facets, geo_terms, near_facets, filter_terms ${NEW_ROWS}`,
  // The counts beside a listing's filters, per listing and term (the weekly slots aside): ATTRIBUTE_SCOPES_SQL.
  `INSERT INTO attribute_counts (scope, term, business_count)
   SELECT s.value, j.value, count(*) FROM businesses AS b NOT INDEXED, json_each(b.filter_terms) AS j, ${attributeScopesSql("b")} AS s
   WHERE b.id > ${BATCH_START} AND s.value IS NOT NULL AND j.value NOT GLOB '${WEEKLY_SLOT_GLOB}'
   GROUP BY s.value, j.value
   ON CONFLICT(scope, term) DO UPDATE SET business_count = business_count + excluded.business_count`,
  // The verified count comes from the (is_verified, id) index: summing the column would read every
  // new row in full (they are kB wide), where count(*) over the rowid range reads no column.
  `UPDATE site_stats SET
     total_businesses = total_businesses + (SELECT count(*) ${NEW_ROWS}),
     verified_businesses = verified_businesses + (SELECT count(*) FROM businesses INDEXED BY businesses_verified_idx
       WHERE is_verified = 1 AND id > ${BATCH_START}),
     data_version = data_version + 1
   WHERE id = 1`,
  `INSERT INTO categories (slug, name, group_slug, business_count)
   SELECT category_slug, min(category), min(group_slug), count(*) ${NEW_ROWS} AND category_slug <> ''
   GROUP BY category_slug
   ON CONFLICT(slug) DO UPDATE SET business_count = business_count + excluded.business_count`,
  // MATERIALIZED: counted once, not once per group row.
  `WITH g AS MATERIALIZED (SELECT group_slug, count(*) AS n ${NEW_ROWS} GROUP BY group_slug)
   UPDATE category_groups SET business_count = business_count + g.n
   FROM g WHERE g.group_slug = category_groups.slug`,
  `INSERT INTO cities (slug, name, business_count)
   SELECT city_slug, min(city), count(*) ${NEW_ROWS} AND city_slug <> ''
   GROUP BY city_slug
   ON CONFLICT(slug) DO UPDATE SET business_count = business_count + excluded.business_count`,
  `INSERT INTO city_countries (city_slug, country, name, state, business_count)
   SELECT city_slug, country, min(city), min(state), count(*) ${NEW_ROWS} AND city_slug <> ''
   GROUP BY city_slug, country
   ON CONFLICT(city_slug, country) DO UPDATE SET business_count = business_count + excluded.business_count`,
  `INSERT INTO countries (name, code, business_count)
   SELECT country, min(country_code), count(*) ${NEW_ROWS} AND country <> ''
   GROUP BY country
   ON CONFLICT(name) DO UPDATE SET business_count = business_count + excluded.business_count`,
  // The city × category pages (ADR 0020): per city and fine category, per city and group.
  `INSERT INTO city_categories (city_slug, kind, slug, business_count)
   SELECT city_slug, 'category', category_slug, count(*) ${NEW_ROWS} AND city_slug <> '' AND category_slug <> ''
   GROUP BY city_slug, category_slug
   ON CONFLICT(city_slug, kind, slug) DO UPDATE SET business_count = business_count + excluded.business_count`,
  `INSERT INTO city_categories (city_slug, kind, slug, business_count)
   SELECT city_slug, 'group', group_slug, count(*) ${NEW_ROWS} AND city_slug <> '' AND group_slug <> ''
   GROUP BY city_slug, group_slug
   ON CONFLICT(city_slug, kind, slug) DO UPDATE SET business_count = business_count + excluded.business_count`,
];

/** The running batch's new rows as a FROM clause for listChangeStatements. */
const NEW_ROWS_AS_B = `FROM businesses AS b NOT INDEXED WHERE b.id > ${BATCH_START}`;

export type InsertOutcome = {
  inserted: number;
  /** Indexes (into the input array) skipped because their place_id already exists or repeats. */
  duplicates: number[];
  /** Businesses already stored that the batch refreshed (InsertOptions.refresh); their rows are not in `duplicates`. */
  updated: number;
};

const NON_ASCII = /[^\x00-\x7f]/;
const NON_ASCII_ALL = /[^\x00-\x7f]/g;
const JSON_AT = new Set(PAYLOAD_COLUMNS.flatMap((c, i) => (JSON_COLUMNS.has(c as BusinessInputColumn) ? [i] : [])));
const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * A row's JSON array in ASCII only. One character outside Latin-1 makes a V8
 * string two bytes a character, and the payload then crosses D1's wire (stringified, encoded,
 * parsed, bound) at twice the size and on slower paths; `\uXXXX` escapes keep it one byte a
 * character and `->>` gives the same text back. A JSON column holding such characters travels as
 * its JSON text (a string), since `->>` would return an object's escapes as they are written.
 */
function asciiRow(values: unknown[]): string {
  const text = JSON.stringify(values);
  if (!NON_ASCII.test(text)) return text;
  const plain = values.map((v, i) => {
    if (!JSON_AT.has(i) || v === null) return v;
    const json = JSON.stringify(v);
    return NON_ASCII.test(json) ? json : v;
  });
  return JSON.stringify(plain).replace(NON_ASCII_ALL, escapeChar);
}

/** The rows' JSON arrays grouped into INSERT parameters of at most MAX_PAYLOAD_BYTES each. */
function payloads(rows: string[]): string[] {
  const out: string[] = [];
  let part: string[] = [];
  let bytes = 2;
  for (const row of rows) {
    const size = row.length + 1; // ASCII (asciiRow): one byte a character
    if (part.length && bytes + size > MAX_PAYLOAD_BYTES) {
      out.push(`[${part.join(",")}]`);
      part = [];
      bytes = 2;
    }
    part.push(row);
    bytes += size;
  }
  if (part.length) out.push(`[${part.join(",")}]`);
  return out;
}

export type InsertOptions = {
  importId?: number;
  /**
   * Statements to run in the same transaction as the rows (see INSERTED_IN_BATCH_SQL); as a function,
   * given how many stored businesses the batch refreshes.
   */
  alongside?: D1PreparedStatement[] | ((updated: number) => D1PreparedStatement[]);
  /**
   * Update mode (ADR 0018): a place_id already stored refreshes that business's rating, reviews,
   * hours, status, photos, website and phone (app/lib/business/business-refresh.ts) instead of being skipped;
   * one that would change nothing is still a duplicate.
   */
  refresh?: boolean;
};

/**
 * Inserts at most WRITE_BATCH_ROWS businesses in ONE atomic batch: the rows, their FTS entries and
 * summaries, and any `alongside` statements all commit together or not at all. A place_id already
 * stored, or repeated in the input, is a duplicate and skipped. The list positions are kept in
 * the same batch.
 */
export async function insertBatch(db: Db, inputs: ReadonlyArray<ValidBusinessInput>, options: InsertOptions = {}): Promise<InsertOutcome> {
  if (inputs.length > WRITE_BATCH_ROWS) throw new Error(`insertBatch takes at most ${WRITE_BATCH_ROWS} rows`);
  const outcome: InsertOutcome = { inserted: 0, duplicates: [], updated: 0 };
  const rows = inputs.map(prepareBusiness);
  const placeIds = rows.flatMap((r) => (r.place_id ? [r.place_id] : []));
  const known = await stored(db, placeIds, [...new Set(rows.flatMap((r) => (r.base_slug ? slugCandidates(r, 0) : [])))]);
  const seen = new Set<string>();
  const fresh: PreparedBusiness[] = [];
  /** Update mode: the first row of each stored place_id, by input index. */
  const again = new Map<string, number>();
  rows.forEach((row, index) => {
    const id = row.place_id;
    if (id && options.refresh && known.placeIds.has(id) && !seen.has(id)) {
      seen.add(id);
      again.set(id, index);
      return;
    }
    if (id && (known.placeIds.has(id) || seen.has(id))) {
      outcome.duplicates.push(index);
      return;
    }
    if (id) seen.add(id);
    fresh.push(row);
  });
  const refreshes = again.size ? await refreshesOf(db, rows, again, outcome.duplicates) : [];
  outcome.updated = refreshes.length;
  const kept = (fresh.length || refreshes.length) && (await listsKept(db));
  // The first statement records where the batch's rows begin (see NEW_ROWS); with no new rows the
  // alongside statements still see an empty batch.
  const statements: D1PreparedStatement[] = [db.statement(RECORD_BATCH_START_SQL)];
  if (refreshes.length) statements.push(...refreshStatements(db, refreshes, Boolean(kept)));
  const insertAt: number[] = [];
  if (fresh.length) {
    const slugs = await resolveSlugs(db, fresh, known.slugs);
    const importId = options.importId ?? null;
    // Rows go in by recommended score (slugs were settled in input order above): the seven
    // score-ordered indexes then take a batch as one ascending run each, near one another, instead
    // of inserts at random places; the INSERT costs about a third less (docs/perf/import.md). Ids follow
    // the writing order, so within a batch they rise with the score rather than with the input.
    const order = fresh.map((_, i) => i).sort((a, b) => fresh[a].score - fresh[b].score || a - b);
    const json = order.map((i) => {
      const row = fresh[i];
      const values: unknown[] = [slugs[i]];
      for (const column of INSERT_COLUMNS) values.push(row[column] ?? null);
      values.push(importId, row.created_at ?? null);
      return asciiRow(values);
    });
    for (const payload of payloads(json)) insertAt.push(statements.push(db.statement(INSERT_SQL, [payload])) - 1);
    // Duplicate keys and candidates of the batch's own rows (ADR 0019): seeks on their keys only.
    statements.push(
      keysBySlugStatement(
        db,
        fresh.map((row, i) => ({ slug: slugs[i], ...row })),
        `id > ${BATCH_START}`,
      ),
      ...candidateStatements(db, `k.business_id > ${BATCH_START}`),
    );
    const pending = slugs.filter((s) => s.startsWith(PENDING_SLUG_PREFIX));
    if (pending.length) {
      // A name with no Latin letters and no category/city: the slug falls back to the id.
      statements.push(
        db.statement("UPDATE businesses SET slug = 'business-' || id WHERE slug IN (SELECT value FROM json_each(?1))", [
          JSON.stringify(pending),
        ]),
      );
    }
    statements.push(...NEW_ROWS_SUMMARY_SQL.map((sql) => db.statement(sql)));
    const vocabulary = attributeVocabularyStatement(db, fresh);
    if (vocabulary) statements.push(vocabulary);
    if (kept) statements.push(...listChangeStatements(db, NEW_ROWS_AS_B, [], 1));
  }
  if (kept) statements.push(...rebalanceStatements(db));
  const alongside = options.alongside ?? [];
  statements.push(...(typeof alongside === "function" ? alongside(outcome.updated) : alongside));
  const results = await db.batch(statements);
  // meta.changes counts trigger writes too; RETURNING counts exactly the rows inserted.
  for (const at of insertAt) outcome.inserted += results[at].results.length;
  return outcome;
}

/** Inserts any number of businesses, one atomic batch of WRITE_BATCH_ROWS at a time. */
export async function insertBusinesses(
  db: Db,
  inputs: ReadonlyArray<ValidBusinessInput>,
  options: { importId?: number } = {},
): Promise<InsertOutcome> {
  const outcome: InsertOutcome = { inserted: 0, duplicates: [], updated: 0 };
  for (let start = 0; start < inputs.length; start += WRITE_BATCH_ROWS) {
    const part = await insertBatch(db, inputs.slice(start, start + WRITE_BATCH_ROWS), options);
    outcome.inserted += part.inserted;
    outcome.updated += part.updated;
    outcome.duplicates.push(...part.duplicates.map((i) => i + start));
  }
  return outcome;
}

/** What a refresh reads of the stored businesses (business-refresh.ts's RefreshableRow). */
const REFRESHABLE_SQL = `SELECT id, place_id, rating, review_count, reviews_per_score, score, opening_hours, business_status,
  is_open, photos, website, phone, edited_fields, about, filter_terms
FROM businesses WHERE place_id IN (SELECT value FROM json_each(?1))`;

/**
 * The refreshes of a batch's stored place_ids (`again`: place_id → input index); a row that would
 * change nothing goes to `duplicates`. One read: the place_id index, O(rows).
 */
async function refreshesOf(db: Db, rows: PreparedBusiness[], again: Map<string, number>, duplicates: number[]): Promise<Refresh[]> {
  const stored = await db.all<RefreshableRow>(REFRESHABLE_SQL, [JSON.stringify([...again.keys()])]);
  const refreshes: Refresh[] = [];
  const done = new Set<string>();
  for (const row of stored) {
    const index = again.get(row.place_id);
    if (index === undefined) continue;
    done.add(row.place_id);
    const refresh = refreshOf(row, rows[index]);
    if (refresh) refreshes.push(refresh);
    else duplicates.push(index);
  }
  // Known a moment ago but gone now (deleted meanwhile): a duplicate as in skip mode, nothing written.
  for (const [placeId, index] of again) if (!done.has(placeId)) duplicates.push(index);
  duplicates.sort((a, b) => a - b);
  return refreshes;
}

/** A refresh payload row: the id, the edited_fields the refresh was computed from, then the new values. */
const REFRESH_PAYLOAD = ["id", "edited_fields", ...REFRESHED_COLUMNS, "score", "is_open", "filter_terms"] as const;
const refreshValue = (column: (typeof REFRESH_PAYLOAD)[number]) => `j.value ->> ${REFRESH_PAYLOAD.indexOf(column)}`;

/**
 * The refresh's UPDATE. `ranked` rows (rating or review count changed) also set rating and score,
 * and the FTS trigger re-indexes their rating facet; `retermed` rows (new hours that change the
 * filter terms) set filter_terms, which re-indexes them and moves their attribute counts. The
 * others leave those columns out of the SET, so no trigger runs for a changed phone or photo. A
 * row whose edited_fields changed since it was read (an admin saved an edit meanwhile) is left
 * alone: the admin's edit wins.
 */
function refreshSql(ranked: boolean, retermed: boolean): string {
  const columns = REFRESH_PAYLOAD.slice(2).filter(
    (c) => (ranked || (c !== "rating" && c !== "score")) && (retermed || c !== "filter_terms"),
  );
  // Generated Detailed Information states the facts a refresh changes (rating, hours, status, phone…):
  // it is cleared rather than left saying the old ones, and SEO generation writes it again (ADR 0021).
  // Text an admin wrote is the admin's and stays.
  return `UPDATE businesses SET ${columns.map((c) => `${c} = ${refreshValue(c)}`).join(", ")}, updated_at = unixepoch(), refreshed_at = unixepoch(),
  unique_content = CASE WHEN unique_content_generated THEN NULL ELSE unique_content END, unique_content_generated = 0
FROM json_each(?1) AS j
WHERE businesses.id = ${refreshValue("id")} AND businesses.edited_fields = ${refreshValue("edited_fields")}`;
}

/**
 * Writes refreshes within the caller's atomic batch: the rows whose score moves leave their lists
 * first and join them again after (as updateBusiness does for one), each UPDATE binds one JSON
 * parameter of at most MAX_PAYLOAD_BYTES, and the data version is bumped.
 */
function refreshStatements(db: Db, refreshes: Refresh[], listsKept: boolean): D1PreparedStatement[] {
  const moved = JSON.stringify(refreshes.filter((r) => r.ranked).map((r) => r.id));
  const movedRows = "FROM businesses AS b WHERE b.id IN (SELECT value FROM json_each(?1))";
  const lists = (delta: 1 | -1) => (listsKept && moved !== "[]" ? listChangeStatements(db, movedRows, [moved], delta) : []);
  const kinds = [true, false].flatMap((ranked) => [true, false].map((retermed) => ({ ranked, retermed })));
  const updates = kinds.flatMap(({ ranked, retermed }) => {
    const rows = refreshes
      .filter((r) => r.ranked === ranked && r.retermed === retermed)
      .map((r) => JSON.stringify(REFRESH_PAYLOAD.map((c) => r[c])).replace(NON_ASCII_ALL, escapeChar));
    return payloads(rows).map((payload) => db.statement(refreshSql(ranked, retermed), [payload]));
  });
  // A refreshed phone changes the business's duplicate match key (ADR 0019): the key is
  // rewritten and the business looked up again, as an admin edit does; other refreshes leave both alone.
  const rekeyed = refreshes.filter((r) => r.phoneChanged);
  const phoneKeys = JSON.stringify(rekeyed.map((r) => [r.id, phoneKey(r.phone)]));
  const keys = !rekeyed.length
    ? []
    : [
        db.statement(
          `UPDATE duplicate_keys SET phone_key = j.value ->> 1 FROM json_each(?1) AS j
       WHERE duplicate_keys.business_id = j.value ->> 0 AND duplicate_keys.phone_key IS NOT j.value ->> 1`,
          [phoneKeys],
        ),
        ...candidateStatements(db, "k.business_id IN (SELECT j.value ->> 0 FROM json_each(?1) AS j)", [phoneKeys]),
      ];
  return [
    ...lists(-1),
    ...updates,
    ...lists(1),
    ...keys,
    db.statement("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1"),
  ];
}

/**
 * Whether the list positions are kept: not while a delete-all runs, nor after one stopped half-way
 * until finishWrites (or the next delete-all) rebuilds them (site_stats.lists_need_rebuild).
 */
async function listsKept(db: Db): Promise<boolean> {
  const row = await db.first<{ rebuild: number }>("SELECT lists_need_rebuild AS rebuild FROM site_stats WHERE id = 1");
  return !row?.rebuild;
}

/**
 * Ends a write operation: bumps the data version once more (edge caches key on it) for callers that
 * wrote in several batches. Each batch keeps the list positions itself; only after a delete-all that
 * stopped half-way are they rebuilt here, from the businesses.
 */
export async function finishWrites(db: Db): Promise<void> {
  const rebuild = (await listsKept(db)) ? [] : [...rebuildListStatements(db), ...recountAttributeStatements(db)];
  await db.batch([...rebuild, db.statement("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1")]);
}

/** One business (parameter ?1 is its id) as a FROM clause for listChangeStatements. */
const ONE_BUSINESS = "FROM businesses AS b WHERE b.id = ?1";

/**
 * Who an edit is by (the facts' sources, app/lib/business/provenance.ts; an admin by default), and
 * the special hours it sets (undefined: unchanged). `alongside`: statements (an audit row, a
 * submission's decision) that commit in the same atomic batch, after the update.
 */
export type UpdateOptions = {
  by?: FactSourceKind;
  specialHours?: SpecialHours | null;
  alongside?: D1PreparedStatement[];
};

/**
 * Fields an edit may change; the slug stays stable so links keep working. `edited` names the
 * columns changed by hand (an admin, an owner, an approved suggestion): they join
 * businesses.edited_fields in the same statement, so an update-mode import leaves them alone from
 * then on (app/lib/business/business-refresh.ts), and their facts' sources record who and when.
 */
export async function updateBusiness(
  db: Db,
  id: number,
  input: ValidBusinessInput,
  edited: readonly string[] = [],
  options: UpdateOptions = {},
): Promise<boolean> {
  const row = prepareBusiness(input);
  const columns = INSERT_COLUMNS.filter((c) => c !== "place_id" || row.place_id !== null);
  const params: Array<string | number | null> = columns.map((c) =>
    JSON_COLUMNS.has(c) && row[c] !== null ? JSON.stringify(row[c]) : (row[c] as string | number | null),
  );
  // Generated text stays marked as generated while the edit leaves it as it was (the edit form sends it back).
  let assignments = columns
    .map(
      (c, i) =>
        (c === "unique_content" ? `unique_content_generated = unique_content_generated AND unique_content IS ?${i + 1}, ` : "") +
        `${c} = ?${i + 1}`,
    )
    .join(", ");
  const changed = options.specialHours === undefined ? edited : [...new Set([...edited, "special_hours"])];
  if (options.specialHours !== undefined) {
    params.push(options.specialHours && options.specialHours.length ? JSON.stringify(options.specialHours) : null);
    assignments += `, special_hours = ?${params.length}`;
  }
  if (changed.length) {
    params.push(JSON.stringify(changed));
    assignments += `, edited_fields = (SELECT json_group_array(value) FROM
      (SELECT value FROM json_each(edited_fields) UNION SELECT value FROM json_each(?${params.length})))`;
    const sources = factSourcePatch(changed, options.by ?? "admin", nowSeconds());
    if (Object.keys(sources).length) {
      params.push(JSON.stringify(sources));
      assignments += `, fact_sources = json_patch(fact_sources, ?${params.length})`;
    }
  }
  // The business leaves its lists at its old place and joins them at its new one: a few block and
  // section counts, and the positions of the sections between.
  const kept = await listsKept(db);
  const leave = kept ? listChangeStatements(db, ONE_BUSINESS, [id], -1) : [];
  const results = await db.batch([
    ...leave,
    db.statement(`UPDATE businesses SET ${assignments}, updated_at = unixepoch() WHERE id = ?${params.length + 1} RETURNING id`, [
      ...params,
      id,
    ]),
    db.statement("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1"),
    ...[attributeVocabularyStatement(db, [row])].filter((v): v is D1PreparedStatement => v !== null),
    // A changed name, phone or place changes its duplicate candidates; dismissed pairs stay dismissed.
    keysByIdStatement(db, id, row),
    db.statement("DELETE FROM duplicate_pairs WHERE (low_id = ?1 OR high_id = ?1) AND status = 'open'", [id]),
    ...candidateStatements(db, "k.business_id = ?1", [id]),
    ...(kept ? [...listChangeStatements(db, ONE_BUSINESS, [id], 1), ...rebalanceStatements(db)] : []),
    ...(options.alongside ?? []),
  ]);
  return results[leave.length].results.length > 0;
}

/** Features a business until `until` (unix seconds), or ends it with null; nothing else changes. */
export async function setFeaturedUntil(db: Db, id: number, until: number | null, alongside: D1PreparedStatement[] = []): Promise<boolean> {
  const [update] = await db.batch([
    db.statement("UPDATE businesses SET featured_until = ?1, updated_at = unixepoch() WHERE id = ?2 RETURNING id", [until, id]),
    db.statement("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1"),
    ...alongside,
  ]);
  return update.results.length > 0;
}

/**
 * Sets a business's claimed mark from its owners (business_owners): claimed since its earliest
 * verified owner that is not revoked, unclaimed without one. `ownersChange` (a claim granted or
 * revoked) runs first in the same atomic batch, `alongside` (audit) after; false when no such business.
 */
export async function syncClaim(
  db: Db,
  id: number,
  ownersChange: D1PreparedStatement[],
  alongside: D1PreparedStatement[] = [],
): Promise<boolean> {
  const results = await db.batch([
    ...ownersChange,
    db.statement(
      `UPDATE businesses SET claimed_at = (SELECT min(verified_at) FROM business_owners WHERE business_id = ?1 AND revoked_at IS NULL),
         updated_at = unixepoch() WHERE id = ?1 RETURNING id`,
      [id],
    ),
    db.statement("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1"),
    ...alongside,
  ]);
  return results[ownersChange.length].results.length > 0;
}

/** Whether a business has this slug now (a retired one's old slug may be reused). */
export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return (await stored(db, [], [slug])).slugs.has(slug);
}

/**
 * A new slug for a business: the old one stays in old_slugs, so /details/{old} answers a
 * 301 to the business. A slug another business holds is refused by the unique index (false).
 */
export async function changeSlug(db: Db, id: number, slug: string): Promise<boolean> {
  try {
    const results = await db.batch([
      db.statement("INSERT OR REPLACE INTO old_slugs (slug, business_id) SELECT slug, id FROM businesses WHERE id = ?1 AND slug <> ?2", [
        id,
        slug,
      ]),
      db.statement("DELETE FROM old_slugs WHERE slug = ?1", [slug]),
      // A canonical URL that named the old address follows it: the old address 301s to the
      // canonical URL, which would otherwise be itself (a redirect loop).
      db.statement(
        `UPDATE businesses SET canonical_url = substr(canonical_url, 1, length(canonical_url) - length(slug)) || ?2
         WHERE id = ?1 AND slug <> ?2 AND (canonical_url = '/details/' || slug OR canonical_url LIKE '%://%/details/' || slug)`,
        [id, slug],
      ),
      db.statement("UPDATE businesses SET slug = ?2, updated_at = unixepoch() WHERE id = ?1 RETURNING id", [id, slug]),
      db.statement("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1"),
    ]);
    return results[3].results.length > 0;
  } catch (error) {
    if (String(error).includes("UNIQUE")) return false;
    throw error;
  }
}

export async function setVerified(db: Db, id: number, verified: boolean): Promise<boolean> {
  const [update] = await db.batch([
    db.statement("UPDATE businesses SET is_verified = ?1, updated_at = unixepoch() WHERE id = ?2 RETURNING id", [verified ? 1 : 0, id]),
    db.statement("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1"),
  ]);
  return update.results.length > 0;
}

/**
 * Deletes one business; its URLs then answer 410, or with `mergedInto` a 301 to that business
 * (retireStatements records it in the same batch; ADR 0019). `first` (a guard that fails the batch)
 * runs before the delete and `alongside` (an audit row, a submission's decision) after it, in the same
 * atomic batch.
 */
export async function deleteBusiness(
  db: Db,
  id: number,
  options: { mergedInto?: number; first?: D1PreparedStatement[]; alongside?: D1PreparedStatement[] } = {},
): Promise<boolean> {
  const kept = await listsKept(db);
  const leave = [
    ...(options.first ?? []),
    ...(options.mergedInto ? [moveReviewsStatement(db, id, options.mergedInto)] : []),
    ...retireStatements(db, id, options.mergedInto ?? null),
    ...(kept ? listChangeStatements(db, ONE_BUSINESS, [id], -1) : []),
  ];
  const results = await db.batch([
    ...leave,
    db.statement("DELETE FROM businesses WHERE id = ?1 RETURNING id", [id]),
    db.statement("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1"),
    ...(kept ? rebalanceStatements(db) : []),
    ...(options.alongside ?? []),
  ]);
  return results[leave.length].results.length > 0;
}

/**
 * A merge keeps the removed business's reviews (docs/reviews.md): they move to the kept one before
 * the delete, in the same batch, but for the reviewers who already reviewed the kept one (one review
 * per address and business); those go with the removed business (its delete trigger). The triggers
 * on reviews move the own rating with them.
 */
function moveReviewsStatement(db: Db, removeId: number, keepId: number): D1PreparedStatement {
  return db.statement(
    `UPDATE reviews SET business_id = ?2, updated_at = unixepoch()
     WHERE business_id = ?1 AND email NOT IN (SELECT email FROM reviews WHERE business_id = ?2)`,
    [removeId, keepId],
  );
}

/** Rows deleted per statement, so a large directory is emptied without one giant transaction. */
export const DELETE_CHUNK_ROWS = 2000;

const markRebuild = (db: Db) => db.statement("UPDATE site_stats SET lists_need_rebuild = 1, data_version = data_version + 1 WHERE id = 1");

/**
 * Removing every business, in three parts so a workflow can run it as steps (delete-all-workflow.server.ts):
 * begin, any number of chunks, end. The list positions are emptied at once and not kept per chunk
 * (that cost more than the deletes: over 5 min at 1,000,000 businesses): lists_need_rebuild is set
 * first, so pages are read with an exact OFFSET meanwhile; every chunk sets it again, so a rebuild by
 * a concurrent import's finishWrites cannot leave stale lists. Each chunk is one atomic batch and the
 * delete triggers keep the FTS index and the summaries exact after every chunk. If businesses remain
 * at the end (a concurrent import), the lists are rebuilt; if it stops half-way, the next
 * finishWrites or delete-all does that. Every part may run again after a failure.
 */
export async function beginDeleteAll(db: Db): Promise<void> {
  // The attribute counts are emptied too: the delete trigger leaves them alone while the lists need a rebuild.
  await db.batch([markRebuild(db), ...emptyListStatements(db), db.statement("DELETE FROM attribute_counts")]);
}

/** Deletes up to `rows` businesses (the lowest ids) in one atomic batch; returns how many went. */
export async function deleteAllChunk(db: Db, rows = DELETE_CHUNK_ROWS): Promise<number> {
  const [removed] = await db.batch<{ id: number }>([
    db.statement("DELETE FROM businesses WHERE id IN (SELECT id FROM businesses ORDER BY id LIMIT ?1) RETURNING id", [rows]),
    markRebuild(db),
  ]);
  return removed.results.length;
}

/** Drops the summaries' empty rows and settles the lists: emptied, or rebuilt if businesses arrived meanwhile. */
export async function endDeleteAll(db: Db): Promise<void> {
  const remaining = await db.first<{ n: number }>("SELECT count(*) AS n FROM (SELECT 1 FROM businesses LIMIT 1)");
  await db.batch([
    db.statement("DELETE FROM categories WHERE business_count <= 0"),
    db.statement("DELETE FROM cities WHERE business_count <= 0"),
    db.statement("DELETE FROM city_countries WHERE business_count <= 0"),
    db.statement("DELETE FROM countries WHERE business_count <= 0"),
    db.statement("DELETE FROM city_categories WHERE business_count <= 0"),
    // Each business's delete trigger took its reviews; none is left without its business (docs/reviews.md).
    db.statement("DELETE FROM reviews WHERE NOT EXISTS (SELECT 1 FROM businesses AS b WHERE b.id = reviews.business_id)"),
    ...(remaining?.n
      ? [...rebuildListStatements(db), ...recountAttributeStatements(db)]
      : // Empty already, unless a concurrent finishWrites rebuilt them between two chunks.
        [
          ...emptyListStatements(db),
          // Counts a concurrent import added for businesses deleted since (their delete left the counts alone).
          db.statement("DELETE FROM attribute_counts"),
          db.statement("UPDATE site_stats SET lists_need_rebuild = 0 WHERE id = 1 AND NOT EXISTS (SELECT 1 FROM businesses)"),
        ]),
  ]);
}

/** Removes every business in one call (the seed and tests; the admin's delete-all runs as a workflow). */
export async function deleteAllBusinesses(db: Db): Promise<number> {
  await beginDeleteAll(db);
  let deleted = 0;
  for (;;) {
    const changes = await deleteAllChunk(db);
    deleted += changes;
    if (changes < DELETE_CHUNK_ROWS) break;
  }
  await endDeleteAll(db);
  return deleted;
}

export type SeoFill = { id: number; seoTitle: string; seoDescription: string; uniqueContent: string };

/**
 * Generated SEO text: fills uniqueContent only where it is empty and
 * each of seoTitle / seoDescription only where that one is empty, so an admin's text is never
 * overwritten. One statement per call, one JSON parameter. Returns the ids updated.
 */
export async function fillSeoContent(db: Db, fills: ReadonlyArray<SeoFill>): Promise<number> {
  if (fills.length === 0) return 0;
  const [update] = await db.batch([
    db.statement(
      `UPDATE businesses SET
         seo_title = coalesce(nullif(seo_title, ''), j.value ->> 'seoTitle'),
         seo_description = coalesce(nullif(seo_description, ''), j.value ->> 'seoDescription'),
         unique_content = j.value ->> 'uniqueContent',
         unique_content_generated = 1,
         updated_at = unixepoch()
       FROM json_each(?1) AS j
       WHERE businesses.id = j.value ->> 'id' AND (businesses.unique_content IS NULL OR businesses.unique_content = '')
       RETURNING businesses.id`,
      [JSON.stringify(fills)],
    ),
    db.statement("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1"),
  ]);
  return update.results.length;
}
