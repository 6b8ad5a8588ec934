-- Admin sessions (server-side, with expiry) and failed logins (for throttling).
-- The cookie carries only a signed random id; the table stores its SHA-256, so a copy of the
-- database does not hand out live sessions. See docs/decisions/admin-sessions.md.
CREATE TABLE admin_sessions (
  id_hash TEXT PRIMARY KEY NOT NULL,
  username TEXT NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  expires_at INTEGER NOT NULL
);
--> statement-breakpoint
CREATE INDEX admin_sessions_expires_idx ON admin_sessions (expires_at);
--> statement-breakpoint
-- One row per failed login; rows older than the throttle window are pruned on each failure.
CREATE TABLE login_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  client TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
--> statement-breakpoint
CREATE INDEX login_failures_client_idx ON login_failures (client, created_at);
--> statement-breakpoint
CREATE INDEX login_failures_created_idx ON login_failures (created_at);
