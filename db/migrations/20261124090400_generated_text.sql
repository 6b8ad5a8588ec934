-- Generated text from facts (ADR 0021). Which uniqueContent SEO generation wrote (1) rather
-- than an admin or an import (0), so GENERATED_TEXT=off can hide generated text and keep an admin's.
-- Text written before this column existed counts as not generated (it is shown either way).
ALTER TABLE businesses ADD COLUMN unique_content_generated integer DEFAULT 0 NOT NULL;
-- The generator's comparison and peers read businesses_city_category_order_idx (city_slug,
-- category_slug, score, id), created by 20261124090300_indexing_city_categories for the city x category pages.
