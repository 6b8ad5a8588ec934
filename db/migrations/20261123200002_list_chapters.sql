-- Chapters over the list sections (docs/decisions/0011-list-positions.md). Sections stored their
-- position in the whole list, so a write near the top of a list of 1,000,000 rewrote ~400 section
-- positions (and their index rows). Now a chapter (at most 32 sections) keeps its count and a section
-- its position within its chapter: a write rewrites at most 31 positions per list, and a reader adds
-- up the list's few chapters. This groups the existing sections 16 to a chapter.
CREATE TABLE list_chapters (
  id integer PRIMARY KEY,
  list text NOT NULL,
  start_key real NOT NULL,
  start_id integer NOT NULL,
  entries integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX list_chapters_start_idx ON list_chapters (list, start_key, start_id);
--> statement-breakpoint
ALTER TABLE list_sections ADD COLUMN chapter_id integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP INDEX list_sections_position_idx;
--> statement-breakpoint
INSERT INTO list_chapters (list, start_key, start_id, entries)
SELECT list, start_key, start_id, 0
FROM (SELECT list, start_key, start_id, row_number() OVER (PARTITION BY list ORDER BY start_key DESC, start_id DESC) - 1 AS n FROM list_sections)
WHERE n % 16 = 0;
--> statement-breakpoint
UPDATE list_sections SET chapter_id = (
  SELECT c.id FROM list_chapters c
  WHERE c.list = list_sections.list AND (c.start_key > list_sections.start_key
    OR (c.start_key = list_sections.start_key AND c.start_id >= list_sections.start_id))
  ORDER BY c.start_key, c.start_id LIMIT 1
);
--> statement-breakpoint
UPDATE list_chapters SET entries = (SELECT coalesce(sum(entries), 0) FROM list_sections WHERE chapter_id = list_chapters.id);
--> statement-breakpoint
UPDATE list_sections SET position = p.position
FROM (
  SELECT id, coalesce(sum(entries) OVER (PARTITION BY chapter_id ORDER BY start_key DESC, start_id DESC
    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS position
  FROM list_sections
) AS p
WHERE list_sections.id = p.id;
--> statement-breakpoint
CREATE INDEX list_sections_chapter_position_idx ON list_sections (chapter_id, position);
