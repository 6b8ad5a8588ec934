-- Each list block's position within its section: the entries of the blocks before it there (as a
-- section keeps its position within its chapter). A deeper page then finds its block by one seek of
-- (section_id, position) instead of adding up its section's blocks in the Worker, so its list
-- positions and its rows are one statement (docs/decisions/0011-list-positions.md, amendment).
ALTER TABLE list_blocks ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE INDEX list_blocks_section_position_idx ON list_blocks (section_id, position);
--> statement-breakpoint
CREATE TABLE sections_touched (
  section_id INTEGER PRIMARY KEY
);
--> statement-breakpoint
WITH p AS (
  SELECT id, coalesce(sum(entries) OVER (PARTITION BY section_id ORDER BY start_key DESC, start_id DESC
    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS position
  FROM list_blocks)
UPDATE list_blocks SET position = p.position FROM p WHERE list_blocks.id = p.id AND list_blocks.position <> p.position;
