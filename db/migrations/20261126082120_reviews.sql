-- Reviews written here (docs/reviews.md): a visitor's stars, title and text for a business, published
-- only after the e-mailed link is followed, held by the automatic checks or hidden by the admin.
-- status: 'unverified' (link not followed yet), 'published', 'held' (the checks held it for the admin),
-- 'hidden' (the admin hid it). One review per address and business (an edit replaces it; `history`
-- keeps the earlier versions as a JSON array). Replies: one by the verified owner or the operator.
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  business_id INTEGER NOT NULL,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  rating INTEGER NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  visit_month TEXT,
  status TEXT NOT NULL DEFAULT 'unverified',
  held_reason TEXT,
  locale TEXT,
  sender TEXT NOT NULL DEFAULT '',
  -- The normalised text's SHA-256: the same text on several businesses is held (repeated text).
  body_hash TEXT NOT NULL DEFAULT '',
  helpful_count INTEGER NOT NULL DEFAULT 0,
  report_count INTEGER NOT NULL DEFAULT 0,
  reply_body TEXT,
  reply_by TEXT,
  reply_at INTEGER,
  history TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  published_at INTEGER,
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE UNIQUE INDEX reviews_business_email_unique ON reviews (business_id, email);
-- A business's published reviews, newest first and most helpful first: a seek per page.
CREATE INDEX reviews_business_newest_idx ON reviews (business_id, published_at, id) WHERE status = 'published';
CREATE INDEX reviews_business_helpful_idx ON reviews (business_id, helpful_count, id) WHERE status = 'published';
-- The admin's queue: held reviews, and published ones that visitors reported.
CREATE INDEX reviews_status_idx ON reviews (status, id);
CREATE INDEX reviews_reported_idx ON reviews (report_count, id) WHERE report_count > 0 AND status = 'published';
CREATE INDEX reviews_body_hash_idx ON reviews (body_hash) WHERE body_hash <> '';

-- One-time links of a review: 'verify' (publishes it; expires) — its SHA-256 only, as sign-in links.
CREATE TABLE review_links (
  token_hash TEXT NOT NULL PRIMARY KEY,
  review_id INTEGER NOT NULL,
  purpose TEXT NOT NULL DEFAULT 'verify',
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX review_links_review_idx ON review_links (review_id);

-- Helpful votes: one per browser (a random id in a cookie, hashed) and review.
CREATE TABLE review_votes (
  review_id INTEGER NOT NULL,
  voter TEXT NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  PRIMARY KEY (review_id, voter)
) WITHOUT ROWID;

-- Reports of a review by visitors (and owners): the reason, for the admin.
CREATE TABLE review_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  review_id INTEGER NOT NULL,
  reason TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  sender TEXT NOT NULL DEFAULT '',
  by_owner INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX review_reports_review_idx ON review_reports (review_id, id);

-- The business's own rating from its published reviews here, kept by the triggers below (O(change)):
-- their count, the sum of their stars, and the count per star (1★ to 5★).
ALTER TABLE businesses ADD COLUMN own_review_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE businesses ADD COLUMN own_rating_sum INTEGER NOT NULL DEFAULT 0;
ALTER TABLE businesses ADD COLUMN own_stars_1 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE businesses ADD COLUMN own_stars_2 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE businesses ADD COLUMN own_stars_3 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE businesses ADD COLUMN own_stars_4 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE businesses ADD COLUMN own_stars_5 INTEGER NOT NULL DEFAULT 0;
-- When the first review here was published (JSON-LD marks up aggregateRating from then on).
ALTER TABLE businesses ADD COLUMN first_review_at INTEGER;

CREATE TRIGGER reviews_summary_ai AFTER INSERT ON reviews WHEN new.status = 'published' BEGIN
  UPDATE businesses SET own_review_count = own_review_count + 1, own_rating_sum = own_rating_sum + new.rating,
    own_stars_1 = own_stars_1 + (new.rating = 1), own_stars_2 = own_stars_2 + (new.rating = 2),
    own_stars_3 = own_stars_3 + (new.rating = 3), own_stars_4 = own_stars_4 + (new.rating = 4),
    own_stars_5 = own_stars_5 + (new.rating = 5), first_review_at = coalesce(first_review_at, new.published_at)
  WHERE id = new.business_id;
END;
CREATE TRIGGER reviews_summary_au AFTER UPDATE OF status, rating, business_id ON reviews
WHEN old.status = 'published' OR new.status = 'published' BEGIN
  UPDATE businesses SET own_review_count = own_review_count - 1, own_rating_sum = own_rating_sum - old.rating,
    own_stars_1 = own_stars_1 - (old.rating = 1), own_stars_2 = own_stars_2 - (old.rating = 2),
    own_stars_3 = own_stars_3 - (old.rating = 3), own_stars_4 = own_stars_4 - (old.rating = 4),
    own_stars_5 = own_stars_5 - (old.rating = 5)
  WHERE id = old.business_id AND old.status = 'published';
  UPDATE businesses SET own_review_count = own_review_count + 1, own_rating_sum = own_rating_sum + new.rating,
    own_stars_1 = own_stars_1 + (new.rating = 1), own_stars_2 = own_stars_2 + (new.rating = 2),
    own_stars_3 = own_stars_3 + (new.rating = 3), own_stars_4 = own_stars_4 + (new.rating = 4),
    own_stars_5 = own_stars_5 + (new.rating = 5), first_review_at = coalesce(first_review_at, new.published_at)
  WHERE id = new.business_id AND new.status = 'published';
END;
CREATE TRIGGER reviews_summary_ad AFTER DELETE ON reviews WHEN old.status = 'published' BEGIN
  UPDATE businesses SET own_review_count = own_review_count - 1, own_rating_sum = own_rating_sum - old.rating,
    own_stars_1 = own_stars_1 - (old.rating = 1), own_stars_2 = own_stars_2 - (old.rating = 2),
    own_stars_3 = own_stars_3 - (old.rating = 3), own_stars_4 = own_stars_4 - (old.rating = 4),
    own_stars_5 = own_stars_5 - (old.rating = 5)
  WHERE id = old.business_id;
END;
-- A deleted business takes its reviews along (a merge moves them first: docs/reviews.md).
CREATE TRIGGER reviews_after_business_delete AFTER DELETE ON businesses BEGIN
  DELETE FROM reviews WHERE business_id = old.id;
END;
CREATE TRIGGER review_children_after_review_delete AFTER DELETE ON reviews BEGIN
  DELETE FROM review_links WHERE review_id = old.id;
  DELETE FROM review_votes WHERE review_id = old.id;
  DELETE FROM review_reports WHERE review_id = old.id;
END;
