ALTER TABLE `alert_events` ADD `seen_at` integer;--> statement-breakpoint
ALTER TABLE `alert_events` ADD `dismissed_at` integer;--> statement-breakpoint
-- Alerts fired before the header list existed were shown only as a badge: they count as seen, not as a burst of new ones.
UPDATE `alert_events` SET `seen_at` = `created_at`;
