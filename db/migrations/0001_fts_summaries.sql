-- Full-text index and summary tables, kept exact by triggers so no write path can forget them.
-- The write module (app/server/business-writer.server.ts) is the only writer of `businesses`.

CREATE VIRTUAL TABLE businesses_fts USING fts5(
  name, category, subtypes, description, keywords,
  content='businesses', content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO site_stats (id) VALUES (1);
--> statement-breakpoint
INSERT INTO category_groups (slug, name) VALUES
  ('restaurants', 'Restaurants'),
  ('healthcare', 'Healthcare'),
  ('auto-services', 'Auto Services'),
  ('beauty-wellness', 'Beauty & Wellness'),
  ('home-services', 'Home Services'),
  ('professional-services', 'Professional Services'),
  ('education', 'Education'),
  ('entertainment', 'Entertainment'),
  ('technology', 'Technology'),
  ('shopping', 'Shopping'),
  ('other', 'Other Services');
--> statement-breakpoint
-- Counts of non-empty categories and cities in site_stats follow the summary rows.
CREATE TRIGGER categories_ai AFTER INSERT ON categories WHEN new.business_count > 0 BEGIN
  UPDATE site_stats SET categories = categories + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER categories_au AFTER UPDATE OF business_count ON categories
WHEN (old.business_count > 0) <> (new.business_count > 0) BEGIN
  UPDATE site_stats SET categories = categories + (CASE WHEN new.business_count > 0 THEN 1 ELSE -1 END) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER categories_ad AFTER DELETE ON categories WHEN old.business_count > 0 BEGIN
  UPDATE site_stats SET categories = categories - 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER cities_ai AFTER INSERT ON cities WHEN new.business_count > 0 BEGIN
  UPDATE site_stats SET total_cities = total_cities + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER cities_au AFTER UPDATE OF business_count ON cities
WHEN (old.business_count > 0) <> (new.business_count > 0) BEGIN
  UPDATE site_stats SET total_cities = total_cities + (CASE WHEN new.business_count > 0 THEN 1 ELSE -1 END) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER cities_ad AFTER DELETE ON cities WHEN old.business_count > 0 BEGIN
  UPDATE site_stats SET total_cities = total_cities - 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER businesses_ai AFTER INSERT ON businesses BEGIN
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
CREATE TRIGGER businesses_ad AFTER DELETE ON businesses BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, category, subtypes, description, keywords)
    VALUES ('delete', old.id, old.name, old.category, old.subtypes, old.description, old.keywords);
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
-- Only the columns summaries and search depend on: rank passes update rank_* without firing this.
CREATE TRIGGER businesses_au AFTER UPDATE OF
  name, category, category_slug, group_slug, subtypes, description, keywords,
  city, city_slug, state, country, country_code, is_verified, score
ON businesses BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, category, subtypes, description, keywords)
    VALUES ('delete', old.id, old.name, old.category, old.subtypes, old.description, old.keywords);
  INSERT INTO businesses_fts (rowid, name, category, subtypes, description, keywords)
    VALUES (new.id, new.name, new.category, new.subtypes, new.description, new.keywords);
  UPDATE site_stats SET
    verified_businesses = verified_businesses - old.is_verified + new.is_verified,
    ranks_dirty = 1
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
