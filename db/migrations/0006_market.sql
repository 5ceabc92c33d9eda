CREATE TABLE `daily_prices` (
	`symbol` text NOT NULL,
	`date` text NOT NULL,
	`open` real NOT NULL,
	`high` real NOT NULL,
	`low` real NOT NULL,
	`close` real NOT NULL,
	`adj_close` real NOT NULL,
	`volume` integer NOT NULL,
	PRIMARY KEY(`symbol`, `date`)
);
--> statement-breakpoint
CREATE TABLE `quotes` (
	`symbol` text PRIMARY KEY NOT NULL,
	`price` real NOT NULL,
	`previous_close` real,
	`as_of` text NOT NULL,
	`fetched_at` integer NOT NULL,
	`source` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `securities` (
	`symbol` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`sector` text NOT NULL,
	`industry` text NOT NULL
);
