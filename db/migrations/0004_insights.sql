CREATE TABLE `insights` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`recommendation` text NOT NULL,
	`risk_level` text NOT NULL,
	`current_price` real NOT NULL,
	`projected_price` real NOT NULL,
	`confidence` integer NOT NULL,
	`time_horizon` text NOT NULL,
	`target_date` text NOT NULL,
	`reasoning` text NOT NULL,
	`news_impact` text NOT NULL,
	`key_factors` text NOT NULL,
	`news_summary` text,
	`probability` real,
	`model_version` text,
	`as_of` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `insights_user_created_idx` ON `insights` (`user_id`,`created_at`);