CREATE TABLE `admin_activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`submission_id` text,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `admin_activity_at_idx` ON `admin_activity` (`at`,`id`);--> statement-breakpoint
CREATE TABLE `inquiry_digests` (
	`week` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`since` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sent_at` integer,
	`lease_until` integer,
	`error` text
);
--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `intake_state` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `intake_note` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `intake_changed_at` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `intake_changed_by` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `conflict_keys` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `message_erased_at` integer;--> statement-breakpoint
CREATE INDEX `contact_submissions_intake_idx` ON `contact_submissions` (`intake_state`,`created_at`,`id`);--> statement-breakpoint
-- The inbox's "handled" mark becomes the closed intake state, with who set it and when (0004 drops the old columns).
UPDATE `contact_submissions` SET `intake_state` = 'closed', `intake_changed_at` = `handled_at`, `intake_changed_by` = `handled_by` WHERE `handled_at` IS NOT NULL;
