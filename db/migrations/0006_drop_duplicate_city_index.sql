-- 0004 (search) and 0005 (list ranks) each created an index on (city_slug, score, id); keep 0004's.
DROP INDEX IF EXISTS businesses_city_order_idx;
