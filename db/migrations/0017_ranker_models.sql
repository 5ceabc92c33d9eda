CREATE TABLE `ranker_models` (
	`version` text PRIMARY KEY NOT NULL,
	`serves_from` text NOT NULL,
	`serves_until` text NOT NULL,
	`trained_through` text NOT NULL,
	`sha256` text NOT NULL,
	`model` text NOT NULL
);
