-- Duplicate candidates, merges, 301s and 410s (docs/decisions/0019-duplicates-and-gone.md).
-- The match keys of each business (normalized name, the phone's last nine digits, coordinates), written
-- by the writer from JS (accents and legal suffixes are beyond SQL); a business's candidates are found
-- by index seeks on its own keys when it is inserted or edited, never by a scan.
CREATE TABLE `duplicate_keys` (
	`business_id` integer PRIMARY KEY NOT NULL,
	`name_key` text NOT NULL,
	`phone_key` text DEFAULT '' NOT NULL,
	`latitude` real,
	`longitude` real,
	`cos_lat` real,
	`geo_cell` integer GENERATED ALWAYS AS (CAST((latitude + 90) * 1000 AS INTEGER) * 360000 + CAST((longitude + 180) * 1000 AS INTEGER)) VIRTUAL
);
--> statement-breakpoint
CREATE INDEX `duplicate_keys_phone_idx` ON `duplicate_keys` (`name_key`,`phone_key`);
--> statement-breakpoint
CREATE INDEX `duplicate_keys_geo_idx` ON `duplicate_keys` (`name_key`,`geo_cell`);
--> statement-breakpoint
-- Candidate pairs (low id, high id); a dismissed pair stays so that it is never proposed again.
CREATE TABLE `duplicate_pairs` (
	`low_id` integer NOT NULL,
	`high_id` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`found_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`low_id`, `high_id`)
);
--> statement-breakpoint
CREATE INDEX `duplicate_pairs_status_idx` ON `duplicate_pairs` (`status`,`high_id`,`low_id`);
--> statement-breakpoint
CREATE INDEX `duplicate_pairs_high_idx` ON `duplicate_pairs` (`high_id`);
--> statement-breakpoint
-- Businesses an admin deleted or merged away: their URLs answer 410, or 301 to the business they
-- were merged into. (A delete-all leaves no rows here: its ids are below sqlite_sequence's mark.)
CREATE TABLE `retired_businesses` (
	`id` integer PRIMARY KEY NOT NULL,
	`place_id` text,
	`merged_into` integer,
	`retired_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `retired_businesses_place_idx` ON `retired_businesses` (`place_id`);
--> statement-breakpoint
CREATE INDEX `retired_businesses_merged_idx` ON `retired_businesses` (`merged_into`);
--> statement-breakpoint
-- Slugs a business no longer answers to (changed by an edit, or its business retired) → that business's id.
CREATE TABLE `old_slugs` (
	`slug` text PRIMARY KEY NOT NULL,
	`business_id` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `old_slugs_business_idx` ON `old_slugs` (`business_id`);
--> statement-breakpoint
-- A deleted business takes its keys and its pairs with it (three index seeks per row, delete-all too).
CREATE TRIGGER `duplicate_keys_after_delete` AFTER DELETE ON `businesses` BEGIN
	DELETE FROM duplicate_keys WHERE business_id = old.id;
	DELETE FROM duplicate_pairs WHERE low_id = old.id;
	DELETE FROM duplicate_pairs WHERE high_id = old.id;
END;
