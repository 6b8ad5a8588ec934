/**
 * The one write path for businesses: seed, import, admin edit and delete all come through here.
 * Summary tables and the FTS index follow by trigger (db/migrations/0001_fts_summaries.sql); this
 * module owns slugs, duplicate detection, the list ranks and the data version.
 */
import { prepareBusiness, type PreparedBusiness, type ValidBusinessInput } from "~/lib/business";
import type { Db } from "./db.server";

/** Columns written from a PreparedBusiness (slug is resolved separately). */
const INSERT_COLUMNS = [
  "place_id", "name", "category", "category_slug", "group_slug", "subtypes", "keywords", "description",
  "address", "city", "city_slug", "state", "state_code", "zip_code", "country", "country_code", "phone",
  "email", "website", "rating", "review_count", "score", "is_open", "is_verified", "photos",
  "opening_hours", "about", "time_zone", "latitude", "longitude", "location_link", "business_status",
  "seo_title", "seo_description", "canonical_url", "unique_content",
] as const satisfies ReadonlyArray<keyof PreparedBusiness>;

/**
 * Rows per INSERT. Each statement binds ONE parameter (a JSON array read by json_each), which keeps
 * D1's 100-bound-parameter limit no matter how many columns a row has.
 */
export const INSERT_CHUNK_ROWS = 200;

const INSERT_SQL = `INSERT INTO businesses (slug, ${INSERT_COLUMNS.join(", ")}, import_id, created_at, updated_at)
SELECT j.value ->> 'slug', ${INSERT_COLUMNS.map((c) => `j.value ->> '${c}'`).join(", ")},
  j.value ->> 'import_id',
  coalesce(j.value ->> 'created_at', unixepoch()), coalesce(j.value ->> 'created_at', unixepoch())
FROM json_each(?1) AS j WHERE true
ON CONFLICT(place_id) DO NOTHING
RETURNING id`;

const PENDING_SLUG_PREFIX = "~pending-";

export type InsertOutcome = {
  inserted: number;
  /** Indexes (into the input array) skipped because their place_id already exists or repeats. */
  duplicates: number[];
};

type SlugRow = { slug: string };

/** Picks a free slug for each row: name, then name-city, then name-city-2, -3, … */
async function resolveSlugs(db: Db, rows: PreparedBusiness[]): Promise<string[]> {
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  for (const r of rows) {
    if (!r.base_slug) continue;
    exact.add(r.base_slug);
    const withCity = r.city_slug && r.city_slug !== r.base_slug ? `${r.base_slug}-${r.city_slug}` : r.base_slug;
    exact.add(withCity);
    prefixes.add(withCity);
  }
  const taken = new Set<string>();
  if (exact.size) {
    const found = await db.all<SlugRow>(
      `SELECT slug FROM businesses WHERE slug IN (SELECT value FROM json_each(?1))
       UNION SELECT b.slug FROM json_each(?2) AS p JOIN businesses AS b
         ON b.slug > p.value || '-' AND b.slug < p.value || '.'`,
      [JSON.stringify([...exact]), JSON.stringify([...prefixes])],
    );
    for (const f of found) taken.add(f.slug);
  }
  return rows.map((r) => {
    if (!r.base_slug) return `${PENDING_SLUG_PREFIX}${crypto.randomUUID()}`;
    let slug = r.base_slug;
    if (taken.has(slug)) {
      const withCity = r.city_slug && r.city_slug !== r.base_slug ? `${r.base_slug}-${r.city_slug}` : r.base_slug;
      slug = withCity;
      for (let n = 2; taken.has(slug); n++) slug = `${withCity}-${n}`;
    }
    taken.add(slug);
    return slug;
  });
}

/**
 * Inserts businesses in chunks; a place_id already stored, or repeated in the input, is a duplicate
 * and skipped. Each chunk is one atomic batch, so a failure leaves earlier chunks complete and the
 * failed one absent. Ranks are left dirty: call `finishWrites` once the whole operation is done.
 */
export async function insertBusinesses(
  db: Db,
  inputs: ReadonlyArray<ValidBusinessInput>,
  options: { importId?: number } = {},
): Promise<InsertOutcome> {
  const outcome: InsertOutcome = { inserted: 0, duplicates: [] };
  const seen = new Set<string>();
  for (let start = 0; start < inputs.length; start += INSERT_CHUNK_ROWS) {
    const chunk = inputs.slice(start, start + INSERT_CHUNK_ROWS).map((input, i) => ({
      index: start + i,
      row: prepareBusiness(input),
    }));
    const placeIds = chunk.map((c) => c.row.place_id).filter((p): p is string => Boolean(p));
    const existing = new Set<string>();
    if (placeIds.length) {
      const found = await db.all<{ place_id: string }>(
        "SELECT place_id FROM businesses WHERE place_id IN (SELECT value FROM json_each(?1))",
        [JSON.stringify(placeIds)],
      );
      for (const f of found) existing.add(f.place_id);
    }
    const fresh = chunk.filter((c) => {
      const id = c.row.place_id;
      if (id && (existing.has(id) || seen.has(id))) {
        outcome.duplicates.push(c.index);
        return false;
      }
      if (id) seen.add(id);
      return true;
    });
    if (fresh.length === 0) continue;
    const slugs = await resolveSlugs(db, fresh.map((c) => c.row));
    const payload = fresh.map((c, i) => {
      const { base_slug: _base, ...columns } = c.row;
      return { ...columns, slug: slugs[i], import_id: options.importId ?? null };
    });
    const pending = slugs.filter((s) => s.startsWith(PENDING_SLUG_PREFIX));
    const statements = [db.statement(INSERT_SQL, [JSON.stringify(payload)])];
    if (pending.length) {
      // A name with no Latin letters and no category/city: the slug falls back to the id (CLARIFICATIONS 9).
      statements.push(
        db.statement(
          "UPDATE businesses SET slug = 'business-' || id WHERE slug IN (SELECT value FROM json_each(?1))",
          [JSON.stringify(pending)],
        ),
      );
    }
    // meta.changes counts trigger writes too; RETURNING counts exactly the rows inserted.
    const [insert] = await db.batch(statements);
    outcome.inserted += insert.results.length;
  }
  return outcome;
}

/** Recomputes the dense list positions (docs/decisions/0002) and clears the dirty flag, atomically. */
function rankStatements(db: Db): D1PreparedStatement[] {
  return [
    db.statement(`UPDATE businesses SET
        rank_all = r.ra, rank_latest = r.rl, rank_category = r.rc, rank_group = r.rg, rank_city = r.rci
      FROM (SELECT id,
          row_number() OVER (ORDER BY score DESC, id DESC) AS ra,
          row_number() OVER (ORDER BY created_at DESC, id DESC) AS rl,
          row_number() OVER (PARTITION BY category_slug ORDER BY score DESC, id DESC) AS rc,
          row_number() OVER (PARTITION BY group_slug ORDER BY score DESC, id DESC) AS rg,
          row_number() OVER (PARTITION BY city_slug ORDER BY score DESC, id DESC) AS rci
        FROM businesses) AS r
      WHERE businesses.id = r.id AND (rank_all IS NOT r.ra OR rank_latest IS NOT r.rl
        OR rank_category IS NOT r.rc OR rank_group IS NOT r.rg OR rank_city IS NOT r.rci)`),
    db.statement("UPDATE site_stats SET ranks_dirty = 0, data_version = data_version + 1 WHERE id = 1"),
  ];
}

/** Ends a write operation: list ranks recomputed, data version bumped (edge caches key on it). */
export async function finishWrites(db: Db): Promise<void> {
  await db.batch(rankStatements(db));
}

/** Fields an admin edit may change; the slug stays stable so links keep working. */
export async function updateBusiness(db: Db, id: number, input: ValidBusinessInput): Promise<boolean> {
  const row = prepareBusiness(input);
  const columns = INSERT_COLUMNS.filter((c) => c !== "place_id" || row.place_id !== null);
  const assignments = columns.map((c, i) => `${c} = ?${i + 1}`).join(", ");
  const params = columns.map((c) => row[c]);
  const [update] = await db.batch([
    db.statement(`UPDATE businesses SET ${assignments}, updated_at = unixepoch() WHERE id = ?${params.length + 1} RETURNING id`, [
      ...params,
      id,
    ]),
    ...rankStatements(db),
  ]);
  return update.results.length > 0;
}

export async function setVerified(db: Db, id: number, verified: boolean): Promise<boolean> {
  const [update] = await db.batch([
    db.statement("UPDATE businesses SET is_verified = ?1, updated_at = unixepoch() WHERE id = ?2 RETURNING id", [
      verified ? 1 : 0,
      id,
    ]),
    db.statement("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1"),
  ]);
  return update.results.length > 0;
}

export async function deleteBusiness(db: Db, id: number): Promise<boolean> {
  const [del] = await db.batch([db.statement("DELETE FROM businesses WHERE id = ?1 RETURNING id", [id]), ...rankStatements(db)]);
  return del.results.length > 0;
}

/** Rows deleted per statement, so a large directory is emptied without one giant transaction. */
const DELETE_CHUNK_ROWS = 2000;

/** Removes every business; summaries fall to zero through the triggers, then empty rows go too. */
export async function deleteAllBusinesses(db: Db): Promise<number> {
  let deleted = 0;
  for (;;) {
    const removed = await db.all<{ id: number }>(
      "DELETE FROM businesses WHERE id IN (SELECT id FROM businesses ORDER BY id LIMIT ?1) RETURNING id",
      [DELETE_CHUNK_ROWS],
    );
    const changes = removed.length;
    deleted += changes;
    if (changes < DELETE_CHUNK_ROWS) break;
  }
  await db.batch([
    db.statement("DELETE FROM categories WHERE business_count <= 0"),
    db.statement("DELETE FROM cities WHERE business_count <= 0"),
    db.statement("DELETE FROM city_countries WHERE business_count <= 0"),
    db.statement("DELETE FROM countries WHERE business_count <= 0"),
    ...rankStatements(db),
  ]);
  return deleted;
}

export type SeoFill = { id: number; seoTitle: string; seoDescription: string; uniqueContent: string };

/**
 * Generated SEO text (issue 5, CLARIFICATIONS 32): fills uniqueContent only where it is empty and
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
