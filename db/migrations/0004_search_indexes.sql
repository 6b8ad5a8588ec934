-- Search: a location resolves to one of these columns, and a location-only search lists
-- its businesses by the recommended score, so each gets an index in score order. updated_at gives the
-- sitemaps their lastmod with one index seek.
CREATE INDEX `businesses_city_score_idx` ON `businesses` (`city_slug`,`score`,`id`);--> statement-breakpoint
CREATE INDEX `businesses_state_score_idx` ON `businesses` (`state_code`,`score`,`id`);--> statement-breakpoint
CREATE INDEX `businesses_zip_score_idx` ON `businesses` (`zip_code`,`score`,`id`);--> statement-breakpoint
CREATE INDEX `businesses_country_score_idx` ON `businesses` (`country_code`,`score`,`id`);--> statement-breakpoint
CREATE INDEX `businesses_updated_idx` ON `businesses` (`updated_at`);
