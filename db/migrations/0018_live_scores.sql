CREATE TABLE `live_scores` (
	`scoring_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`score` real,
	PRIMARY KEY(`scoring_id`, `symbol`),
	FOREIGN KEY (`scoring_id`) REFERENCES `live_scorings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `live_scorings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`model_version` text NOT NULL,
	`model_sha256` text NOT NULL,
	`recorded_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `live_scorings_date_model_uq` ON `live_scorings` (`date`,`model_sha256`);