ALTER TABLE `insights` ADD `decile` integer;--> statement-breakpoint
ALTER TABLE `insights` ADD `expected_return` real;--> statement-breakpoint
ALTER TABLE `insights` ADD `expected_return_low` real;--> statement-breakpoint
ALTER TABLE `insights` ADD `expected_return_high` real;--> statement-breakpoint
ALTER TABLE `insights` ADD `horizon_days` integer;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `call` text;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `decile` integer;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `probability` real;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `expected_return` real;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `expected_return_low` real;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `expected_return_high` real;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `horizon_days` integer;