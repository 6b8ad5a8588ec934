-- The owners' and the queue's reads at any size (docs/people.md):
-- - the queue of every status filtered by one kind: a seek on (kind, id) instead of a walk of every request;
-- - the sign-in links sent to one address in the last hour (the per-address cap on sign-in e-mails);
-- - the Owners tab's verified, unrevoked claims, newest first: revoked ones are left out of the index,
--   so a page reads its own rows however many claims were revoked.
CREATE INDEX submissions_kind_idx ON submissions (kind, id);
CREATE INDEX sign_in_links_email_idx ON sign_in_links (email, created_at);
DROP INDEX business_owners_verified_idx;
CREATE INDEX business_owners_verified_idx ON business_owners (verified_at) WHERE revoked_at IS NULL;
