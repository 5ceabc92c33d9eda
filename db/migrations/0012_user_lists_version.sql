ALTER TABLE `users` ADD `lists_version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Any write to a user's watchlist items or saved insights bumps their lists_version (decision 027).
CREATE TRIGGER `watchlist_items_insert_bumps_lists_version` AFTER INSERT ON `watchlist_items` BEGIN
	UPDATE `users` SET `lists_version` = `lists_version` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `watchlist_items_update_bumps_lists_version` AFTER UPDATE ON `watchlist_items` BEGIN
	UPDATE `users` SET `lists_version` = `lists_version` + 1 WHERE `id` IN (OLD.`user_id`, NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `watchlist_items_delete_bumps_lists_version` AFTER DELETE ON `watchlist_items` BEGIN
	UPDATE `users` SET `lists_version` = `lists_version` + 1 WHERE `id` = OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `insights_insert_bumps_lists_version` AFTER INSERT ON `insights` BEGIN
	UPDATE `users` SET `lists_version` = `lists_version` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `insights_update_bumps_lists_version` AFTER UPDATE ON `insights` BEGIN
	UPDATE `users` SET `lists_version` = `lists_version` + 1 WHERE `id` IN (OLD.`user_id`, NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `insights_delete_bumps_lists_version` AFTER DELETE ON `insights` BEGIN
	UPDATE `users` SET `lists_version` = `lists_version` + 1 WHERE `id` = OLD.`user_id`;
END;
