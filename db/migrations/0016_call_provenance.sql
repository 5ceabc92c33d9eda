ALTER TABLE `recommendations` ADD `provenance` text DEFAULT 'live' NOT NULL;--> statement-breakpoint
UPDATE `recommendations` SET `provenance` = 'simulated' WHERE date(`created_at` / 1000, 'unixepoch') > `recommendation_date`;
