CREATE TABLE `businesses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`place_id` text,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`category` text DEFAULT '' NOT NULL,
	`category_slug` text DEFAULT '' NOT NULL,
	`group_slug` text DEFAULT 'other' NOT NULL,
	`subtypes` text DEFAULT '' NOT NULL,
	`keywords` text DEFAULT '' NOT NULL,
	`description` text,
	`address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`city_slug` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`state_code` text DEFAULT '' NOT NULL,
	`zip_code` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`country_code` text DEFAULT '' NOT NULL,
	`phone` text,
	`email` text,
	`website` text,
	`rating` real DEFAULT 0 NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`score` real DEFAULT 0 NOT NULL,
	`is_open` integer DEFAULT true NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`photos` text DEFAULT '[]' NOT NULL,
	`opening_hours` text,
	`about` text,
	`time_zone` text,
	`latitude` real,
	`longitude` real,
	`location_link` text,
	`business_status` text,
	`seo_title` text,
	`seo_description` text,
	`canonical_url` text,
	`unique_content` text,
	`import_id` integer,
	`rank_all` integer,
	`rank_latest` integer,
	`rank_category` integer,
	`rank_group` integer,
	`rank_city` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `businesses_place_id_unique` ON `businesses` (`place_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `businesses_slug_unique` ON `businesses` (`slug`);--> statement-breakpoint
CREATE INDEX `businesses_rank_all_idx` ON `businesses` (`rank_all`);--> statement-breakpoint
CREATE INDEX `businesses_rank_latest_idx` ON `businesses` (`rank_latest`);--> statement-breakpoint
CREATE INDEX `businesses_category_rank_idx` ON `businesses` (`category_slug`,`rank_category`);--> statement-breakpoint
CREATE INDEX `businesses_group_rank_idx` ON `businesses` (`group_slug`,`rank_group`);--> statement-breakpoint
CREATE INDEX `businesses_city_rank_idx` ON `businesses` (`city_slug`,`rank_city`);--> statement-breakpoint
CREATE INDEX `businesses_order_idx` ON `businesses` (`score`,`id`);--> statement-breakpoint
CREATE INDEX `businesses_created_idx` ON `businesses` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `businesses_country_idx` ON `businesses` (`country_code`,`id`);--> statement-breakpoint
CREATE INDEX `businesses_verified_idx` ON `businesses` (`is_verified`,`id`);--> statement-breakpoint
CREATE TABLE `categories` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`group_slug` text NOT NULL,
	`business_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `categories_count_idx` ON `categories` ("business_count" desc,`name`);--> statement-breakpoint
CREATE INDEX `categories_group_idx` ON `categories` (`group_slug`);--> statement-breakpoint
CREATE TABLE `category_groups` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`business_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `cities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`business_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cities_slug_unique` ON `cities` (`slug`);--> statement-breakpoint
CREATE INDEX `cities_count_idx` ON `cities` ("business_count" desc,`name`);--> statement-breakpoint
CREATE TABLE `city_countries` (
	`city_slug` text NOT NULL,
	`country` text NOT NULL,
	`name` text NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`business_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`city_slug`, `country`)
);
--> statement-breakpoint
CREATE INDEX `city_countries_country_idx` ON `city_countries` (`country`,`name`);--> statement-breakpoint
CREATE TABLE `countries` (
	`name` text PRIMARY KEY NOT NULL,
	`code` text DEFAULT '' NOT NULL,
	`business_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `countries_count_idx` ON `countries` ("business_count" desc,`name`);--> statement-breakpoint
CREATE TABLE `imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`r2_key` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`uploaded_by` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`message` text,
	`total_rows` integer DEFAULT 0 NOT NULL,
	`processed_rows` integer DEFAULT 0 NOT NULL,
	`imported` integer DEFAULT 0 NOT NULL,
	`duplicates_skipped` integer DEFAULT 0 NOT NULL,
	`total_errors` integer DEFAULT 0 NOT NULL,
	`errors` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `imports_created_idx` ON `imports` (`created_at`);--> statement-breakpoint
CREATE TABLE `site_stats` (
	`id` integer PRIMARY KEY NOT NULL,
	`total_businesses` integer DEFAULT 0 NOT NULL,
	`verified_businesses` integer DEFAULT 0 NOT NULL,
	`categories` integer DEFAULT 0 NOT NULL,
	`total_cities` integer DEFAULT 0 NOT NULL,
	`data_version` integer DEFAULT 0 NOT NULL,
	`ranks_dirty` integer DEFAULT 0 NOT NULL
);
