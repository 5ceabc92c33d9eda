CREATE TABLE `data_versions` (
	`id` integer PRIMARY KEY NOT NULL,
	`recommendations` integer DEFAULT 0 NOT NULL,
	`market` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- One row of counters, bumped by triggers on every write to what derived data is computed from (decision 027).
INSERT INTO `data_versions` (`id`, `recommendations`, `market`) VALUES (1, 0, 0);
--> statement-breakpoint
CREATE TRIGGER `recommendations_insert_bumps_data_version` AFTER INSERT ON `recommendations` BEGIN
	UPDATE `data_versions` SET `recommendations` = `recommendations` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `recommendations_update_bumps_data_version` AFTER UPDATE ON `recommendations` BEGIN
	UPDATE `data_versions` SET `recommendations` = `recommendations` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `recommendations_delete_bumps_data_version` AFTER DELETE ON `recommendations` BEGIN
	UPDATE `data_versions` SET `recommendations` = `recommendations` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_prices_insert_bumps_data_version` AFTER INSERT ON `daily_prices` BEGIN
	UPDATE `data_versions` SET `market` = `market` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_prices_update_bumps_data_version` AFTER UPDATE ON `daily_prices` BEGIN
	UPDATE `data_versions` SET `market` = `market` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_prices_delete_bumps_data_version` AFTER DELETE ON `daily_prices` BEGIN
	UPDATE `data_versions` SET `market` = `market` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `securities_insert_bumps_data_version` AFTER INSERT ON `securities` BEGIN
	UPDATE `data_versions` SET `market` = `market` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `securities_update_bumps_data_version` AFTER UPDATE ON `securities` BEGIN
	UPDATE `data_versions` SET `market` = `market` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `securities_delete_bumps_data_version` AFTER DELETE ON `securities` BEGIN
	UPDATE `data_versions` SET `market` = `market` + 1 WHERE `id` = 1;
END;
