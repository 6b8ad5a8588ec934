-- Which pages are indexed, and the city × category pages (docs/decisions/0020-indexing-and-city-categories.md).
-- 1. index_facts: how many of {opening hours, phone, rating > 0} a business has, computed (virtual:
--    nothing stored, no writer change). A business page is indexed and listed in the business
--    sitemaps when index_facts >= INDEX_MIN_FACTS; the (index_facts, id) index lets the sitemap index
--    find the listed businesses of an id range by seeks, whatever the var says. Hours count when a
--    day has a text: with every `:""` (an empty day) taken out, a `:"` (a day with text) is left.
ALTER TABLE businesses ADD COLUMN index_facts integer GENERATED ALWAYS AS (coalesce(instr(replace(replace(opening_hours, ': ', ':'), ':""', ''), ':"') > 0, 0) + coalesce(phone <> '', 0) + (rating > 0)) VIRTUAL;
--> statement-breakpoint
CREATE INDEX businesses_index_facts_idx ON businesses (index_facts, id);
--> statement-breakpoint
-- 2. City × category pages (/city/{city}/{category}): the businesses per city and fine category
--    (kind 'category') and per city and header group (kind 'group'). Kept like the other summaries:
--    inserts by the writer (set-based, same batch), edits and deletes by the triggers below.
CREATE TABLE city_categories (
  id integer PRIMARY KEY,
  city_slug text NOT NULL,
  kind text NOT NULL,
  slug text NOT NULL,
  business_count integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX city_categories_key_idx ON city_categories (city_slug, kind, slug);
--> statement-breakpoint
-- A city's top categories, a category's top cities: one index range each.
CREATE INDEX city_categories_city_idx ON city_categories (city_slug, kind, business_count DESC, slug);
--> statement-breakpoint
CREATE INDEX city_categories_category_idx ON city_categories (kind, slug, business_count DESC, city_slug);
--> statement-breakpoint
-- The pages' order (recommended: score, id) within a city and a category or group.
CREATE INDEX businesses_city_category_order_idx ON businesses (city_slug, category_slug, score, id);
--> statement-breakpoint
CREATE INDEX businesses_city_group_order_idx ON businesses (city_slug, group_slug, score, id);
--> statement-breakpoint
INSERT INTO city_categories (city_slug, kind, slug, business_count)
  SELECT city_slug, 'category', category_slug, count(*) FROM businesses
  WHERE city_slug <> '' AND category_slug <> '' GROUP BY city_slug, category_slug;
--> statement-breakpoint
INSERT INTO city_categories (city_slug, kind, slug, business_count)
  SELECT city_slug, 'group', group_slug, count(*) FROM businesses
  WHERE city_slug <> '' AND group_slug <> '' GROUP BY city_slug, group_slug;
--> statement-breakpoint
CREATE TRIGGER businesses_city_categories_ad AFTER DELETE ON businesses WHEN old.city_slug <> '' BEGIN
  UPDATE city_categories SET business_count = business_count - 1
    WHERE city_slug = old.city_slug AND kind = 'category' AND slug = old.category_slug;
  UPDATE city_categories SET business_count = business_count - 1
    WHERE city_slug = old.city_slug AND kind = 'group' AND slug = old.group_slug;
END;
--> statement-breakpoint
CREATE TRIGGER businesses_city_categories_au AFTER UPDATE OF city_slug, category_slug, group_slug ON businesses
WHEN old.city_slug IS NOT new.city_slug OR old.category_slug IS NOT new.category_slug OR old.group_slug IS NOT new.group_slug BEGIN
  UPDATE city_categories SET business_count = business_count - 1
    WHERE city_slug = old.city_slug AND kind = 'category' AND slug = old.category_slug;
  UPDATE city_categories SET business_count = business_count - 1
    WHERE city_slug = old.city_slug AND kind = 'group' AND slug = old.group_slug;
  INSERT OR IGNORE INTO city_categories (city_slug, kind, slug, business_count)
    SELECT new.city_slug, 'category', new.category_slug, 0 WHERE new.city_slug <> '' AND new.category_slug <> '';
  UPDATE city_categories SET business_count = business_count + 1
    WHERE city_slug = new.city_slug AND kind = 'category' AND slug = new.category_slug;
  INSERT OR IGNORE INTO city_categories (city_slug, kind, slug, business_count)
    SELECT new.city_slug, 'group', new.group_slug, 0 WHERE new.city_slug <> '' AND new.group_slug <> '';
  UPDATE city_categories SET business_count = business_count + 1
    WHERE city_slug = new.city_slug AND kind = 'group' AND slug = new.group_slug;
END;
