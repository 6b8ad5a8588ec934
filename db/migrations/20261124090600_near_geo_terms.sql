-- Near me within 300 rows at 1,000,000 businesses (docs/decisions/0017-near-me-grid.md).
--
-- 1. businesses.geo_terms: the grid cells of a business's coordinates as six FTS tokens, one per
--    level, each cell 4 times the side of the one before: 0.001° (~110 m), 0.004°, 0.016°, 0.064°,
--    0.256° and 1.024° (~110 km). A token is "zz", the level, the cell's row (latitude + 90 times
--    cells per degree), "x" and its column (longitude + 180 likewise), e.g. "zz0131878x92370".
--    Virtual: nothing is stored; NULL (no token) when a coordinate is missing. Written with the same
--    arithmetic as app/server/near.server.ts (geoToken), so both round alike.
-- 2. businesses_fts gains a `geo_terms` column, so "pizza near this point" is ONE FTS match of the
--    words, the filters and the cells around the point: words and place narrow each other and the
--    search reads only the businesses in both. The index is rebuilt (as 20261122215431 did for
--    facets); its triggers give FTS the geo terms too and fire when the coordinates change.
-- 3. geo_cell (20261123225214) stays with its index: a near search without words or filters reads
--    the grid from it, one index range per row of cells.
ALTER TABLE businesses ADD COLUMN geo_terms text GENERATED ALWAYS AS (
  'zz0' || CAST((latitude + 90) * 1000 AS INTEGER) || 'x' || CAST((longitude + 180) * 1000 AS INTEGER)
  || ' zz1' || CAST((latitude + 90) * 250 AS INTEGER) || 'x' || CAST((longitude + 180) * 250 AS INTEGER)
  || ' zz2' || CAST((latitude + 90) * 62.5 AS INTEGER) || 'x' || CAST((longitude + 180) * 62.5 AS INTEGER)
  || ' zz3' || CAST((latitude + 90) * 15.625 AS INTEGER) || 'x' || CAST((longitude + 180) * 15.625 AS INTEGER)
  || ' zz4' || CAST((latitude + 90) * 3.90625 AS INTEGER) || 'x' || CAST((longitude + 180) * 3.90625 AS INTEGER)
  || ' zz5' || CAST((latitude + 90) * 0.9765625 AS INTEGER) || 'x' || CAST((longitude + 180) * 0.9765625 AS INTEGER)
) VIRTUAL;
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
  name, category, subtypes, description, keywords, facets, geo_terms,
  content='businesses', content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO businesses_fts (businesses_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE businesses_fts_terms USING fts5vocab('businesses_fts', 'instance');
--> statement-breakpoint
CREATE TRIGGER businesses_fts_ad AFTER DELETE ON businesses BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, category, subtypes, description, keywords, facets, geo_terms)
    VALUES ('delete', old.id, old.name, old.category, old.subtypes, old.description, old.keywords, old.facets, old.geo_terms);
END;
--> statement-breakpoint
CREATE TRIGGER businesses_fts_au AFTER UPDATE OF
  name, category, subtypes, description, keywords,
  city_slug, state_code, country_code, zip_code, category_slug, group_slug, rating,
  latitude, longitude
ON businesses BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, category, subtypes, description, keywords, facets, geo_terms)
    VALUES ('delete', old.id, old.name, old.category, old.subtypes, old.description, old.keywords, old.facets, old.geo_terms);
  INSERT INTO businesses_fts (rowid, name, category, subtypes, description, keywords, facets, geo_terms)
    VALUES (new.id, new.name, new.category, new.subtypes, new.description, new.keywords, new.facets, new.geo_terms);
END;
