ALTER TABLE `live_scores` ADD `expected_excess` real;--> statement-breakpoint
ALTER TABLE `live_scores` ADD `excess_low` real;--> statement-breakpoint
ALTER TABLE `live_scores` ADD `excess_high` real;--> statement-breakpoint
ALTER TABLE `live_scores` ADD `volatility_fifth` integer;