-- Attributes and opening times as filters (docs/search-and-lists.md, "Filters").
--
-- businesses.filter_terms: the business's filter tokens as a JSON array, written by the writer from
-- `about` and the weekly hours (app/lib/business/attributes.ts): one per attribute it has
-- ("atoutdoorseating0"), "oplate0" (open late), "op24h0" (open 24 hours) and one per offered weekly
-- slot it is open at ("opsun100": Sunday 10:00). The FTS index gains it as a last column (its
-- tokenizer reads the JSON's strings as tokens), so a filter is one more token AND-ed into a
-- listing's match: exact at any size, as the facets are. NULL: no filter term. Rows stored before
-- this migration get theirs from the backfill job (docs/search-and-lists.md).
ALTER TABLE businesses ADD COLUMN filter_terms TEXT;
--> statement-breakpoint
DROP TRIGGER businesses_fts_ad;
--> statement-breakpoint
DROP TRIGGER businesses_fts_au;
--> statement-breakpoint
DROP TABLE businesses_fts_terms;
--> statement-breakpoint
DROP TABLE businesses_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE businesses_fts USING fts5(
  name, category, subtypes, description, keywords, facets, geo_terms, near_facets, filter_terms,
  content='businesses', content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO businesses_fts (businesses_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE businesses_fts_terms USING fts5vocab('businesses_fts', 'instance');
--> statement-breakpoint
CREATE TRIGGER businesses_fts_ad AFTER DELETE ON businesses BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, category, subtypes, description, keywords, facets, geo_terms, near_facets, filter_terms)
    VALUES ('delete', old.id, old.name, old.category, old.subtypes, old.description, old.keywords, old.facets, old.geo_terms, old.near_facets, old.filter_terms);
END;
--> statement-breakpoint
CREATE TRIGGER businesses_fts_au AFTER UPDATE OF
  name, category, subtypes, description, keywords,
  city_slug, state_code, country_code, zip_code, category_slug, group_slug, rating,
  latitude, longitude, filter_terms
ON businesses BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, category, subtypes, description, keywords, facets, geo_terms, near_facets, filter_terms)
    VALUES ('delete', old.id, old.name, old.category, old.subtypes, old.description, old.keywords, old.facets, old.geo_terms, old.near_facets, old.filter_terms);
  INSERT INTO businesses_fts (rowid, name, category, subtypes, description, keywords, facets, geo_terms, near_facets, filter_terms)
    VALUES (new.id, new.name, new.category, new.subtypes, new.description, new.keywords, new.facets, new.geo_terms, new.near_facets, new.filter_terms);
END;
--> statement-breakpoint
-- The attributes met in imports and edits: a term's slug (the URL's has=), its label as the data
-- spells it, and its group. Written by the writer (INSERT OR IGNORE: the first spelling stays).
CREATE TABLE attributes (
  term TEXT PRIMARY KEY NOT NULL,
  slug TEXT NOT NULL,
  label TEXT NOT NULL,
  group_name TEXT NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
-- How many businesses of a listing have each filter term (not the weekly slots): the counts beside
-- the filters ("Outdoor seating (12)"), exact. scope: 'all', 'city:{slug}', 'category:{slug}',
-- 'group:{slug}', 'city:{slug}/category:{slug}', 'city:{slug}/group:{slug}'. The writer adds a
-- batch's new rows set-based; edits and deletes keep them by the triggers below. A count may fall to
-- 0 (the row stays): readers take business_count > 0.
CREATE TABLE attribute_counts (
  scope TEXT NOT NULL,
  term TEXT NOT NULL,
  business_count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, term)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX attribute_counts_top_idx ON attribute_counts (scope, business_count);
--> statement-breakpoint
CREATE TRIGGER attribute_counts_ad AFTER DELETE ON businesses WHEN old.filter_terms IS NOT NULL BEGIN
  UPDATE attribute_counts SET business_count = business_count - 1
  WHERE (scope, term) IN (SELECT s.value AS scope, j.value AS term FROM json_each(old.filter_terms) AS j, json_each(json_array('all',
      CASE WHEN old.city_slug <> '' THEN 'city:' || old.city_slug END,
      CASE WHEN old.category_slug <> '' THEN 'category:' || old.category_slug END,
      CASE WHEN old.group_slug <> '' THEN 'group:' || old.group_slug END,
      CASE WHEN old.city_slug <> '' AND old.category_slug <> '' THEN 'city:' || old.city_slug || '/category:' || old.category_slug END,
      CASE WHEN old.city_slug <> '' AND old.group_slug <> '' THEN 'city:' || old.city_slug || '/group:' || old.group_slug END)) AS s
    WHERE s.value IS NOT NULL AND j.value NOT GLOB 'op[a-z][a-z][a-z][0-9][0-9]0');
END;
--> statement-breakpoint
CREATE TRIGGER attribute_counts_au AFTER UPDATE OF filter_terms, city_slug, category_slug, group_slug ON businesses
WHEN old.filter_terms IS NOT new.filter_terms OR old.city_slug IS NOT new.city_slug
  OR old.category_slug IS NOT new.category_slug OR old.group_slug IS NOT new.group_slug
BEGIN
  UPDATE attribute_counts SET business_count = business_count - 1
  WHERE old.filter_terms IS NOT NULL AND (scope, term) IN (SELECT s.value AS scope, j.value AS term FROM json_each(old.filter_terms) AS j, json_each(json_array('all',
      CASE WHEN old.city_slug <> '' THEN 'city:' || old.city_slug END,
      CASE WHEN old.category_slug <> '' THEN 'category:' || old.category_slug END,
      CASE WHEN old.group_slug <> '' THEN 'group:' || old.group_slug END,
      CASE WHEN old.city_slug <> '' AND old.category_slug <> '' THEN 'city:' || old.city_slug || '/category:' || old.category_slug END,
      CASE WHEN old.city_slug <> '' AND old.group_slug <> '' THEN 'city:' || old.city_slug || '/group:' || old.group_slug END)) AS s
    WHERE s.value IS NOT NULL AND j.value NOT GLOB 'op[a-z][a-z][a-z][0-9][0-9]0');
  INSERT INTO attribute_counts (scope, term, business_count)
    SELECT s.value AS scope, j.value AS term, 1 FROM json_each(new.filter_terms) AS j, json_each(json_array('all',
      CASE WHEN new.city_slug <> '' THEN 'city:' || new.city_slug END,
      CASE WHEN new.category_slug <> '' THEN 'category:' || new.category_slug END,
      CASE WHEN new.group_slug <> '' THEN 'group:' || new.group_slug END,
      CASE WHEN new.city_slug <> '' AND new.category_slug <> '' THEN 'city:' || new.city_slug || '/category:' || new.category_slug END,
      CASE WHEN new.city_slug <> '' AND new.group_slug <> '' THEN 'city:' || new.city_slug || '/group:' || new.group_slug END)) AS s
    WHERE s.value IS NOT NULL AND j.value NOT GLOB 'op[a-z][a-z][a-z][0-9][0-9]0'
  ON CONFLICT (scope, term) DO UPDATE SET business_count = business_count + 1;
END;
