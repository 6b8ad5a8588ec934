-- No schema change. Migrations 0002–0006 were written by hand (parallel branches, triggers, FTS);
-- this entry only brings drizzle-kit's snapshot (meta/) level with them, so `npm run db:generate`
-- diffs against the real schema from here on.
SELECT 1;
