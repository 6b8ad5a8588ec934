-- Delete-all empties the list positions at once (docs/decisions/0011-list-positions.md): while this
-- flag is 1 the lists are not kept and pages are read with an exact ORDER BY … OFFSET; it is cleared
-- when the directory is empty, or when the lists are rebuilt after a delete-all that stopped half-way.
ALTER TABLE site_stats ADD COLUMN lists_need_rebuild integer DEFAULT 0 NOT NULL;
