-- A delete-all leaves the listings' attribute counts alone while it runs: the per-business delete
-- trigger would rewrite one count per listing and filter term of every business it deletes (about a
-- hundred rows each, a hundred million at 1,000,000 businesses). It runs under
-- site_stats.lists_need_rebuild = 1 (as the list positions do): its first step empties
-- attribute_counts, and whatever rebuilds the lists afterwards (its last step when businesses arrived
-- meanwhile, or the next write's finishWrites after a delete-all stopped half-way) counts them again
-- from the businesses (app/server/write/business-writer.server.ts).
DROP TRIGGER attribute_counts_ad;
--> statement-breakpoint
CREATE TRIGGER attribute_counts_ad AFTER DELETE ON businesses
WHEN old.filter_terms IS NOT NULL AND (SELECT lists_need_rebuild FROM site_stats WHERE id = 1) = 0
BEGIN
  UPDATE attribute_counts SET business_count = business_count - 1
  WHERE (scope, term) IN (SELECT s.value AS scope, j.value AS term FROM json_each(old.filter_terms) AS j, json_each(json_array('all',
      CASE WHEN old.city_slug <> '' THEN 'city:' || old.city_slug END,
      CASE WHEN old.category_slug <> '' THEN 'category:' || old.category_slug END,
      CASE WHEN old.group_slug <> '' THEN 'group:' || old.group_slug END,
      CASE WHEN old.city_slug <> '' AND old.category_slug <> '' THEN 'city:' || old.city_slug || '/category:' || old.category_slug END,
      CASE WHEN old.city_slug <> '' AND old.group_slug <> '' THEN 'city:' || old.city_slug || '/group:' || old.group_slug END)) AS s
    WHERE s.value IS NOT NULL AND j.value NOT GLOB 'op[a-z][a-z][a-z][0-9][0-9]0');
END;
