-- Fields an admin edited by hand (a JSON array of column names), which an import in
-- update mode never overwrites (docs/decisions/0018-reimport-update.md).
ALTER TABLE businesses ADD COLUMN edited_fields text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
-- An import's mode ('skip': a known place_id is skipped, SPEC §3; 'update': it is refreshed) and how
-- many known businesses it refreshed.
ALTER TABLE imports ADD COLUMN mode text DEFAULT 'skip' NOT NULL;
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN updated integer DEFAULT 0 NOT NULL;
