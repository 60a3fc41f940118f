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
ALTER TABLE `contact_submissions` ADD `latest_check_matches` integer;--> statement-breakpoint
CREATE INDEX `contact_submissions_unkeyed_idx` ON `contact_submissions` (`id`) WHERE "contact_submissions"."conflict_keys" is null;--> statement-breakpoint
CREATE TABLE `name_counts` (
	`source` text PRIMARY KEY NOT NULL,
	`names` integer NOT NULL
);--> statement-breakpoint
-- Written by hand: how many names a conflict check compares with, kept by triggers (src/db/schema.ts,
-- nameCounts). Created after the tables it counts, so a restore writes its rows after theirs and they stand.
INSERT INTO `name_counts` (`source`, `names`) VALUES
  ('inquiries', (SELECT coalesce(sum(length(`conflict_keys`) - length(replace(`conflict_keys`, '|', '')) - 1), 0) FROM `contact_submissions` WHERE `conflict_keys` IS NOT NULL)),
  ('register', 0);--> statement-breakpoint
CREATE TRIGGER `name_counts_inquiry_insert` AFTER INSERT ON `contact_submissions` WHEN NEW.`conflict_keys` IS NOT NULL BEGIN
  UPDATE `name_counts` SET `names` = `names` + (length(NEW.`conflict_keys`) - length(replace(NEW.`conflict_keys`, '|', '')) - 1) WHERE `source` = 'inquiries';
END;--> statement-breakpoint
CREATE TRIGGER `name_counts_inquiry_delete` AFTER DELETE ON `contact_submissions` WHEN OLD.`conflict_keys` IS NOT NULL BEGIN
  UPDATE `name_counts` SET `names` = `names` - (length(OLD.`conflict_keys`) - length(replace(OLD.`conflict_keys`, '|', '')) - 1) WHERE `source` = 'inquiries';
END;--> statement-breakpoint
CREATE TRIGGER `name_counts_inquiry_keys` AFTER UPDATE OF `conflict_keys` ON `contact_submissions` BEGIN
  UPDATE `name_counts` SET `names` = `names` + coalesce((length(NEW.`conflict_keys`) - length(replace(NEW.`conflict_keys`, '|', '')) - 1), 0) - coalesce((length(OLD.`conflict_keys`) - length(replace(OLD.`conflict_keys`, '|', '')) - 1), 0)
    WHERE `source` = 'inquiries';
END;--> statement-breakpoint
CREATE TRIGGER `name_counts_client_insert` AFTER INSERT ON `register_clients` BEGIN
  UPDATE `name_counts` SET `names` = `names` + 1 + (NEW.`email` IS NOT NULL) WHERE `source` = 'register';
END;--> statement-breakpoint
CREATE TRIGGER `name_counts_client_delete` AFTER DELETE ON `register_clients` BEGIN
  UPDATE `name_counts` SET `names` = `names` - 1 - (OLD.`email` IS NOT NULL) WHERE `source` = 'register';
END;--> statement-breakpoint
CREATE TRIGGER `name_counts_client_email` AFTER UPDATE OF `email` ON `register_clients` BEGIN
  UPDATE `name_counts` SET `names` = `names` + (NEW.`email` IS NOT NULL) - (OLD.`email` IS NOT NULL) WHERE `source` = 'register';
END;--> statement-breakpoint
CREATE TRIGGER `name_counts_party_insert` AFTER INSERT ON `register_parties` BEGIN
  UPDATE `name_counts` SET `names` = `names` + 1 WHERE `source` = 'register';
END;--> statement-breakpoint
CREATE TRIGGER `name_counts_party_delete` AFTER DELETE ON `register_parties` BEGIN
  UPDATE `name_counts` SET `names` = `names` - 1 WHERE `source` = 'register';
END;
