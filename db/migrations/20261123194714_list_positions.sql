-- List positions without dense ranks (docs/decisions/0011-list-positions.md, replacing 0002).
--
-- Each public list is cut into blocks (at most 100 businesses, split in halves when they grow past
-- it) grouped into sections (at most 100 blocks). Sections keep their position in the list, blocks
-- their count; every write adjusts the block and section it lands in and the positions of the
-- sections after it in the same batch, so a write costs rows in proportion to what it changes,
-- not to the directory. This migration cuts the existing lists into blocks of 50 and sections of
-- 50 blocks (room to grow both ways) and drops list_ranks, which nothing reads any more.
CREATE TABLE list_sections (
  id integer PRIMARY KEY,
  list text NOT NULL,
  start_key real NOT NULL,
  start_id integer NOT NULL,
  entries integer DEFAULT 0 NOT NULL,
  position integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX list_sections_start_idx ON list_sections (list, start_key, start_id);
--> statement-breakpoint
CREATE INDEX list_sections_position_idx ON list_sections (list, position);
--> statement-breakpoint
CREATE TABLE list_blocks (
  id integer PRIMARY KEY,
  list text NOT NULL,
  section_id integer NOT NULL,
  start_key real NOT NULL,
  start_id integer NOT NULL,
  entries integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX list_blocks_start_idx ON list_blocks (list, start_key, start_id);
--> statement-breakpoint
CREATE INDEX list_blocks_section_idx ON list_blocks (section_id, start_key, start_id);
--> statement-breakpoint
CREATE INDEX list_blocks_rebalance_idx ON list_blocks (list) WHERE entries > 100 OR entries < 0;
--> statement-breakpoint
CREATE TABLE lists_touched (
  list text PRIMARY KEY NOT NULL,
  rebalanced integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO list_sections (list, start_key, start_id, entries, position)
SELECT list, CASE WHEN n = 0 THEN 1e300 ELSE key END, CASE WHEN n = 0 THEN 0 ELSE id END, min(2500, total - n), n
FROM (SELECT 'all' AS list, score AS key, id,
    row_number() OVER ( ORDER BY score DESC, id DESC) - 1 AS n,
    count(*) OVER () AS total
  FROM businesses)
WHERE n % 2500 = 0;
--> statement-breakpoint
INSERT INTO list_blocks (list, section_id, start_key, start_id, entries)
SELECT list, 0, CASE WHEN n = 0 THEN 1e300 ELSE key END, CASE WHEN n = 0 THEN 0 ELSE id END, min(50, total - n)
FROM (SELECT 'all' AS list, score AS key, id,
    row_number() OVER ( ORDER BY score DESC, id DESC) - 1 AS n,
    count(*) OVER () AS total
  FROM businesses)
WHERE n % 50 = 0;
--> statement-breakpoint
INSERT INTO list_sections (list, start_key, start_id, entries, position)
SELECT list, CASE WHEN n = 0 THEN 1e300 ELSE key END, CASE WHEN n = 0 THEN 0 ELSE id END, min(2500, total - n), n
FROM (SELECT 'latest' AS list, created_at AS key, id,
    row_number() OVER ( ORDER BY created_at DESC, id DESC) - 1 AS n,
    count(*) OVER () AS total
  FROM businesses)
WHERE n % 2500 = 0;
--> statement-breakpoint
INSERT INTO list_blocks (list, section_id, start_key, start_id, entries)
SELECT list, 0, CASE WHEN n = 0 THEN 1e300 ELSE key END, CASE WHEN n = 0 THEN 0 ELSE id END, min(50, total - n)
FROM (SELECT 'latest' AS list, created_at AS key, id,
    row_number() OVER ( ORDER BY created_at DESC, id DESC) - 1 AS n,
    count(*) OVER () AS total
  FROM businesses)
WHERE n % 50 = 0;
--> statement-breakpoint
INSERT INTO list_sections (list, start_key, start_id, entries, position)
SELECT list, CASE WHEN n = 0 THEN 1e300 ELSE key END, CASE WHEN n = 0 THEN 0 ELSE id END, min(2500, total - n), n
FROM (SELECT 'c:' || category_slug AS list, score AS key, id,
    row_number() OVER (PARTITION BY category_slug ORDER BY score DESC, id DESC) - 1 AS n,
    count(*) OVER (PARTITION BY category_slug) AS total
  FROM businesses)
WHERE n % 2500 = 0;
--> statement-breakpoint
INSERT INTO list_blocks (list, section_id, start_key, start_id, entries)
SELECT list, 0, CASE WHEN n = 0 THEN 1e300 ELSE key END, CASE WHEN n = 0 THEN 0 ELSE id END, min(50, total - n)
FROM (SELECT 'c:' || category_slug AS list, score AS key, id,
    row_number() OVER (PARTITION BY category_slug ORDER BY score DESC, id DESC) - 1 AS n,
    count(*) OVER (PARTITION BY category_slug) AS total
  FROM businesses)
WHERE n % 50 = 0;
--> statement-breakpoint
INSERT INTO list_sections (list, start_key, start_id, entries, position)
SELECT list, CASE WHEN n = 0 THEN 1e300 ELSE key END, CASE WHEN n = 0 THEN 0 ELSE id END, min(2500, total - n), n
FROM (SELECT 'g:' || group_slug AS list, score AS key, id,
    row_number() OVER (PARTITION BY group_slug ORDER BY score DESC, id DESC) - 1 AS n,
    count(*) OVER (PARTITION BY group_slug) AS total
  FROM businesses)
WHERE n % 2500 = 0;
--> statement-breakpoint
INSERT INTO list_blocks (list, section_id, start_key, start_id, entries)
SELECT list, 0, CASE WHEN n = 0 THEN 1e300 ELSE key END, CASE WHEN n = 0 THEN 0 ELSE id END, min(50, total - n)
FROM (SELECT 'g:' || group_slug AS list, score AS key, id,
    row_number() OVER (PARTITION BY group_slug ORDER BY score DESC, id DESC) - 1 AS n,
    count(*) OVER (PARTITION BY group_slug) AS total
  FROM businesses)
WHERE n % 50 = 0;
--> statement-breakpoint
INSERT INTO list_sections (list, start_key, start_id, entries, position)
SELECT list, CASE WHEN n = 0 THEN 1e300 ELSE key END, CASE WHEN n = 0 THEN 0 ELSE id END, min(2500, total - n), n
FROM (SELECT 'city:' || city_slug AS list, score AS key, id,
    row_number() OVER (PARTITION BY city_slug ORDER BY score DESC, id DESC) - 1 AS n,
    count(*) OVER (PARTITION BY city_slug) AS total
  FROM businesses)
WHERE n % 2500 = 0;
--> statement-breakpoint
INSERT INTO list_blocks (list, section_id, start_key, start_id, entries)
SELECT list, 0, CASE WHEN n = 0 THEN 1e300 ELSE key END, CASE WHEN n = 0 THEN 0 ELSE id END, min(50, total - n)
FROM (SELECT 'city:' || city_slug AS list, score AS key, id,
    row_number() OVER (PARTITION BY city_slug ORDER BY score DESC, id DESC) - 1 AS n,
    count(*) OVER (PARTITION BY city_slug) AS total
  FROM businesses)
WHERE n % 50 = 0;
--> statement-breakpoint
UPDATE list_blocks SET section_id = (
  SELECT s.id FROM list_sections s
  WHERE s.list = list_blocks.list AND (s.start_key, s.start_id) >= (list_blocks.start_key, list_blocks.start_id)
  ORDER BY s.start_key, s.start_id LIMIT 1
);
--> statement-breakpoint
DROP TABLE list_ranks;
--> statement-breakpoint
UPDATE site_stats SET ranks_dirty = 0, data_version = data_version + 1 WHERE id = 1;
