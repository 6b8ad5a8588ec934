-- The review histogram (Outscraper's reviews_per_score_1..5) as a JSON array, 1★ to 5★.
ALTER TABLE businesses ADD COLUMN reviews_per_score text;
--> statement-breakpoint
-- Every row error of an import, for its downloadable error report.
CREATE TABLE import_errors (
  id integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  import_id integer NOT NULL,
  row integer NOT NULL,
  "column" text DEFAULT '' NOT NULL,
  value text DEFAULT '' NOT NULL,
  reason text NOT NULL
);
--> statement-breakpoint
CREATE INDEX import_errors_import_idx ON import_errors (import_id, row);
--> statement-breakpoint
-- The audit log of admin actions, newest first.
CREATE TABLE audit_log (
  id integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  at integer DEFAULT (unixepoch()) NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  detail text DEFAULT '' NOT NULL,
  target_id integer
);
--> statement-breakpoint
CREATE INDEX audit_log_at_idx ON audit_log (at, id);
