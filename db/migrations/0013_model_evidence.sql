ALTER TABLE `insights` ADD `expected_excess_return` real;--> statement-breakpoint
ALTER TABLE `insights` ADD `expected_excess_low` real;--> statement-breakpoint
ALTER TABLE `insights` ADD `expected_excess_high` real;--> statement-breakpoint
ALTER TABLE `insights` ADD `news_available` integer;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `expected_excess_return` real;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `expected_excess_low` real;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `expected_excess_high` real;