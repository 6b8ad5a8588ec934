-- Titles unique per page: businesses that share a name in one city are found by
-- one seek, so a business page whose title would repeat another's can tell itself apart
-- (app/server/directory.server.ts, sharesTitle).
CREATE INDEX businesses_city_name_idx ON businesses (city_slug, name);
