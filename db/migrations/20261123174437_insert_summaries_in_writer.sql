-- Inserts no longer switch triggers on and off. Since migration 0005 the two AFTER INSERT
-- triggers stood aside whenever site_stats.bulk_from_id was set, and the write module then kept the
-- FTS index and the summaries itself, set-based, for the whole batch. Every insert goes through that
-- module (app/server/business-writer.server.ts: seed, import, tests), so the triggers' own branch
-- never ran: they are dropped, and the write module is the one place that maintains the FTS index
-- and the summaries for new rows. Edits and deletes keep their triggers (businesses_au,
-- businesses_ad, businesses_fts_au, businesses_fts_ad). site_stats.bulk_from_id stays as the
-- writer's record of where its running batch's rows begin (the largest id before the batch).
DROP TRIGGER businesses_ai;--> statement-breakpoint
DROP TRIGGER businesses_fts_ai;
