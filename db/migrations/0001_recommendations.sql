CREATE TABLE `recommendations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`symbol` text NOT NULL,
	`buy_price_cents` integer NOT NULL,
	`sell_target_cents` integer NOT NULL,
	`confidence` integer NOT NULL,
	`aggressive` integer NOT NULL,
	`aggressive_basis` text NOT NULL,
	`estimated_date` text NOT NULL,
	`recommendation_date` text NOT NULL,
	`reason` text NOT NULL,
	`source` text NOT NULL,
	`model_version` text,
	`posted_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`posted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recommendations_date_symbol_uq` ON `recommendations` (`recommendation_date`,`symbol`);--> statement-breakpoint
CREATE INDEX `recommendations_symbol_date_idx` ON `recommendations` (`symbol`,`recommendation_date`);