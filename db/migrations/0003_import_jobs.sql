-- Chunked imports (docs/decisions/0003-chunked-import.md): where the next chunk starts, which reader
-- the stored file needs, and a lease so two status polls never process the same chunk at once.
ALTER TABLE `imports` ADD `format` text DEFAULT 'xlsx' NOT NULL;--> statement-breakpoint
ALTER TABLE `imports` ADD `header_row` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `imports` ADD `next_row` integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE `imports` ADD `lease_until` integer;--> statement-breakpoint
-- SEO generation walks the businesses without content by id and counts what is left: a partial
-- index keeps both proportional to the businesses still to do.
CREATE INDEX `businesses_needs_content_idx` ON `businesses` (`id`) WHERE `unique_content` IS NULL OR `unique_content` = '';
