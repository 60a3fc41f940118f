DROP INDEX `contact_submissions_status_idx`;--> statement-breakpoint
DROP INDEX `contact_submissions_email_idx`;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `notification_last_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `handled_at` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `handled_by` text;--> statement-breakpoint
CREATE INDEX `contact_submissions_created_idx` ON `contact_submissions` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contact_submissions_status_idx` ON `contact_submissions` (`notification_status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contact_submissions_email_idx` ON `contact_submissions` ("email" collate nocase);