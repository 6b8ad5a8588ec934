-- People who take part (DESIGN.md, docs/people.md): visitors suggest edits, report a business closed
-- or a duplicate, ask to add a business or to advertise; owners claim a business and edit it. Every
-- request waits in one moderation queue (submissions) until an admin decides, except an owner's own
-- edits, which go live at once through the write path.

-- Each shown fact's source and when it was last confirmed: a JSON object keyed by fact ("hours",
-- "phone", "website", "address", "status", "description", "photos") of {"by": "admin" | "owner" |
-- "visitor", "at": unix seconds}. A fact without an entry comes from the import (refreshed_at, or
-- created_at before any refresh). Set by the write path only.
ALTER TABLE businesses ADD COLUMN fact_sources TEXT NOT NULL DEFAULT '{}';
-- Holidays and one-off closures an owner or an admin set: a JSON array of {"from": "YYYY-MM-DD",
-- "to": "YYYY-MM-DD", "closed": true} or {"from", "to", "closed": false, "opens": "HH:MM",
-- "closes": "HH:MM"}, dates in the business's own time zone; null when none.
ALTER TABLE businesses ADD COLUMN special_hours TEXT;
-- When the business's current owner proved control (a verified claim); null when unclaimed or revoked.
ALTER TABLE businesses ADD COLUMN claimed_at INTEGER;
-- Featured (a paid placement the operator invoices outside the site) until this time; it ends by itself.
ALTER TABLE businesses ADD COLUMN featured_until INTEGER;
-- When an update-mode import last changed the business's imported facts; null: as imported (created_at).
ALTER TABLE businesses ADD COLUMN refreshed_at INTEGER;

-- A listing page's featured businesses: a seek on the page's city, category or group among the few
-- featured rows (partial indexes: a business that was never featured has no entry).
CREATE INDEX businesses_featured_city_idx ON businesses (city_slug, featured_until) WHERE featured_until IS NOT NULL;
CREATE INDEX businesses_featured_category_idx ON businesses (category_slug, featured_until) WHERE featured_until IS NOT NULL;
CREATE INDEX businesses_featured_group_idx ON businesses (group_slug, featured_until) WHERE featured_until IS NOT NULL;
CREATE INDEX businesses_featured_until_idx ON businesses (featured_until) WHERE featured_until IS NOT NULL;

-- The moderation queue: one row per request a visitor or an owner sent. kind: 'edit' (suggested
-- facts), 'closed' (reported closed), 'duplicate' (reported a duplicate of another business),
-- 'addition' (Add Your Business), 'claim' (an owner asks the admin to confirm a claim), 'advertise'
-- (an advertising request). status: 'pending', 'approved', 'rejected'. payload: the proposed values
-- as JSON (app/lib/moderation/submission.ts). sender: the SHA-256 of the client address, never shown.
CREATE TABLE submissions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  business_id INTEGER,
  owner_id INTEGER,
  payload TEXT NOT NULL DEFAULT '{}',
  contact_email TEXT,
  sender TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  decided_at INTEGER,
  decided_by TEXT,
  note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX submissions_status_idx ON submissions (status, id);
CREATE INDEX submissions_status_kind_idx ON submissions (status, kind, id);
CREATE INDEX submissions_business_idx ON submissions (business_id, id) WHERE business_id IS NOT NULL;
CREATE INDEX submissions_owner_idx ON submissions (owner_id, id) WHERE owner_id IS NOT NULL;

-- How many submissions of each status and kind: the Moderation tab's counts without counting rows.
CREATE TABLE submission_counts (
  status TEXT NOT NULL,
  kind TEXT NOT NULL,
  n INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (status, kind)
) WITHOUT ROWID;
CREATE TRIGGER submissions_counts_ai AFTER INSERT ON submissions BEGIN
  INSERT INTO submission_counts (status, kind, n) VALUES (new.status, new.kind, 1)
  ON CONFLICT(status, kind) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER submissions_counts_au AFTER UPDATE OF status, kind ON submissions BEGIN
  UPDATE submission_counts SET n = n - 1 WHERE status = old.status AND kind = old.kind;
  INSERT INTO submission_counts (status, kind, n) VALUES (new.status, new.kind, 1)
  ON CONFLICT(status, kind) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER submissions_counts_ad AFTER DELETE ON submissions BEGIN
  UPDATE submission_counts SET n = n - 1 WHERE status = old.status AND kind = old.kind;
END;

-- Business owners: an account per e-mail address (stored in lower case), signed in by one-time e-mailed links (no passwords).
CREATE TABLE owners (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  last_sign_in_at INTEGER
);

-- Owner sessions, as admin_sessions: the cookie holds a signed random id, this table its SHA-256 hex.
CREATE TABLE owner_sessions (
  id_hash TEXT NOT NULL PRIMARY KEY,
  owner_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  expires_at INTEGER NOT NULL
);
CREATE INDEX owner_sessions_owner_idx ON owner_sessions (owner_id);
CREATE INDEX owner_sessions_expires_idx ON owner_sessions (expires_at);

-- One-time sign-in links: the SHA-256 hex of the link's token, the address it was sent to, where it
-- leads, and when it expires; used_at is set by the one sign-in it allows.
CREATE TABLE sign_in_links (
  token_hash TEXT NOT NULL PRIMARY KEY,
  email TEXT NOT NULL,
  next_path TEXT NOT NULL DEFAULT '/owner',
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX sign_in_links_expires_idx ON sign_in_links (expires_at);

-- Who owns which business: method 'email-domain', 'website-token' or 'admin'; a revoked claim keeps
-- its row (revoked_at, revoked_by) for the record.
CREATE TABLE business_owners (
  business_id INTEGER NOT NULL,
  owner_id INTEGER NOT NULL,
  method TEXT NOT NULL,
  verified_at INTEGER NOT NULL,
  revoked_at INTEGER,
  revoked_by TEXT,
  PRIMARY KEY (business_id, owner_id)
) WITHOUT ROWID;
CREATE INDEX business_owners_owner_idx ON business_owners (owner_id, business_id);
CREATE INDEX business_owners_verified_idx ON business_owners (verified_at);

-- The local outbox (EMAIL_OUTBOX = "on", never in production): every e-mail sent, readable in the
-- admin panel, so sign-in links and notices work on a laptop with no outside service.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sent_at INTEGER NOT NULL DEFAULT (unixepoch()),
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT
);

-- A deleted business has no owners (its pending submissions stay, marked "business gone" in the queue).
CREATE TRIGGER business_owners_after_business_delete AFTER DELETE ON businesses BEGIN
  DELETE FROM business_owners WHERE business_id = old.id;
END;
