-- Search facets (docs/decisions/0007-search-facets.md).
--
-- 1. businesses.facets: a computed column holding the search's filters as seven FTS tokens (city,
--    state, country, postal code, category, group, rating tenths), e.g.
--    "cichicago0 stIL0 coUS0 zi606010 caitalianrestaurant0 grrestaurants0 ra450". The trailing "0"
--    keeps the porter stemmer off them; app/lib/search-query.ts (facetToken) spells queries the same.
-- 2. businesses_fts gains a `facets` column (weight 0 in bm25), so "restaurant in Chicago, rated 4+"
--    is ONE FTS match and the search reads only the page's rows from `businesses`.
-- 3. Indexes for the search's "highest rated" and "most reviewed" orders (walked when the match is
--    dense; a sparse match is read and sorted).
-- 4. The FTS index gets its own triggers (businesses_fts_*). They also fire on the rating, postal
--    code and state, which the facets hold. The summary triggers of 0001/0005 are recreated unchanged
--    but for the FTS statements they lose (an external-content FTS delete must be given exactly the
--    indexed values, facets included, so the old statements cannot stay).

ALTER TABLE `businesses` ADD `facets` text GENERATED ALWAYS AS ('ci' || replace(city_slug, '-', '') || '0 st' || replace(state_code, '-', '') || '0 co' || country_code
        || '0 zi' || replace(replace(zip_code, ' ', ''), '-', '') || '0 ca' || replace(category_slug, '-', '')
        || '0 gr' || replace(group_slug, '-', '') || '0 ra' || CAST(round(rating * 10) AS INTEGER) || '0') VIRTUAL;
--> statement-breakpoint
CREATE INDEX `businesses_rating_order_idx` ON `businesses` (`rating`,`review_count`,`id`);
--> statement-breakpoint
CREATE INDEX `businesses_reviews_order_idx` ON `businesses` (`review_count`,`rating`,`id`);
--> statement-breakpoint
DROP TRIGGER businesses_ai;
--> statement-breakpoint
DROP TRIGGER businesses_au;
--> statement-breakpoint
DROP TRIGGER businesses_ad;
--> statement-breakpoint
DROP TABLE businesses_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE businesses_fts USING fts5(
  name, category, subtypes, description, keywords, facets,
  content='businesses', content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO businesses_fts (businesses_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER businesses_fts_ai AFTER INSERT ON businesses
WHEN (SELECT bulk_from_id FROM site_stats WHERE id = 1) IS NULL BEGIN
  INSERT INTO businesses_fts (rowid, name, category, subtypes, description, keywords, facets)
    VALUES (new.id, new.name, new.category, new.subtypes, new.description, new.keywords, new.facets);
END;
--> statement-breakpoint
CREATE TRIGGER businesses_fts_ad AFTER DELETE ON businesses BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, category, subtypes, description, keywords, facets)
    VALUES ('delete', old.id, old.name, old.category, old.subtypes, old.description, old.keywords, old.facets);
END;
--> statement-breakpoint
CREATE TRIGGER businesses_fts_au AFTER UPDATE OF
  name, category, subtypes, description, keywords,
  city_slug, state_code, country_code, zip_code, category_slug, group_slug, rating
ON businesses BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, category, subtypes, description, keywords, facets)
    VALUES ('delete', old.id, old.name, old.category, old.subtypes, old.description, old.keywords, old.facets);
  INSERT INTO businesses_fts (rowid, name, category, subtypes, description, keywords, facets)
    VALUES (new.id, new.name, new.category, new.subtypes, new.description, new.keywords, new.facets);
END;
--> statement-breakpoint
CREATE TRIGGER businesses_ai AFTER INSERT ON businesses
WHEN (SELECT bulk_from_id FROM site_stats WHERE id = 1) IS NULL BEGIN
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
CREATE TRIGGER businesses_ad AFTER DELETE ON businesses BEGIN
  UPDATE site_stats SET
    total_businesses = total_businesses - 1,
    verified_businesses = verified_businesses - old.is_verified,
    ranks_dirty = 1
  WHERE id = 1;
  UPDATE categories SET business_count = business_count - 1 WHERE slug = old.category_slug;
  UPDATE category_groups SET business_count = business_count - 1 WHERE slug = old.group_slug;
  UPDATE cities SET business_count = business_count - 1 WHERE slug = old.city_slug;
  UPDATE city_countries SET business_count = business_count - 1
    WHERE city_slug = old.city_slug AND country = old.country;
  UPDATE countries SET business_count = business_count - 1 WHERE name = old.country;
END;
--> statement-breakpoint
CREATE TRIGGER businesses_au AFTER UPDATE OF
  name, category, category_slug, group_slug, subtypes, description, keywords,
  city, city_slug, state, country, country_code, is_verified, score, created_at
ON businesses BEGIN
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
