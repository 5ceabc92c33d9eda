CREATE TABLE `watchlist_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`purchase_price_cents` integer,
	`added_price_cents` integer,
	`target_change_percent` real NOT NULL,
	`alerting` integer DEFAULT false NOT NULL,
	`added_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watchlist_user_symbol_uq` ON `watchlist_items` (`user_id`,`symbol`);--> statement-breakpoint
CREATE INDEX `watchlist_symbol_idx` ON `watchlist_items` (`symbol`);