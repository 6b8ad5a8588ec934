-- Issue 20 item 5: generated text from facts. Which uniqueContent SEO generation wrote (1) rather
-- than an admin or an import (0), so GENERATED_TEXT=off can hide generated text and keep an admin's.
-- Text written before this column existed counts as not generated (it is shown either way).
ALTER TABLE businesses ADD COLUMN unique_content_generated integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A business's category in its city, best first: the generator's comparison and nearby peers read
-- at most a few dozen entries of it per city × category (app/server/seo.server.ts).
CREATE INDEX businesses_city_category_score_idx ON businesses (city_slug, category_slug, score, id);
