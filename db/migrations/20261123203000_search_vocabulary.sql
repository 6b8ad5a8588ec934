-- The FTS index's vocabulary (ADR 0012): one row per term instance, read only by seeks
-- (`term >= ?` … LIMIT 1), so the search can expand a typed prefix into at most a few stored terms
-- instead of letting FTS5 build the prefix's whole doclist. A virtual table over businesses_fts:
-- nothing is stored, nothing to keep in sync.
CREATE VIRTUAL TABLE businesses_fts_terms USING fts5vocab('businesses_fts', 'instance');
