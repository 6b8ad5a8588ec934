-- Near me (ADR 0017). The 0.001° grid cell of a business's coordinates (~110 m), computed from
-- latitude and longitude (virtual: nothing is stored, no writer changes), and its index: a box
-- around a point is one range of cells per grid row (app/server/near.server.ts).
ALTER TABLE businesses ADD COLUMN geo_cell integer GENERATED ALWAYS AS (CAST((latitude + 90) * 1000 AS INTEGER) * 360000 + CAST((longitude + 180) * 1000 AS INTEGER)) VIRTUAL;
--> statement-breakpoint
CREATE INDEX businesses_geo_idx ON businesses (geo_cell);
