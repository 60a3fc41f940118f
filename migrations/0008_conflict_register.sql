CREATE TABLE `register_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`keys` text NOT NULL,
	`from_submission_id` text,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `register_clients_name_idx` ON `register_clients` ("name" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `register_clients_email_idx` ON `register_clients` ("email" collate nocase);--> statement-breakpoint
CREATE TABLE `register_matters` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`title` text NOT NULL,
	`reference` text,
	`status` text NOT NULL,
	`opened_on` text,
	`closed_on` text,
	`from_submission_id` text,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `register_clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `register_matters_client_idx` ON `register_matters` (`client_id`,`id`);--> statement-breakpoint
CREATE INDEX `register_matters_inquiry_idx` ON `register_matters` (`from_submission_id`) WHERE "register_matters"."from_submission_id" is not null;--> statement-breakpoint
CREATE TABLE `register_parties` (
	`id` text PRIMARY KEY NOT NULL,
	`matter_id` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`keys` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text NOT NULL,
	FOREIGN KEY (`matter_id`) REFERENCES `register_matters`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `register_parties_matter_idx` ON `register_parties` (`matter_id`,`id`);--> statement-breakpoint
ALTER TABLE `admin_activity` ADD `register_client_id` text;--> statement-breakpoint
CREATE INDEX `admin_activity_register_idx` ON `admin_activity` (`register_client_id`,`id`) WHERE "admin_activity"."register_client_id" is not null;--> statement-breakpoint
ALTER TABLE `conflict_checks` ADD `register_names` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `latest_check_matches` integer;