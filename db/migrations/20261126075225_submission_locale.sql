-- The language of the page a request was sent from: the notice about its outcome (approved, not
-- applied, claim approved) is written in it. Null: the site's default language.
ALTER TABLE submissions ADD COLUMN locale TEXT;
