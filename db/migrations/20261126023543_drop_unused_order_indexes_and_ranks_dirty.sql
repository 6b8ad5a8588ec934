-- Drops what nothing reads. EXPLAIN QUERY PLAN over every statement the app ran in the list, search,
-- sitemap, export, admin and writer tests, and over a 20,000-business seed with and without ANALYZE,
-- used neither index.
-- - businesses_rating_order_idx and businesses_reviews_order_idx were made for a search walking the
--   "highest rated" and "most reviewed" orders over a dense match. The bounded searches
--   (docs/decisions/0012-bounded-search.md, 0015-bounded-filter-search.md) order a window of
--   candidates in JS and never ask SQLite for those orders, yet every insert and rating change
--   wrote two entries more.
-- - site_stats.ranks_dirty flagged stale dense list ranks (docs/decisions/0002-dense-list-ranks.md).
--   List positions (docs/decisions/0011-list-positions.md) need no rank pass and nothing reads it,
--   but the summary triggers set it on every edit and delete. SQLite does not drop a column a
--   trigger names, so businesses_ad and businesses_au are made again first, without it.
--   businesses_au also fired on score and created_at (watched for that flag only) and on name,
--   subtypes, description and keywords (which no summary counts): it now fires on exactly the
--   columns it reads, so a re-import that changes only a rating no longer rewrites the summaries.
DROP INDEX businesses_rating_order_idx;
DROP INDEX businesses_reviews_order_idx;

DROP TRIGGER businesses_ad;
CREATE TRIGGER businesses_ad AFTER DELETE ON businesses BEGIN
  UPDATE site_stats SET
    total_businesses = total_businesses - 1,
    verified_businesses = verified_businesses - old.is_verified
  WHERE id = 1;
  UPDATE categories SET business_count = business_count - 1 WHERE slug = old.category_slug;
  UPDATE category_groups SET business_count = business_count - 1 WHERE slug = old.group_slug;
  UPDATE cities SET business_count = business_count - 1 WHERE slug = old.city_slug;
  UPDATE city_countries SET business_count = business_count - 1
    WHERE city_slug = old.city_slug AND country = old.country;
  UPDATE countries SET business_count = business_count - 1 WHERE name = old.country;
END;

DROP TRIGGER businesses_au;
CREATE TRIGGER businesses_au AFTER UPDATE OF
  category, category_slug, group_slug, city, city_slug, state, country, country_code, is_verified
ON businesses BEGIN
  UPDATE site_stats SET verified_businesses = verified_businesses - old.is_verified + new.is_verified WHERE id = 1;
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

ALTER TABLE site_stats DROP COLUMN ranks_dirty;
