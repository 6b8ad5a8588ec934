-- The search index after a restore (docs/deploying.md, "Backups and restores"). `wrangler d1 export`
-- leaves out FTS5's virtual tables; they are created here as the schema has them (db/schema.sql) and
-- filled from the restored businesses. `npm run backup:drill` checks that they match the source's.
CREATE VIRTUAL TABLE businesses_fts USING fts5(
  name, category, subtypes, description, keywords, facets, geo_terms, near_facets, filter_terms,
  content='businesses', content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2'
);

CREATE VIRTUAL TABLE businesses_fts_terms USING fts5vocab('businesses_fts', 'instance');

INSERT INTO businesses_fts (businesses_fts) VALUES ('rebuild');
