-- Faster bulk writes and cheaper rank passes (docs/decisions/0001, 0002).
--
-- 1. site_stats.bulk_from_id: while the write module inserts a chunk it holds the highest id before
--    the chunk; the per-row insert trigger stands aside and the same atomic batch updates the FTS
--    index and the summaries set-based for the rows above it (one statement per table instead of a
--    dozen per row). Outside a bulk batch it is NULL and the trigger works as before.
-- 2. list_ranks replaces the rank_* columns of businesses: narrow rows (list, rank) → business id,
--    rebuilt in one batch, so a rank pass no longer rewrites every wide business row.
-- 3. Covering indexes per scope feed the rank pass and the exact fallback queries.
-- 4. An edit marks ranks dirty only when it changes what lists are ordered or scoped by.

ALTER TABLE site_stats ADD COLUMN bulk_from_id integer;
--> statement-breakpoint
CREATE TABLE list_ranks (
  list text NOT NULL,
  rank integer NOT NULL,
  business_id integer NOT NULL,
  PRIMARY KEY (list, rank)
) WITHOUT ROWID;
--> statement-breakpoint
DROP INDEX businesses_rank_all_idx;
--> statement-breakpoint
DROP INDEX businesses_rank_latest_idx;
--> statement-breakpoint
DROP INDEX businesses_category_rank_idx;
--> statement-breakpoint
DROP INDEX businesses_group_rank_idx;
--> statement-breakpoint
DROP INDEX businesses_city_rank_idx;
--> statement-breakpoint
ALTER TABLE businesses DROP COLUMN rank_all;
--> statement-breakpoint
ALTER TABLE businesses DROP COLUMN rank_latest;
--> statement-breakpoint
ALTER TABLE businesses DROP COLUMN rank_category;
--> statement-breakpoint
ALTER TABLE businesses DROP COLUMN rank_group;
--> statement-breakpoint
ALTER TABLE businesses DROP COLUMN rank_city;
--> statement-breakpoint
CREATE INDEX businesses_category_order_idx ON businesses (category_slug, score, id);
--> statement-breakpoint
CREATE INDEX businesses_group_order_idx ON businesses (group_slug, score, id);
--> statement-breakpoint
CREATE INDEX businesses_city_order_idx ON businesses (city_slug, score, id);
--> statement-breakpoint
DROP TRIGGER businesses_ai;
--> statement-breakpoint
CREATE TRIGGER businesses_ai AFTER INSERT ON businesses
WHEN (SELECT bulk_from_id FROM site_stats WHERE id = 1) IS NULL BEGIN
  INSERT INTO businesses_fts (rowid, name, category, subtypes, description, keywords)
    VALUES (new.id, new.name, new.category, new.subtypes, new.description, new.keywords);
  UPDATE site_stats SET
    total_businesses = total_businesses + 1,
    verified_businesses = verified_businesses + new.is_verified,
    ranks_dirty = 1
  WHERE id = 1;
  INSERT OR IGNORE INTO categories (slug, name, group_slug, business_count)
    SELECT new.category_slug, new.category, new.group_slug, 0 WHERE new.category_slug <> '';
  UPDATE categories SET business_count = business_count + 1 WHERE slug = new.category_slug;
  UPDATE category_groups SET business_count = business_count + 1 WHERE slug = new.group_slug;
  INSERT OR IGNORE INTO cities (slug, name, business_count)
    SELECT new.city_slug, new.city, 0 WHERE new.city_slug <> '';
  UPDATE cities SET business_count = business_count + 1 WHERE slug = new.city_slug;
  INSERT OR IGNORE INTO city_countries (city_slug, country, name, state, business_count)
    SELECT new.city_slug, new.country, new.city, new.state, 0 WHERE new.city_slug <> '';
  UPDATE city_countries SET business_count = business_count + 1
    WHERE city_slug = new.city_slug AND country = new.country;
  INSERT OR IGNORE INTO countries (name, code, business_count)
    SELECT new.country, new.country_code, 0 WHERE new.country <> '';
  UPDATE countries SET business_count = business_count + 1 WHERE name = new.country;
END;
--> statement-breakpoint
DROP TRIGGER businesses_au;
--> statement-breakpoint
CREATE TRIGGER businesses_au AFTER UPDATE OF
  name, category, category_slug, group_slug, subtypes, description, keywords,
  city, city_slug, state, country, country_code, is_verified, score, created_at
ON businesses BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, category, subtypes, description, keywords)
    VALUES ('delete', old.id, old.name, old.category, old.subtypes, old.description, old.keywords);
  INSERT INTO businesses_fts (rowid, name, category, subtypes, description, keywords)
    VALUES (new.id, new.name, new.category, new.subtypes, new.description, new.keywords);
  UPDATE site_stats SET
    verified_businesses = verified_businesses - old.is_verified + new.is_verified,
    ranks_dirty = max(ranks_dirty, (old.score IS NOT new.score OR old.created_at IS NOT new.created_at
      OR old.category_slug IS NOT new.category_slug OR old.group_slug IS NOT new.group_slug
      OR old.city_slug IS NOT new.city_slug))
  WHERE id = 1;
  UPDATE categories SET business_count = business_count - 1 WHERE slug = old.category_slug;
  UPDATE category_groups SET business_count = business_count - 1 WHERE slug = old.group_slug;
  UPDATE cities SET business_count = business_count - 1 WHERE slug = old.city_slug;
  UPDATE city_countries SET business_count = business_count - 1
    WHERE city_slug = old.city_slug AND country = old.country;
  UPDATE countries SET business_count = business_count - 1 WHERE name = old.country;
  INSERT OR IGNORE INTO categories (slug, name, group_slug, business_count)
    SELECT new.category_slug, new.category, new.group_slug, 0 WHERE new.category_slug <> '';
  UPDATE categories SET business_count = business_count + 1 WHERE slug = new.category_slug;
  UPDATE category_groups SET business_count = business_count + 1 WHERE slug = new.group_slug;
  INSERT OR IGNORE INTO cities (slug, name, business_count)
    SELECT new.city_slug, new.city, 0 WHERE new.city_slug <> '';
  UPDATE cities SET business_count = business_count + 1 WHERE slug = new.city_slug;
  INSERT OR IGNORE INTO city_countries (city_slug, country, name, state, business_count)
    SELECT new.city_slug, new.country, new.city, new.state, 0 WHERE new.city_slug <> '';
  UPDATE city_countries SET business_count = business_count + 1
    WHERE city_slug = new.city_slug AND country = new.country;
  INSERT OR IGNORE INTO countries (name, code, business_count)
    SELECT new.country, new.country_code, 0 WHERE new.country <> '';
  UPDATE countries SET business_count = business_count + 1 WHERE name = new.country;
END;
