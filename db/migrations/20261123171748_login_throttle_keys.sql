-- The login throttle keys its failures by client address AND by submitted username
-- (docs/decisions/0006-admin-sessions.md): `client` becomes `throttle_key`, holding "ip:<address>" or
-- "user:<normalized username>". Rows already there were addresses and keep counting as such.
ALTER TABLE `login_failures` RENAME COLUMN "client" TO "throttle_key";--> statement-breakpoint
UPDATE `login_failures` SET `throttle_key` = 'ip:' || `throttle_key`;--> statement-breakpoint
DROP INDEX `login_failures_client_idx`;--> statement-breakpoint
CREATE INDEX `login_failures_key_idx` ON `login_failures` (`throttle_key`,`created_at`);
