ALTER TABLE `password_resets` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
-- Hand-written: an account that already completed a password reset by emailed code has proven its email.
UPDATE `users` SET `email_verified_at` = (SELECT max(`used_at`) FROM `password_resets` WHERE `password_resets`.`user_id` = `users`.`id` AND `used_at` IS NOT NULL) WHERE `email_verified_at` IS NULL;
