CREATE TABLE `contact_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`organization` text,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`notification_status` text DEFAULT 'pending' NOT NULL,
	`notification_attempts` integer DEFAULT 0 NOT NULL,
	`notified_at` integer,
	`notification_lease_until` integer,
	`queued_at` integer,
	`notification_error` text
);
--> statement-breakpoint
CREATE INDEX `contact_submissions_status_idx` ON `contact_submissions` (`notification_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_email_idx` ON `contact_submissions` (`email`);