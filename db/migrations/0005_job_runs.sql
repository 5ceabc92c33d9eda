CREATE TABLE `job_runs` (
	`name` text NOT NULL,
	`period` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`result` text,
	PRIMARY KEY(`name`, `period`)
);
