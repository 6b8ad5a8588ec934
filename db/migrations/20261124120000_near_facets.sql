-- Near me with filters (docs/decisions/0017-near-me-grid.md): near-me D1 time flat from 10k to 1,000,000.
--
-- FTS5 intersects doclists in rowid order and rowids say nothing about place, so "coffee rated 4.5+
-- near here" walked the doclists of every business in the disc that holds the page (11,090 in New
-- York at 1M, ~10 ms). businesses.near_facets joins a business's filter facets with its grid cells,
-- so a near search with a category or a minimum rating walks only the businesses of that facet in
-- the disc:
-- - per level of geo_terms from 0.004° to 1.024° (×4 a level), the cell joined with the category
--   ("ca" + slug), the category group ("gr" + slug) and the rating band ("rb" + 45, 40, 35, 30 or 0:
--   4.5–5, 4–4.5, 3.5–4, 3–3.5, below 3 — the bounds of the search's minimum-rating choices).
--   Not at 0.001°: a cell that small holds one business of a facet or none, so its tokens would be
--   nearly one term per business (measured at 1M: the FTS index grew 166 MB with them, 178 → 344).
-- - spelled "zz", level, row, "x", column (as geo_terms), then the facet and a closing "0" that keeps
--   the porter stemmer off, e.g. "zz1132676x26498cacoffeeshop0". app/server/near.server.ts
--   (nearFacetToken) spells them for queries; "zz" + digit keeps the prefix expansion off them.
-- Virtual: nothing is stored in businesses; NULL (no token) when a coordinate is missing. One
-- printf, not `||`: 54 concatenations pass SQLite's expression depth limit (100). The FTS
-- index gains a last column and is rebuilt (as 20261124090600 did); its triggers, which already fire
-- on the category, group, rating and coordinates, give it the new column.
ALTER TABLE businesses ADD COLUMN near_facets text GENERATED ALWAYS AS (
  CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL THEN printf(
    'zz1%dx%dca%s0 zz1%dx%dgr%s0 zz1%dx%drb%d0 zz2%dx%dca%s0 zz2%dx%dgr%s0 zz2%dx%drb%d0 zz3%dx%dca%s0 zz3%dx%dgr%s0 zz3%dx%drb%d0 zz4%dx%dca%s0 zz4%dx%dgr%s0 zz4%dx%drb%d0 zz5%dx%dca%s0 zz5%dx%dgr%s0 zz5%dx%drb%d0',
    CAST((latitude + 90) * 250 AS INTEGER), CAST((longitude + 180) * 250 AS INTEGER), replace(category_slug, '-', ''),
    CAST((latitude + 90) * 250 AS INTEGER), CAST((longitude + 180) * 250 AS INTEGER), replace(group_slug, '-', ''),
    CAST((latitude + 90) * 250 AS INTEGER), CAST((longitude + 180) * 250 AS INTEGER), CASE WHEN round(rating * 10) >= 45 THEN 45 WHEN round(rating * 10) >= 40 THEN 40 WHEN round(rating * 10) >= 35 THEN 35 WHEN round(rating * 10) >= 30 THEN 30 ELSE 0 END,
    CAST((latitude + 90) * 62.5 AS INTEGER), CAST((longitude + 180) * 62.5 AS INTEGER), replace(category_slug, '-', ''),
    CAST((latitude + 90) * 62.5 AS INTEGER), CAST((longitude + 180) * 62.5 AS INTEGER), replace(group_slug, '-', ''),
    CAST((latitude + 90) * 62.5 AS INTEGER), CAST((longitude + 180) * 62.5 AS INTEGER), CASE WHEN round(rating * 10) >= 45 THEN 45 WHEN round(rating * 10) >= 40 THEN 40 WHEN round(rating * 10) >= 35 THEN 35 WHEN round(rating * 10) >= 30 THEN 30 ELSE 0 END,
    CAST((latitude + 90) * 15.625 AS INTEGER), CAST((longitude + 180) * 15.625 AS INTEGER), replace(category_slug, '-', ''),
    CAST((latitude + 90) * 15.625 AS INTEGER), CAST((longitude + 180) * 15.625 AS INTEGER), replace(group_slug, '-', ''),
    CAST((latitude + 90) * 15.625 AS INTEGER), CAST((longitude + 180) * 15.625 AS INTEGER), CASE WHEN round(rating * 10) >= 45 THEN 45 WHEN round(rating * 10) >= 40 THEN 40 WHEN round(rating * 10) >= 35 THEN 35 WHEN round(rating * 10) >= 30 THEN 30 ELSE 0 END,
    CAST((latitude + 90) * 3.90625 AS INTEGER), CAST((longitude + 180) * 3.90625 AS INTEGER), replace(category_slug, '-', ''),
    CAST((latitude + 90) * 3.90625 AS INTEGER), CAST((longitude + 180) * 3.90625 AS INTEGER), replace(group_slug, '-', ''),
    CAST((latitude + 90) * 3.90625 AS INTEGER), CAST((longitude + 180) * 3.90625 AS INTEGER), CASE WHEN round(rating * 10) >= 45 THEN 45 WHEN round(rating * 10) >= 40 THEN 40 WHEN round(rating * 10) >= 35 THEN 35 WHEN round(rating * 10) >= 30 THEN 30 ELSE 0 END,
    CAST((latitude + 90) * 0.9765625 AS INTEGER), CAST((longitude + 180) * 0.9765625 AS INTEGER), replace(category_slug, '-', ''),
    CAST((latitude + 90) * 0.9765625 AS INTEGER), CAST((longitude + 180) * 0.9765625 AS INTEGER), replace(group_slug, '-', ''),
    CAST((latitude + 90) * 0.9765625 AS INTEGER), CAST((longitude + 180) * 0.9765625 AS INTEGER), CASE WHEN round(rating * 10) >= 45 THEN 45 WHEN round(rating * 10) >= 40 THEN 40 WHEN round(rating * 10) >= 35 THEN 35 WHEN round(rating * 10) >= 30 THEN 30 ELSE 0 END
  ) END
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
  name, category, subtypes, description, keywords, facets, geo_terms, near_facets,
  content='businesses', content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO businesses_fts (businesses_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE businesses_fts_terms USING fts5vocab('businesses_fts', 'instance');
--> statement-breakpoint
CREATE TRIGGER businesses_fts_ad AFTER DELETE ON businesses BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, category, subtypes, description, keywords, facets, geo_terms, near_facets)
    VALUES ('delete', old.id, old.name, old.category, old.subtypes, old.description, old.keywords, old.facets, old.geo_terms, old.near_facets);
END;
--> statement-breakpoint
CREATE TRIGGER businesses_fts_au AFTER UPDATE OF
  name, category, subtypes, description, keywords,
  city_slug, state_code, country_code, zip_code, category_slug, group_slug, rating,
  latitude, longitude
ON businesses BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, category, subtypes, description, keywords, facets, geo_terms, near_facets)
    VALUES ('delete', old.id, old.name, old.category, old.subtypes, old.description, old.keywords, old.facets, old.geo_terms, old.near_facets);
  INSERT INTO businesses_fts (rowid, name, category, subtypes, description, keywords, facets, geo_terms, near_facets)
    VALUES (new.id, new.name, new.category, new.subtypes, new.description, new.keywords, new.facets, new.geo_terms, new.near_facets);
END;
